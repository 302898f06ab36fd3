build2/smp/acpi_find.o: smp/acpi_find.c smp/acpi.h kernel/console.h \
 kernel/types.h kernel/noprobe.h
smp/acpi.h:
kernel/console.h:
kernel/types.h:
kernel/noprobe.h:
