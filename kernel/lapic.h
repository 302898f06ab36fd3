/* Local APIC (Intel SDM Vol. 3, chapter 10): registers, interrupt vectors
 * owned by the SMP code, IPIs through the ICR (10.6) and the LAPIC timer
 * (10.5.4).  The LAPIC is memory-mapped at LAPIC_BASE (uncached, paging.c). */
#ifndef LAPIC_H
#define LAPIC_H
#include "kernel/types.h"

#define LAPIC_BASE   0xFEE00000u
enum {
    LAPIC_ID = 0x20, LAPIC_VER = 0x30, LAPIC_TPR = 0x80, LAPIC_EOI = 0xB0,
    LAPIC_SVR = 0xF0, LAPIC_ESR = 0x280, LAPIC_ICRLO = 0x300, LAPIC_ICRHI = 0x310,
    LAPIC_LVT_TIMER = 0x320, LAPIC_LVT_LINT0 = 0x350, LAPIC_LVT_LINT1 = 0x360,
    LAPIC_LVT_ERR = 0x370, LAPIC_TIMER_ICR = 0x380, LAPIC_TIMER_CCR = 0x390,
    LAPIC_TIMER_DCR = 0x3E0,
};
/* ICR fields (SDM 10.6.1) */
#define ICR_FIXED     0x00000000u
#define ICR_NMI       0x00000400u
#define ICR_INIT      0x00000500u
#define ICR_STARTUP   0x00000600u
#define ICR_PENDING   0x00001000u
#define ICR_ASSERT    0x00004000u
#define ICR_LEVEL     0x00008000u
#define ICR_SELF      0x00040000u
#define ICR_ALL       0x00080000u
#define ICR_OTHERS    0x000C0000u
#define LVT_MASKED    0x00010000u
#define LVT_PERIODIC  0x00020000u

/* Vectors (IDT) used by the SMP code; 0x20-0x2F are the remapped 8259. */
#define V_UART      0x24          /* IOAPIC: ISA IRQ4 (COM1) */
#define V_TIMER     0xF0
#define V_CALL      0xF1          /* smp_call function queue */
#define V_RESCHED   0xF2
#define V_ERROR     0xFE
#define V_SPURIOUS  0xFF

uint32_t lapic_read(uint32_t reg);
void lapic_write(uint32_t reg, uint32_t v);
void lapic_init(void);            /* every CPU, after paging_enable_cpu() */
uint32_t lapic_id(void);
void lapic_eoi(void);
/* Send an IPI: lo is the ICR low word (mode | vector | shorthand), dest the
 * APIC ID (ignored with a shorthand).  Waits until the LAPIC accepted it. */
void lapic_icr(uint32_t dest, uint32_t lo);
#endif
