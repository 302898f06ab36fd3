build2/kernel/sleeplock.o: kernel/sleeplock.c kernel/sleeplock.h \
 kernel/thread.h kernel/types.h kernel/noprobe.h kernel/spinlock.h \
 kernel/x86.h kernel/cpu.h kernel/panic.h
kernel/sleeplock.h:
kernel/thread.h:
kernel/types.h:
kernel/noprobe.h:
kernel/spinlock.h:
kernel/x86.h:
kernel/cpu.h:
kernel/panic.h:
