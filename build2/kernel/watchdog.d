build2/kernel/watchdog.o: kernel/watchdog.c kernel/watchdog.h \
 kernel/cpu.h kernel/types.h kernel/noprobe.h kernel/clock.h \
 kernel/console.h kernel/ksym.h kernel/ipi.h kernel/unwind.h \
 kernel/trap.h kernel/qexit.h kernel/param.h kernel/panic.h
kernel/watchdog.h:
kernel/cpu.h:
kernel/types.h:
kernel/noprobe.h:
kernel/clock.h:
kernel/console.h:
kernel/ksym.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/qexit.h:
kernel/param.h:
kernel/panic.h:
