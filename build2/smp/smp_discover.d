build2/smp/smp_discover.o: smp/smp_discover.c smp/smp.h kernel/types.h \
 kernel/noprobe.h smp/acpi.h smp/mptable.h kernel/cpu.h kernel/param.h \
 kernel/console.h
smp/smp.h:
kernel/types.h:
kernel/noprobe.h:
smp/acpi.h:
smp/mptable.h:
kernel/cpu.h:
kernel/param.h:
kernel/console.h:
