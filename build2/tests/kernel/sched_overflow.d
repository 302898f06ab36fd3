build2/tests/kernel/sched_overflow.o: tests/kernel/sched_overflow.c \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/thread.h \
 kernel/spinlock.h kernel/fmt.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/fmt.h:
