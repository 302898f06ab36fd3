build2/kernel/ksym.o: kernel/ksym.c kernel/ksym.h kernel/types.h \
 kernel/noprobe.h kernel/fmt.h
kernel/ksym.h:
kernel/types.h:
kernel/noprobe.h:
kernel/fmt.h:
