/* ACPI table discovery (ACPI 6.4, 5.2.5 RSDP, 5.2.7 RSDT, 5.2.12 MADT).
 * The parsers are pure (pointer + length) and unit-tested on the host.
 * struct madt_info is also what the MP-table parser (smp/mptable.c) fills. */
#ifndef ACPI_H
#define ACPI_H
#include <stdint.h>

#define MADT_MAX_CPUS 64

struct madt_info {
    uint32_t lapic_addr;
    int ncpu;                          /* enabled processors */
    uint8_t apic_id[MADT_MAX_CPUS];
    int bsp;                           /* index of the boot CPU, -1 if not said */
    uint32_t ioapic_addr;
    uint8_t ioapic_id;
    uint32_t ioapic_gsi_base;
    uint32_t irq_gsi[16];              /* ISA IRQ -> GSI (identity unless overridden) */
    uint16_t irq_flags[16];            /* MPS INTI flags: polarity bits 0-1, trigger 2-3 */
    int noverrides;
};

/* Validate an RSDP at buf (checksum, signature); returns the RSDT address or 0. */
uint32_t acpi_rsdp_rsdt(const void *buf, uint32_t len);
/* Validate an SDT header (signature, length within len, checksum); 0 if ok. */
int acpi_sdt_check(const void *buf, uint32_t len, const char *sig);
/* Parse a MADT (len bytes at buf); 0 if ok, -1 if malformed. */
int acpi_parse_madt(const void *buf, uint32_t len, struct madt_info *out);
/* Physical address of the n-th table listed in an RSDT (len bytes), or 0. */
uint32_t acpi_rsdt_entry(const void *rsdt, uint32_t len, uint32_t n);

void madt_info_clear(struct madt_info *out);   /* defaults: no CPUs, identity IRQs */

int acpi_count_cpus(void);             /* kernel: 1 if no MADT is found */
int acpi_find_madt(struct madt_info *out);
const void *acpi_find_madt_raw(void);  /* kernel: the MADT itself, or NULL */
#endif
