build2/kernel/shell_probe.o: kernel/shell_probe.c kernel/shell.h \
 kernel/types.h kernel/noprobe.h kernel/console.h kernel/thread.h \
 kernel/spinlock.h kernel/trap.h kernel/ksym.h kernel/mem.h kernel/fmt.h \
 kernel/clock.h kernel/cpu.h patch/kprobe.h patch/djprobe.h \
 patch/djprobe_fsm.h
kernel/shell.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/trap.h:
kernel/ksym.h:
kernel/mem.h:
kernel/fmt.h:
kernel/clock.h:
kernel/cpu.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
