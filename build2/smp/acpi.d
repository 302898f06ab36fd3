build2/smp/acpi.o: smp/acpi.c smp/acpi.h
smp/acpi.h:
