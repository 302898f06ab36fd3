build2/kernel/spinlock.o: kernel/spinlock.c kernel/spinlock.h \
 kernel/types.h kernel/noprobe.h kernel/cpu.h kernel/x86.h kernel/panic.h \
 kernel/clock.h kernel/ksym.h
kernel/spinlock.h:
kernel/types.h:
kernel/noprobe.h:
kernel/cpu.h:
kernel/x86.h:
kernel/panic.h:
kernel/clock.h:
kernel/ksym.h:
