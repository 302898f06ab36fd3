build2/tests/kernel/djprobe_bench.o: tests/kernel/djprobe_bench.c \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/cpu.h \
 kernel/clock.h kernel/console.h kernel/thread.h kernel/spinlock.h \
 kernel/trap.h kernel/fmt.h kernel/x86.h patch/kprobe.h patch/djprobe.h \
 patch/djprobe_fsm.h tests/kernel/bench.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/cpu.h:
kernel/clock.h:
kernel/console.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/trap.h:
kernel/fmt.h:
kernel/x86.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
tests/kernel/bench.h:
