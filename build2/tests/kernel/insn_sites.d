build2/tests/kernel/insn_sites.o: tests/kernel/insn_sites.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/ksym.h \
 kernel/console.h kernel/mem.h patch/insn_analyze.h patch/insn.h \
 patch/insn_reloc.h patch/ool.h kernel/scenario.h kernel/fmt.h \
 tests/kernel/bench.h tests/kernel/insn_sites.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/ksym.h:
kernel/console.h:
kernel/mem.h:
patch/insn_analyze.h:
patch/insn.h:
patch/insn_reloc.h:
patch/ool.h:
kernel/scenario.h:
kernel/fmt.h:
tests/kernel/bench.h:
tests/kernel/insn_sites.h:
