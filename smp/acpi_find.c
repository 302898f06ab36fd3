/* Finding the MADT in physical memory (ACPI 6.4, 5.2.5.1: the RSDP is on a
 * 16-byte boundary in the first KiB of the EBDA or in 0xE0000-0xFFFFF).
 * Runs with RAM identity-mapped, before paging (the EBDA pointer at 0x40E is
 * in page 0); table contents are checked by smp/acpi.c. */
#include "smp/acpi.h"
#include "kernel/console.h"

static uint32_t rsdp_scan(uint32_t start, uint32_t len)
{
    uint32_t a;
    for (a = start; a + 20 <= start + len; a += 16) {
        uint32_t r = acpi_rsdp_rsdt((const void *)a, 20);
        if (r) return r;
    }
    return 0;
}

const void *acpi_find_madt_raw(void)
{
    uint32_t ebda = (uint32_t)(*(volatile uint16_t *)0x40E) << 4;
    uint32_t rsdt = (ebda ? rsdp_scan(ebda, 1024) : 0), i, sdt;
    if (!rsdt)
        rsdt = rsdp_scan(0xE0000, 0x20000);
    if (!rsdt || acpi_sdt_check((const void *)rsdt, 1u << 20, "RSDT"))
        return 0;
    for (i = 0; (sdt = acpi_rsdt_entry((const void *)rsdt, 1u << 20, i)); i++)
        if (!acpi_sdt_check((const void *)sdt, 1u << 20, "APIC"))
            return (const void *)sdt;
    return 0;
}

int acpi_find_madt(struct madt_info *out)
{
    const uint8_t *sdt = acpi_find_madt_raw();
    if (!sdt)
        return -1;
    return acpi_parse_madt(sdt, *(const uint32_t *)(sdt + 4), out);
}

int acpi_count_cpus(void)
{
    struct madt_info m;
    if (acpi_find_madt(&m) || m.ncpu == 0) {
        pr_warn("acpi: no usable MADT; assuming one CPU\n");
        return 1;
    }
    return m.ncpu;
}
