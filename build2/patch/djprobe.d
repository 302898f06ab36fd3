build2/patch/djprobe.o: patch/djprobe.c patch/djprobe_int.h \
 patch/djprobe.h kernel/types.h kernel/noprobe.h patch/djprobe_fsm.h \
 patch/kprobe_int.h patch/kprobe.h patch/ool.h patch/insn.h \
 patch/reserve.h kernel/sleeplock.h kernel/thread.h kernel/spinlock.h \
 patch/tramp.h patch/insn_reloc.h patch/int3.h kernel/cpu.h patch/poke.h \
 kernel/param.h kernel/ksym.h kernel/mem.h kernel/console.h kernel/fmt.h \
 kernel/panic.h kernel/unwind.h
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
patch/int3.h:
kernel/cpu.h:
patch/poke.h:
kernel/param.h:
kernel/ksym.h:
kernel/mem.h:
kernel/console.h:
kernel/fmt.h:
kernel/panic.h:
kernel/unwind.h:
