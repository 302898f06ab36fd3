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
#include "kernel/gbound.h"
#include "kernel/scenario.h"
#include "patch/insn/insn.h"

struct torture_worker torture_workers[TORTURE_MAXW];
int torture_nworkers;
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

void torture_spawn_n(const char *prefix, void (*fn)(struct torture_worker *w), uint32_t seed, int per_cpu)
{
    int i;
    ASSERT(per_cpu >= 1 && per_cpu * ncpu <= TORTURE_MAXW);
    worker_fn = fn;
    torture_stop = 0;
    torture_errors = 0;
    torture_nworkers = per_cpu * ncpu;
    for (i = 0; i < torture_nworkers; i++) {
        struct torture_worker *w = &torture_workers[i];
        kmemset(w, 0, sizeof *w);
        w->idx = i;
        w->cpu = i % ncpu;
        w->rng = seed * 2654435761u + (uint32_t)i * 40503u + 1;
        ksnprintf(w->name, sizeof w->name, "%s/%d", prefix, i);
        w->t = thread_create(w->name, worker_main, w, 1u << w->cpu);
        if (!w->t)
            panic("torture: cannot create worker %d", i);
    }
}

void torture_spawn(const char *prefix, void (*fn)(struct torture_worker *w), uint32_t seed)
{
    torture_spawn_n(prefix, fn, seed, 1);
}

/* Each worker finishes its call within 3 s of its CPU's guest time (30 s
 * of wall time at most): a host that does not run the vCPU is not a hang. */
int torture_join(char *why, size_t n)
{
    struct gbound b;
    int i, stuck = 0;
    char sym[96];
    torture_stop = 1;
    for (i = 0; i < torture_nworkers; i++) {
        gbound_start(&b, torture_workers[i].cpu, 3000, 30000);
        while (!torture_workers[i].finished && !gbound_expired(&b))
            thread_sleep_ns(5000000);
        if (!torture_workers[i].finished) {
            ksym_format(torture_workers[i].t->saved_eip, sym, sizeof sym);
            kprintf("!!! worker %s never finished (last left the CPU at %s)\n", torture_workers[i].name, sym);
            stuck++;
        }
    }
    if (stuck)
        return ksnprintf(why, n, "%d worker%s never finished", stuck, stuck > 1 ? "s" : ""), 1;
    for (i = 0; i < torture_nworkers; i++)
        thread_join(torture_workers[i].t);
    return 0;
}

uint32_t torture_iters(void)
{
    uint32_t s = 0;
    int i;
    for (i = 0; i < torture_nworkers; i++) s += torture_workers[i].iters;
    return s;
}

void torture_pause(struct torture_worker *w)
{
    if ((w->iters & 255) == 0)
        thread_sleep_ns(200000);
    else if (sched_preempt_model == PREEMPT_VOLUNTARY)
        cond_resched();
    else if (sched_preempt_model == PREEMPT_NONE && (w->iters & 7) == 0)
        thread_yield();
}

/* ---- landing: where interrupts and preemptions hit the code under test ----
 * Under default TCG an interrupt is taken only where a translation block
 * starts: a function entry, a branch target, a return point, or where a
 * trap or interrupt returned to (an int3 run out of line, a single-step, a
 * preempted thread resumed).  The other boundaries are "interior"; an
 * interrupt there, unless the CPU's last trap or interrupt returned exactly
 * there, is a "native" landing: the previous instruction ran in place and
 * was interrupted after it.  Only -singlestep
 * (or -icount) produces those; they are what landing=require asks for. */
#define NRANGE 6
#define NBOUND 64
struct lrange {
    const char *name;
    uint32_t lo, hi, nb, ninterior;
    uint32_t off[NBOUND];                       /* instruction boundaries (offsets) */
    bool interior[NBOUND];
    volatile uint32_t irq[NBOUND], nat[NBOUND], pre[NBOUND], pnat[NBOUND];   /* landings per boundary */
};
/* The interrupt that may preempt a thread is seen by irq_hook on its CPU
 * before the switch; the preemption by preempt_hook once the thread runs
 * again (maybe elsewhere): the verdict "native" is passed on by thread. */
#define NSEEN 64
static struct { volatile uint32_t tf; volatile bool native; } seen[NSEEN];
static struct lrange lr[NRANGE];
static uint32_t nrange;
static volatile uint32_t lirq_all, lpre_all, lirq_in, lnat_in, lpre_in, lpnat_in, lmisses;
int torture_landing_mode = -1;
KPARAM_ENUM("landing", torture_landing_mode, "off|report|require",
            "tortures: interrupt/preemption landing check (default per torture)");

/* Count a landing at eip; an EIP inside a range but between two instruction
 * boundaries is an error (a torn or mis-resumed instruction). */
static void land(struct trapframe *tf, bool pre)
{
    uint32_t i, k, eip = tf->eip, slot = (uint32_t)thread_current()->tid % NSEEN;
    bool native;
    for (i = 0; i < nrange; i++) {
        struct lrange *r = &lr[i];
        if (eip < r->lo || eip >= r->hi)
            continue;
        for (k = 0; k < r->nb && r->lo + r->off[k] != eip; k++)
            ;
        if (k == r->nb) {
            if (__atomic_fetch_add(&lmisses, 1, __ATOMIC_RELAXED) < 5)
                kprintf("!!! landing: %s at %08x, inside %s but not on an instruction boundary\n",
                        pre ? "preempted" : "interrupted", eip, r->name);
            return;
        }
        if (pre) {
            native = seen[slot].tf == (uint32_t)tf && seen[slot].native;
            __atomic_fetch_add(&r->pre[k], 1, __ATOMIC_RELAXED);
            __atomic_fetch_add(&lpre_in, 1, __ATOMIC_RELAXED);
            if (native) {
                __atomic_fetch_add(&r->pnat[k], 1, __ATOMIC_RELAXED);
                __atomic_fetch_add(&lpnat_in, 1, __ATOMIC_RELAXED);
            }
            return;
        }
        native = r->interior[k] && eip != mycpu()->resume_eip;
        seen[slot].tf = (uint32_t)tf;
        seen[slot].native = native;
        __atomic_fetch_add(&r->irq[k], 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&lirq_in, 1, __ATOMIC_RELAXED);
        if (native) {
            __atomic_fetch_add(&r->nat[k], 1, __ATOMIC_RELAXED);
            __atomic_fetch_add(&lnat_in, 1, __ATOMIC_RELAXED);
        }
        return;
    }
}

static void irq_hook(struct trapframe *tf)
{
    __atomic_fetch_add(&lirq_all, 1, __ATOMIC_RELAXED);
    land(tf, false);
}

static void preempt_hook(struct trapframe *tf)
{
    __atomic_fetch_add(&lpre_all, 1, __ATOMIC_RELAXED);
    land(tf, true);
}

static void mark_tb_start(struct lrange *r, uint32_t addr)
{
    uint32_t k;
    for (r->ninterior = 0, k = 0; k < r->nb; k++) {
        if (r->lo + r->off[k] == addr)
            r->interior[k] = false;
        r->ninterior += r->interior[k];
    }
}

/* The boundaries come from the decoder, over the unpatched code; entry,
 * return points, fall-throughs and targets of branches are not interior. */
static void decode_range(struct lrange *r, const uint8_t *code)
{
    static struct insn in[NBOUND];              /* boot thread only: torture_landing_start */
    uint32_t off = 0, k;
    r->nb = 0;
    while (off < r->hi - r->lo) {
        ASSERT(r->nb < NBOUND);
        if (insn_decode(&in[r->nb], code + off, r->hi - r->lo - off) != INSN_OK)
            panic("torture: cannot decode %s+%#x", r->name, off);
        r->interior[r->nb] = r->nb > 0;
        r->off[r->nb] = off;
        off += in[r->nb++].len;
    }
    for (k = 0; k < r->nb; k++) {
        uint32_t f = in[k].flags;
        if (f & (INSN_F_JMP | INSN_F_JCC | INSN_F_CALL | INSN_F_LOOP | INSN_F_IJMP | INSN_F_ICALL | INSN_F_RET |
                 INSN_F_INT))
            mark_tb_start(r, r->lo + r->off[k] + in[k].len);
        if (f & INSN_F_REL)
            mark_tb_start(r, insn_rel_target(&in[k], r->lo + r->off[k]));
    }
    mark_tb_start(r, 0);                        /* (recounts) */
}

void torture_landing_start(const char *const name[], const uint32_t lo[], const uint32_t hi[], int n)
{
    torture_landing_start_code(name, lo, hi, NULL, n);
}

void torture_landing_start_code(const char *const name[], const uint32_t lo[], const uint32_t hi[],
                                const uint8_t *const code[], int n)
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
        decode_range(&lr[i], code && code[i] ? code[i] : (const uint8_t *)lo[i]);
    }
    lirq_all = lpre_all = lirq_in = lnat_in = lpre_in = lpnat_in = lmisses = 0;
    torture_nworkers = 0;                       /* torture_running: this run's workers only */
    kmemset((void *)seen, 0, sizeof seen);
    sched_irq_hook = irq_hook;
    sched_preempt_hook = preempt_hook;
}

void torture_landing_tb_start(uint32_t addr)
{
    uint32_t i;
    for (i = 0; i < nrange; i++)
        mark_tb_start(&lr[i], addr);
}

void torture_landing_stop(void)
{
    sched_irq_hook = NULL;
    sched_preempt_hook = NULL;
}

uint32_t torture_landing_total(void) { return lpre_in; }

uint32_t torture_landing_preempted(int range, uint32_t lo, uint32_t hi)
{
    struct lrange *r = &lr[range];
    uint32_t k, n = 0;
    ASSERT(range >= 0 && (uint32_t)range < nrange);
    for (k = 0; k < r->nb; k++)
        if (r->lo + r->off[k] >= lo && r->lo + r->off[k] < hi)
            n += r->pre[k];
    return n;
}

/* " +off:n" per boundary (interior ones marked '*'); returns how many have n > 0. */
static uint32_t hist_line(const struct lrange *r, const volatile uint32_t *h, bool interior_only,
                          char *line, size_t n)
{
    uint32_t k, len = 0, hit = 0;
    line[0] = 0;
    for (k = 0; k < r->nb; k++) {
        if (interior_only && !r->interior[k])
            continue;
        hit += h[k] > 0;
        if (len < n - 16)
            len += (uint32_t)ksnprintf(line + len, n - len, " +%u%s:%u", r->off[k],
                                       r->interior[k] ? "*" : "", h[k]);
    }
    return hit;
}

static void need_all(bool need, const char *what, uint32_t hit, uint32_t of, const char *name, int *bad,
                     char *why, size_t n)
{
    kprintf("landing: %s reached %u/%u instruction boundaries of %s\n", what, hit, of, name);
    if (need && hit < of && !(*bad)++)
        ksnprintf(why, n, "landing: %s reached only %u/%u instruction boundaries of %s", what, hit, of, name);
}

/* Which requirement of need (landing=require only) is not met yet, or NULL. */
static const char *landing_unmet(int dflt, unsigned need)
{
    uint32_t i, k, hit;
    if ((torture_landing_mode >= 0 ? torture_landing_mode : dflt) != 2)
        return NULL;
    if ((need & LAND_NATIVE) && lnat_in < LAND_NATIVE_MIN)
        return "native interrupts in the code under test";
    if ((need & LAND_PREEMPT_NATIVE) && lpnat_in < LAND_NATIVE_MIN)
        return "native preemptions in the code under test";
    for (i = 0; (need & LAND_PREEMPT) && i < nrange; i++) {
        for (k = hit = 0; k < lr[i].nb; k++)
            hit += lr[i].pre[k] > 0;
        if (hit < lr[i].nb)
            return "a preemption at every instruction boundary";
    }
    return NULL;
}

/* The loop condition of a torture whose run ends at end (duration=): past
 * it, a run still missing what it must reach (the landings need asks for,
 * a first iteration of every worker) runs on until it has them, within a
 * bound in guest time (kernel/gbound.h): 4 x the duration, at least 4 s,
 * of every CPU's ticks, and 10 x that of wall time.  Said once. */
bool torture_running(uint64_t end, int dflt, unsigned need)
{
    static struct gbound more;
    static bool on;
    const char *what;
    uint32_t ms = 4 * (uint32_t)param_duration_ms;
    int i;
    if (clock_ns() < end) {
        on = false;
        return true;
    }
    what = landing_unmet(dflt, need);
    for (i = 0; !what && i < torture_nworkers; i++)
        if (!torture_workers[i].iters)
            what = "a first iteration of every worker";
    if (!what)
        return false;
    if (!on) {
        ms = ms < 4000 ? 4000 : ms;
        gbound_start(&more, GBOUND_ALL, ms, 10 * ms);
        kprintf("torture: duration reached without %s (a busy host, or a QEMU mode that cannot give it); running on "
                "until it is, for at most %u ms of every CPU's ticks (%u ms of wall time)\n", what, ms, 10 * ms);
        on = true;
    }
    if (!gbound_expired(&more))
        return true;
    kprintf("torture: still without %s after %u ms more (%u ticks of every CPU): ending\n", what,
            gbound_ms(&more), gbound_ticks(&more));
    return false;
}

int torture_landing_check(int dflt, unsigned need, char *why, size_t n)
{
    int mode = torture_landing_mode >= 0 ? torture_landing_mode : dflt, bad = 0;
    uint32_t i, hit;
    char line[800];
    if (mode != 2)
        need = 0;
    for (i = 0; i < nrange; i++) {
        struct lrange *r = &lr[i];
        hist_line(r, r->irq, false, line, sizeof line);
        kprintf("landing: interrupts in %s by offset (* interior):%s\n", r->name, line);
        hit = hist_line(r, r->nat, true, line, sizeof line);
        kprintf("landing: native interrupts (previous instruction ran in place) in %s:%s\n", r->name, line);
        need_all(false, "native interrupts", hit, r->ninterior, r->name, &bad, why, n);
        hit = hist_line(r, r->pre, false, line, sizeof line);
        kprintf("landing: preemptions in %s by offset:%s\n", r->name, line);
        need_all(need & LAND_PREEMPT, "preemptions", hit, r->nb, r->name, &bad, why, n);
        hist_line(r, r->pnat, true, line, sizeof line);
        kprintf("landing: native preemptions in %s:%s\n", r->name, line);
    }
    kprintf("landing: %u of %u interrupts (%u native) and %u of %u preemptions (%u native) landed in the "
            "code under test\n", lirq_in, lirq_all, lnat_in, lpre_in, lpre_all, lpnat_in);
    if (lmisses) {
        ksnprintf(why, n, "landing: %u interrupt%s or preemptions between instruction boundaries",
                  lmisses, lmisses > 1 ? "s" : "");
        return 1;
    }
    if ((need & LAND_NATIVE) && lnat_in < LAND_NATIVE_MIN && !bad++)
        ksnprintf(why, n, "landing: only %u native interrupts in the code under test (want %u: "
                  "without -singlestep there are none)", lnat_in, LAND_NATIVE_MIN);
    if ((need & LAND_PREEMPT_NATIVE) && lpnat_in < LAND_NATIVE_MIN && !bad++)
        ksnprintf(why, n, "landing: only %u native preemptions in the code under test (want %u)",
                  lpnat_in, LAND_NATIVE_MIN);
    if (bad)
        kprintf("!!! %s (landing=require)\n", why);
    return bad > 0;
}
