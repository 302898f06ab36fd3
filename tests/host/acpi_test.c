/* Host unit tests for the CPU-discovery parsers: smp/acpi.c (ACPI 6.4
 * 5.2.5.3 RSDP, 5.2.7 RSDT, 5.2.12 MADT) and smp/mptable.c (MP spec 1.4,
 * chapter 4).  Real tables captured from QEMU 7.2/SeaBIOS (tests/host/data,
 * dumped by the kernel with acpi_dump=1) plus synthetic and corrupted ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smp/acpi.h"
#include "smp/mptable.h"

static int failures, checks;
#define CHECK(c) do { checks++; if (!(c)) { failures++; \
    fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)

static int load_hex(const char *path, uint8_t *buf, int max)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int n = 0;
    if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
    while (fgets(line, sizeof line, f)) {
        char *p = line, *e;
        if (line[0] == '#') continue;
        for (;;) {
            unsigned long v = strtoul(p, &e, 16);
            if (e == p || n >= max) break;
            buf[n++] = (uint8_t)v;
            p = e;
        }
    }
    fclose(f);
    return n;
}

static void fix_sum(uint8_t *p, int n, int at)
{
    uint8_t s = 0;
    int i;
    p[at] = 0;
    for (i = 0; i < n; i++) s += p[i];
    p[at] = (uint8_t)-s;
}
static void put32(uint8_t *p, uint32_t v) { p[0] = v; p[1] = v >> 8; p[2] = v >> 16; p[3] = v >> 24; }

static void test_qemu_madt(const char *path, int ncpu)
{
    uint8_t t[1024];
    struct madt_info m;
    int n = load_hex(path, t, sizeof t), i;
    CHECK(acpi_parse_madt(t, n, &m) == 0);
    CHECK(m.ncpu == ncpu);
    for (i = 0; i < m.ncpu; i++) CHECK(m.apic_id[i] == i);
    CHECK(m.lapic_addr == 0xFEE00000u);
    CHECK(m.ioapic_addr == 0xFEC00000u && m.ioapic_gsi_base == 0);
    CHECK(m.irq_gsi[0] == 2);                 /* QEMU: timer IRQ0 -> GSI 2 override */
    CHECK(m.irq_gsi[4] == 4);                 /* COM1 stays identity */
    t[40] ^= 1;                               /* corrupt: checksum no longer sums */
    CHECK(acpi_parse_madt(t, n, &m) == -1);
    t[40] ^= 1;
    CHECK(acpi_parse_madt(t, n - 1, &m) == -1);   /* truncated buffer */
}

static void test_qemu_mp(const char *path, int ncpu)
{
    uint8_t t[1024];
    struct madt_info m;
    int n = load_hex(path, t, sizeof t), i;
    CHECK(n == (int)mp_config_len(t));
    CHECK(mp_parse_config(t, n, &m) == 0);
    CHECK(m.ncpu == ncpu);
    for (i = 0; i < m.ncpu; i++) CHECK(m.apic_id[i] == i);
    CHECK(m.bsp == 0);
    CHECK(m.ioapic_addr == 0xFEC00000u);
    CHECK(m.irq_gsi[4] == 4);
    t[7] ^= 0x55;
    CHECK(mp_parse_config(t, n, &m) == -1);
}

/* A MADT with 16 enabled CPUs, one disabled, an IOAPIC and an IRQ4 override. */
static int build_madt(uint8_t *t)
{
    int off = 44, i;
    memset(t, 0, 512);
    memcpy(t, "APIC", 4);
    put32(t + 36, 0xFEE00000u);
    for (i = 0; i < 17; i++, off += 8) {
        t[off] = 0; t[off + 1] = 8; t[off + 2] = (uint8_t)i; t[off + 3] = (uint8_t)(i * 2);
        put32(t + off + 4, i == 5 ? 0 : 1);       /* processor 5 disabled */
    }
    t[off] = 1; t[off + 1] = 12; t[off + 2] = 9; put32(t + off + 4, 0xFEC01000u); put32(t + off + 8, 24);
    off += 12;
    t[off] = 2; t[off + 1] = 10; t[off + 2] = 0; t[off + 3] = 4; put32(t + off + 4, 28);
    t[off + 8] = 0x0F; off += 10;
    t[off] = 0x7F; t[off + 1] = 6; off += 6;      /* unknown type: skipped */
    put32(t + 4, (uint32_t)off);
    fix_sum(t, off, 9);
    return off;
}

static void test_synthetic_madt(void)
{
    uint8_t t[512];
    struct madt_info m;
    int n = build_madt(t);
    CHECK(acpi_parse_madt(t, n, &m) == 0);
    CHECK(m.ncpu == 16);
    CHECK(m.apic_id[4] == 8 && m.apic_id[5] == 12);   /* the disabled one is skipped */
    CHECK(m.ioapic_id == 9 && m.ioapic_addr == 0xFEC01000u && m.ioapic_gsi_base == 24);
    CHECK(m.irq_gsi[4] == 28 && m.irq_flags[4] == 0x0F && m.noverrides == 1);
    CHECK(m.irq_gsi[3] == 3);
    t[44 + 1] = 0; fix_sum(t, n, 9);                  /* entry length 0 */
    CHECK(acpi_parse_madt(t, n, &m) == -1);
    n = build_madt(t);
    t[44 + 8 * 16 + 1] = 200; fix_sum(t, n, 9);       /* entry runs past the table */
    CHECK(acpi_parse_madt(t, n, &m) == -1);
    n = build_madt(t);
    memcpy(t, "FACP", 4); fix_sum(t, n, 9);
    CHECK(acpi_parse_madt(t, n, &m) == -1);           /* wrong signature */
}

static void test_rsdp_rsdt(void)
{
    uint8_t r[20], t[44];
    memset(r, 0, sizeof r);
    memcpy(r, "RSD PTR ", 8);
    put32(r + 16, 0x0FFE1234u);
    fix_sum(r, 20, 8);
    CHECK(acpi_rsdp_rsdt(r, 20) == 0x0FFE1234u);
    CHECK(acpi_rsdp_rsdt(r, 19) == 0);
    r[9] ^= 1;
    CHECK(acpi_rsdp_rsdt(r, 20) == 0);
    memset(t, 0, sizeof t);
    memcpy(t, "RSDT", 4);
    put32(t + 4, 44);
    put32(t + 36, 0x1000); put32(t + 40, 0x2000);
    fix_sum(t, 44, 9);
    CHECK(acpi_rsdt_entry(t, 44, 0) == 0x1000 && acpi_rsdt_entry(t, 44, 1) == 0x2000);
    CHECK(acpi_rsdt_entry(t, 44, 2) == 0);
    CHECK(acpi_rsdt_entry(t, 43, 0) == 0);
}

static int build_mp(uint8_t *t)
{
    int off = 44;
    memset(t, 0, 256);
    memcpy(t, "PCMP", 4);
    t[6] = 4;
    put32(t + 36, 0xFEE00000u);
    t[off] = 0; t[off + 1] = 3; t[off + 3] = 1; off += 20;           /* enabled, not BSP */
    t[off] = 0; t[off + 1] = 7; t[off + 3] = 0; off += 20;           /* disabled */
    t[off] = 0; t[off + 1] = 1; t[off + 3] = 3; off += 20;           /* enabled BSP */
    t[off] = 1; t[off + 1] = 2; memcpy(t + off + 2, "ISA   ", 6); off += 8;
    t[off] = 2; t[off + 1] = 5; t[off + 3] = 1; put32(t + off + 4, 0xFEC00000u); off += 8;
    t[off] = 3; t[off + 2] = 0x0F; t[off + 4] = 2; t[off + 5] = 4; t[off + 6] = 5; t[off + 7] = 9; off += 8;
    t[34] = 6;
    t[4] = (uint8_t)off;
    fix_sum(t, off, 7);
    return off;
}

static void test_synthetic_mp(void)
{
    uint8_t t[256], f[16];
    struct madt_info m;
    int n = build_mp(t);
    CHECK(mp_parse_config(t, n, &m) == 0);
    CHECK(m.ncpu == 2 && m.apic_id[0] == 3 && m.apic_id[1] == 1 && m.bsp == 1);
    CHECK(m.ioapic_id == 5 && m.ioapic_addr == 0xFEC00000u);
    CHECK(m.irq_gsi[4] == 9 && m.irq_flags[4] == 0x0F);
    t[34] = 7; fix_sum(t, n, 7);                      /* count runs past the table */
    CHECK(mp_parse_config(t, n, &m) == -1);
    n = build_mp(t);
    t[44] = 9; fix_sum(t, n, 7);                      /* unknown entry type */
    CHECK(mp_parse_config(t, n, &m) == -1);
    CHECK(mp_parse_config(t, 40, &m) == -1);
    memset(f, 0, sizeof f);
    memcpy(f, "_MP_", 4);
    put32(f + 4, 0x000F1230u);
    f[8] = 1; f[9] = 4;
    fix_sum(f, 16, 10);
    CHECK(mp_fps_config(f, 16) == 0x000F1230u);
    f[11] = 5; fix_sum(f, 16, 10);                    /* default configuration: unsupported */
    CHECK(mp_fps_config(f, 16) == 0);
    f[11] = 0; f[10] ^= 1;
    CHECK(mp_fps_config(f, 16) == 0);
}

int main(void)
{
    test_qemu_madt("tests/host/data/qemu-smp4-madt.hex", 4);
    test_qemu_madt("tests/host/data/qemu-smp8-madt.hex", 8);
    /* SeaBIOS (QEMU 7.2) builds its MP table listing only the boot CPU, even
     * with -smp 4 or 8 (captured fact; its ACPI MADT lists them all). */
    test_qemu_mp("tests/host/data/qemu-smp4-mpconfig.hex", 1);
    test_qemu_mp("tests/host/data/qemu-smp8-mpconfig.hex", 1);
    test_synthetic_madt();
    test_rsdp_rsdt();
    test_synthetic_mp();
    printf("acpi_test: %d checks, %d failed\n", checks, failures);
    return failures != 0;
}
