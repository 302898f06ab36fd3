build2/patch/poke.o: patch/poke.c patch/poke.h kernel/types.h \
 kernel/noprobe.h patch/ool.h patch/insn.h patch/int3.h kernel/cpu.h \
 patch/kprobe.h patch/reserve.h kernel/ipi.h kernel/unwind.h \
 kernel/trap.h kernel/mem.h kernel/spinlock.h kernel/fmt.h kernel/param.h \
 kernel/x86.h kernel/panic.h
patch/poke.h:
kernel/types.h:
kernel/noprobe.h:
patch/ool.h:
patch/insn.h:
patch/int3.h:
kernel/cpu.h:
patch/kprobe.h:
patch/reserve.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/trap.h:
kernel/mem.h:
kernel/spinlock.h:
kernel/fmt.h:
kernel/param.h:
kernel/x86.h:
kernel/panic.h:
