build2/kernel/waitq.o: kernel/waitq.c kernel/thread.h kernel/types.h \
 kernel/noprobe.h kernel/spinlock.h kernel/sched.h kernel/x86.h \
 kernel/panic.h
kernel/thread.h:
kernel/types.h:
kernel/noprobe.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/x86.h:
kernel/panic.h:
