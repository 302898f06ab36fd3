/* Clock calibration and the monotonic clock.  One PIT channel-2 one-shot of
 * CAL_MS bounds a window in which both the TSC and the LAPIC timer (SDM Vol.
 * 3, 10.5.4, divide by 16, one-shot from 0xFFFFFFFF) are sampled.  The TSC is
 * assumed invariant and shared by all CPUs (true under QEMU TCG; SDM 17.17). */
#include "kernel/clock.h"
#include "kernel/lapic.h"
#include "kernel/pit.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/console.h"

#define CAL_MS 25
uint32_t clock_tsc_khz;
uint32_t clock_lapic_khz;
static uint64_t tsc_base;

void clock_init(void)
{
    uint64_t t0, t1;
    uint32_t l0, l1;
    lapic_write(LAPIC_TIMER_DCR, 0x3);                /* divide by 16 */
    lapic_write(LAPIC_LVT_TIMER, LVT_MASKED);
    lapic_write(LAPIC_TIMER_ICR, 0xFFFFFFFFu);
    pit_oneshot_start((uint16_t)(PIT_HZ * CAL_MS / 1000));
    t0 = rdtsc();
    l0 = lapic_read(LAPIC_TIMER_CCR);
    while (!pit_oneshot_done())
        pause();
    t1 = rdtsc();
    l1 = lapic_read(LAPIC_TIMER_CCR);
    lapic_write(LAPIC_TIMER_ICR, 0);
    clock_tsc_khz = (uint32_t)((t1 - t0) / CAL_MS);
    clock_lapic_khz = (l0 - l1) / CAL_MS;
    if (clock_tsc_khz < 1000 || clock_lapic_khz < 10)
        panic("clock_init: calibration failed (tsc %u kHz, lapic %u kHz)", clock_tsc_khz, clock_lapic_khz);
    tsc_base = t0;
    pr_info("clock: TSC %u.%03u MHz, LAPIC timer %u kHz (/16), against PIT over %d ms\n",
            clock_tsc_khz / 1000, clock_tsc_khz % 1000, clock_lapic_khz, CAL_MS);
}

uint64_t clock_tsc_to_ns(uint64_t tsc)
{
    return tsc / clock_tsc_khz * 1000000u + tsc % clock_tsc_khz * 1000000u / clock_tsc_khz;
}

uint64_t clock_ns(void)
{
    return clock_tsc_to_ns(rdtsc() - tsc_base);
}

void clock_delay_us(uint32_t us)
{
    uint64_t end;
    ASSERT(clock_tsc_khz);
    end = rdtsc() + (uint64_t)us * clock_tsc_khz / 1000;
    while (rdtsc() < end)
        pause();
}
