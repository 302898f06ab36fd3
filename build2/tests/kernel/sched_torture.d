build2/tests/kernel/sched_torture.o: tests/kernel/sched_torture.c \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/thread.h \
 kernel/spinlock.h kernel/sched.h kernel/cpu.h kernel/clock.h \
 kernel/console.h kernel/trap.h kernel/ksym.h kernel/mem.h kernel/fmt.h \
 kernel/param.h kernel/x86.h kernel/ipi.h kernel/unwind.h kernel/panic.h \
 kernel/timer.h tests/kernel/torture.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/cpu.h:
kernel/clock.h:
kernel/console.h:
kernel/trap.h:
kernel/ksym.h:
kernel/mem.h:
kernel/fmt.h:
kernel/param.h:
kernel/x86.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/panic.h:
kernel/timer.h:
tests/kernel/torture.h:
