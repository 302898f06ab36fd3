build2/kernel/clock.o: kernel/clock.c kernel/clock.h kernel/types.h \
 kernel/noprobe.h kernel/lapic.h kernel/pit.h kernel/x86.h kernel/panic.h \
 kernel/console.h
kernel/clock.h:
kernel/types.h:
kernel/noprobe.h:
kernel/lapic.h:
kernel/pit.h:
kernel/x86.h:
kernel/panic.h:
kernel/console.h:
