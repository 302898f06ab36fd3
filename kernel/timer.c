/* LAPIC timer tick (Intel SDM Vol. 3, 10.5.4: periodic mode, divide-by-16,
 * initial count from the PIT-calibrated rate).  Each tick counts progress for
 * the watchdog, expires sleeps and drives time slices (kernel/sched.c). */
#include "kernel/timer.h"
#include "kernel/lapic.h"
#include "kernel/clock.h"
#include "kernel/trap.h"
#include "kernel/cpu.h"
#include "kernel/param.h"
#include "kernel/panic.h"
#include "kernel/sched.h"
#include "kernel/watchdog.h"

int timer_hz = 250;
KPARAM_INT("hz", timer_hz, 10, 20000, "timer tick rate per CPU (LAPIC timer)");

static bool timer_intr(struct trapframe *tf)
{
    struct cpu *c = mycpu();
    (void)tf;
    c->ticks++;
    lapic_eoi();
    sched_tick();
    watchdog_tick();
    return true;
}

void timer_init_cpu(void)
{
    uint32_t count;
    ASSERT(clock_lapic_khz);
    if (cpu_id() == 0)
        trap_register(V_TIMER, timer_intr);
    count = (uint32_t)((uint64_t)clock_lapic_khz * 1000 / (uint32_t)timer_hz);
    ASSERT(count > 0);
    lapic_write(LAPIC_TIMER_DCR, 0x3);
    lapic_write(LAPIC_LVT_TIMER, LVT_PERIODIC | V_TIMER);
    lapic_write(LAPIC_TIMER_ICR, count);
}
