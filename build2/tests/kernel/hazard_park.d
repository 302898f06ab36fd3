build2/tests/kernel/hazard_park.o: tests/kernel/hazard_park.c \
 tests/kernel/hazard_park.h kernel/types.h kernel/noprobe.h \
 kernel/thread.h kernel/spinlock.h kernel/trap.h kernel/cpu.h \
 kernel/x86.h kernel/ipi.h kernel/unwind.h kernel/lapic.h kernel/fmt.h \
 kernel/panic.h
tests/kernel/hazard_park.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/trap.h:
kernel/cpu.h:
kernel/x86.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/lapic.h:
kernel/fmt.h:
kernel/panic.h:
