build2/kernel/palloc.o: kernel/palloc.c kernel/mem.h kernel/types.h \
 kernel/noprobe.h kernel/multiboot.h kernel/spinlock.h kernel/panic.h \
 kernel/console.h
kernel/mem.h:
kernel/types.h:
kernel/noprobe.h:
kernel/multiboot.h:
kernel/spinlock.h:
kernel/panic.h:
kernel/console.h:
