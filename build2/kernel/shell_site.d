build2/kernel/shell_site.o: kernel/shell_site.c kernel/shell.h \
 kernel/types.h kernel/noprobe.h kernel/ksym.h kernel/mem.h kernel/fmt.h \
 kernel/fixup.h kernel/console.h kernel/gdt.h kernel/cpu.h \
 patch/djprobe_int.h patch/djprobe.h patch/djprobe_fsm.h \
 patch/kprobe_int.h patch/kprobe.h patch/ool.h patch/insn.h \
 patch/reserve.h kernel/sleeplock.h kernel/thread.h kernel/spinlock.h \
 patch/tramp.h patch/insn_reloc.h patch/insn_analyze.h patch/xref.h \
 patch/poke.h
kernel/shell.h:
kernel/types.h:
kernel/noprobe.h:
kernel/ksym.h:
kernel/mem.h:
kernel/fmt.h:
kernel/fixup.h:
kernel/console.h:
kernel/gdt.h:
kernel/cpu.h:
patch/djprobe_int.h:
patch/djprobe.h:
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
patch/insn_analyze.h:
patch/xref.h:
patch/poke.h:
