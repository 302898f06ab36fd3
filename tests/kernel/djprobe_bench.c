/* bench-djprobe: (1) the cost of a probe hit, optimized against int3 against
 * calling the same handler directly next to the unprobed call; (2) per
 * strategy, the latency of optimizing one probe and how long the other CPUs
 * were stalled meanwhile (the longest gap a spinner on each other CPU saw
 * during the optimization; bench.h), next to the same over an idle window.
 * TSC-timed: under QEMU compare ratios within one run.  `bench:` lines for
 * people, BENCH lines for tests/report.py. */
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

#define REPS 2000
#define OREPS 12
static uint32_t samples[REPS], dsamples[REPS], isamples[REPS];
static volatile uint32_t handled;
int dj_add(int x);
extern char dj_add_mov[];
#define SITE ((uint32_t)dj_add + (uint32_t)dj_add_mov)

static int bench_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; handled++; return 0; }

static uint32_t time_calls(bool direct_handler, uint32_t *out)
{
    struct trapframe tf;
    int i;
    for (i = 0; i < REPS; i++) {
        uint64_t t0 = rdtsc();
        dj_add(i);
        if (direct_handler)
            bench_pre(NULL, &tf);
        out[i] = (uint32_t)clock_tsc_to_ns(rdtsc() - t0);
    }
    return bench_median(out, REPS);
}

static uint32_t probed_cost(uint32_t flags, int want_state, uint32_t *out)
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
    ns = time_calls(false, out);
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
    uint32_t direct = time_calls(true, dsamples), i3 = probed_cost(0, DJ_INT3, isamples);
    uint32_t opt = probed_cost(KPROBE_OPTIMIZE, DJ_OPTIMIZED, samples);
    char r1[16], r2[16];
    if (!i3 || !opt)
        return -1;
    bench_emit("hit", "ns", dsamples, REPS, "\"kind\":\"direct\",\"target\":\"dj_add\"");
    bench_emit("hit", "ns", isamples, REPS, "\"kind\":\"int3-step\",\"target\":\"dj_add\"");
    bench_emit("hit", "ns", samples, REPS, "\"kind\":\"optimized\",\"target\":\"dj_add\"");
    ratio(r1, sizeof r1, opt, i3);
    ratio(r2, sizeof r2, opt, direct);
    kprintf("bench: optimized probe hit: median %u ns per call; int3 probe %u ns; unprobed call plus "
            "direct handler call %u ns; optimized/int3 = %s (goal <= 0.05: %s), optimized/direct = %s "
            "(goal <= 1.50: %s), over %d calls\n", opt, i3, direct, r1,
            opt * 20 <= i3 ? "met" : "NOT met", r2, opt * 2 <= direct * 3 ? "met" : "NOT met", REPS);
    return 0;
}

static int optimize_latency(int strategy)
{
    static uint32_t stall[OREPS], idle[OREPS];
    struct kprobe p;
    char err[160], ex[96];
    int i, ok = 0;
    uint32_t med, smed, imed;
    for (i = 0; i < OREPS; i++) {
        uint64_t t0, t1, w0, w1;
        __builtin_memset(&p, 0, sizeof p);
        p.addr = SITE; p.pre_handler = bench_pre; p.flags = KPROBE_OPTIMIZE; p.strategy = strategy;
        t0 = clock_ns();
        if (kprobe_register(&p, err, sizeof err))
            return kprintf("!!! bench: %s\n", err), -1;
        djprobe_flush();
        t1 = clock_ns();
        samples[i] = (uint32_t)(t1 - t0) / 1000;
        ok += kprobe_opt_state(&p) == DJ_OPTIMIZED;
        if (ncpu > 1) {
            thread_sleep_ns(2000000);            /* spinners record the gap's end */
            stall[i] = bench_stall(t0, t1, NULL) / 1000;
            bench_idle_window(t1 - t0, &w0, &w1);
            thread_sleep_ns(2000000);
            idle[i] = bench_stall(w0, w1, NULL) / 1000;
        } else {
            stall[i] = idle[i] = 0;
        }
        kprobe_unregister(&p);
    }
    ksnprintf(ex, sizeof ex, "\"strategy\":\"%s\",\"optimized\":%d", dj_strategy_name(strategy), ok);
    med = bench_emit("optimize", "us", samples, OREPS, ex);
    ksnprintf(ex, sizeof ex, "\"strategy\":\"%s\"", dj_strategy_name(strategy));
    smed = bench_emit("optimize-stall", "us", stall, OREPS, ex);
    imed = bench_emit("optimize-stall-idle", "us", idle, OREPS, ex);
    kprintf("bench: optimize latency (%s): median %u us over %d, %d optimized; other CPUs stalled "
            "%u us (median over runs of the longest gap during it; %u us in an idle window as long)\n",
            dj_strategy_name(strategy), med, OREPS, ok, smed, imed);
    return 0;
}

static int scenario_bench_djprobe(char *why, size_t n)
{
    int s, r;
    thread_set_affinity(1u);
    r = hit_cost();
    kprintf("bench-djprobe: %d CPUs; TSC-timed (under QEMU: emulator time, compare ratios)\n", ncpu);
    if (ncpu > 1)
        bench_spinners_start(256);               /* they yield: tasks-RCU can finish */
    for (s = DJS_DEFAULT + 1; !r && s < DJS_N; s++)
        r = optimize_latency(s);
    if (ncpu > 1)
        bench_spinners_stop();
    if (r)
        return ksnprintf(why, n, "benchmark could not run"), 1;
    return 0;
}
KSCENARIO("bench-djprobe", scenario_bench_djprobe, "benchmark: optimized vs int3 probe hit, optimize latency and stalls per strategy");
