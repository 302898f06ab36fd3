/* Watchdog: on its timer tick, CPU i checks that CPU (i+1) mod ncpu has taken
 * a tick within watchdog= ms.  A stalled CPU (interrupts off, or stuck in an
 * interrupt) is sent an NMI that reports its EIP and backtrace; the run ends
 * with QEXIT_STALL and "End of test: FAILURE (stall ...)".  If the NMI is not
 * answered within a second, the detecting CPU ends the run itself. */
#include "kernel/watchdog.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/ksym.h"
#include "kernel/ipi.h"
#include "kernel/trap.h"
#include "kernel/qexit.h"
#include "kernel/param.h"
#include "kernel/panic.h"

int watchdog_ms = 3000;
KPARAM_INT("watchdog", watchdog_ms, 0, 3600000, "ms without a tick before a CPU counts as stalled (0: off)");

static volatile int armed, fired;
static uint32_t seen_ticks[NCPU_MAX];
static uint64_t seen_ns[NCPU_MAX];

void watchdog_arm(void)
{
    uint64_t now = clock_ns();
    int i;
    for (i = 0; i < NCPU_MAX; i++) {
        seen_ticks[i] = cpus[(i + 1) % (ncpu ? ncpu : 1)].ticks;
        seen_ns[i] = now;
    }
    armed = watchdog_ms > 0 && ncpu > 1;
}

static void watchdog_nmi(struct trapframe *tf)
{
    char sym[96];
    smp_stop_others();
    ksym_format(tf->eip, sym, sizeof sym);
    trap_report(tf, "STALL: watchdog NMI");
    kprintf("End of test: FAILURE (stall on cpu %d at %08x %s)\n", cpu_id(), tf->eip, sym);
    qemu_exit(QEXIT_STALL);
}

void watchdog_tick(void)
{
    int me = cpu_id(), n = (me + 1) % ncpu, exp = 0;
    uint64_t now, end;
    uint32_t t;
    if (!armed || !cpus[n].online)
        return;
    now = clock_ns();
    t = cpus[n].ticks;
    if (t != seen_ticks[me]) {
        seen_ticks[me] = t;
        seen_ns[me] = now;
        return;
    }
    if (now - seen_ns[me] < (uint64_t)watchdog_ms * 1000000u)
        return;
    if (!__atomic_compare_exchange_n(&fired, &exp, 1, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        return;
    kprintf("!!! watchdog: cpu %d took no timer tick for %u ms (stuck at %u); NMI from cpu %d\n",
            n, (uint32_t)((now - seen_ns[me]) / 1000000u), t, me);
    smp_nmi_call(n, watchdog_nmi);
    end = clock_ns() + 1000000000ull;
    while (clock_ns() < end)
        ;
    kprintf("End of test: FAILURE (stall on cpu %d: NMI not answered)\n", n);
    qemu_exit(QEXIT_STALL);
}
