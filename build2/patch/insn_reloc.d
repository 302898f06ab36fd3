build2/patch/insn_reloc.o: patch/insn_reloc.c patch/insn_reloc.h \
 patch/insn.h kernel/noprobe.h
patch/insn_reloc.h:
patch/insn.h:
kernel/noprobe.h:
