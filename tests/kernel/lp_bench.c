/* bench-livepatch: (1) transition time: lp_enable and lp_disable of a patch
 * of 1 function beside 10, 100 and 1,000 sleeping threads, and of 1, 10 and
 * 100 functions beside 10, under each model; the threads sleep 4 frames deep
 * in lp_safe_wait (a kernel thread's main-loop wait), outside every patch.
 * With each: how long the other CPUs were parked (kpatch, ksplice:
 * lp_stats.stopped_ns) and how many core syncs (an IPI to every other CPU,
 * not a stop) the int3 protocol took.  (2) a call of a patched function
 * through the dispatcher during a transition, through the plain redirect
 * after it, and of an unpatched function.  Under -icount shift=0 every
 * figure is an instruction count.  Scenario bench-livepatch-icount.
 * bench-lp-stall: the stop-machine models' stall alone (how long the other
 * CPUs are parked per switch) against 10, 100, 1,000 (lps_threads= more:
 * 10,000) sleepers, with the pre-scan on and off (djprobe_prescan=: off
 * scans every thread inside the rendezvous, as before): BENCH "lp-stall".
 * Scenarios bench-lp-stall-icount and bench-lp-stall-10k. */
#include "kernel/scenario.h"
#include "kernel/ktest.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/fmt.h"
#include "kernel/x86.h"
#include "patch/livepatch.h"
#include "patch/poke.h"
#include "patch/djprobe_int.h"
#include "kernel/param.h"
#include "tests/kernel/bench.h"
#include "tests/kernel/lp_bench.h"

#define LPB_NEW(i) int lpbn_f##i(int x) { return x + 1000 + i; }
LPB_EACH(LPB_NEW)

struct waitq lpb_hold_wq = WAITQ_INIT("lpb-hold");
bool lpb_hold_left(void *leave) { return *(volatile int *)leave; }

int lpbn_hold(volatile int *leave)
{
    waitq_wait(&lpb_hold_wq, lpb_hold_left, (void *)(uintptr_t)leave);
    return lpb_f0(0);
}

#define LPB_OLDREF(i) lpb_f##i,
#define LPB_NEWREF(i) lpbn_f##i,
#define LPB_NAME(i) "lpb_f" #i,
static int (*const lpb_old[LPB_N])(int) = { LPB_EACH(LPB_OLDREF) };
static int (*const lpb_new[LPB_N])(int) = { LPB_EACH(LPB_NEWREF) };
static const char *const lpb_name[LPB_N] = { LPB_EACH(LPB_NAME) };

#define REPS 5                         /* enable/disable pairs per configuration */
#define CALLS 2000
#define SLEEPERS_MAX 10000
static struct lp_func fns[LPB_N];
static struct lp_patch patch;
static uint32_t en[REPS], dis[REPS], calls[CALLS];
static char err[240];

/* ---- sleepers: asleep in lp_safe_wait, 4 frames deep ------------------- */
static struct thread *sl[SLEEPERS_MAX];
static int nsl;
static volatile int sl_stop;
static struct waitq sl_wq;
static bool sl_cond(void *arg) { (void)arg; return sl_stop; }

static __attribute__((noinline)) int sl_deep(int depth)
{
    int r = 0;
    if (depth > 1)
        r = sl_deep(depth - 1);
    else
        lp_safe_wait(&sl_wq, sl_cond, NULL);
    __asm__ volatile("" : "+r"(r));            /* one frame per level */
    return r + 1;
}

static void sl_main(void *arg) { (void)arg; sl_deep(4); thread_exit(); }

static void sl_grow(int n)
{
    int i = nsl;
    while (nsl < n && (sl[nsl] = thread_create("lpb-sleeper", sl_main, NULL, CPUMASK_ALL)))
        nsl++;
    for (; i < nsl; i++)                       /* every one reaches its sleep, its only one */
        if (!ktest_wait_blocked(sl[i], NULL, 5000))
            kprintf("!!! bench-livepatch: sleeper %d did not block\n", i);
}

static void sl_release(void)
{
    sl_stop = 1;
    waitq_wake(&sl_wq, SLEEPERS_MAX);
    while (nsl)
        thread_join(sl[--nsl]);
    sl_stop = 0;
}

/* ---- transition time ---------------------------------------------------- */
static void patch_of(int k, int model)
{
    int i;
    for (i = 0; i < k; i++)
        fns[i] = (struct lp_func){ .name = lpb_name[i], .old_fn = (void *)lpb_old[i],
                                   .new_fn = (void *)lpb_new[i] };
    patch = (struct lp_patch){ .name = "bench", .funcs = fns, .nfuncs = k, .model = model };
}

static int transition(int model, int k)
{
    uint64_t stop0 = lp_stats.stopped_ns, sync0 = poke_stats.syncs, pass0 = lp_stats.pass_ns, t0;
    uint32_t npass0 = lp_stats.passes;
    uint32_t me, md;
    char ex[128];
    int r;
    patch_of(k, model);
    for (r = 0; r < REPS; r++) {
        t0 = clock_ns();
        if (lp_enable(&patch, err, sizeof err))
            return kprintf("!!! bench-livepatch: %s enable: %s\n", lp_model_name(model), err), -1;
        en[r] = (uint32_t)(clock_ns() - t0);
        t0 = clock_ns();
        if (lp_disable(&patch, err, sizeof err))
            return kprintf("!!! bench-livepatch: %s disable: %s\n", lp_model_name(model), err), -1;
        dis[r] = (uint32_t)(clock_ns() - t0);
    }
    ksnprintf(ex, sizeof ex, "\"model\":\"%s\",\"sleepers\":%d,\"funcs\":%d,\"op\":\"enable\"",
              lp_model_name(model), nsl, k);
    me = bench_emit("lp-transition", "ns", en, REPS, ex);
    ksnprintf(ex, sizeof ex, "\"model\":\"%s\",\"sleepers\":%d,\"funcs\":%d,\"op\":\"disable\"",
              lp_model_name(model), nsl, k);
    md = bench_emit("lp-transition", "ns", dis, REPS, ex);
    ksnprintf(ex, sizeof ex, "\"model\":\"%s\",\"sleepers\":%d,\"funcs\":%d",
              lp_model_name(model), nsl, k);
    bench_emit_value("lp-stopped", "ns", (lp_stats.stopped_ns - stop0) / (2 * REPS), ex);
    bench_emit_value("lp-syncs", "count", (poke_stats.syncs - sync0) / (2 * REPS), ex);
    bench_emit_value("lp-pass", "ns", (lp_stats.pass_ns - pass0) / (2 * REPS), ex);
    bench_emit_value("lp-passes", "count", (lp_stats.passes - npass0) / (2 * REPS), ex);
    kprintf("bench: %-9s %4d threads (%4d sleepers), %3d function%s: enable %u ns, disable %u ns (medians of %d); "
            "per operation: other CPUs parked %llu ns, %llu core syncs, %u passes over the threads "
            "taking %llu ns\n", lp_model_name(model), thread_count(), nsl, k, k > 1 ? "s" : " ", me, md, REPS,
            (unsigned long long)((lp_stats.stopped_ns - stop0) / (2 * REPS)),
            (unsigned long long)((poke_stats.syncs - sync0) / (2 * REPS)),
            (lp_stats.passes - npass0) / (2 * REPS), (unsigned long long)((lp_stats.pass_ns - pass0) / (2 * REPS)));
    return 0;
}

static int models(int k)
{
    static const int m[] = { LP_KPATCH, LP_KSPLICE, LP_KGRAFT, LP_LIVEPATCH };
    unsigned i;
    for (i = 0; i < sizeof m / sizeof m[0]; i++)
        if (transition(m[i], k))
            return -1;
    return 0;
}

/* ---- a call: through the dispatcher, the redirect, unpatched ------------ */
static uint32_t time_calls(int (*fn)(int), const char *kind, int want)
{
    char ex[64];
    int i, r = 0;
    for (i = 0; i < CALLS; i++) {
        uint64_t t0 = rdtsc();
        r = fn(i);
        calls[i] = (uint32_t)clock_tsc_to_ns(rdtsc() - t0);
    }
    if (r != want)
        return kprintf("!!! bench-livepatch: %s call returned %d, want %d\n", kind, r, want), 0;
    ksnprintf(ex, sizeof ex, "\"kind\":\"%s\"", kind);
    return bench_emit("lp-call", "ns", calls, CALLS, ex);
}

static volatile int hold_leave;
static void holder(void *arg) { (void)arg; ktest_linger(); lpb_hold(&hold_leave); }

static int call_cost(void)
{
    struct thread *t;
    uint32_t d, x, p;
    fns[0] = (struct lp_func){ .name = "lpb_f0", .old_fn = (void *)lpb_f0, .new_fn = (void *)lpbn_f0 };
    fns[1] = (struct lp_func){ .name = "lpb_hold", .old_fn = (void *)lpb_hold, .new_fn = (void *)lpbn_hold };
    patch = (struct lp_patch){ .name = "bench-held", .funcs = fns, .nfuncs = 2, .model = LP_LIVEPATCH };
    hold_leave = 0;
    t = thread_create("lpb-holder", holder, NULL, CPUMASK_ALL);
    if (!t || !ktest_wait_blocked(t, &lpb_hold_wq, 5000))   /* blocked inside old lpb_hold */
        return kprintf("!!! bench-livepatch: the holder did not block in lpb_hold\n"), -1;
    if (lp_enable(&patch, err, sizeof err) != 1)
        return kprintf("!!! bench-livepatch: the held patch did not stay in transition: %s\n", err), -1;
    d = time_calls(lpb_f0, "dispatcher", CALLS - 1 + 1000);
    x = time_calls(lpb_f1, "unpatched", CALLS - 1 + 1);
    hold_leave = 1;
    waitq_wake(&lpb_hold_wq, 1);
    thread_join(t);
    if (lp_continue(err, sizeof err))
        return kprintf("!!! bench-livepatch: the transition did not complete: %s\n", err), -1;
    p = time_calls(lpb_f0, "redirect", CALLS - 1 + 1000);
    if (lp_disable(&patch, err, sizeof err) || !d || !x || !p)
        return kprintf("!!! bench-livepatch: %s\n", d && x && p ? err : "a call returned the wrong version"), -1;
    kprintf("bench: a call of a patched function: %u ns through the dispatcher during a transition, "
            "%u ns through the redirect after it; %u ns unpatched (medians of %d)\n", d, p, x, CALLS);
    return 0;
}

static int scenario_bench_livepatch(char *why, size_t n)
{
    static const int counts[] = { 10, 100, 1000 };
    unsigned i;
    int r;
    waitq_init(&sl_wq, "lpb-sleepers");
    kprintf("bench-livepatch: %d CPUs; models kpatch ksplice kgraft livepatch\n", ncpu);
    r = call_cost();
    for (i = 0; !r && i < sizeof counts / sizeof counts[0]; i++) {
        sl_grow(counts[i]);
        r = models(1) || (i == 0 && (models(10) || models(LPB_N)));
    }
    sl_release();
    if (r)
        return ksnprintf(why, n, "benchmark could not run"), 1;
    return 0;
}
/* ---- the stop-machine switch's stall ------------------------------------ */
static int lps_max = 1000;
KPARAM_INT("lps_threads", lps_max, 10, SLEEPERS_MAX, "bench-lp-stall: the most sleeping threads (x10 steps from 10)");
static uint32_t stall[2 * REPS];

/* REPS enable/disable pairs of a 1-function patch: each switch's stall
 * (lp_stats.stopped_ns: the rendezvous, other CPUs parked). */
static int stall_of(int model, int prescan)
{
    uint64_t s0, pre = 0;
    char ex[160];
    int r, rechecked = 0, saved = quiesce_prescan;
    patch_of(1, model);
    quiesce_prescan = prescan;
    for (r = 0; r < 2 * REPS; r++) {
        s0 = lp_stats.stopped_ns;
        if ((r & 1 ? lp_disable : lp_enable)(&patch, err, sizeof err))
            return quiesce_prescan = saved, kprintf("!!! bench-lp-stall: %s: %s\n", lp_model_name(model), err), -1;
        stall[r] = (uint32_t)(lp_stats.stopped_ns - s0);
        rechecked += quiesce_cost.rechecked;
        pre += quiesce_cost.pre_ns;
    }
    quiesce_prescan = saved;
    ksnprintf(ex, sizeof ex, "\"model\":\"%s\",\"prescan\":\"%s\",\"threads\":%d,\"rechecked\":%d",
              lp_model_name(model), prescan == QUIESCE_PRESCAN_ON ? "on" : "off", thread_count(),
              rechecked / (2 * REPS));
    kprintf("bench: %-7s switch, prescan %-3s %5d threads: other CPUs parked %u ns (median of %d), "
            "%d threads rescanned inside; pre-scan %llu ns (mean), CPUs running\n", lp_model_name(model),
            prescan == QUIESCE_PRESCAN_ON ? "on" : "off", thread_count(),
            bench_emit("lp-stall", "ns", stall, 2 * REPS, ex), 2 * REPS, rechecked / (2 * REPS),
            (unsigned long long)(pre / (2 * REPS)));
    if (prescan == QUIESCE_PRESCAN_ON)
        bench_emit_value("lp-prescan", "ns", pre / (2 * REPS), ex);
    return 0;
}

static int scenario_bench_lp_stall(char *why, size_t n)
{
    static const int m[] = { LP_KPATCH, LP_KSPLICE };
    int c, r = 0;
    unsigned i, k;
    waitq_init(&sl_wq, "lpb-sleepers");
    for (c = 10; !r && c <= lps_max; c *= 10) {
        sl_grow(c);
        if (nsl < c) {
            kprintf("bench: lp stall: only %d of %d threads (out of memory)\n", nsl, c);
            break;
        }
        for (i = 0; !r && i < sizeof m / sizeof m[0]; i++)
            for (k = 0; !r && k < 2; k++)
                r = stall_of(m[i], k ? QUIESCE_PRESCAN_OFF : QUIESCE_PRESCAN_ON);
    }
    sl_release();
    if (r)
        return ksnprintf(why, n, "benchmark could not run"), 1;
    return 0;
}
KSCENARIO("bench-lp-stall", scenario_bench_lp_stall,
          "benchmark: the kpatch/ksplice switch's stall against 10-10,000 sleeping threads, pre-scan on and off");

KSCENARIO("bench-livepatch", scenario_bench_livepatch,
          "benchmark: live-patch transition time against threads and functions per model; dispatcher cost");
