build2/patch/djprobe_prep.o: patch/djprobe_prep.c patch/djprobe_int.h \
 patch/djprobe.h kernel/types.h kernel/noprobe.h patch/djprobe_fsm.h \
 patch/kprobe_int.h patch/kprobe.h patch/ool.h patch/insn.h \
 patch/reserve.h kernel/sleeplock.h kernel/thread.h kernel/spinlock.h \
 patch/tramp.h patch/insn_reloc.h kernel/unwind.h patch/insn_analyze.h \
 patch/slot.h patch/xref.h kernel/fixup.h patch/poke.h kernel/ksym.h \
 kernel/mem.h kernel/fmt.h kernel/gdt.h kernel/cpu.h kernel/panic.h
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
kernel/unwind.h:
patch/insn_analyze.h:
patch/slot.h:
patch/xref.h:
kernel/fixup.h:
patch/poke.h:
kernel/ksym.h:
kernel/mem.h:
kernel/fmt.h:
kernel/gdt.h:
kernel/cpu.h:
kernel/panic.h:
