build2/tests/kernel/patch_bench.o: tests/kernel/patch_bench.c \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/cpu.h \
 kernel/clock.h kernel/console.h kernel/trap.h kernel/mem.h kernel/ipi.h \
 kernel/unwind.h kernel/fmt.h kernel/thread.h kernel/spinlock.h \
 kernel/x86.h patch/kprobe.h patch/poke.h patch/ool.h patch/insn.h \
 tests/kernel/bench.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/cpu.h:
kernel/clock.h:
kernel/console.h:
kernel/trap.h:
kernel/mem.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/fmt.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/x86.h:
patch/kprobe.h:
patch/poke.h:
patch/ool.h:
patch/insn.h:
tests/kernel/bench.h:
