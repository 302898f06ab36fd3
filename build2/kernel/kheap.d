build2/kernel/kheap.o: kernel/kheap.c kernel/mem.h kernel/types.h \
 kernel/noprobe.h kernel/spinlock.h kernel/panic.h
kernel/mem.h:
kernel/types.h:
kernel/noprobe.h:
kernel/spinlock.h:
kernel/panic.h:
