build2/kernel/ipi.o: kernel/ipi.c kernel/ipi.h kernel/types.h \
 kernel/noprobe.h kernel/unwind.h kernel/trap.h kernel/lapic.h \
 kernel/cpu.h kernel/panic.h
kernel/ipi.h:
kernel/types.h:
kernel/noprobe.h:
kernel/unwind.h:
kernel/trap.h:
kernel/lapic.h:
kernel/cpu.h:
kernel/panic.h:
