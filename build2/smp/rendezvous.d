build2/smp/rendezvous.o: smp/rendezvous.c kernel/ipi.h kernel/types.h \
 kernel/noprobe.h kernel/unwind.h kernel/trap.h kernel/cpu.h kernel/x86.h \
 kernel/panic.h kernel/spinlock.h
kernel/ipi.h:
kernel/types.h:
kernel/noprobe.h:
kernel/unwind.h:
kernel/trap.h:
kernel/cpu.h:
kernel/x86.h:
kernel/panic.h:
kernel/spinlock.h:
