build2/patch/xref.o: patch/xref.c patch/xref.h kernel/types.h \
 kernel/noprobe.h patch/insn.h patch/kprobe.h kernel/ksym.h kernel/mem.h \
 kernel/console.h
patch/xref.h:
kernel/types.h:
kernel/noprobe.h:
patch/insn.h:
patch/kprobe.h:
kernel/ksym.h:
kernel/mem.h:
kernel/console.h:
