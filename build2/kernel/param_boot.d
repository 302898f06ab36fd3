build2/kernel/param_boot.o: kernel/param_boot.c kernel/param.h \
 kernel/scenario.h kernel/types.h kernel/noprobe.h kernel/console.h \
 kernel/qexit.h
kernel/param.h:
kernel/scenario.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/qexit.h:
