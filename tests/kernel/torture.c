/* Torture helpers (see torture.h).  Workers are pinned (affinity one CPU) so
 * that every CPU executes the patched code; the landing hook records each
 * preemption's interrupted EIP (kernel/sched.c sched_preempt_hook). */
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

#define NRANGE 4
static const char **lname;
static uint32_t llo[NRANGE], lhi[NRANGE], nrange;
static volatile uint32_t lhist[NRANGE][32], ltotal, lall;

static void landing_hook(struct trapframe *tf)
{
    uint32_t i;
    __atomic_fetch_add(&lall, 1, __ATOMIC_RELAXED);
    for (i = 0; i < nrange; i++)
        if (tf->eip >= llo[i] && tf->eip < lhi[i] && tf->eip - llo[i] < 32) {
            __atomic_fetch_add(&lhist[i][tf->eip - llo[i]], 1, __ATOMIC_RELAXED);
            __atomic_fetch_add(&ltotal, 1, __ATOMIC_RELAXED);
        }
}

void torture_landing_start(const char *name[], const uint32_t lo[], const uint32_t hi[], int n)
{
    int i;
    ASSERT(n <= NRANGE);
    lname = name;
    nrange = (uint32_t)n;
    for (i = 0; i < n; i++) { llo[i] = lo[i]; lhi[i] = hi[i]; }
    kmemset((void *)lhist, 0, sizeof lhist);
    ltotal = lall = 0;
    sched_preempt_hook = landing_hook;
}

void torture_landing_stop(void) { sched_preempt_hook = NULL; }
uint32_t torture_landing_total(void) { return ltotal; }

void torture_landing_print(void)
{
    char line[300];
    uint32_t i, off;
    for (i = 0; i < nrange; i++) {
        int len = 0;
        line[0] = 0;
        for (off = 0; off < lhi[i] - llo[i] && off < 32; off++)
            if (lhist[i][off] && len < (int)sizeof line - 16)
                len += ksnprintf(line + len, sizeof line - (size_t)len, " +%u:%u", off, lhist[i][off]);
        kprintf("landing: preemptions in %s:%s\n", lname[i], len ? line : " none");
    }
    kprintf("landing: %u of %u preemptions landed in the patched code\n", ltotal, lall);
}
