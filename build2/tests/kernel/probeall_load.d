build2/tests/kernel/probeall_load.o: tests/kernel/probeall_load.c \
 kernel/thread.h kernel/types.h kernel/noprobe.h kernel/spinlock.h \
 kernel/sleeplock.h kernel/clock.h kernel/console.h kernel/fixup.h \
 kernel/ipi.h kernel/unwind.h kernel/trap.h kernel/mem.h kernel/fmt.h \
 kernel/x86.h patch/slot.h build2/gen/vectors.h tests/kernel/probeall.h \
 tests/kernel/torture.h kernel/cpu.h
kernel/thread.h:
kernel/types.h:
kernel/noprobe.h:
kernel/spinlock.h:
kernel/sleeplock.h:
kernel/clock.h:
kernel/console.h:
kernel/fixup.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/mem.h:
kernel/fmt.h:
kernel/x86.h:
patch/slot.h:
build2/gen/vectors.h:
tests/kernel/probeall.h:
tests/kernel/torture.h:
kernel/cpu.h:
