build2/kernel/unwind.o: kernel/unwind.c kernel/unwind.h kernel/types.h \
 kernel/noprobe.h kernel/thread.h kernel/spinlock.h kernel/trap.h
kernel/unwind.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/trap.h:
