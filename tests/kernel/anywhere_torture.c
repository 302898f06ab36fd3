/* anywhere-torture (issue 13): probes on functions that used to be in the
 * no-probe section (printing, symbol lookup, IPI sending, spinlocks, the
 * patcher's own helpers), while a worker per CPU uses them and the
 * djprobe-torture runs (djt_anywhere=1).  Four probes stay for the whole run
 * (jump-optimized where the region allows) and count exactly: their handler
 * reads the probed call's argument with probe_read() and recognizes the
 * workers' own calls, which must all be seen.  The others come and go.  A
 * handler calls any_nested(), itself probed: every such hit must be missed. */
#include "kernel/thread.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/spinlock.h"
#include "kernel/ksym.h"
#include "kernel/ipi.h"
#include "kernel/fmt.h"
#include "kernel/fixup.h"
#include "kernel/mem.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "tests/kernel/anywhere.h"
#include "tests/kernel/torture.h"

enum { A_LOCK, A_SYM, A_CALL, A_FMT, NEXACT };
static const char *const exact_fn[NEXACT] = { "spin_lock", "ksym_lookup", "smp_call_mask", "kvsnprintf" };
static const int exact_arg[NEXACT] = { 0, 0, 1, 2 };      /* which argument identifies our calls */
static const char *const churn_fn[] = {
    "spin_unlock", "spin_lock_irqsave", "spin_unlock_irqrestore", "console_lock", "emit",
    "kprintf", "uart_putc", "ksym_format", "ipi_send", "lapic_icr", "lapic_eoi", "kmalloc",
    "kfree", "thread_wake", "plog_drain", "text_sync_cores", "int3_sync_refs", "ksnprintf",
};
#define NCHURN ((int)(sizeof churn_fn / sizeof churn_fn[0]))

struct ap {
    struct kprobe kp;
    int exact;                          /* A_* or -1 */
    bool live;
    uint32_t ran[NCPU_MAX];             /* handler runs, per CPU */
    uint32_t mine[NCPU_MAX];            /* of them, the workers' own calls */
};
static struct ap exact[NEXACT], churn[NCHURN], nested;
static struct spinlock any_lock = SPINLOCK_INIT("anywhere");
static const char any_fmt[] = "anywhere %u %s";
static volatile uint32_t any_ipi_count, any_nested_calls[NCPU_MAX], handler_faults;
static uint32_t calls[NEXACT], lock_count, lock_iters, churn_ops, churn_refused, churn_hits, churn_hit_fns;
static volatile int any_stop;
static struct thread *workers[NCPU_MAX], *churner;

__attribute__((noinline)) void any_nested(void) { barrier(); }
static volatile uint32_t any_errors;
/* Distinct bodies: identical ones would be folded into one symbol (-fipa-icf). */
__attribute__((noinline)) void any_marker(void) { __atomic_add_fetch(&any_errors, 0, __ATOMIC_RELAXED); }
static void any_ipi_fn(void *arg) { (void)arg; __atomic_add_fetch(&any_ipi_count, 1, __ATOMIC_RELAXED); }

/* The value our calls pass in argument k: 0 spin_lock(&any_lock), 1 ksym_lookup(inside
 * any_marker), 2 smp_call_mask(.., any_ipi_fn, ..), 3 kvsnprintf(.., .., any_fmt, ..). */
static bool ours(int e, uint32_t v)
{
    switch (e) {
    case A_LOCK: return v == (uint32_t)&any_lock;
    case A_SYM: return v == (uint32_t)any_marker + 1;
    case A_CALL: return v == (uint32_t)any_ipi_fn;
    default: return v == (uint32_t)any_fmt;
    }
}

/* At function entry the interrupted ESP (just above the frame: no privilege
 * change) holds the return address, then the arguments. */
static int any_pre(struct kprobe *p, struct trapframe *tf)
{
    struct ap *a = (struct ap *)p;
    int me = cpu_id();
    uint32_t v;
    a->ran[me]++;
    if (a->exact >= 0) {
        if (probe_read(&v, (const uint32_t *)(tf + 1) + 1 + exact_arg[a->exact], 4))
            __atomic_add_fetch(&handler_faults, 1, __ATOMIC_RELAXED);
        else if (ours(a->exact, v))
            a->mine[me]++;
    }
    if (a != &nested) {
        any_nested_calls[me]++;
        any_nested();                    /* probed: must count as missed (H11) */
    }
    return 0;
}

static int ap_register(struct ap *a, const char *fn, bool opt)
{
    char err[160];
    kmemset(&a->kp, 0, sizeof a->kp);
    a->kp.symbol = fn;
    a->kp.pre_handler = any_pre;
    a->kp.flags = opt ? KPROBE_OPTIMIZE : 0;
    if (kprobe_register(&a->kp, err, sizeof err)) {
        kprintf("!!! anywhere-torture: %s refused: %s\n", fn, err);
        return -1;
    }
    a->live = true;
    return 0;
}

static uint32_t sum(const uint32_t *v)
{
    uint32_t i, n = 0;
    for (i = 0; i < NCPU_MAX; i++)
        n += v[i];
    return n;
}

/* One round of every use, in thread context, pinned to this CPU. */
static void worker(void *arg)
{
    int me = (int)(uint32_t)arg, other;
    uint32_t rng = 0xa11 + (uint32_t)me, i, n = 0;
    char buf[48];
    while (!READ_ONCE(any_stop)) {
        spin_lock(&any_lock);
        i = lock_count;                  /* mutual exclusion, checked at the end */
        pause();
        lock_count = i + 1;
        spin_unlock(&any_lock);
        __atomic_add_fetch(&calls[A_LOCK], 1, __ATOMIC_RELAXED);
        if (ksym_lookup((uint32_t)any_marker + 1) != ksym_by_name("any_marker"))
            __atomic_add_fetch(&any_errors, 1, __ATOMIC_RELAXED);
        __atomic_add_fetch(&calls[A_SYM], 1, __ATOMIC_RELAXED);
        ksnprintf(buf, sizeof buf, any_fmt, n, "x");
        ksym_format((uint32_t)any_marker + 2, buf, sizeof buf);   /* not +1: see ours() */
        __atomic_add_fetch(&calls[A_FMT], 1, __ATOMIC_RELAXED);
        if (ncpu > 1) {
            other = (me + 1 + (int)(torture_rnd(&rng) % (uint32_t)(ncpu - 1))) % ncpu;
            smp_call_one(other, any_ipi_fn, NULL, true);
            __atomic_add_fetch(&calls[A_CALL], 1, __ATOMIC_RELAXED);
        }
        if (++n % 64 == 0)
            kprintf("anywhere-torture: cpu %d round %u\n", me, n);
        if (n % 4 == 0)
            thread_sleep_ns(100000);
        else
            thread_yield();
    }
    __atomic_add_fetch(&lock_iters, n, __ATOMIC_RELAXED);
}

/* Registers and removes the churned probes at random (optimized or not). */
static void churn_main(void *arg)
{
    uint32_t rng = 0xc4u ^ (uint32_t)arg;
    while (!READ_ONCE(any_stop)) {
        struct ap *a = &churn[torture_rnd(&rng) % NCHURN];
        if (!a->live) {
            if (ap_register(a, churn_fn[a - churn], torture_rnd(&rng) & 1))
                churn_refused++;
        } else {
            kprobe_unregister(&a->kp);
            a->live = false;
            churn_hits += kprobe_nhit(&a->kp);
            churn_hit_fns |= kprobe_nhit(&a->kp) ? 1u << (a - churn) : 0;
            if (sum(a->ran) != kprobe_nhit(&a->kp) && __atomic_fetch_add(&any_errors, 1, __ATOMIC_RELAXED) < 5)
                kprintf("!!! anywhere-torture: %s: %u hits counted but the handler ran %u times\n",
                        a->kp.symbol, kprobe_nhit(&a->kp), sum(a->ran));
            kmemset(a->ran, 0, sizeof a->ran);
        }
        churn_ops++;
        thread_sleep_ns(2000000);
    }
}

int anywhere_start(void)
{
    int i;
    nested.exact = -1;
    for (i = 0; i < NCHURN; i++)
        churn[i].exact = -1;
    if (ap_register(&nested, "any_nested", false))
        return -1;
    for (i = 0; i < NEXACT; i++) {
        exact[i].exact = i;
        if (ap_register(&exact[i], exact_fn[i], true))
            return -1;
    }
    djprobe_flush();
    for (i = 0; i < ncpu; i++)
        workers[i] = thread_create("anywhere", worker, (void *)(uint32_t)i, 1u << i);
    churner = thread_create("any-churn", churn_main, (void *)0, CPUMASK_ALL);
    return 0;
}

/* Stops the workers and the churn, removes every probe and checks the counts:
 * 0, or 1 with why. */
int anywhere_finish(char *why, size_t n)
{
    uint32_t missed, ncalls, opt = 0;
    int i, bad = 0;
    any_stop = 1;
    for (i = 0; i < ncpu; i++)
        if (workers[i])
            thread_join(workers[i]);
    if (churner)
        thread_join(churner);
    for (i = 0; i < NCHURN; i++)
        if (churn[i].live) {
            kprobe_unregister(&churn[i].kp);
            churn[i].live = false;
            churn_hits += kprobe_nhit(&churn[i].kp);
            churn_hit_fns |= kprobe_nhit(&churn[i].kp) ? 1u << i : 0;
        }
    for (i = 0; i < NEXACT; i++) {
        opt += kprobe_opt_state(&exact[i].kp) == DJ_OPTIMIZED;
        kprintf("anywhere-torture: %s (%s): %u calls by the workers, %u seen by the handler; "
                "%u hits, handler ran %u times, %u missed\n", exact_fn[i],
                kprobe_opt_state(&exact[i].kp) == DJ_OPTIMIZED ? "jump-optimized" : "int3",
                calls[i], sum(exact[i].mine), kprobe_nhit(&exact[i].kp), sum(exact[i].ran), exact[i].kp.nmissed);
        kprobe_unregister(&exact[i].kp);
        if (sum(exact[i].mine) != calls[i] || kprobe_nhit(&exact[i].kp) != sum(exact[i].ran))
            bad = ksnprintf(why, n, "%s: %u calls, %u seen by the handler, %u hits, %u handler runs",
                            exact_fn[i], calls[i], sum(exact[i].mine), kprobe_nhit(&exact[i].kp), sum(exact[i].ran));
    }
    kprobe_unregister(&nested.kp);
    missed = nested.kp.nmissed;
    ncalls = sum((const uint32_t *)any_nested_calls);
    kprintf("anywhere-torture: any_nested called %u times from handlers: %u missed, %u hits; "
            "lock %u of %u; IPIs %u of %u; churn %u operations (%u refused), %u hits in %d of %d functions; "
            "handler read faults %u; "
            "%u of %d exact probes jump-optimized\n", ncalls, missed, kprobe_nhit(&nested.kp), lock_count, lock_iters,
            any_ipi_count, calls[A_CALL], churn_ops, churn_refused, churn_hits, __builtin_popcount(churn_hit_fns),
            NCHURN, handler_faults, opt, NEXACT);
    for (i = 0; i < NCHURN; i++)
        if (!(churn_hit_fns & 1u << i))
            kprintf("anywhere-torture: churned %s was never hit while probed\n", churn_fn[i]);
    if (bad)
        return 1;
    if (kprobe_nhit(&nested.kp) || sum(nested.ran) || missed != ncalls)
        return ksnprintf(why, n, "H11: any_nested hit %u times inside handlers, %u missed, %u handler runs",
                         ncalls, missed, sum(nested.ran)), 1;
    if (lock_count != lock_iters)
        return ksnprintf(why, n, "spin_lock: %u increments for %u locked sections", lock_count, lock_iters), 1;
    if (any_ipi_count != calls[A_CALL])
        return ksnprintf(why, n, "%u calls ran of %u waited for", any_ipi_count, calls[A_CALL]), 1;
    if (any_errors)
        return ksnprintf(why, n, "%u errors (wrong symbol lookups, churned probes' counts)", any_errors), 1;
    if (handler_faults || !ncalls || !calls[A_LOCK] || churn_refused == churn_ops)
        return ksnprintf(why, n, "%u handler read faults, %u nested calls, %u rounds, %u of %u churn "
                         "registrations refused", handler_faults, ncalls, calls[A_LOCK], churn_refused,
                         churn_ops), 1;
    return 0;
}
