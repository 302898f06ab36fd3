/* Torture helpers (see torture.h).  Workers are pinned (affinity one CPU) so
 * that every CPU executes the patched code; the landing hooks record each
 * interrupt's and each real preemption's interrupted EIP (kernel/sched.c
 * sched_irq_hook, sched_preempt_hook) by instruction boundary. */
#include "tests/kernel/torture.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/trap.h"
#include "kernel/fmt.h"
#include "kernel/ksym.h"
#include "kernel/panic.h"
#include "kernel/mem.h"
#include "kernel/param.h"
#include "patch/insn.h"

struct torture_worker torture_workers[NCPU_MAX];
volatile int torture_stop;
volatile uint32_t torture_errors;
static void (*worker_fn)(struct torture_worker *);

static void worker_main(void *arg)
{
    struct torture_worker *w = arg;
    while (!torture_stop)
        worker_fn(w);
    w->finished = 1;
}

void torture_spawn(const char *prefix, void (*fn)(struct torture_worker *w), uint32_t seed)
{
    int i;
    worker_fn = fn;
    torture_stop = 0;
    torture_errors = 0;
    for (i = 0; i < ncpu; i++) {
        struct torture_worker *w = &torture_workers[i];
        kmemset(w, 0, sizeof *w);
        w->cpu = i;
        w->rng = seed * 2654435761u + (uint32_t)i * 40503u + 1;
        ksnprintf(w->name, sizeof w->name, "%s/%d", prefix, i);
        w->t = thread_create(w->name, worker_main, w, 1u << i);
        if (!w->t)
            panic("torture: cannot create worker %d", i);
    }
}

int torture_join(char *why, size_t n)
{
    uint64_t end = clock_ns() + 3000000000ull;
    int i, stuck = 0;
    char sym[96];
    torture_stop = 1;
    for (i = 0; i < ncpu; i++) {
        while (!torture_workers[i].finished && clock_ns() < end)
            thread_sleep_ns(5000000);
        if (!torture_workers[i].finished) {
            ksym_format(torture_workers[i].t->saved_eip, sym, sizeof sym);
            kprintf("!!! worker %s never finished (last left the CPU at %s)\n", torture_workers[i].name, sym);
            stuck++;
        }
    }
    if (stuck)
        return ksnprintf(why, n, "%d worker%s never finished", stuck, stuck > 1 ? "s" : ""), 1;
    for (i = 0; i < ncpu; i++)
        thread_join(torture_workers[i].t);
    return 0;
}

uint32_t torture_iters(void)
{
    uint32_t s = 0;
    int i;
    for (i = 0; i < ncpu; i++) s += torture_workers[i].iters;
    return s;
}

void torture_pause(struct torture_worker *w)
{
    if ((w->iters & 255) == 0)
        thread_sleep_ns(200000);
    else if (sched_preempt_model == PREEMPT_VOLUNTARY)
        cond_resched();
    else if (sched_preempt_model == PREEMPT_NONE && (w->iters & 31) == 0)
        thread_yield();
}

/* ---- landing: where interrupts and preemptions hit the code under test ---- */
#define NRANGE 4
#define NBOUND 32
struct lrange {
    const char *name;
    uint32_t lo, hi, nb;
    uint32_t off[NBOUND];                       /* instruction boundaries (offsets) */
    volatile uint32_t irq[NBOUND], pre[NBOUND]; /* landings per boundary */
};
static struct lrange lr[NRANGE];
static uint32_t nrange;
static volatile uint32_t lirq_all, lpre_all, lirq_in, lpre_in, lmisses;
int torture_landing_mode = -1;
KPARAM_ENUM("landing", torture_landing_mode, "off|report|require",
            "tortures: interrupt/preemption landing check (default per torture)");

/* Count a landing at eip; an EIP inside a range but between two instruction
 * boundaries is an error (a torn or mis-resumed instruction). */
static NOPROBE void land(uint32_t eip, bool pre)
{
    uint32_t i, k;
    for (i = 0; i < nrange; i++) {
        struct lrange *r = &lr[i];
        if (eip < r->lo || eip >= r->hi)
            continue;
        for (k = 0; k < r->nb; k++)
            if (r->lo + r->off[k] == eip) {
                __atomic_fetch_add(pre ? &r->pre[k] : &r->irq[k], 1, __ATOMIC_RELAXED);
                __atomic_fetch_add(pre ? &lpre_in : &lirq_in, 1, __ATOMIC_RELAXED);
                return;
            }
        if (__atomic_fetch_add(&lmisses, 1, __ATOMIC_RELAXED) < 5)
            kprintf("!!! landing: %s at %08x, inside %s but not on an instruction boundary\n",
                    pre ? "preempted" : "interrupted", eip, r->name);
        return;
    }
}

static NOPROBE void irq_hook(struct trapframe *tf)
{
    __atomic_fetch_add(&lirq_all, 1, __ATOMIC_RELAXED);
    land(tf->eip, false);
}

static NOPROBE void preempt_hook(struct trapframe *tf)
{
    __atomic_fetch_add(&lpre_all, 1, __ATOMIC_RELAXED);
    land(tf->eip, true);
}

/* The boundaries come from the decoder, over the unpatched code. */
static void decode_range(struct lrange *r)
{
    struct insn in;
    uint32_t off = 0;
    r->nb = 0;
    while (off < r->hi - r->lo) {
        if (insn_decode(&in, (const uint8_t *)r->lo + off, r->hi - r->lo - off) != INSN_OK)
            panic("torture: cannot decode %s+%#x", r->name, off);
        ASSERT(r->nb < NBOUND);
        r->off[r->nb++] = off;
        off += in.len;
    }
}

void torture_landing_start(const char *const name[], const uint32_t lo[], const uint32_t hi[], int n)
{
    int i;
    ASSERT(n > 0 && n <= NRANGE);
    kmemset(lr, 0, sizeof lr);
    nrange = (uint32_t)n;
    for (i = 0; i < n; i++) {
        ASSERT(lo[i] < hi[i]);
        lr[i].name = name[i];
        lr[i].lo = lo[i];
        lr[i].hi = hi[i];
        decode_range(&lr[i]);
    }
    lirq_all = lpre_all = lirq_in = lpre_in = lmisses = 0;
    sched_irq_hook = irq_hook;
    sched_preempt_hook = preempt_hook;
}

void torture_landing_stop(void)
{
    sched_irq_hook = NULL;
    sched_preempt_hook = NULL;
}

uint32_t torture_landing_total(void) { return lpre_in; }

static uint32_t hist_line(const struct lrange *r, bool pre, char *line, size_t n, uint32_t *hit)
{
    uint32_t k, len = 0;
    *hit = 0;
    line[0] = 0;
    for (k = 0; k < r->nb; k++) {
        uint32_t v = pre ? r->pre[k] : r->irq[k];
        *hit += v > 0;
        if (len < n - 16)
            len += (uint32_t)ksnprintf(line + len, n - len, " +%u:%u", r->off[k], v);
    }
    return *hit;
}

int torture_landing_check(int dflt, unsigned need, char *why, size_t n)
{
    static const char *kind[] = { "interrupts", "preemptions" };
    int mode = torture_landing_mode >= 0 ? torture_landing_mode : dflt, bad = 0;
    uint32_t i, hit;
    char line[400];
    int p;
    for (p = 0; p < 2; p++) {
        for (i = 0; i < nrange; i++) {
            hist_line(&lr[i], p, line, sizeof line, &hit);
            kprintf("landing: %s in %s by offset:%s\n", kind[p], lr[i].name, line);
            kprintf("landing: %s reached %u/%u instruction boundaries of %s\n", kind[p], hit, lr[i].nb,
                    lr[i].name);
            if (mode == 2 && (need & (1u << p)) && hit < lr[i].nb && !bad++)
                ksnprintf(why, n, "landing: %s reached only %u/%u instruction boundaries of %s",
                          kind[p], hit, lr[i].nb, lr[i].name);
        }
    }
    kprintf("landing: %u of %u interrupts and %u of %u preemptions landed in the code under test\n",
            lirq_in, lirq_all, lpre_in, lpre_all);
    if (lmisses) {
        ksnprintf(why, n, "landing: %u interrupt%s or preemptions between instruction boundaries",
                  lmisses, lmisses > 1 ? "s" : "");
        return 1;
    }
    if (bad)
        kprintf("!!! %s (landing=require)\n", why);
    return bad > 0;
}
