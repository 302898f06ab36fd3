build2/kernel/lapic.o: kernel/lapic.c kernel/lapic.h kernel/types.h \
 kernel/noprobe.h kernel/trap.h kernel/cpu.h kernel/x86.h kernel/panic.h \
 kernel/console.h
kernel/lapic.h:
kernel/types.h:
kernel/noprobe.h:
kernel/trap.h:
kernel/cpu.h:
kernel/x86.h:
kernel/panic.h:
kernel/console.h:
