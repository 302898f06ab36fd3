build2/patch/insn.o: patch/insn.c patch/insn_dec.h patch/insn.h \
 kernel/noprobe.h build2/gen/insn_tables.h
patch/insn_dec.h:
patch/insn.h:
kernel/noprobe.h:
build2/gen/insn_tables.h:
