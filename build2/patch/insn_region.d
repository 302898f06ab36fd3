build2/patch/insn_region.o: patch/insn_region.c patch/insn_analyze.h \
 patch/insn.h kernel/noprobe.h patch/insn_fmt.h
patch/insn_analyze.h:
patch/insn.h:
kernel/noprobe.h:
patch/insn_fmt.h:
