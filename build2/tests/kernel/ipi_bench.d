build2/tests/kernel/ipi_bench.o: tests/kernel/ipi_bench.c \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/thread.h \
 kernel/spinlock.h kernel/cpu.h kernel/clock.h kernel/console.h \
 kernel/ipi.h kernel/unwind.h kernel/trap.h kernel/fmt.h kernel/x86.h \
 tests/kernel/bench.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/cpu.h:
kernel/clock.h:
kernel/console.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/fmt.h:
kernel/x86.h:
tests/kernel/bench.h:
