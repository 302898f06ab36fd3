build2/tests/kernel/torture.o: tests/kernel/torture.c \
 tests/kernel/torture.h kernel/types.h kernel/noprobe.h kernel/cpu.h \
 kernel/thread.h kernel/spinlock.h kernel/sched.h kernel/clock.h \
 kernel/console.h kernel/trap.h kernel/fmt.h kernel/ksym.h kernel/panic.h \
 kernel/mem.h kernel/param.h patch/insn.h
tests/kernel/torture.h:
kernel/types.h:
kernel/noprobe.h:
kernel/cpu.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/clock.h:
kernel/console.h:
kernel/trap.h:
kernel/fmt.h:
kernel/ksym.h:
kernel/panic.h:
kernel/mem.h:
kernel/param.h:
patch/insn.h:
