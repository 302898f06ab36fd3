build2/patch/insn_vex.o: patch/insn_vex.c patch/insn_dec.h patch/insn.h \
 kernel/noprobe.h
patch/insn_dec.h:
patch/insn.h:
kernel/noprobe.h:
