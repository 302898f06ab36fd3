/* ACPI parsers (ACPI 6.4: 5.2.5.3 RSDP structure, 5.2.6 SDT header, 5.2.7
 * RSDT, 5.2.12 MADT with Processor Local APIC (type 0), I/O APIC (type 1)
 * and Interrupt Source Override (type 2, 5.2.12.5) entries).  Pure: every
 * read is checked against the given length. */
#include "smp/acpi.h"

static uint8_t sum(const uint8_t *p, uint32_t n)
{
    uint8_t s = 0;
    while (n--) s += *p++;
    return s;
}

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static int sig_eq(const uint8_t *p, const char *sig, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (p[i] != (uint8_t)sig[i]) return 0;
    return 1;
}

uint32_t acpi_rsdp_rsdt(const void *buf, uint32_t len)
{
    const uint8_t *p = buf;
    if (len < 20 || !sig_eq(p, "RSD PTR ", 8) || sum(p, 20) != 0)
        return 0;
    return rd32(p + 16);
}

int acpi_sdt_check(const void *buf, uint32_t len, const char *sig)
{
    const uint8_t *p = buf;
    uint32_t l;
    if (len < 36 || (sig && !sig_eq(p, sig, 4)))
        return -1;
    l = rd32(p + 4);
    if (l < 36 || l > len || sum(p, l) != 0)
        return -1;
    return 0;
}

void madt_info_clear(struct madt_info *out)
{
    int i;
    out->lapic_addr = 0xFEE00000u;
    out->ncpu = 0;
    out->bsp = -1;
    out->ioapic_addr = 0;
    out->ioapic_id = 0;
    out->ioapic_gsi_base = 0;
    out->noverrides = 0;
    for (i = 0; i < 16; i++) {
        out->irq_gsi[i] = (uint32_t)i;
        out->irq_flags[i] = 0;
    }
}

uint32_t acpi_rsdt_entry(const void *rsdt, uint32_t len, uint32_t n)
{
    const uint8_t *p = rsdt;
    uint32_t l;
    if (acpi_sdt_check(rsdt, len, "RSDT"))
        return 0;
    l = rd32(p + 4);
    if (36 + 4 * (n + 1) > l)
        return 0;
    return rd32(p + 36 + 4 * n);
}

int acpi_parse_madt(const void *buf, uint32_t len, struct madt_info *out)
{
    const uint8_t *p = buf;
    uint32_t off = 44, l;
    if (acpi_sdt_check(buf, len, "APIC"))
        return -1;
    l = rd32(p + 4);
    if (l < 44)
        return -1;
    madt_info_clear(out);
    out->lapic_addr = rd32(p + 36);
    while (off + 2 <= l) {
        uint8_t type = p[off], elen = p[off + 1];
        if (elen < 2 || off + elen > l)
            return -1;
        if (type == 0 && elen >= 8 && (rd32(p + off + 4) & 1) && out->ncpu < MADT_MAX_CPUS)
            out->apic_id[out->ncpu++] = p[off + 3];
        if (type == 1 && elen >= 12 && !out->ioapic_addr) {
            out->ioapic_id = p[off + 2];
            out->ioapic_addr = rd32(p + off + 4);
            out->ioapic_gsi_base = rd32(p + off + 8);
        }
        if (type == 2 && elen >= 10 && p[off + 2] == 0 && p[off + 3] < 16) {
            out->irq_gsi[p[off + 3]] = rd32(p + off + 4);
            out->irq_flags[p[off + 3]] = (uint16_t)(p[off + 8] | p[off + 9] << 8);
            out->noverrides++;
        }
        off += elen;
    }
    return off == l ? 0 : -1;
}
