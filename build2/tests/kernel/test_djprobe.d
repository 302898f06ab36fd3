build2/tests/kernel/test_djprobe.o: tests/kernel/test_djprobe.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/trap.h \
 kernel/mem.h kernel/thread.h kernel/spinlock.h kernel/x86.h \
 kernel/console.h patch/kprobe.h patch/djprobe.h patch/djprobe_fsm.h \
 patch/poke.h patch/ool.h patch/insn.h patch/slot.h \
 tests/kernel/torture.h kernel/cpu.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/trap.h:
kernel/mem.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/x86.h:
kernel/console.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
patch/poke.h:
patch/ool.h:
patch/insn.h:
patch/slot.h:
tests/kernel/torture.h:
kernel/cpu.h:
