build2/tests/kernel/anywhere_torture.o: tests/kernel/anywhere_torture.c \
 kernel/thread.h kernel/types.h kernel/noprobe.h kernel/spinlock.h \
 kernel/clock.h kernel/console.h kernel/ksym.h kernel/ipi.h \
 kernel/unwind.h kernel/trap.h kernel/fmt.h kernel/fixup.h kernel/mem.h \
 kernel/x86.h patch/kprobe.h patch/djprobe.h patch/djprobe_fsm.h \
 tests/kernel/anywhere.h tests/kernel/torture.h kernel/cpu.h
kernel/thread.h:
kernel/types.h:
kernel/noprobe.h:
kernel/spinlock.h:
kernel/clock.h:
kernel/console.h:
kernel/ksym.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/fmt.h:
kernel/fixup.h:
kernel/mem.h:
kernel/x86.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
tests/kernel/anywhere.h:
tests/kernel/torture.h:
kernel/cpu.h:
