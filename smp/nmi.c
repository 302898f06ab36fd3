/* NMI IPIs and stopping other CPUs (Intel SDM Vol. 3, 10.6.1 NMI delivery
 * mode; 6.7.1 NMIs are blocked until IRET).  Our handler claims only NMIs we
 * sent (a request in cpus[i].nmi_fn, or a stop); any other NMI is left to
 * trap() as the host runner's hang NMI.  Overrides panic_stop_others(). */
#include "kernel/ipi.h"
#include "kernel/cpu.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "kernel/thread.h"
#include "kernel/clock.h"

static volatile int stopping;

/* The host runner's NMI reaches every CPU.  An idle CPU gives a busy one
 * 200 ms to start the report (so it names where the work hung); if nobody
 * does, it reports itself (returns false: trap() calls panic_nmi). */
static NOPROBE bool external_nmi_idle(struct cpu *c)
{
    uint64_t end;
    if (!c->thread || c->thread != c->idle || !clock_tsc_khz || ncpu < 2)
        return false;
    end = clock_ns() + 200000000ull;
    while (clock_ns() < end)
        if (READ_ONCE(stopping))
            for (;;) { cli(); hlt(); }
    return false;
}

static NOPROBE bool smp_nmi(struct trapframe *tf)
{
    struct cpu *c = mycpu();
    void (*fn)(struct trapframe *);
    if (READ_ONCE(stopping) && c->id != stopping - 1)
        for (;;) { cli(); hlt(); }             /* stopped by a panicking CPU */
    fn = __atomic_exchange_n(&c->nmi_fn, NULL, __ATOMIC_ACQ_REL);
    if (!fn)
        return external_nmi_idle(c);
    fn(tf);
    return true;
}

void smp_nmi_init(void) { trap_register(T_NMI, smp_nmi); }

NOPROBE void smp_nmi_call(int cpu, void (*fn)(struct trapframe *))
{
    __atomic_store_n(&cpus[cpu].nmi_fn, fn, __ATOMIC_RELEASE);
    ipi_nmi(cpu);
}

NOPROBE void smp_stop_others(void)
{
    int expected = 0;
    if (!ipi_ready || ncpu < 2)
        return;
    if (__atomic_compare_exchange_n(&stopping, &expected, cpu_id() + 1, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        ipi_nmi_others();
}

NOPROBE void panic_stop_others(void) { smp_stop_others(); }
