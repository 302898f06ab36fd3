build2/kernel/tss.o: kernel/tss.c kernel/tss.h kernel/types.h \
 kernel/noprobe.h kernel/gdt.h kernel/cpu.h kernel/trap.h kernel/x86.h \
 kernel/console.h kernel/panic.h kernel/ksym.h kernel/thread.h \
 kernel/spinlock.h
kernel/tss.h:
kernel/types.h:
kernel/noprobe.h:
kernel/gdt.h:
kernel/cpu.h:
kernel/trap.h:
kernel/x86.h:
kernel/console.h:
kernel/panic.h:
kernel/ksym.h:
kernel/thread.h:
kernel/spinlock.h:
