build2/kernel/gdt.o: kernel/gdt.c kernel/cpu.h kernel/types.h \
 kernel/noprobe.h kernel/gdt.h kernel/panic.h
kernel/cpu.h:
kernel/types.h:
kernel/noprobe.h:
kernel/gdt.h:
kernel/panic.h:
