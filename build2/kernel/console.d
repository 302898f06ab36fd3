build2/kernel/console.o: kernel/console.c kernel/console.h kernel/types.h \
 kernel/noprobe.h kernel/uart.h kernel/fmt.h kernel/cpu.h kernel/x86.h \
 kernel/plog.h
kernel/console.h:
kernel/types.h:
kernel/noprobe.h:
kernel/uart.h:
kernel/fmt.h:
kernel/cpu.h:
kernel/x86.h:
kernel/plog.h:
