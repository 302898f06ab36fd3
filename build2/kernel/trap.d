build2/kernel/trap.o: kernel/trap.c kernel/trap.h kernel/types.h \
 kernel/noprobe.h kernel/gdt.h kernel/cpu.h kernel/console.h \
 kernel/panic.h kernel/x86.h kernel/sched.h kernel/param.h kernel/plog.h \
 kernel/dr6.h build2/gen/vectors.h
kernel/trap.h:
kernel/types.h:
kernel/noprobe.h:
kernel/gdt.h:
kernel/cpu.h:
kernel/console.h:
kernel/panic.h:
kernel/x86.h:
kernel/sched.h:
kernel/param.h:
kernel/plog.h:
kernel/dr6.h:
build2/gen/vectors.h:
