build2/kernel/shell.o: kernel/shell.c kernel/shell.h kernel/types.h \
 kernel/noprobe.h kernel/readline.h kernel/scenario.h kernel/console.h \
 kernel/param.h kernel/ksym.h kernel/clock.h kernel/uart.h \
 kernel/thread.h kernel/spinlock.h kernel/fmt.h kernel/cpu.h kernel/mem.h \
 patch/djprobe.h patch/djprobe_fsm.h tests/kernel/hazard.h
kernel/shell.h:
kernel/types.h:
kernel/noprobe.h:
kernel/readline.h:
kernel/scenario.h:
kernel/console.h:
kernel/param.h:
kernel/ksym.h:
kernel/clock.h:
kernel/uart.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/fmt.h:
kernel/cpu.h:
kernel/mem.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
tests/kernel/hazard.h:
