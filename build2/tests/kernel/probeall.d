build2/tests/kernel/probeall.o: tests/kernel/probeall.c kernel/thread.h \
 kernel/types.h kernel/noprobe.h kernel/spinlock.h kernel/cpu.h \
 kernel/clock.h kernel/console.h kernel/ksym.h kernel/param.h \
 kernel/scenario.h kernel/mem.h kernel/fmt.h patch/kprobe.h \
 patch/djprobe.h patch/djprobe_fsm.h tests/kernel/probeall.h \
 tests/kernel/anywhere.h
kernel/thread.h:
kernel/types.h:
kernel/noprobe.h:
kernel/spinlock.h:
kernel/cpu.h:
kernel/clock.h:
kernel/console.h:
kernel/ksym.h:
kernel/param.h:
kernel/scenario.h:
kernel/mem.h:
kernel/fmt.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
tests/kernel/probeall.h:
tests/kernel/anywhere.h:
