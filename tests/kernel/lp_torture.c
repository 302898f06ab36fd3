/* lp-torture: a worker on every CPU calls the chain lpt_c1 -> lpt_c2 ->
 * lpt_c3 (tests/kernel/lp_targets.c), whose results carry one bit per
 * version, and counts a chain that saw two versions; the callees spin and
 * now and then sleep inside patched code.  A patcher applies, reverts,
 * stacks and atomically replaces patches of all three under the boot model
 * (lp_model=), continues a stuck transition a few times and then reverses
 * it.  Counted: transitions done, aborted, stuck, reversed; their times;
 * threads nudged and switched at their own check (lp_preempt_point); chains;
 * mixed chains (0 except under the controls).
 * Under -singlestep it reports where preemptions landed in the chain. */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "kernel/fmt.h"
#include "kernel/ksym.h"
#include "patch/livepatch.h"
#include "tests/kernel/torture.h"
#include "tests/kernel/lp_targets.h"

static struct lp_func f2[] = { LP_FUNC(lpt_c1, lpn2_c1), LP_FUNC(lpt_c2, lpn2_c2), LP_FUNC(lpt_c3, lpn2_c3) };
static struct lp_func f3[] = { LP_FUNC(lpt_c1, lpn3_c1), LP_FUNC(lpt_c2, lpn3_c2), LP_FUNC(lpt_c3, lpn3_c3) };
static struct lp_func f3r[] = { LP_FUNC(lpt_c1, lpn3_c1), LP_FUNC(lpt_c2, lpn3_c2), LP_FUNC(lpt_c3, lpn3_c3) };
static struct lp_patch t2 = LP_PATCH_INIT("lpt-v2", f2, LP_MODEL_BOOT);
static struct lp_patch t3 = LP_PATCH_INIT("lpt-v3", f3, LP_MODEL_BOOT);
static struct lp_patch t3r = { .name = "lpt-v3-replace", .funcs = f3r, .nfuncs = 3, .model = LP_MODEL_BOOT,
                               .replace = true };

static volatile uint32_t chains, mixed;
static int lpt_gap;
KPARAM_INT("lpt_gap", lpt_gap, 0, 100000, "lp-torture: us each worker sleeps between chains (a window with no "
           "thread in the chain: kpatch and ksplice need one)");
static struct { uint32_t done, aborted, stuck, reversed, refused; uint64_t ns, max_ns; } tc;

static void worker(struct torture_worker *w)
{
    int x = (int)(torture_rnd(&w->rng) & 0xFFFF), r = lpt_c1(x);
    struct lp_patch *t = lp_in_transition();
    __atomic_add_fetch(&chains, 1, __ATOMIC_RELAXED);
    if ((r & 0xF) != (r >> 4 & 0xF) || (r & 0xF) != (r >> 8 & 0xF))
        if (__atomic_fetch_add(&mixed, 1, __ATOMIC_RELAXED) < 5)
            kprintf("!!! lp-torture: mixed chain: lpt_c1(%d) saw versions %#x (c1 %u, c2 %u, c3 %u; 1: "
                    "original, 2: v2, 4: v3) on thread %d; in transition: %s to %s\n", x, r, r & 0xF,
                    r >> 4 & 0xF, r >> 8 & 0xF, thread_current()->tid, t ? t->name : "none",
                    lp_transition_target() ? "patched" : "unpatched");
    w->iters++;
    lp_safe_point();                  /* a kernel thread's main loop: no patched frame below */
    if (lpt_gap)
        thread_sleep_ns((uint64_t)lpt_gap * 1000);
    torture_pause(w);
}

/* Apply or revert p; a stuck transition is continued 3 times, then reversed. */
static void step(struct lp_patch *p, bool on)
{
    char err[240];
    uint64_t t0 = clock_ns(), dt;
    int rc = on ? lp_enable(p, err, sizeof err) : lp_disable(p, err, sizeof err), k;
    for (k = 0; rc > 0 && k < 3; k++)
        rc = lp_continue(err, sizeof err);
    if (rc > 0) {
        tc.stuck++;
        rc = on ? lp_disable(p, err, sizeof err) : lp_enable(p, err, sizeof err);
        tc.reversed++;
        while (rc > 0)
            rc = lp_continue(err, sizeof err);
        return;
    }
    if (rc < 0) {
        if (tc.aborted++ < 3)
            kprintf("lp-torture: %s %s: %s\n", on ? "apply" : "revert", p->name, err);
        return;
    }
    dt = clock_ns() - t0;
    tc.done++;
    tc.ns += dt;
    tc.max_ns = dt > tc.max_ns ? dt : tc.max_ns;
}

/* One random move from the current state of the three patches. */
static void patch_step(uint32_t *rng)
{
    uint32_t r = torture_rnd(rng) % 3;
    if (t2.state == LP_OFF && t3r.state == LP_OFF)
        step(r ? &t2 : &t3r, true);
    else if (t3.state == LP_ON)
        step(&t3, false);
    else if (t2.state == LP_ON)
        step(r == 0 ? &t2 : r == 1 ? &t3 : &t3r, r != 0);
    else
        step(&t3r, false);
}

static void settle(void)
{
    char err[240];
    struct lp_patch *p[3] = { &t3, &t2, &t3r };
    int i, rc;
    for (i = 0; i < 3; i++)
        if (p[i]->state == LP_ON)
            for (rc = lp_disable(p[i], err, sizeof err); rc > 0; rc = lp_continue(err, sizeof err))
                ;
}

static int lp_torture_run(char *why, size_t n)
{
    const char *const names[3] = { "lpt_c1", "lpt_c2", "lpt_c3" };
    uint32_t lo[3] = { (uint32_t)lpt_c1, (uint32_t)lpt_c2, (uint32_t)lpt_c3 }, hi[3], rng = (uint32_t)param_seed;
    uint64_t end = clock_ns() + (uint64_t)param_duration_ms * 1000000u;
    int i, bad;
    for (i = 0; i < 3; i++)
        hi[i] = lo[i] + ksym_lookup(lo[i])->size;
    kprintf("lp-torture: %d CPUs, model %s, %d ms\n", ncpu, lp_model_name(lp_model), param_duration_ms);
    torture_landing_start(names, lo, hi, 3);
    torture_spawn("lpt-w", worker, (uint32_t)param_seed);
    while ((torture_running(end, 1, LAND_PREEMPT_NATIVE) || (!tc.done && clock_ns() < end + 10000000000ull)) &&
           !mixed)
        patch_step(&rng);
    torture_stop = 1;
    bad = torture_join(why, n);
    torture_landing_stop();
    settle();
    kprintf("lp-torture: %u chains checked, %u mixed; transitions: %u done (mean %u us, max %u us), %u aborted, "
            "%u stuck and reversed; %u threads nudged, %u switched themselves\n", chains, mixed, tc.done,
            tc.done ? (uint32_t)(tc.ns / tc.done / 1000) : 0, (uint32_t)(tc.max_ns / 1000), tc.aborted, tc.stuck,
            lp_stats.nudged, lp_stats.self);
    if (mixed)
        return ksnprintf(why, n, "lp-torture: %u mixed chains", mixed), 1;
    if (bad)
        return 1;
    if (!tc.done)
        return ksnprintf(why, n, "lp-torture: no transition completed"), 1;
    return torture_landing_check(1, LAND_PREEMPT_NATIVE, why, n);
}
KSCENARIO("lp-torture", lp_torture_run, "live patches applied, reverted, stacked and replaced under lp_model= "
          "while every CPU calls a chain of patched functions; counts mixed chains");
