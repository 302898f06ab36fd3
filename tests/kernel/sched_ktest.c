/* Self-tests (KTAP, scenario=selftest) of the thread and IPI primitives:
 * create/join, completions, timed sleep, affinity moves, calls on each CPU,
 * rendezvous parking, guard pages.  The tortures stress the same code. */
#include "kernel/ktest.h"
#include "kernel/thread.h"
#include "kernel/spinlock.h"
#include "kernel/sched.h"
#include "kernel/cpu.h"
#include "kernel/gbound.h"
#include "kernel/clock.h"
#include "kernel/ipi.h"
#include "kernel/mem.h"
#include "kernel/lapic.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "kernel/mem.h"

static volatile int counter;
static void bump(void *arg) { __atomic_add_fetch(&counter, (int)arg, __ATOMIC_RELAXED); }

KTEST(sched_create_join)
{
    struct thread *t[4];
    int i;
    counter = 0;
    for (i = 0; i < 4; i++) {
        t[i] = thread_create("kt-bump", bump, (void *)(i + 1), CPUMASK_ALL);
        KASSERT(t[i] != NULL);
    }
    for (i = 0; i < 4; i++) thread_join(t[i]);
    KEXPECT_EQ(counter, 1 + 2 + 3 + 4);
}

static struct completion kt_done;
static void signal_after_sleep(void *arg) { (void)arg; thread_sleep_ns(2000000); complete(&kt_done); }

KTEST(sched_completion_and_sleep)
{
    uint64_t t0 = clock_ns(), dt;
    struct thread *t;
    completion_init(&kt_done);
    t = thread_create("kt-sig", signal_after_sleep, NULL, CPUMASK_ALL);
    KASSERT(t != NULL);
    wait_for_completion(&kt_done);
    dt = clock_ns() - t0;
    KEXPECT(dt >= 2000000);
    KEXPECT(dt < 2000000000ull);
    thread_join(t);
}

KTEST(sched_affinity_moves_caller)
{
    int last = ncpu - 1, now;
    uint32_t old = thread_current()->affinity;
    thread_set_affinity(1u << last);
    preempt_disable();
    now = cpu_id();
    preempt_enable_no_resched();
    KEXPECT_EQ(now, last);
    thread_set_affinity(old);
    KEXPECT(old & (1u << cpu_id()));
}

static volatile int ran_on[NCPU_MAX];
static void mark(void *arg) { (void)arg; ran_on[cpu_id()]++; }

KTEST(ipi_call_each_cpu)
{
    int i;
    for (i = 0; i < ncpu; i++) ran_on[i] = 0;
    for (i = 0; i < ncpu; i++) smp_call_one(i, mark, NULL, true);
    for (i = 0; i < ncpu; i++) KEXPECT_EQ(ran_on[i], 1);
    KEXPECT_EQ(smp_call_all(mark, NULL, true), ncpu);
    for (i = 0; i < ncpu; i++) KEXPECT_EQ(ran_on[i], 2);
}

static int count_parked(void *arg)
{
    int i, n = 0;
    (void)arg;
    for (i = 0; i < ncpu; i++) n += cpus[i].parked;
    return n;
}

/* H2 query: parked CPUs were interrupted in kernel text, never in page 0. */
static int interrupted_query(void *arg)
{
    int cpu = -1, *res = arg;
    uint32_t eip = 0;
    res[0] = rendezvous_interrupted_in((uint32_t)__text_start, (uint32_t)__text_end, &cpu, &eip);
    res[1] = rendezvous_interrupted_in(0, 0x1000, &cpu, &eip);
    return 0;
}

KTEST(ipi_rendezvous_parks_others)
{
    int res[2];
    KEXPECT_EQ(rendezvous_run(count_parked, NULL), ncpu - 1);
    rendezvous_run(interrupted_query, res);
    KEXPECT_EQ(res[0], ncpu > 1);
    KEXPECT_EQ(res[1], 0);
    KEXPECT(read_eflags() & EFLAGS_IF);          /* interrupts back on */
}

KTEST(sched_stack_guard_unmapped)
{
    struct thread *t = thread_create("kt-guard", bump, (void *)0, CPUMASK_ALL);
    KASSERT(t != NULL);
    KEXPECT(!mem_is_mapped(t->stack_lo - PAGE_SIZE, 1));
    KEXPECT(mem_is_mapped(t->stack_lo, t->stack_hi - t->stack_lo));
    thread_join(t);
}

#define V_KTEST 0xE0
static volatile int shorthand_hits[NCPU_MAX];
static bool ktest_vector(struct trapframe *tf)
{
    (void)tf;
    __atomic_add_fetch(&shorthand_hits[cpu_id()], 1, __ATOMIC_RELAXED);
    lapic_eoi();
    return true;
}

static void wait_hits(int want_total)
{
    struct gbound b;
    int i, sum;
    gbound_start(&b, GBOUND_ALL, 200, 0);     /* guest time: every CPU ran 200 ms */
    do {
        for (sum = 0, i = 0; i < ncpu; i++) sum += shorthand_hits[i];
    } while (sum < want_total && !gbound_expired(&b));
}

KTEST(ipi_shorthands_all_and_others)
{
    static int registered;
    int i, me;
    if (!registered++) trap_register(V_KTEST, ktest_vector);
    for (i = 0; i < ncpu; i++) shorthand_hits[i] = 0;
    preempt_disable();
    me = cpu_id();
    ipi_send_all(V_KTEST);                     /* self included: taken once IF is on */
    wait_hits(ncpu);
    for (i = 0; i < ncpu; i++) KEXPECT_EQ(shorthand_hits[i], 1);
    ipi_send_others(V_KTEST);
    wait_hits(2 * ncpu - 1);
    for (i = 0; i < ncpu; i++) KEXPECT_EQ(shorthand_hits[i], i == me ? 1 : 2);
    ipi_send(me, V_KTEST);
    wait_hits(2 * ncpu);
    KEXPECT_EQ(shorthand_hits[me], 2);
    preempt_enable_no_resched();
}

/* Manual negative control (test=sched_deadlock): cpu 1 takes a lock and
 * never releases it; our spin_lock must panic after 10 s naming the lock
 * and where its holder took it. */
static struct spinlock kt_lock = SPINLOCK_INIT("ktest-deadlock");
static void take_and_keep(void *arg) { (void)arg; spin_lock(&kt_lock); barrier(); }  /* no tail call */

KTEST_MANUAL(sched_deadlock)
{
    KASSERT(ncpu > 1);
    smp_call_one(1, take_and_keep, NULL, true);
    spin_lock(&kt_lock);
    KEXPECT(0);                                /* not reached */
}

static volatile int nmi_seen[NCPU_MAX];
static void nmi_mark(struct trapframe *tf) { (void)tf; nmi_seen[cpu_id()]++; }

KTEST(ipi_nmi_each_other_cpu)
{
    struct gbound b;
    int i;
    for (i = 0; i < ncpu; i++) {
        if (i == cpu_id()) continue;
        gbound_start(&b, i, 200, 0);           /* 200 ms of cpu i's guest time */
        nmi_seen[i] = 0;
        smp_nmi_call(i, nmi_mark);
        while (!nmi_seen[i] && !gbound_expired(&b)) pause();
        KEXPECT_EQ(nmi_seen[i], 1);
    }
}

/* Two CPUs call each other with interrupts off and wait: only the polling
 * of one's own call queue while waiting keeps this from deadlocking. */
static volatile int xc_go, xc_done;
static void xc_remote(void *arg)
{
    (void)arg;
    while (!xc_go) pause();
    smp_call_one(0, mark, NULL, true);
    xc_done = 1;
}

KTEST(ipi_cross_calls_no_deadlock)
{
    uint32_t f;
    int i;
    KASSERT(cpu_id() == 0);                    /* main is pinned to cpu 0 */
    if (ncpu < 2) return;
    for (i = 0; i < ncpu; i++) ran_on[i] = 0;
    xc_go = xc_done = 0;
    f = read_eflags();
    cli();
    smp_call_one(1, xc_remote, NULL, false);
    xc_go = 1;
    smp_call_one(1, mark, NULL, true);        /* cpu 1 waits on us meanwhile */
    while (!xc_done) { smp_call_poll(); pause(); }
    if (f & EFLAGS_IF) sti();
    KEXPECT_EQ(ran_on[0], 1);
    KEXPECT_EQ(ran_on[1], 1);
}

/* The helpers self-tests use to look at another thread (kernel/ktest.h),
 * on a thread that never runs: blocked on a wait queue only if queued
 * there, asleep and off its CPU; stopped in a function only if off its CPU
 * with the function in its exact chain (a new thread: thread_start_asm). */
KTEST(sched_waitq_holds_and_stopped_in)
{
    struct waitq wq;
    struct thread *t = thread_alloc("kt-holds", 1);
    KASSERT(t);
    waitq_init(&wq, "kt-holds");
    t->state = TS_RUNNABLE;
    KEXPECT(ktest_stopped_in(t, "thread_start_asm"));
    KEXPECT(!ktest_stopped_in(t, "kmain"));
    t->on_cpu = 1;
    KEXPECT(!ktest_stopped_in(t, "thread_start_asm"));   /* on a CPU: its saved state is stale */
    t->state = TS_SLEEPING;
    t->wq_next = NULL;
    wq.head = wq.tail = t;
    KEXPECT(!waitq_holds(&wq, t));                       /* still switching out */
    t->on_cpu = 0;
    KEXPECT(waitq_holds(&wq, t));
    wq.head = wq.tail = NULL;
    KEXPECT(!waitq_holds(&wq, t));                       /* asleep, but not there */
    wq.head = wq.tail = t;
    t->state = TS_RUNNABLE;
    KEXPECT(!waitq_holds(&wq, t));                       /* woken, not yet dequeued */
    t->state = TS_ZOMBIE;
    thread_free(t);
}
