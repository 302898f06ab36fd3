/* NMI IPIs and stopping other CPUs (Intel SDM Vol. 3, 10.6.1 NMI delivery
 * mode; 6.7.1 NMIs are blocked until IRET).  Our handler claims only NMIs we
 * sent (a request in cpus[i].nmi_fn, or a stop); any other NMI is left to
 * trap() as the host runner's hang NMI.  Overrides panic_stop_others(). */
#include "kernel/ipi.h"
#include "kernel/cpu.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "kernel/console.h"
#include "kernel/qexit.h"
#include "kernel/clock.h"

static volatile int stopping;

/* The host runner's NMI (QEMU monitor "nmi") reaches one CPU (or several):
 * the first becomes the leader, reports where it was, forwards an NMI IPI to
 * every CPU that has not reported, and ends the run once all have (or after
 * 500 ms).  Before the clock is calibrated, or on one CPU, trap() falls back
 * to panic_nmi(). */
static volatile int hang_leader = -1, hang_reported, hang_done[NCPU_MAX];

static void hang_report(struct trapframe *tf)
{
    if (__atomic_exchange_n(&hang_done[cpu_id()], 1, __ATOMIC_SEQ_CST))
        return;
    trap_report(tf, "NMI (external: host runner timeout or watchdog)");
    __atomic_add_fetch(&hang_reported, 1, __ATOMIC_SEQ_CST);
}

static void hang_report_and_halt(struct trapframe *tf)
{
    hang_report(tf);
    for (;;) { cli(); hlt(); }
}

static bool external_nmi(struct trapframe *tf)
{
    int exp = -1, me = cpu_id(), i;
    uint64_t end;
    if (!clock_tsc_khz || ncpu < 2)
        return false;
    if (!__atomic_compare_exchange_n(&hang_leader, &exp, me, false,
                                     __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        hang_report_and_halt(tf);             /* the leader ends the run */
    console_panic_cpu = me;                   /* a CPU stuck with the console lock (in an NMI of
                                               * its own, say) must not silence the report */
    hang_report(tf);
    for (i = 0; i < ncpu; i++)
        if (i != me && !hang_done[i])
            smp_nmi_call(i, hang_report_and_halt);
    end = clock_ns() + 500000000ull;
    while (READ_ONCE(hang_reported) < ncpu && clock_ns() < end)
        pause();
    kprintf("End of test: FAILURE (hang: NMI, %d of %d CPUs reported, first cpu %d)\n",
            hang_reported, ncpu, me);
    qemu_exit(QEXIT_HANG);
}

static bool smp_nmi(struct trapframe *tf)
{
    struct cpu *c = mycpu();
    void (*fn)(struct trapframe *);
    if (READ_ONCE(stopping) && c->id != stopping - 1)
        for (;;) { cli(); hlt(); }             /* stopped by a panicking CPU */
    fn = __atomic_exchange_n(&c->nmi_fn, NULL, __ATOMIC_ACQ_REL);
    if (!fn)
        return external_nmi(tf);
    fn(tf);
    return true;
}

void smp_nmi_init(void) { trap_register(T_NMI, smp_nmi); }

void smp_nmi_set(int cpu, smp_nmi_fn fn, const struct trapreg *rec)
{
    trapreg_check(rec, TRAPREG_NMI_CALL, (uint32_t)fn);
    __atomic_store_n(&cpus[cpu].nmi_fn, fn, __ATOMIC_RELEASE);
}

void smp_nmi_send(int cpu, smp_nmi_fn fn, const struct trapreg *rec)
{
    smp_nmi_set(cpu, fn, rec);
    ipi_nmi(cpu);
}

void smp_stop_others(void)
{
    int expected = 0;
    if (!ipi_ready || ncpu < 2)
        return;
    if (__atomic_compare_exchange_n(&stopping, &expected, cpu_id() + 1, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        ipi_nmi_others();
}

void panic_stop_others(void) { smp_stop_others(); }
