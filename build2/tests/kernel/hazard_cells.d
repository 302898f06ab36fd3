build2/tests/kernel/hazard_cells.o: tests/kernel/hazard_cells.c \
 tests/kernel/hazard.h kernel/types.h kernel/noprobe.h patch/djprobe.h \
 patch/djprobe_fsm.h tests/kernel/hazard_park.h tests/kernel/dj_targets.h \
 patch/kprobe.h patch/insn.h kernel/ksym.h kernel/thread.h \
 kernel/spinlock.h kernel/ipi.h kernel/unwind.h kernel/trap.h \
 kernel/mem.h kernel/cpu.h
tests/kernel/hazard.h:
kernel/types.h:
kernel/noprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
tests/kernel/hazard_park.h:
tests/kernel/dj_targets.h:
patch/kprobe.h:
patch/insn.h:
kernel/ksym.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/mem.h:
kernel/cpu.h:
