/* Local APIC setup and access (Intel SDM Vol. 3: 10.4.3 enabling through the
 * spurious-vector register, 10.5.1 LVT, 10.6.1 ICR, 10.8.5 EOI).  Every CPU
 * runs lapic_init() once; the ICR is written with interrupts off so that a
 * handler cannot interleave its own IPI between the two ICR halves. */
#include "kernel/lapic.h"
#include "kernel/trap.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/console.h"

uint32_t lapic_read(uint32_t reg)
{
    return *(volatile uint32_t *)(LAPIC_BASE + reg);
}

void lapic_write(uint32_t reg, uint32_t v)
{
    *(volatile uint32_t *)(LAPIC_BASE + reg) = v;
    (void)lapic_read(LAPIC_ID);          /* wait for the write to land */
}

uint32_t lapic_id(void) { return lapic_read(LAPIC_ID) >> 24; }

void lapic_eoi(void) { lapic_write(LAPIC_EOI, 0); }

static bool lapic_spurious(struct trapframe *tf) { (void)tf; return true; }   /* no EOI: 10.9 */

static bool lapic_error(struct trapframe *tf)
{
    uint32_t esr;
    (void)tf;
    lapic_write(LAPIC_ESR, 0);
    esr = lapic_read(LAPIC_ESR);
    lapic_eoi();
    pr_warn("lapic: error interrupt on cpu %d, ESR=%#x\n", cpu_id(), esr);
    return true;
}

void lapic_init(void)
{
    static volatile int registered;
    uint32_t a, b, c, d;
    cpuid(1, &a, &b, &c, &d);
    if (!(d & (1u << 9)))
        panic("lapic_init: CPUID reports no local APIC");
    if (cpu_id() == 0 && !registered) {
        registered = 1;
        trap_register(V_SPURIOUS, lapic_spurious);
        trap_register(V_ERROR, lapic_error);
    }
    lapic_write(LAPIC_SVR, 0x100 | V_SPURIOUS);          /* software enable */
    lapic_write(LAPIC_LVT_TIMER, LVT_MASKED);
    lapic_write(LAPIC_LVT_LINT0, LVT_MASKED);
    /* LINT1 is wired to NMI on PCs (MP spec 1.4, 5.1); keep it as NMI on the BSP */
    lapic_write(LAPIC_LVT_LINT1, cpu_id() == 0 ? 0x400 : LVT_MASKED);
    lapic_write(LAPIC_LVT_ERR, V_ERROR);
    lapic_write(LAPIC_ESR, 0);
    lapic_write(LAPIC_ESR, 0);
    lapic_eoi();
    lapic_write(LAPIC_TPR, 0);
    mycpu()->apic_id = lapic_id();
}

void lapic_icr(uint32_t dest, uint32_t lo)
{
    uint32_t f = read_eflags();
    cli();
    while (lapic_read(LAPIC_ICRLO) & ICR_PENDING)
        pause();
    lapic_write(LAPIC_ICRHI, dest << 24);
    lapic_write(LAPIC_ICRLO, lo);
    while (lapic_read(LAPIC_ICRLO) & ICR_PENDING)
        pause();
    if (f & EFLAGS_IF) sti();
}
