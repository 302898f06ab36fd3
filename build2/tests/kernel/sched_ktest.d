build2/tests/kernel/sched_ktest.o: tests/kernel/sched_ktest.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/thread.h \
 kernel/spinlock.h kernel/sched.h kernel/cpu.h kernel/clock.h \
 kernel/ipi.h kernel/unwind.h kernel/trap.h kernel/mem.h kernel/lapic.h \
 kernel/x86.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/cpu.h:
kernel/clock.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/mem.h:
kernel/lapic.h:
kernel/x86.h:
