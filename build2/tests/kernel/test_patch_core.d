build2/tests/kernel/test_patch_core.o: tests/kernel/test_patch_core.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/trap.h \
 kernel/mem.h kernel/x86.h kernel/cpu.h kernel/ipi.h kernel/unwind.h \
 patch/kprobe.h patch/int3.h patch/ool.h patch/insn.h patch/poke.h \
 patch/slot.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/trap.h:
kernel/mem.h:
kernel/x86.h:
kernel/cpu.h:
kernel/ipi.h:
kernel/unwind.h:
patch/kprobe.h:
patch/int3.h:
patch/ool.h:
patch/insn.h:
patch/poke.h:
patch/slot.h:
