build2/kernel/shell_run.o: kernel/shell_run.c kernel/shell.h \
 kernel/types.h kernel/noprobe.h kernel/scenario.h kernel/param.h \
 kernel/console.h kernel/thread.h kernel/spinlock.h kernel/clock.h \
 kernel/uart.h kernel/cpu.h kernel/fmt.h kernel/mem.h patch/kprobe.h \
 patch/djprobe.h patch/djprobe_fsm.h
kernel/shell.h:
kernel/types.h:
kernel/noprobe.h:
kernel/scenario.h:
kernel/param.h:
kernel/console.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/clock.h:
kernel/uart.h:
kernel/cpu.h:
kernel/fmt.h:
kernel/mem.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
