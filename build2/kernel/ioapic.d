build2/kernel/ioapic.o: kernel/ioapic.c kernel/ioapic.h kernel/types.h \
 kernel/noprobe.h kernel/x86.h kernel/panic.h kernel/console.h \
 kernel/mem.h
kernel/ioapic.h:
kernel/types.h:
kernel/noprobe.h:
kernel/x86.h:
kernel/panic.h:
kernel/console.h:
kernel/mem.h:
