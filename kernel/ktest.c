/* Self-test runner: selects tests from the .ktest section by the test= filter
 * (comma-separated names or globs with '*'; "all" = every non-manual test)
 * and prints KTAP version 1 (kernel.org dev-tools/ktap). */
#include "kernel/ktest.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "kernel/param.h"
#include "kernel/gbound.h"
#include "kernel/x86.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/ksym.h"
#include "kernel/unwind.h"
#include "kernel/panic.h"
#include "kernel/trap.h"

extern const struct ktest __ktest_start[], __ktest_end[];

int ktest_linger_ms;
KPARAM_INT("ktest_linger", ktest_linger_ms, 0, 10000,
           "self-tests: a holder thread spins, then sleeps, this many ms (guest) each before it blocks");

void ktest_linger(void)
{
    struct thread *me = thread_current();
    uint32_t mask = me->affinity, last = 1u << (ncpu - 1);
    struct gbound b;
    if (!ktest_linger_ms)
        return;
    if (ncpu > 1 && (mask & last))
        thread_set_affinity(last);            /* beside the tests (main is on cpu 0), not behind them */
    gbound_start(&b, GBOUND_ALL, (uint32_t)ktest_linger_ms, 0);
    while (!gbound_expired(&b))
        pause();
    thread_sleep_ns((uint64_t)ktest_linger_ms * 1000000);   /* asleep, but not where the test waits */
    thread_set_affinity(mask);
}

static bool stopped(struct thread *t)
{
    return !__atomic_load_n(&t->on_cpu, __ATOMIC_ACQUIRE) && READ_ONCE(t->state) != TS_RUNNING &&
           READ_ONCE(t->state) != TS_ZOMBIE;
}

bool ktest_wait_blocked(struct thread *t, struct waitq *wq, uint32_t ms)
{
    struct gbound b;
    ASSERT(t && t != thread_current());
    gbound_start(&b, GBOUND_ALL, ms, 0);
    for (;;) {
        if (wq ? waitq_holds(wq, t) : READ_ONCE(t->state) == TS_SLEEPING && stopped(t))
            return true;
        if (gbound_expired(&b))
            break;
        thread_sleep_ns(100000);
    }
    kprintf("# thread %d (%s) not blocked%s within %u ms: state %d, on cpu %d, saved EIP %08x\n", t->tid,
            t->name, wq ? " on its wait queue" : "", ms, t->state, t->on_cpu, t->tf ? t->tf->eip : t->saved_eip);
    return false;
}

bool ktest_stopped_in(struct thread *t, const char *fn)
{
    const struct ksym *k = ksym_by_name(fn);
    struct unwind_regs r;
    struct unwind_state u;
    uint32_t gen;
    bool in = false;
    ASSERT(k && k->size && t != thread_current());
    gen = READ_ONCE(t->lp_word) & ~(LP_GEN_ONE - 1);   /* + LP_GEN_ONE each time it is picked to run */
    if (!stopped(t))
        return false;
    unwind_switched(&r, t);
    unwind_begin(&u, &r, t->stack_lo, t->stack_hi);
    do
        in |= u.pc >= k->addr && u.pc < k->addr + k->size;
    while (!in && unwind_next(&u) == 1);
    return in && stopped(t) && (READ_ONCE(t->lp_word) & ~(LP_GEN_ONE - 1)) == gen;
}

void ktest_fail(struct ktest_ctx *c, const char *file, int line, const char *fmt, ...)
{
    char buf[256];
    extern int kvsnprintf(char *, size_t, const char *, va_list);
    va_list ap;
    va_start(ap, fmt);
    kvsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    c->failures++;
    kprintf("    # %s:%d: %s\n", file, line, buf);
}

/* glob with '*' only, over [p, pe) against a NUL-terminated name */
static bool glob(const char *p, const char *pe, const char *s)
{
    if (p == pe) return *s == 0;
    if (*p == '*')
        return glob(p + 1, pe, s) || (*s && glob(p, pe, s + 1));
    return *s && *p == *s && glob(p + 1, pe, s + 1);
}

static bool selected(const struct ktest *t, const char *filter)
{
    const char *p = filter;
    while (*p) {
        const char *e = p;
        while (*e && *e != ',') e++;
        if (e - p == 3 && p[0] == 'a' && p[1] == 'l' && p[2] == 'l') {
            if (!t->manual) return true;
        } else if (t->manual ? (glob(p, e, t->name) && !kmemcmp(p, t->name, (size_t)(e - p)))
                             : glob(p, e, t->name)) {
            return true;
        }
        p = *e ? e + 1 : e;
    }
    return false;
}

int ktest_run_selected(const char *filter)
{
    const struct ktest *t;
    int n = 0, i = 0, failed = 0;
    for (t = __ktest_start; t < __ktest_end; t++)
        n += selected(t, filter);
    kprintf("KTAP version 1\n1..%d\n", n);
    for (t = __ktest_start; t < __ktest_end; t++) {
        struct ktest_ctx c = { 0, 0 };
        if (!selected(t, filter)) continue;
        i++;
        t->fn(&c);
        if (c.failures) {
            failed++;
            kprintf("not ok %d %s # %d of %d checks failed\n", i, t->name, c.failures, c.checks);
        } else {
            kprintf("ok %d %s # %d checks\n", i, t->name, c.checks);
        }
    }
    kprintf("# selftest: %d passed, %d failed\n", n - failed, failed);
    if (n == 0)
        kprintf("!!! no self-test matches test=%s\n", filter);
    return n == 0 ? 1 : failed;
}
