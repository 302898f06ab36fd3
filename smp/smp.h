/* SMP bring-up: CPU discovery (ACPI MADT, MP table fallback) and starting
 * the application processors with INIT-SIPI-SIPI (Intel SDM Vol. 3, 8.4.4). */
#ifndef SMP_H
#define SMP_H
#define AP_TRAMPOLINE 0x7000          /* page below 1 MiB; SIPI vector 0x07 */
#ifndef __ASSEMBLY__
#include "kernel/types.h"
#include "smp/acpi.h"

/* Contract with boot/ap_start.S: the three longs at label ap_params. */
struct ap_params {
    uint32_t stack_top;
    uint32_t entry;                   /* void entry(int cpu) */
    uint32_t cpu;
};

extern struct madt_info smp_hw;       /* what discovery found */
int smp_discover(void);               /* before paging; returns CPUs found */
void smp_init(void);                  /* BSP after paging: APIC, clock, IOAPIC, APs */
void smp_boot_aps(void);
#endif
#endif
