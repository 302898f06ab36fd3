build2/kernel/uart.o: kernel/uart.c kernel/uart.h kernel/types.h \
 kernel/noprobe.h kernel/x86.h kernel/spinlock.h
kernel/uart.h:
kernel/types.h:
kernel/noprobe.h:
kernel/x86.h:
kernel/spinlock.h:
