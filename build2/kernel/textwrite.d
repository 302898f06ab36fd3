build2/kernel/textwrite.o: kernel/textwrite.c kernel/mem.h kernel/types.h \
 kernel/noprobe.h kernel/cpu.h kernel/panic.h kernel/x86.h
kernel/mem.h:
kernel/types.h:
kernel/noprobe.h:
kernel/cpu.h:
kernel/panic.h:
kernel/x86.h:
