build2/kernel/pit.o: kernel/pit.c kernel/pit.h kernel/types.h \
 kernel/noprobe.h kernel/x86.h
kernel/pit.h:
kernel/types.h:
kernel/noprobe.h:
kernel/x86.h:
