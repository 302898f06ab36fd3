build2/patch/djprobe_write.o: patch/djprobe_write.c patch/djprobe_int.h \
 patch/djprobe.h kernel/types.h kernel/noprobe.h patch/djprobe_fsm.h \
 patch/kprobe_int.h patch/kprobe.h patch/ool.h patch/insn.h \
 patch/reserve.h kernel/sleeplock.h kernel/thread.h kernel/spinlock.h \
 patch/tramp.h patch/insn_reloc.h patch/poke.h kernel/ipi.h \
 kernel/unwind.h kernel/trap.h kernel/panic.h
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
patch/poke.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/panic.h:
