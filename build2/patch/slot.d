build2/patch/slot.o: patch/slot.c patch/slot.h kernel/types.h \
 kernel/noprobe.h kernel/mem.h kernel/spinlock.h kernel/panic.h \
 patch/poke.h patch/ool.h patch/insn.h
patch/slot.h:
kernel/types.h:
kernel/noprobe.h:
kernel/mem.h:
kernel/spinlock.h:
kernel/panic.h:
patch/poke.h:
patch/ool.h:
patch/insn.h:
