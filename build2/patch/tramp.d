build2/patch/tramp.o: patch/tramp.c patch/tramp.h patch/insn.h \
 kernel/noprobe.h patch/insn_reloc.h
patch/tramp.h:
patch/insn.h:
kernel/noprobe.h:
patch/insn_reloc.h:
