/* CPU discovery: the ACPI MADT (ACPI 6.4, 5.2.12) or, if there is none or
 * discovery=mp is given, the MP configuration table (MP spec 1.4, 4).  Runs
 * on the BSP before paging.  acpi_dump=1 prints the raw tables in hex so they
 * can be captured as host-test data (tests/host/data/). */
#include "smp/smp.h"
#include "smp/mptable.h"
#include "kernel/cpu.h"
#include "kernel/param.h"
#include "kernel/console.h"

struct madt_info smp_hw;
static int discovery;                 /* 0 acpi (MP fallback), 1 mp only */
static int acpi_dump;
KPARAM_ENUM("discovery", discovery, "acpi|mp", "CPU discovery: ACPI MADT (MP table fallback) or MP table");
KPARAM_INT("acpi_dump", acpi_dump, 0, 1, "print the raw MADT and MP table in hex");

static void hex_dump(const char *tag, const void *buf, uint32_t len)
{
    const uint8_t *p = buf;
    uint32_t i;
    kprintf("%s-BEGIN %u\n", tag, len);
    for (i = 0; i < len; i++)
        kprintf("%02x%s", p[i], (i % 32 == 31 || i + 1 == len) ? "\n" : " ");
    kprintf("%s-END\n", tag);
}

static void dump_tables(void)
{
    const uint8_t *madt = acpi_find_madt_raw();
    const void *mp = mp_find_config_raw();
    if (madt) hex_dump("MADT", madt, *(const uint32_t *)(madt + 4));
    if (mp) hex_dump("MPCONFIG", mp, mp_config_len(mp));
}

int smp_discover(void)
{
    const char *src = "ACPI MADT";
    int n;
    if (acpi_dump)
        dump_tables();
    if (discovery == 1 || acpi_find_madt(&smp_hw) || smp_hw.ncpu == 0) {
        src = "MP table";
        if (mp_find(&smp_hw) || smp_hw.ncpu == 0) {
            pr_warn("smp: no MADT and no MP table; one CPU\n");
            madt_info_clear(&smp_hw);
            smp_hw.ncpu = 1;
            return 1;
        }
    }
    n = smp_hw.ncpu;
    pr_info("smp: %s lists %d CPU%s, lapic %08x, ioapic %08x, IRQ4 -> GSI %u\n", src, n,
            n > 1 ? "s" : "", smp_hw.lapic_addr, smp_hw.ioapic_addr, smp_hw.irq_gsi[4]);
    if (n > NCPU_MAX) {
        pr_warn("smp: only %d CPUs supported (NCPU_MAX)\n", NCPU_MAX);
        n = NCPU_MAX;
    }
    return n;
}
