build2/patch/int3.o: patch/int3.c patch/int3.h kernel/types.h \
 kernel/noprobe.h kernel/cpu.h patch/ool.h patch/insn.h kernel/trap.h \
 kernel/x86.h kernel/panic.h kernel/console.h kernel/mem.h kernel/param.h
patch/int3.h:
kernel/types.h:
kernel/noprobe.h:
kernel/cpu.h:
patch/ool.h:
patch/insn.h:
kernel/trap.h:
kernel/x86.h:
kernel/panic.h:
kernel/console.h:
kernel/mem.h:
kernel/param.h:
