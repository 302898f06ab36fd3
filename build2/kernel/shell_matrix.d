build2/kernel/shell_matrix.o: kernel/shell_matrix.c kernel/shell.h \
 kernel/types.h kernel/noprobe.h kernel/console.h kernel/thread.h \
 kernel/spinlock.h kernel/clock.h kernel/ksym.h kernel/mem.h kernel/fmt.h \
 patch/kprobe.h patch/djprobe.h patch/djprobe_fsm.h patch/slot.h \
 kernel/scenario.h tests/kernel/hazard.h
kernel/shell.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/clock.h:
kernel/ksym.h:
kernel/mem.h:
kernel/fmt.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
patch/slot.h:
kernel/scenario.h:
tests/kernel/hazard.h:
