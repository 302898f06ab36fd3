build2/tests/kernel/bench.o: tests/kernel/bench.c tests/kernel/bench.h \
 kernel/types.h kernel/noprobe.h kernel/console.h kernel/cpu.h \
 kernel/fmt.h kernel/x86.h kernel/thread.h kernel/spinlock.h \
 kernel/clock.h
tests/kernel/bench.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/cpu.h:
kernel/fmt.h:
kernel/x86.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/clock.h:
