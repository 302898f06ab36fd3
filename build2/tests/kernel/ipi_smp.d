build2/tests/kernel/ipi_smp.o: tests/kernel/ipi_smp.c kernel/scenario.h \
 kernel/types.h kernel/noprobe.h kernel/thread.h kernel/spinlock.h \
 kernel/sched.h kernel/cpu.h kernel/clock.h kernel/console.h kernel/ipi.h \
 kernel/unwind.h kernel/trap.h kernel/mem.h kernel/fmt.h kernel/ksym.h \
 kernel/uart.h kernel/timer.h kernel/x86.h smp/smp.h smp/acpi.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/cpu.h:
kernel/clock.h:
kernel/console.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/mem.h:
kernel/fmt.h:
kernel/ksym.h:
kernel/uart.h:
kernel/timer.h:
kernel/x86.h:
smp/smp.h:
smp/acpi.h:
