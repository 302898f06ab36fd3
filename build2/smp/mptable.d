build2/smp/mptable.o: smp/mptable.c smp/mptable.h smp/acpi.h
smp/mptable.h:
smp/acpi.h:
