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

extern const struct ktest __ktest_start[], __ktest_end[];

int ktest_linger_ms;
KPARAM_INT("ktest_linger", ktest_linger_ms, 0, 10000,
           "self-tests: ms (guest) a holder thread stays on its CPU before it blocks");

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
    thread_set_affinity(mask);
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
