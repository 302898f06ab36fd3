build2/kernel/ktest.o: kernel/ktest.c kernel/ktest.h kernel/types.h \
 kernel/noprobe.h kernel/console.h kernel/mem.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/mem.h:
