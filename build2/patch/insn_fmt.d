build2/patch/insn_fmt.o: patch/insn_fmt.c patch/insn_fmt.h
patch/insn_fmt.h:
