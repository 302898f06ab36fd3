/* Bounds in guest progress (kernel/gbound.h): wall time and the watched
 * CPUs' timer ticks (kernel/timer.c counts them in struct cpu). */
#include "kernel/gbound.h"
#include "kernel/clock.h"
#include "kernel/timer.h"
#include "kernel/console.h"
#include "kernel/panic.h"

static struct gbound run;            /* since the scenario started */

static uint32_t ms_ticks(uint32_t ms) { return (uint32_t)((uint64_t)ms * (uint32_t)timer_hz / 1000); }

void gbound_start(struct gbound *b, int cpu, uint32_t ms, uint32_t hard_ms)
{
    int i;
    ASSERT(cpu == GBOUND_ALL || (cpu >= 0 && cpu < ncpu));
    if (!hard_ms)
        hard_ms = ms >= 1000 ? 10 * ms : 10000;
    ASSERT(hard_ms >= ms);
    b->t0 = clock_ns();
    b->ms = ms;
    b->hard_ms = hard_ms;
    b->ticks = ms_ticks(ms);
    b->cpu = cpu;
    for (i = 0; i < NCPU_MAX; i++)
        b->tick0[i] = cpus[i].ticks;
}

uint32_t gbound_ms(const struct gbound *b) { return (uint32_t)((clock_ns() - b->t0) / 1000000); }

uint32_t gbound_ticks(const struct gbound *b)
{
    uint32_t least = ~0u, t;
    int i;
    for (i = 0; i < ncpu; i++) {
        if ((b->cpu != GBOUND_ALL && i != b->cpu) || !cpus[i].online)
            continue;
        t = cpus[i].ticks - b->tick0[i];
        least = t < least ? t : least;
    }
    return least == ~0u ? 0 : least;
}

bool gbound_hard(const struct gbound *b) { return gbound_ms(b) >= b->hard_ms; }

bool gbound_expired(const struct gbound *b)
{
    uint32_t ms = gbound_ms(b);
    return (ms >= b->ms && gbound_ticks(b) >= b->ticks) || ms >= b->hard_ms;
}

void guest_progress_mark(void) { gbound_start(&run, GBOUND_ALL, 0, 0); }

void guest_progress_report(void)
{
    uint32_t ms = gbound_ms(&run), want = ms_ticks(ms), t;
    int i;
    kprintf("guest progress: %u ms, hz=%d; ticks taken per cpu (share of %u):", ms, timer_hz, want);
    for (i = 0; i < ncpu; i++) {
        t = cpus[i].ticks - run.tick0[i];
        kprintf(" %u (%u%%)", t, want ? (uint32_t)((uint64_t)t * 100 / want) : 0);
    }
    kprintf("\n");
}
