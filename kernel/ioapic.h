/* I/O APIC (82093AA datasheet; ACPI 6.4 5.2.12.3): route a global system
 * interrupt to a vector on one CPU.  The legacy 8259 PICs are masked. */
#ifndef IOAPIC_H
#define IOAPIC_H
#include "kernel/types.h"
void ioapic_init(uint32_t addr, uint32_t gsi_base);   /* BSP, after paging */
void ioapic_route(uint32_t gsi, int vector, uint32_t apic_id, bool level_low);
void pic_disable(void);
#endif
