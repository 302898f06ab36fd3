build2/smp/smp_boot.o: smp/smp_boot.c smp/smp.h kernel/types.h \
 kernel/noprobe.h smp/acpi.h kernel/cpu.h kernel/lapic.h kernel/ioapic.h \
 kernel/clock.h kernel/timer.h kernel/tss.h kernel/ipi.h kernel/unwind.h \
 kernel/trap.h kernel/mem.h kernel/x86.h kernel/panic.h kernel/console.h \
 kernel/thread.h kernel/spinlock.h kernel/sched.h kernel/watchdog.h \
 kernel/uart.h kernel/fmt.h
smp/smp.h:
kernel/types.h:
kernel/noprobe.h:
smp/acpi.h:
kernel/cpu.h:
kernel/lapic.h:
kernel/ioapic.h:
kernel/clock.h:
kernel/timer.h:
kernel/tss.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/mem.h:
kernel/x86.h:
kernel/panic.h:
kernel/console.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/watchdog.h:
kernel/uart.h:
kernel/fmt.h:
