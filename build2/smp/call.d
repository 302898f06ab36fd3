build2/smp/call.o: smp/call.c kernel/ipi.h kernel/types.h \
 kernel/noprobe.h kernel/unwind.h kernel/trap.h kernel/lapic.h \
 kernel/cpu.h kernel/x86.h kernel/mem.h kernel/panic.h kernel/param.h \
 kernel/spinlock.h
kernel/ipi.h:
kernel/types.h:
kernel/noprobe.h:
kernel/unwind.h:
kernel/trap.h:
kernel/lapic.h:
kernel/cpu.h:
kernel/x86.h:
kernel/mem.h:
kernel/panic.h:
kernel/param.h:
kernel/spinlock.h:
