/* The probe-all torture's load (issue 21): a worker per CPU doing checked
 * heap, sleeping-lock, wait-queue and IPI work, and a pinger that sends an
 * NMI to every CPU (itself too) every pa_nmi_us, one in flight per CPU (an
 * NMI is acknowledged before the next: SDM Vol. 3, 6.7.1, one NMI latched);
 * the NMI callback reads the clock and calls probe_read(). */
#include "kernel/thread.h"
#include "kernel/sleeplock.h"
#include "kernel/clock.h"
#include "kernel/gbound.h"
#include "kernel/console.h"
#include "kernel/fixup.h"
#include "kernel/ipi.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/x86.h"
#include "kernel/trap.h"
#include "patch/slot.h"
#include "vectors.h"
#include "tests/kernel/probeall.h"
#include "tests/kernel/torture.h"

static struct sleeplock pa_sl = SLEEPLOCK_INIT("probe-all");
static uint32_t pa_counter, pa_sections[NCPU_MAX];       /* both under pa_sl */
static volatile uint32_t pa_rounds[NCPU_MAX], pa_heap, pa_ipis, pa_waits, pa_errors;
static volatile uint32_t pa_token[NCPU_MAX];
static struct waitq pa_wq[NCPU_MAX];
static volatile uint32_t pa_nmi_taken[NCPU_MAX], pa_nmi_sent, pa_nmi_timeouts;
static volatile uint64_t pa_nmi_clock[NCPU_MAX];
static volatile uint32_t pa_nmi_in_db, pa_nmi_in_slot;   /* where NMIs landed */
static volatile int pa_stop;
static struct thread *pa_workers[NCPU_MAX], *pa_pinger;

static void pa_err(const char *what, uint32_t a, uint32_t b)
{
    if (__atomic_fetch_add(&pa_errors, 1, __ATOMIC_RELAXED) < 5)
        kprintf("!!! probe-all: load: %s (%u, %u)\n", what, a, b);
}

/* NMI context: the clock and probe_read, as NMI handlers do. */
static void pa_nmi(struct trapframe *tf)
{
    int me = cpu_id();
    uint32_t v;
    pa_nmi_clock[me] = clock_ns();
    if (tf->eip >= vectors[T_DB] && tf->eip < vectors[T_DB + 1])
        pa_nmi_in_db++;                              /* a #DB entry, before its DR6 read */
    else if (slot_contains(tf->eip))
        pa_nmi_in_slot++;                            /* a step's copy, TF set */
    if (probe_read(&v, (const void *)tf->eip, sizeof v))
        pa_err("NMI: probe_read of the interrupted EIP faulted", tf->eip, 0);
    __atomic_add_fetch(&pa_nmi_taken[me], 1, __ATOMIC_RELEASE);
}

static void pa_ipi(void *arg)
{
    int w = (int)(uint32_t)arg;
    __atomic_store_n(&pa_token[w], 1, __ATOMIC_RELEASE);
    waitq_wake(&pa_wq[w], 1);
}

static bool pa_token_set(void *arg) { return READ_ONCE(pa_token[(int)(uint32_t)arg]) != 0; }

static void pa_heap_round(int me, uint32_t *rng)
{
    uint32_t n = 16 + torture_rnd(rng) % 700, i;
    uint8_t *p = kmalloc(n), pat = (uint8_t)(me * 31 + n);
    if (!p) { pa_err("heap: kmalloc failed", n, 0); return; }
    kmemset(p, pat, n);
    thread_yield();
    for (i = 0; i < n; i++)
        if (p[i] != pat) { pa_err("heap: block changed under its owner", n, i); break; }
    kfree(p);
    __atomic_add_fetch(&pa_heap, 1, __ATOMIC_RELAXED);
}

static void pa_lock_round(int me)
{
    bool lock = !(pa_bug == PA_BUG_UNLOCKED && me == 0);   /* BUG on purpose when set */
    uint32_t v;
    if (lock) sleeplock_acquire(&pa_sl);
    v = pa_counter;
    if (lock)
        thread_yield();                              /* others run inside, or queue */
    else
        thread_sleep_ns(100000);                     /* the bug's window: the other worker's section fits */
    pa_counter = v + 1;
    pa_sections[me]++;
    if (lock) sleeplock_release(&pa_sl);
}

/* An IPI to another CPU that wakes us through a wait queue. */
static void pa_ipi_round(int me, uint32_t *rng)
{
    int other = (me + 1 + (int)(torture_rnd(rng) % (uint32_t)(ncpu - 1))) % ncpu;
    pa_token[me] = 0;
    if (!(pa_bug == PA_BUG_IPI_LOST && me == 0 && pa_rounds[me] == 100))   /* BUG on purpose */
        smp_call_one(other, pa_ipi, (void *)(uint32_t)me, false);
    __atomic_add_fetch(&pa_ipis, 1, __ATOMIC_RELAXED);
    waitq_wait(&pa_wq[me], pa_token_set, (void *)(uint32_t)me);
    __atomic_add_fetch(&pa_waits, 1, __ATOMIC_RELAXED);
}

static void pa_worker(void *arg)
{
    int me = (int)(uint32_t)arg;
    uint32_t rng = 0x9a00u + (uint32_t)me;
    while (!READ_ONCE(pa_stop)) {
        pa_heap_round(me, &rng);
        pa_lock_round(me);
        if (ncpu > 1)
            pa_ipi_round(me, &rng);
        __atomic_add_fetch(&pa_rounds[me], 1, __ATOMIC_RELAXED);
        if (pa_rounds[me] % 4 == 0)
            thread_sleep_ns(200000);
    }
}

/* One NMI to every CPU, each acknowledged (taken) before the next round. */
static void pa_pinger_main(void *arg)
{
    uint32_t before[NCPU_MAX];
    uint64_t t0;
    struct gbound b;
    int i, lost = 0;
    (void)arg;
    while (!READ_ONCE(pa_stop)) {
        t0 = clock_ns();
        for (i = 0; i < ncpu; i++) {
            before[i] = __atomic_load_n(&pa_nmi_taken[i], __ATOMIC_ACQUIRE);
            if (pa_bug == PA_BUG_NMI_LOST && i == ncpu - 1 && pa_nmi_sent >= 1000 && !lost++)
                smp_nmi_arm(i, pa_nmi);              /* BUG on purpose: never sent */
            else
                smp_nmi_call(i, pa_nmi);
            pa_nmi_sent++;
        }
        for (i = 0; i < ncpu; i++) {       /* in the target's guest time: a busy host is not a lost NMI */
            gbound_start(&b, i, (uint32_t)pa_nmi_timeout_ms, 0);
            while (__atomic_load_n(&pa_nmi_taken[i], __ATOMIC_ACQUIRE) == before[i]) {
                if (gbound_expired(&b)) {
                    pa_nmi_timeouts++;
                    pa_err("NMI not taken within pa_nmi_timeout_ms by cpu", (uint32_t)i,
                           pa_nmi_sent);
                    break;
                }
                thread_yield();
            }
        }
        while (clock_ns() < t0 + (uint64_t)pa_nmi_us * 1000 && !READ_ONCE(pa_stop))
            thread_yield();
    }
}

/* Each worker goes round within 5 s of its CPU's guest time (a lost IPI or
 * wakeup would stop it; kernel/gbound.h: a busy host is not a stuck worker). */
static uint32_t pa_seen[NCPU_MAX];
static struct gbound pa_still[NCPU_MAX];
static bool pa_seen_any;

int pa_load_start(void)
{
    int i;
    pa_seen_any = false;
    for (i = 0; i < ncpu; i++) {
        waitq_init(&pa_wq[i], "probe-all");
        if (!(pa_workers[i] = thread_create("pa-load", pa_worker, (void *)(uint32_t)i, 1u << i)))
            return -1;
    }
    if (pa_nmi_us && !(pa_pinger = thread_create("pa-nmi", pa_pinger_main, NULL, 1u)))
        return -1;
    return 0;
}

static int pa_progress(char *why, size_t n)
{
    int i;
    for (i = 0; i < ncpu; i++) {
        if (pa_rounds[i] != pa_seen[i] || !pa_seen_any) {
            pa_seen[i] = pa_rounds[i];
            gbound_start(&pa_still[i], i, 5000, 0);
        } else if (gbound_expired(&pa_still[i]))
            return ksnprintf(why, n, "load worker on cpu %d made no progress for 5 s (round %u; %u ms, "
                             "%u ticks of its cpu)", i, pa_seen[i], gbound_ms(&pa_still[i]),
                             gbound_ticks(&pa_still[i])), 1;
    }
    pa_seen_any = true;
    return 0;
}

/* Before the load stops (which wakes every worker): a worker that has not
 * moved since the last check has the rest of its bound to move, so that a
 * walk that a fast host ends early cannot hide a stuck worker. */
int pa_load_settle(char *why, size_t n)
{
    uint32_t last[NCPU_MAX];
    int i, still = 1;
    for (i = 0; i < ncpu; i++)
        last[i] = pa_seen[i];
    while (still) {
        if (pa_progress(why, n))
            return 1;
        for (i = 0, still = 0; i < ncpu; i++)
            still |= pa_rounds[i] == last[i];
        if (still)
            thread_sleep_ns(10000000);
    }
    return 0;
}

/* Consistent under the lock: every section counted once and incremented once. */
int pa_load_check(char *why, size_t n)
{
    uint32_t sec = 0, ctr;
    int i;
    if (pa_progress(why, n))
        return 1;
    sleeplock_acquire(&pa_sl);
    for (i = 0; i < ncpu; i++)
        sec += pa_sections[i];
    ctr = pa_counter;
    sleeplock_release(&pa_sl);
    if (ctr != sec)
        return ksnprintf(why, n, "sleeping lock: counter %u after %u locked sections", ctr, sec), 1;
    if (pa_errors)
        return ksnprintf(why, n, "%u load errors (see the !!! lines)", pa_errors), 1;
    return 0;
}

void pa_load_stop(void)
{
    int i;
    pa_stop = 1;
    for (i = 0; i < ncpu; i++) {              /* a worker whose IPI was lost is stuck in the wait */
        __atomic_store_n(&pa_token[i], 1, __ATOMIC_RELEASE);
        waitq_wake(&pa_wq[i], 1);
    }
    for (i = 0; i < ncpu; i++)
        if (pa_workers[i])
            thread_join(pa_workers[i]);
    if (pa_pinger)
        thread_join(pa_pinger);
}

uint32_t pa_nmi_in_db_count(void) { return pa_nmi_in_db; }

void pa_load_stats(struct pa_load_stats *s)
{
    int i;
    kmemset(s, 0, sizeof *s);
    for (i = 0; i < ncpu; i++) {
        s->rounds += pa_rounds[i];
        s->nmis_taken += pa_nmi_taken[i];
        s->locked += pa_sections[i];
    }
    s->heap = pa_heap;
    s->ipis = pa_ipis;
    s->waits = pa_waits;
    s->errors = pa_errors;
    s->nmis_sent = pa_nmi_sent;
    s->nmi_timeouts = pa_nmi_timeouts;
    s->nmi_in_db = pa_nmi_in_db;
    s->nmi_in_slot = pa_nmi_in_slot;
}
