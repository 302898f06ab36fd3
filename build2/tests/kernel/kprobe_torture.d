build2/tests/kernel/kprobe_torture.o: tests/kernel/kprobe_torture.c \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/thread.h \
 kernel/spinlock.h kernel/sched.h kernel/clock.h kernel/console.h \
 kernel/param.h kernel/mem.h kernel/fmt.h kernel/ksym.h kernel/panic.h \
 kernel/trap.h kernel/x86.h patch/kprobe.h patch/int3.h kernel/cpu.h \
 patch/ool.h patch/insn.h patch/slot.h tests/kernel/torture.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/clock.h:
kernel/console.h:
kernel/param.h:
kernel/mem.h:
kernel/fmt.h:
kernel/ksym.h:
kernel/panic.h:
kernel/trap.h:
kernel/x86.h:
patch/kprobe.h:
patch/int3.h:
kernel/cpu.h:
patch/ool.h:
patch/insn.h:
patch/slot.h:
tests/kernel/torture.h:
