build2/kernel/timer.o: kernel/timer.c kernel/timer.h kernel/types.h \
 kernel/noprobe.h kernel/lapic.h kernel/clock.h kernel/trap.h \
 kernel/cpu.h kernel/param.h kernel/panic.h kernel/sched.h \
 kernel/watchdog.h
kernel/timer.h:
kernel/types.h:
kernel/noprobe.h:
kernel/lapic.h:
kernel/clock.h:
kernel/trap.h:
kernel/cpu.h:
kernel/param.h:
kernel/panic.h:
kernel/sched.h:
kernel/watchdog.h:
