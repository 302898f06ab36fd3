build2/tests/kernel/poke_torture.o: tests/kernel/poke_torture.c \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/thread.h \
 kernel/spinlock.h kernel/sched.h kernel/clock.h kernel/console.h \
 kernel/param.h kernel/ipi.h kernel/unwind.h kernel/trap.h kernel/mem.h \
 kernel/fmt.h kernel/ksym.h kernel/panic.h patch/poke.h patch/ool.h \
 patch/insn.h patch/int3.h kernel/cpu.h tests/kernel/torture.h \
 tests/kernel/poke_sites.h
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/sched.h:
kernel/clock.h:
kernel/console.h:
kernel/param.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/mem.h:
kernel/fmt.h:
kernel/ksym.h:
kernel/panic.h:
patch/poke.h:
patch/ool.h:
patch/insn.h:
patch/int3.h:
kernel/cpu.h:
tests/kernel/torture.h:
tests/kernel/poke_sites.h:
