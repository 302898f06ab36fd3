build2/patch/insn_analyze.o: patch/insn_analyze.c patch/insn_analyze.h \
 patch/insn.h kernel/noprobe.h patch/insn_fmt.h
patch/insn_analyze.h:
patch/insn.h:
kernel/noprobe.h:
patch/insn_fmt.h:
