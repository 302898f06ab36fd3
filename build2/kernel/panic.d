build2/kernel/panic.o: kernel/panic.c kernel/panic.h kernel/types.h \
 kernel/noprobe.h kernel/trap.h kernel/cpu.h kernel/console.h \
 kernel/ksym.h kernel/qexit.h kernel/x86.h kernel/mem.h
kernel/panic.h:
kernel/types.h:
kernel/noprobe.h:
kernel/trap.h:
kernel/cpu.h:
kernel/console.h:
kernel/ksym.h:
kernel/qexit.h:
kernel/x86.h:
kernel/mem.h:
