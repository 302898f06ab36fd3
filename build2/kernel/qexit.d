build2/kernel/qexit.o: kernel/qexit.c kernel/qexit.h kernel/types.h \
 kernel/noprobe.h kernel/x86.h
kernel/qexit.h:
kernel/types.h:
kernel/noprobe.h:
kernel/x86.h:
