build2/kernel/sched.o: kernel/sched.c kernel/sched.h kernel/types.h \
 kernel/noprobe.h kernel/thread.h kernel/spinlock.h kernel/cpu.h \
 kernel/trap.h kernel/x86.h kernel/panic.h kernel/param.h kernel/lapic.h \
 kernel/ipi.h kernel/unwind.h kernel/console.h kernel/clock.h
kernel/sched.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/cpu.h:
kernel/trap.h:
kernel/x86.h:
kernel/panic.h:
kernel/param.h:
kernel/lapic.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/console.h:
kernel/clock.h:
