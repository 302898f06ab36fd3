/* ACPI parsers (ACPI 6.4: 5.2.5.3 RSDP structure, 5.2.6 SDT header, 5.2.7
 * RSDT, 5.2.12 MADT with Processor Local APIC (type 0) and I/O APIC (type 1)
 * entries).  Pure: every read is checked against the given length. */
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

int acpi_parse_madt(const void *buf, uint32_t len, struct madt_info *out)
{
    const uint8_t *p = buf;
    uint32_t off = 44, l;
    if (acpi_sdt_check(buf, len, "APIC"))
        return -1;
    l = rd32(p + 4);
    if (l < 44)
        return -1;
    out->lapic_addr = rd32(p + 36);
    out->ncpu = 0;
    out->ioapic_addr = 0;
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
        off += elen;
    }
    return off == l ? 0 : -1;
}
