build2/patch/quiesce.o: patch/quiesce.c patch/djprobe_int.h \
 patch/djprobe.h kernel/types.h kernel/noprobe.h patch/djprobe_fsm.h \
 patch/kprobe_int.h patch/kprobe.h patch/ool.h patch/insn.h \
 patch/reserve.h kernel/sleeplock.h kernel/thread.h kernel/spinlock.h \
 patch/tramp.h patch/insn_reloc.h kernel/cpu.h kernel/ipi.h \
 kernel/unwind.h kernel/trap.h kernel/mem.h kernel/panic.h kernel/param.h \
 kernel/sched.h
patch/djprobe_int.h:
patch/djprobe.h:
kernel/types.h:
kernel/noprobe.h:
patch/djprobe_fsm.h:
patch/kprobe_int.h:
patch/kprobe.h:
patch/ool.h:
patch/insn.h:
patch/reserve.h:
kernel/sleeplock.h:
kernel/thread.h:
kernel/spinlock.h:
patch/tramp.h:
patch/insn_reloc.h:
kernel/cpu.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/mem.h:
kernel/panic.h:
kernel/param.h:
kernel/sched.h:
