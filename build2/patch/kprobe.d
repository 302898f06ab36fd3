build2/patch/kprobe.o: patch/kprobe.c patch/kprobe_int.h patch/kprobe.h \
 kernel/types.h kernel/noprobe.h patch/ool.h patch/insn.h patch/reserve.h \
 kernel/sleeplock.h kernel/thread.h kernel/spinlock.h patch/djprobe_int.h \
 patch/djprobe.h patch/djprobe_fsm.h patch/tramp.h patch/insn_reloc.h \
 patch/int3.h kernel/cpu.h patch/poke.h kernel/ksym.h kernel/mem.h \
 kernel/fmt.h kernel/console.h kernel/panic.h kernel/x86.h kernel/trap.h \
 kernel/param.h
patch/kprobe_int.h:
patch/kprobe.h:
kernel/types.h:
kernel/noprobe.h:
patch/ool.h:
patch/insn.h:
patch/reserve.h:
kernel/sleeplock.h:
kernel/thread.h:
kernel/spinlock.h:
patch/djprobe_int.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
patch/tramp.h:
patch/insn_reloc.h:
patch/int3.h:
kernel/cpu.h:
patch/poke.h:
kernel/ksym.h:
kernel/mem.h:
kernel/fmt.h:
kernel/console.h:
kernel/panic.h:
kernel/x86.h:
kernel/trap.h:
kernel/param.h:
