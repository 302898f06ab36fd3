build2/tests/kernel/test_poke.o: tests/kernel/test_poke.c kernel/ktest.h \
 kernel/types.h kernel/noprobe.h kernel/trap.h kernel/mem.h kernel/fmt.h \
 kernel/cpu.h patch/poke.h patch/ool.h patch/insn.h patch/int3.h \
 patch/slot.h patch/kprobe.h tests/kernel/poke_sites.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/trap.h:
kernel/mem.h:
kernel/fmt.h:
kernel/cpu.h:
patch/poke.h:
patch/ool.h:
patch/insn.h:
patch/int3.h:
patch/slot.h:
patch/kprobe.h:
tests/kernel/poke_sites.h:
