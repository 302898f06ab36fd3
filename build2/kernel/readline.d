build2/kernel/readline.o: kernel/readline.c kernel/readline.h \
 kernel/types.h kernel/noprobe.h kernel/uart.h kernel/console.h \
 kernel/thread.h kernel/spinlock.h kernel/mem.h
kernel/readline.h:
kernel/types.h:
kernel/noprobe.h:
kernel/uart.h:
kernel/console.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/mem.h:
