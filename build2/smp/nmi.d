build2/smp/nmi.o: smp/nmi.c kernel/ipi.h kernel/types.h kernel/noprobe.h \
 kernel/unwind.h kernel/trap.h kernel/cpu.h kernel/x86.h kernel/console.h \
 kernel/qexit.h kernel/clock.h
kernel/ipi.h:
kernel/types.h:
kernel/noprobe.h:
kernel/unwind.h:
kernel/trap.h:
kernel/cpu.h:
kernel/x86.h:
kernel/console.h:
kernel/qexit.h:
kernel/clock.h:
