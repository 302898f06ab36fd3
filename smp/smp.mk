# Host unit tests for smp/ (included by the top-level Makefile): the ACPI and
# MP-table parsers against captured QEMU tables and synthetic ones.
ACPI_TEST := $(B)/host/acpi_test
HOST_TESTS += $(ACPI_TEST)

$(ACPI_TEST): tests/host/acpi_test.c smp/acpi.c smp/mptable.c smp/acpi.h smp/mptable.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ tests/host/acpi_test.c smp/acpi.c smp/mptable.c
