build2/patch/emulate.o: patch/emulate.c patch/emulate.h patch/insn.h \
 kernel/noprobe.h
patch/emulate.h:
patch/insn.h:
kernel/noprobe.h:
