build2/tests/kernel/hazard.o: tests/kernel/hazard.c tests/kernel/hazard.h \
 kernel/types.h kernel/noprobe.h patch/djprobe.h patch/djprobe_fsm.h \
 kernel/scenario.h kernel/param.h kernel/console.h kernel/fmt.h \
 kernel/mem.h kernel/cpu.h
tests/kernel/hazard.h:
kernel/types.h:
kernel/noprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
kernel/scenario.h:
kernel/param.h:
kernel/console.h:
kernel/fmt.h:
kernel/mem.h:
kernel/cpu.h:
