/* kprobe-torture: workers on every CPU call probed targets (kprobe_torture_
 * targets.S) and check each result against a C model, while a controller
 * registers, unregisters, enables and disables probes at random.  Between
 * windows the workers are paused so counts are exact: a probe armed for a
 * whole window must count every call made in it.  Handlers do some work with
 * interrupts on and check that their probe was not freed under them (H7:
 * with int3_refs=skip this is the negative control). */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/ksym.h"
#include "kernel/panic.h"
#include "kernel/trap.h"
#include "patch/kprobe.h"
#include "patch/int3.h"
#include "patch/slot.h"
#include "tests/kernel/torture.h"

#define MAXP 8
#define TK_MAGIC 0x7e57f00du
struct kt_site { uint32_t addr, fn; };
extern const struct kt_site kt_sites[];
extern const uint32_t kt_nsites;
int kt_a(int x);
int kt_b(int x);
void kt_leaf(void);

struct tprobe {
    uint32_t magic;
    struct kprobe kp;
    int site;
    bool touched;
    uint32_t win_hits;
};

static int tk_work = 200, tk_mut = 1, tk_churn, tk_site = -1;
KPARAM_INT("kprobe_work", tk_work, 0, 100000, "kprobe-torture: handler work loop iterations");
KPARAM_INT("kprobe_mutations", tk_mut, 1, 64, "kprobe-torture: probe changes per window");
KPARAM_INT("kprobe_site", tk_site, -1, 63, "kprobe-torture: probe only this kt_sites index (-1: random)");
KPARAM_ENUM("kprobe_ops", tk_churn, "mixed|churn", "kprobe-torture: all four operations, or only register/unregister");

static struct tprobe *live[MAXP];
static int nlive;
static volatile uint32_t calls[2][NCPU_MAX], sink[NCPU_MAX], site_hits[64];
static volatile int tk_pause;
static volatile uint32_t tk_gen, acked[NCPU_MAX];
static uint32_t windows, checked, mutations;

static uint32_t model_a(uint32_t x) { uint32_t r = (((x + 3) * 2) ^ 0x55) + 7; return r >= 1000 ? r - 1000 : r; }
static uint32_t model_b(uint32_t x) { return (x * 9 >> 2) + (x != 0); }

static void err(const char *what)
{
    if (__atomic_fetch_add(&torture_errors, 1, __ATOMIC_RELAXED) < 5)
        kprintf("!!! %s on cpu %d\n", what, cpu_id());
}

static int tk_pre(struct kprobe *p, struct trapframe *tf)
{
    struct tprobe *t = (struct tprobe *)((char *)p - __builtin_offsetof(struct tprobe, kp));
    uint32_t i, acc = tf->eax;
    if (t->magic != TK_MAGIC) { err("H7: probe handler ran on a freed probe"); return 0; }
    for (i = 0; i < (uint32_t)tk_work; i++)
        acc = acc * 33 + i;                 /* the handler's tracing work */
    sink[cpu_id()] += acc;
    if (t->magic != TK_MAGIC)
        err("H7: probe freed while its handler ran");
    return 0;
}

static void tk_post(struct kprobe *p, struct trapframe *tf)
{
    (void)p;
    if (slot_contains(tf->eip))
        err("post-handler saw EIP in an instruction slot");
}

static void worker(struct torture_worker *w)
{
    uint32_t x = torture_rnd(&w->rng) & 0xFFFF;
    if (tk_pause) {                         /* between calls: safe to count */
        while (tk_pause && !torture_stop) {
            acked[w->cpu] = tk_gen;
            thread_sleep_ns(100000);
        }
        return;
    }
    if ((uint32_t)kt_a((int)x) != model_a(x)) err("kt_a returned a wrong result");
    calls[0][w->cpu]++;
    if ((uint32_t)kt_b((int)x) != model_b(x)) err("kt_b returned a wrong result");
    calls[1][w->cpu]++;
    w->iters++;
    torture_pause(w);
}

static int pause_workers(void)
{
    uint64_t end = clock_ns() + 2000000000ull;
    int i;
    tk_gen++;
    tk_pause = 1;
    for (i = 0; i < ncpu; i++)
        while (acked[i] != tk_gen)
            if (clock_ns() > end) return kprintf("!!! worker %d did not pause\n", i), -1;
            else thread_sleep_ns(100000);
    return 0;
}

static uint32_t total_calls(int fn)
{
    uint32_t s = 0;
    int i;
    for (i = 0; i < ncpu; i++) s += calls[fn][i];
    return s;
}

static void add_probe(uint32_t *rng)
{
    struct tprobe *t;
    char e[160];
    if (nlive == MAXP || !(t = kzalloc(sizeof *t)))
        return;
    t->magic = TK_MAGIC;
    t->site = tk_site >= 0 ? tk_site % (int)kt_nsites : (int)(torture_rnd(rng) % kt_nsites);
    t->kp.addr = kt_sites[t->site].addr;
    t->kp.pre_handler = tk_pre;
    t->kp.post_handler = (torture_rnd(rng) & 1) ? tk_post : NULL;
    t->touched = true;
    if (kprobe_register(&t->kp, e, sizeof e)) {
        kprintf("!!! kprobe_register at %08x refused: %s\n", t->kp.addr, e);
        torture_errors++;
        kfree(t);
        return;
    }
    live[nlive++] = t;
}

static void remove_probe(int i)
{
    struct tprobe *t = live[i];
    kprobe_unregister(&t->kp);
    site_hits[t->site] += t->kp.nhit;
    live[i] = live[--nlive];
    kfree(t);                               /* poisoned at once: a late user sees it */
}

static void mutate(uint32_t *rng)
{
    int a = (int)(torture_rnd(rng) % 4), i = nlive ? (int)(torture_rnd(rng) % (uint32_t)nlive) : -1;
    mutations++;
    if (tk_churn)
        a = nlive < MAXP / 2 ? 0 : 1;
    if (a == 0 || nlive < 3)
        add_probe(rng);
    else if (a == 1)
        remove_probe(i);
    else {
        live[i]->touched = true;
        if (a == 2) kprobe_disable(&live[i]->kp);
        else kprobe_enable(&live[i]->kp);
    }
}

/* Paused: compare each untouched, enabled probe's hits with the calls. */
static void window_check(uint32_t c0[2])
{
    char sym[96];
    int i;
    for (i = 0; i < nlive; i++) {
        struct tprobe *t = live[i];
        uint32_t want = total_calls((int)kt_sites[t->site].fn) - c0[kt_sites[t->site].fn];
        uint32_t got = t->kp.nhit - t->win_hits;
        if (t->touched || (t->kp.flags & KPROBE_DISABLED))
            continue;
        checked++;
        if (got != want) {
            ksym_format(t->kp.addr, sym, sizeof sym);
            kprintf("!!! accounting: probe at %s counted %u hits for %u calls in window %u\n",
                    sym, got, want, windows);
            torture_errors++;
        }
    }
}

static void window_open(uint32_t c0[2])
{
    int i;
    c0[0] = total_calls(0);
    c0[1] = total_calls(1);
    for (i = 0; i < nlive; i++) {
        live[i]->touched = false;
        live[i]->win_hits = live[i]->kp.nhit;
    }
    windows++;
    tk_pause = 0;
}

static void stats(uint64_t t0)
{
    struct int3_stats st;
    int3_stats_sum(&st);
    kprintf("kprobe-torture: t=%ums progress=%u calls=%u windows=%u checked=%u live=%d int3: "
            "stepped=%u emulated=%u vanished=%u errors=%u\n", (uint32_t)((clock_ns() - t0) / 1000000),
            mutations, total_calls(0) + total_calls(1), windows, checked, nlive, (uint32_t)st.stepped,
            (uint32_t)st.emulated, (uint32_t)st.vanished, torture_errors);
}

static void report_sites(void)
{
    char sym[64];
    uint32_t i, n = 0;
    kprintf("int3 hits by site (probe hit counts of removed probes):\n");
    for (i = 0; i < kt_nsites; i++) {
        ksym_format(kt_sites[i].addr, sym, sizeof sym);
        if (site_hits[i] && ++n)
            kprintf("  %s: %u\n", sym, site_hits[i]);
    }
    if (!n)
        kprintf("  none\n");
}

static int finish(uint8_t *copy, uint32_t len, char *why, size_t n)
{
    int i;
    while (nlive)
        remove_probe(0);
    report_sites();
    for (i = 0; i < ncpu; i++)
        if (!torture_workers[i].iters)
            return ksnprintf(why, n, "worker %s made no progress", torture_workers[i].name), 1;
    if (kmemcmp(copy, (void *)kt_sites[0].addr, len))
        return ksnprintf(why, n, "target text not restored after all probes were removed"), 1;
    if (torture_errors)
        return ksnprintf(why, n, "%u errors (see !!! lines)", torture_errors), 1;
    if (!checked && !tk_churn)
        return ksnprintf(why, n, "no probe was armed for a whole window: accounting untested"), 1;
    return 0;
}

static int scenario_kprobe_torture(char *why, size_t n)
{
    static const char *names[] = { "kt_a", "kt_b" };
    uint32_t lo[2] = { (uint32_t)kt_a, (uint32_t)kt_b }, hi[2] = { (uint32_t)kt_leaf, (uint32_t)kt_b + 24 };
    uint64_t t0 = clock_ns(), end = t0 + (uint64_t)param_duration_ms * 1000000u, next = t0;
    uint32_t rng = (uint32_t)param_seed * 48271u + 7, c0[2], len = (uint32_t)kt_b + 24 - kt_sites[0].addr;
    uint8_t *copy = kmalloc(len);
    int i, r;
    ASSERT(copy != NULL && kt_nsites <= 64);
    kmemcpy(copy, (void *)kt_sites[0].addr, len);
    kprintf("kprobe-torture: %d CPUs, %u sites, handler work %d, int3_refs %d, preempt model %d, %d ms\n",
            ncpu, kt_nsites, tk_work, int3_refs, sched_preempt_model, param_duration_ms);
    torture_landing_start(names, lo, hi, 2);
    tk_pause = 1;
    torture_spawn("kprober", worker, (uint32_t)param_seed);
    while (clock_ns() < end && !torture_errors && !scenario_stop) {
        if (pause_workers()) { torture_errors++; break; }
        window_check(c0);
        window_open(c0);
        for (i = 0; i < tk_mut; i++) {      /* the other live probes stay armed */
            thread_sleep_ns(1000000);
            mutate(&rng);
        }
        thread_sleep_ns(4000000);
        if (clock_ns() >= next) { stats(t0); next += 250000000ull; }
    }
    if (!torture_errors && !pause_workers())
        window_check(c0);
    tk_pause = 0;
    r = torture_join(why, n);
    torture_landing_stop();
    stats(t0);
    torture_landing_print();
    if (r)
        return r;
    r = finish(copy, len, why, n);
    kfree(copy);
    return r;
}
KSCENARIO("kprobe-torture", scenario_kprobe_torture, "register/unregister/enable/disable probes while all CPUs hit them");
