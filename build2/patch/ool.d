build2/patch/ool.o: patch/ool.c patch/ool.h kernel/types.h \
 kernel/noprobe.h patch/insn.h patch/emulate.h patch/slot.h patch/poke.h \
 kernel/trap.h kernel/mem.h kernel/cpu.h kernel/x86.h kernel/panic.h
patch/ool.h:
kernel/types.h:
kernel/noprobe.h:
patch/insn.h:
patch/emulate.h:
patch/slot.h:
patch/poke.h:
kernel/trap.h:
kernel/mem.h:
kernel/cpu.h:
kernel/x86.h:
kernel/panic.h:
