build2/tests/kernel/test_kprobe.o: tests/kernel/test_kprobe.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/trap.h \
 kernel/mem.h kernel/x86.h patch/kprobe.h patch/slot.h kernel/thread.h \
 kernel/spinlock.h kernel/cpu.h kernel/console.h tests/kernel/torture.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/trap.h:
kernel/mem.h:
kernel/x86.h:
patch/kprobe.h:
patch/slot.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/cpu.h:
kernel/console.h:
tests/kernel/torture.h:
