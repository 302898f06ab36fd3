build2/patch/reserve.o: patch/reserve.c patch/reserve.h kernel/types.h \
 kernel/noprobe.h patch/poke.h patch/ool.h patch/insn.h kernel/panic.h
patch/reserve.h:
kernel/types.h:
kernel/noprobe.h:
patch/poke.h:
patch/ool.h:
patch/insn.h:
kernel/panic.h:
