build2/kernel/plog.o: kernel/plog.c kernel/plog.h kernel/types.h \
 kernel/noprobe.h kernel/console.h kernel/cpu.h kernel/fmt.h
kernel/plog.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/cpu.h:
kernel/fmt.h:
