build2/tests/kernel/test_quiesce.o: tests/kernel/test_quiesce.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/thread.h \
 kernel/spinlock.h kernel/sched.h kernel/trap.h kernel/cpu.h kernel/mem.h \
 patch/djprobe_int.h patch/djprobe.h patch/djprobe_fsm.h \
 patch/kprobe_int.h patch/kprobe.h patch/ool.h patch/insn.h \
 patch/reserve.h kernel/sleeplock.h patch/tramp.h patch/insn_reloc.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/trap.h:
kernel/cpu.h:
kernel/mem.h:
patch/djprobe_int.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
patch/kprobe_int.h:
patch/kprobe.h:
patch/ool.h:
patch/insn.h:
patch/reserve.h:
kernel/sleeplock.h:
patch/tramp.h:
patch/insn_reloc.h:
