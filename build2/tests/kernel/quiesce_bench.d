build2/tests/kernel/quiesce_bench.o: tests/kernel/quiesce_bench.c \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/cpu.h \
 kernel/clock.h kernel/console.h kernel/thread.h kernel/spinlock.h \
 kernel/fmt.h kernel/mem.h kernel/x86.h patch/kprobe.h \
 patch/djprobe_int.h patch/djprobe.h patch/djprobe_fsm.h \
 patch/kprobe_int.h patch/ool.h patch/insn.h patch/reserve.h \
 kernel/sleeplock.h patch/tramp.h patch/insn_reloc.h tests/kernel/bench.h \
 tests/kernel/insn_sites.h tests/kernel/torture.h kernel/param.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/cpu.h:
kernel/clock.h:
kernel/console.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/fmt.h:
kernel/mem.h:
kernel/x86.h:
patch/kprobe.h:
patch/djprobe_int.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
patch/kprobe_int.h:
patch/ool.h:
patch/insn.h:
patch/reserve.h:
kernel/sleeplock.h:
patch/tramp.h:
patch/insn_reloc.h:
tests/kernel/bench.h:
tests/kernel/insn_sites.h:
tests/kernel/torture.h:
kernel/param.h:
