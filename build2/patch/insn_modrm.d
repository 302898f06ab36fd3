build2/patch/insn_modrm.o: patch/insn_modrm.c patch/insn_dec.h \
 patch/insn.h kernel/noprobe.h
patch/insn_dec.h:
patch/insn.h:
kernel/noprobe.h:
