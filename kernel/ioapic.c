/* I/O APIC programming (Intel 82093AA datasheet 3.2: IOREGSEL/IOWIN, version
 * register, redirection table entries 0x10 + 2n).  Also remaps and masks the
 * two 8259 PICs so their spurious IRQ7/15 cannot alias exception vectors. */
#include "kernel/ioapic.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/console.h"
#include "kernel/mem.h"

static volatile uint32_t *ioapic;
static uint32_t ioapic_gsi0, ioapic_npins;

static uint32_t rd(uint32_t reg) { ioapic[0] = reg; return ioapic[4]; }
static void wr(uint32_t reg, uint32_t v) { ioapic[0] = reg; ioapic[4] = v; }

void pic_disable(void)
{
    outb(0x20, 0x11); outb(0xA0, 0x11);     /* ICW1: init, ICW4 follows */
    outb(0x21, 0x20); outb(0xA1, 0x28);     /* ICW2: vectors 0x20.., 0x28.. */
    outb(0x21, 0x04); outb(0xA1, 0x02);     /* ICW3: cascade on IRQ2 */
    outb(0x21, 0x01); outb(0xA1, 0x01);     /* ICW4: 8086 mode */
    outb(0x21, 0xFF); outb(0xA1, 0xFF);     /* mask everything */
}

void ioapic_init(uint32_t addr, uint32_t gsi_base)
{
    uint32_t i;
    ASSERT(addr >= 0xFEC00000u && addr < 0xFEE00000u);      /* mapped by paging_init */
    ioapic = (volatile uint32_t *)addr;
    ioapic_gsi0 = gsi_base;
    ioapic_npins = ((rd(1) >> 16) & 0xFF) + 1;
    for (i = 0; i < ioapic_npins; i++) {
        wr(0x10 + 2 * i, 0x10000);                           /* masked */
        wr(0x11 + 2 * i, 0);
    }
    pr_info("ioapic: %08x, %u pins from GSI %u\n", addr, ioapic_npins, gsi_base);
}

void ioapic_route(uint32_t gsi, int vector, uint32_t apic_id, bool level_low)
{
    uint32_t pin = gsi - ioapic_gsi0;
    ASSERT(ioapic && gsi >= ioapic_gsi0 && pin < ioapic_npins);
    ASSERT(vector >= 0x20 && vector < 0xF0);
    wr(0x11 + 2 * pin, apic_id << 24);
    wr(0x10 + 2 * pin, (uint32_t)vector | (level_low ? (1u << 15) | (1u << 13) : 0));
}
