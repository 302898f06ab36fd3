/* MP table parser (MP Specification 1.4: 4.1 floating pointer, 4.2 table
 * header, 4.3.1 processor entries, 4.3.3 I/O APIC entries, 4.3.4 I/O
 * interrupt assignment entries).  Pure: every read is checked against len. */
#include "smp/mptable.h"

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

static uint8_t sum(const uint8_t *p, uint32_t n)
{
    uint8_t s = 0;
    while (n--) s += *p++;
    return s;
}

uint32_t mp_fps_config(const void *buf, uint32_t len)
{
    const uint8_t *p = buf;
    uint32_t n;
    if (len < 16 || p[0] != '_' || p[1] != 'M' || p[2] != 'P' || p[3] != '_')
        return 0;
    n = p[8] * 16u;
    if (n < 16 || n > len || sum(p, n) != 0 || p[11] != 0)
        return 0;
    return rd32(p + 4);
}

uint32_t mp_config_len(const void *buf) { return rd16((const uint8_t *)buf + 4); }

static int entry_len(uint8_t type) { return type == 0 ? 20 : type <= 4 ? 8 : -1; }

static void add_entry(const uint8_t *e, struct madt_info *out, uint8_t *isa_bus)
{
    if (e[0] == 0 && (e[3] & 1) && out->ncpu < MADT_MAX_CPUS) {
        if (e[3] & 2) out->bsp = out->ncpu;
        out->apic_id[out->ncpu++] = e[1];
    } else if (e[0] == 1 && e[2] == 'I' && e[3] == 'S' && e[4] == 'A') {
        *isa_bus = e[1];
    } else if (e[0] == 2 && (e[3] & 1) && !out->ioapic_addr) {
        out->ioapic_id = e[1];
        out->ioapic_addr = rd32(e + 4);
    } else if (e[0] == 3 && e[1] == 0 && e[4] == *isa_bus && e[5] < 16 && e[6] == out->ioapic_id) {
        out->irq_gsi[e[5]] = e[7];         /* single I/O APIC: pin == GSI */
        out->irq_flags[e[5]] = rd16(e + 2);
    }
}

int mp_parse_config(const void *buf, uint32_t len, struct madt_info *out)
{
    const uint8_t *p = buf;
    uint32_t l, off = 44, i, count;
    uint8_t isa_bus = 0xFF;
    if (len < 44 || p[0] != 'P' || p[1] != 'C' || p[2] != 'M' || p[3] != 'P')
        return -1;
    l = rd16(p + 4);
    if (l < 44 || l > len || sum(p, l) != 0)
        return -1;
    madt_info_clear(out);
    out->lapic_addr = rd32(p + 36);
    count = rd16(p + 34);
    for (i = 0; i < count; i++) {
        int el;
        if (off >= l || (el = entry_len(p[off])) < 0 || off + (uint32_t)el > l)
            return -1;
        add_entry(p + off, out, &isa_bus);
        off += (uint32_t)el;
    }
    return off == l ? 0 : -1;
}
