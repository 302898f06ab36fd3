build2/kernel/fixup.o: kernel/fixup.c kernel/trap.h kernel/types.h \
 kernel/noprobe.h kernel/fixup.h kernel/param.h kernel/cpu.h
kernel/trap.h:
kernel/types.h:
kernel/noprobe.h:
kernel/fixup.h:
kernel/param.h:
kernel/cpu.h:
