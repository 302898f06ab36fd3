build2/kernel/paging.o: kernel/paging.c kernel/mem.h kernel/types.h \
 kernel/noprobe.h kernel/panic.h kernel/x86.h kernel/console.h
kernel/mem.h:
kernel/types.h:
kernel/noprobe.h:
kernel/panic.h:
kernel/x86.h:
kernel/console.h:
