build2/patch/kprobe_check.o: patch/kprobe_check.c patch/kprobe.h \
 kernel/types.h kernel/noprobe.h patch/insn_analyze.h patch/insn.h \
 patch/ool.h kernel/ksym.h kernel/mem.h kernel/fmt.h
patch/kprobe.h:
kernel/types.h:
kernel/noprobe.h:
patch/insn_analyze.h:
patch/insn.h:
patch/ool.h:
kernel/ksym.h:
kernel/mem.h:
kernel/fmt.h:
