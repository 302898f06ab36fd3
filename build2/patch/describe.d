build2/patch/describe.o: patch/describe.c patch/slot.h kernel/types.h \
 kernel/noprobe.h kernel/console.h kernel/ksym.h kernel/mem.h
patch/slot.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/ksym.h:
kernel/mem.h:
