build2/smp/mptable_find.o: smp/mptable_find.c smp/mptable.h smp/acpi.h
smp/mptable.h:
smp/acpi.h:
