/* Clock calibration and the monotonic clock.  A PIT channel-2 one-shot of
 * CAL_MS bounds a window in which both the TSC and the LAPIC timer (SDM Vol.
 * 3, 10.5.4, divide by 16, one-shot from 0xFFFFFFFF) are sampled; of up to
 * CAL_WINDOWS windows the one whose ends are known best is kept.  The TSC is
 * assumed invariant and shared by all CPUs (true under QEMU TCG; SDM 17.17). */
#include "kernel/clock.h"
#include "kernel/lapic.h"
#include "kernel/pit.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/console.h"

#define CAL_MS 10
#define CAL_WINDOWS 5
uint32_t clock_tsc_khz;
uint32_t clock_lapic_khz;
static uint64_t tsc_base;

/* One window: the TSC and LAPIC counts across a PIT one-shot, and its slack:
 * the TSC ticks in which the PIT's start and end are not known exactly.  A
 * vCPU the host stops right after the PIT expires would stretch the window
 * (seen on a busy host: the TSC measured 5x too fast, so guest time ran 5x
 * slow); the slack shows it. */
struct cal { uint64_t tsc, slack; uint32_t lapic; };

static void cal_window(struct cal *c)
{
    uint64_t pre, t0, t1, prev = 0, last;
    uint32_t l0, l1;
    lapic_write(LAPIC_TIMER_ICR, 0xFFFFFFFFu);
    pre = rdtsc();
    pit_oneshot_start((uint16_t)(PIT_HZ * CAL_MS / 1000));
    t0 = rdtsc();
    l0 = lapic_read(LAPIC_TIMER_CCR);
    last = rdtsc();
    while (!pit_oneshot_done()) {
        pause();
        prev = last;                       /* the PIT expires after this read's start */
        last = rdtsc();
    }
    t1 = rdtsc();
    l1 = lapic_read(LAPIC_TIMER_CCR);
    lapic_write(LAPIC_TIMER_ICR, 0);
    prev = prev ? prev : t0;
    c->tsc = (t1 + prev) / 2 - (pre + t0) / 2;
    c->slack = (t0 - pre) + (t1 - prev);
    c->lapic = l0 - l1;
}

/* The window with the least slack of up to CAL_WINDOWS (the first whose
 * slack is under 0.1% of it ends the search). */
void clock_init(void)
{
    struct cal c, best = { 0, ~0ull, 0 };
    int i;
    lapic_write(LAPIC_TIMER_DCR, 0x3);                /* divide by 16 */
    lapic_write(LAPIC_LVT_TIMER, LVT_MASKED);
    for (i = 0; i < CAL_WINDOWS && best.slack * 1000 > best.tsc; i++) {
        cal_window(&c);
        if (c.slack < best.slack)
            best = c;
    }
    clock_tsc_khz = (uint32_t)(best.tsc / CAL_MS);
    clock_lapic_khz = best.lapic / CAL_MS;
    if (clock_tsc_khz < 1000 || clock_lapic_khz < 10)
        panic("clock_init: calibration failed (tsc %u kHz, lapic %u kHz)", clock_tsc_khz, clock_lapic_khz);
    tsc_base = rdtsc();
    pr_info("clock: TSC %u.%03u MHz, LAPIC timer %u kHz (/16), against PIT over %d ms (window %d of %d, "
            "slack %u.%u%%)\n", clock_tsc_khz / 1000, clock_tsc_khz % 1000, clock_lapic_khz, CAL_MS, i,
            CAL_WINDOWS, (uint32_t)(best.slack * 100 / best.tsc), (uint32_t)(best.slack * 1000 / best.tsc % 10));
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
