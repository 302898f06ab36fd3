build2/patch/insn_class.o: patch/insn_class.c patch/insn.h \
 kernel/noprobe.h
patch/insn.h:
kernel/noprobe.h:
