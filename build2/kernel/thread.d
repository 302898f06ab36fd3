build2/kernel/thread.o: kernel/thread.c kernel/thread.h kernel/types.h \
 kernel/noprobe.h kernel/spinlock.h kernel/sched.h kernel/cpu.h \
 kernel/mem.h kernel/x86.h kernel/panic.h kernel/clock.h kernel/fmt.h \
 kernel/ipi.h kernel/unwind.h kernel/trap.h
kernel/thread.h:
kernel/types.h:
kernel/noprobe.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/cpu.h:
kernel/mem.h:
kernel/x86.h:
kernel/panic.h:
kernel/clock.h:
kernel/fmt.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
