build2/tests/kernel/djprobe_torture.o: tests/kernel/djprobe_torture.c \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/thread.h \
 kernel/spinlock.h kernel/sched.h kernel/clock.h kernel/console.h \
 kernel/param.h kernel/mem.h kernel/fmt.h patch/kprobe.h patch/djprobe.h \
 patch/djprobe_fsm.h patch/insn.h tests/kernel/torture.h kernel/cpu.h \
 tests/kernel/anywhere.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/clock.h:
kernel/console.h:
kernel/param.h:
kernel/mem.h:
kernel/fmt.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
patch/insn.h:
tests/kernel/torture.h:
kernel/cpu.h:
tests/kernel/anywhere.h:
