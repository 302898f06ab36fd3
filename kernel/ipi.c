/* IPI sending through the local APIC ICR (Intel SDM Vol. 3, 10.6.1:
 * fixed and NMI delivery modes, physical destination, shorthands). */
#include "kernel/ipi.h"
#include "kernel/lapic.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"

volatile int ipi_ready;

void ipi_send(int cpu, int vector)
{
    ASSERT(cpu >= 0 && cpu < NCPU_MAX && vector >= 0x20 && vector <= 0xFF);
    lapic_icr(cpus[cpu].apic_id, ICR_FIXED | ICR_ASSERT | (uint32_t)vector);
}

void ipi_send_all(int vector)
{
    lapic_icr(0, ICR_ALL | ICR_FIXED | ICR_ASSERT | (uint32_t)vector);
}

void ipi_send_others(int vector)
{
    lapic_icr(0, ICR_OTHERS | ICR_FIXED | ICR_ASSERT | (uint32_t)vector);
}

void ipi_nmi(int cpu)
{
    ASSERT(cpu >= 0 && cpu < NCPU_MAX);
    lapic_icr(cpus[cpu].apic_id, ICR_NMI | ICR_ASSERT);
}

void ipi_nmi_others(void)
{
    lapic_icr(0, ICR_OTHERS | ICR_NMI | ICR_ASSERT);
}
