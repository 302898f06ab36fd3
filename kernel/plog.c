/* Lock-free per-CPU report buffer for the probe path (H11): the #BP/#DB
 * handlers and the trap path record a format and four words here instead of
 * printing, so the console, the formatter and the UART can be probed.  One
 * ring per CPU; its writers are that CPU's code, nested at most by an NMI,
 * so a record is reserved (head++) before it is filled and published by its
 * sequence word.  Drainers (any context, via kprintf) serialize on a flag. */
#include "kernel/plog.h"
#include "kernel/console.h"
#include "kernel/cpu.h"
#include "kernel/fmt.h"

#define PLOG_N 64                          /* records per CPU, power of 2 */

struct plog_rec { volatile uint32_t seq; int level; const char *fmt; uint32_t a[4]; };
struct plog_cpu {
    volatile uint32_t head, tail, dropped;
    struct plog_rec r[PLOG_N];
} __attribute__((aligned(64)));

static struct plog_cpu pcpu[NCPU_MAX];
static volatile int draining;

NOPROBE void plog(int level, const char *fmt, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
    struct plog_cpu *c = &pcpu[cpu_id()];
    struct plog_rec *r;
    uint32_t h;
    do {                                   /* an NMI between load and CAS retries */
        h = __atomic_load_n(&c->head, __ATOMIC_RELAXED);
        if (h - __atomic_load_n(&c->tail, __ATOMIC_ACQUIRE) >= PLOG_N) {
            __atomic_fetch_add(&c->dropped, 1, __ATOMIC_RELAXED);
            return;
        }
    } while (!__atomic_compare_exchange_n(&c->head, &h, h + 1, false,
                                          __ATOMIC_ACQ_REL, __ATOMIC_RELAXED));
    r = &c->r[h % PLOG_N];
    r->level = level;
    r->fmt = fmt;
    r->a[0] = a0; r->a[1] = a1; r->a[2] = a2; r->a[3] = a3;
    __atomic_store_n(&r->seq, h + 1, __ATOMIC_RELEASE);
}

/* One CPU's published records, oldest first; stops at one still being filled. */
static int drain_cpu(struct plog_cpu *c)
{
    char buf[160];
    int n = 0;
    for (;;) {
        uint32_t t = c->tail;
        struct plog_rec *r = &c->r[t % PLOG_N];
        if (t == __atomic_load_n(&c->head, __ATOMIC_ACQUIRE) ||
            __atomic_load_n(&r->seq, __ATOMIC_ACQUIRE) != t + 1)
            return n;
        ksnprintf(buf, sizeof buf, r->fmt, r->a[0], r->a[1], r->a[2], r->a[3]);
        klog(r->level, "%s", buf);
        n++;
        __atomic_store_n(&c->tail, t + 1, __ATOMIC_RELEASE);
    }
}

int plog_drain(void)
{
    int i, n = 0, free = 0;
    if (!__atomic_compare_exchange_n(&draining, &free, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        return 0;                          /* another drainer (or this CPU, nested) */
    for (i = 0; i < NCPU_MAX; i++)
        n += drain_cpu(&pcpu[i]);
    __atomic_store_n(&draining, 0, __ATOMIC_RELEASE);
    return n;
}

uint32_t plog_dropped(void)
{
    uint32_t i, n = 0;
    for (i = 0; i < NCPU_MAX; i++)
        n += pcpu[i].dropped;
    return n;
}
