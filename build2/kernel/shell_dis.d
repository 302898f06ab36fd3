build2/kernel/shell_dis.o: kernel/shell_dis.c kernel/shell.h \
 kernel/types.h kernel/noprobe.h kernel/console.h kernel/ksym.h \
 kernel/mem.h kernel/fmt.h patch/insn.h patch/kprobe.h patch/djprobe.h \
 patch/djprobe_fsm.h patch/poke.h patch/ool.h
kernel/shell.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/ksym.h:
kernel/mem.h:
kernel/fmt.h:
patch/insn.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
patch/poke.h:
patch/ool.h:
