/* bench-djprobe: (1) the cost of a probe hit, optimized against int3 against
 * calling the same handler directly next to the unprobed call; (2) per
 * strategy, the latency of optimizing one probe and how long the other CPUs
 * were stalled meanwhile (the largest gap a spinner on each other CPU saw).
 * TSC-timed medians: under QEMU compare ratios within one run. */
#include "kernel/scenario.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/trap.h"
#include "kernel/fmt.h"
#include "kernel/x86.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "tests/kernel/bench.h"
#include "tests/kernel/torture.h"

#define REPS 2000
#define OREPS 12
static uint32_t samples[REPS];
static volatile uint32_t handled;
int dj_add(int x);
extern char dj_add_mov[];
#define SITE ((uint32_t)dj_add + (uint32_t)dj_add_mov)

static int bench_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; handled++; return 0; }

static uint32_t time_calls(bool direct_handler)
{
    struct trapframe tf;
    int i;
    for (i = 0; i < REPS; i++) {
        uint64_t t0 = rdtsc();
        dj_add(i);
        if (direct_handler)
            bench_pre(NULL, &tf);
        samples[i] = (uint32_t)clock_tsc_to_ns(rdtsc() - t0);
    }
    return bench_median(samples, REPS);
}

static uint32_t probed_cost(uint32_t flags, int want_state)
{
    struct kprobe p = { .addr = SITE, .pre_handler = bench_pre, .flags = flags };
    char err[160];
    uint32_t ns;
    if (kprobe_register(&p, err, sizeof err))
        return kprintf("!!! bench: %s\n", err), 0;
    djprobe_flush();
    if (kprobe_opt_state(&p) != want_state) {
        kprintf("!!! bench: probe is %s, not %s: %s\n", kprobe_opt_state(&p) == DJ_INT3 ? "int3" : "?",
                want_state == DJ_OPTIMIZED ? "optimized" : "int3", kprobe_opt_why(&p));
        kprobe_unregister(&p);
        return 0;
    }
    ns = time_calls(false);
    kprobe_unregister(&p);
    return ns;
}

static void ratio(char *b, size_t n, uint32_t a, uint32_t c)
{
    c = c ? c : 1;
    ksnprintf(b, n, "%u.%02u", a / c, (uint32_t)((uint64_t)a * 100 / c % 100));
}

static int hit_cost(void)
{
    uint32_t direct = time_calls(true), i3 = probed_cost(0, DJ_INT3);
    uint32_t opt = probed_cost(KPROBE_OPTIMIZE, DJ_OPTIMIZED);
    char r1[16], r2[16];
    if (!i3 || !opt)
        return -1;
    ratio(r1, sizeof r1, opt, i3);
    ratio(r2, sizeof r2, opt, direct);
    kprintf("bench: optimized probe hit: median %u ns per call; int3 probe %u ns; unprobed call plus "
            "direct handler call %u ns; optimized/int3 = %s (goal <= 0.05: %s), optimized/direct = %s "
            "(goal <= 1.50: %s), over %d calls\n", opt, i3, direct, r1,
            opt * 20 <= i3 ? "met" : "NOT met", r2, opt * 2 <= direct * 3 ? "met" : "NOT met", REPS);
    return 0;
}

/* Spinners on the other CPUs record the largest gap between two of their
 * loop iterations (yielding now and then, so tasks-RCU can finish). */
static volatile uint32_t max_gap_ns[NCPU_MAX];
static void spinner(struct torture_worker *w)
{
    uint64_t last = rdtsc(), t;
    int i;
    if (w->cpu == 0) { torture_pause(w); return; }
    for (i = 0; i < 256 && !torture_stop; i++) {
        uint32_t g;
        t = rdtsc();
        g = (uint32_t)clock_tsc_to_ns(t - last);
        if (g > max_gap_ns[w->cpu])
            max_gap_ns[w->cpu] = g;
        last = t;
    }
    w->iters++;
    thread_yield();
}

static int optimize_latency(int strategy)
{
    static uint32_t stall[OREPS];
    struct kprobe p;
    char err[160];
    int i, c, ok = 0;
    for (i = 0; i < OREPS; i++) {
        uint64_t t0;
        __builtin_memset(&p, 0, sizeof p);
        p.addr = SITE; p.pre_handler = bench_pre; p.flags = KPROBE_OPTIMIZE; p.strategy = strategy;
        for (c = 0; c < NCPU_MAX; c++) max_gap_ns[c] = 0;
        t0 = clock_ns();
        if (kprobe_register(&p, err, sizeof err))
            return kprintf("!!! bench: %s\n", err), -1;
        djprobe_flush();
        samples[i] = (uint32_t)(clock_ns() - t0) / 1000;
        ok += kprobe_opt_state(&p) == DJ_OPTIMIZED;
        for (c = 1, stall[i] = 0; c < ncpu; c++)
            stall[i] = max_gap_ns[c] > stall[i] ? max_gap_ns[c] : stall[i];
        stall[i] /= 1000;
        kprobe_unregister(&p);
    }
    kprintf("bench: optimize latency (%s): median %u us over %d, %d optimized; other CPUs stalled "
            "at most %u us (median over runs of the largest gap)\n", dj_strategy_name(strategy),
            bench_median(samples, OREPS), OREPS, ok, bench_median(stall, OREPS));
    return 0;
}

static int scenario_bench_djprobe(char *why, size_t n)
{
    char w[96];
    int s, r = hit_cost();
    kprintf("bench-djprobe: %d CPUs; TSC-timed medians (under QEMU: emulator time, compare ratios)\n", ncpu);
    torture_spawn("spin", spinner, 1);
    for (s = DJS_DEFAULT + 1; !r && s < DJS_N; s++)
        r = optimize_latency(s);
    torture_stop = 1;
    torture_join(w, sizeof w);
    if (r)
        return ksnprintf(why, n, "benchmark could not run"), 1;
    return 0;
}
KSCENARIO("bench-djprobe", scenario_bench_djprobe, "benchmark: optimized vs int3 probe hit, optimize latency and stalls per strategy");
