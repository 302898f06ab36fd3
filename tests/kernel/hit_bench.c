/* bench-hit: what one probe hit costs, per path (direct handler call next to
 * the unprobed call, jump-optimized, int3 single-stepped, int3 emulated), in
 * instructions and exceptions.  Under -icount shift=0,sleep=off the TSC
 * counts instructions (one per ns), so a sample is an exact count (the
 * window around a call to an empty function is subtracted); with
 * hit_exact=1 (scenario bench-hit-icount) the benchmark proves it: a
 * 100-instruction function must read 100 over the empty window, and a
 * handler 10 instructions longer must read exactly 10 more on every path.
 * hit_trace=1 runs each path once more between hit_trace_begin/end, where
 * tests/hit_trace.py counts the instruction classes from QEMU's exec log. */
#include "kernel/scenario.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/trap.h"
#include "kernel/fmt.h"
#include "kernel/param.h"
#include "kernel/thread.h"
#include "kernel/x86.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "tests/kernel/bench.h"

#define REPS 64
static int hit_exact, hit_trace;
KPARAM_INT("hit_exact", hit_exact, 0, 1, "bench-hit: fail unless the counts are exact (icount shift=0)");
KPARAM_INT("hit_trace", hit_trace, 0, 1, "bench-hit: run each path once between trace markers");

int kp_add(int x);
int kp_call(void);
int dj_add(int x);
int hit_calib0(int x);
int hit_calib100(int x);
extern char kp_add_add5[], kp_call_call[], dj_add_mov[];
static uint32_t samples[REPS];
static volatile uint32_t handled;

static int pre0(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; handled++; return 0; }
static int pre10(struct kprobe *p, struct trapframe *tf)
{
    (void)p; (void)tf;
    handled++;
    __asm__ volatile(".rept 10; nop; .endr");
    return 0;
}

/* The host's trace markers (tests/hit_trace.py): never inlined. */
__attribute__((noinline)) void hit_trace_begin(int path) { __asm__ volatile("" :: "r"(path)); }
__attribute__((noinline)) void hit_trace_end(int path) { __asm__ volatile("" :: "r"(path)); }

struct path {
    const char *kind, *target;
    int (*fn)(int);
    uint32_t site;                       /* 0: direct handler call */
    uint32_t flags;
    int state;                           /* wanted optimizer state */
};
static int call_kp_call(int x) { (void)x; return kp_call(); }

static uint32_t exceptions(void)
{
    uint32_t n = 0;
    int v;
    for (v = 0; v < 32; v++)
        n += mycpu()->nexc[v];
    return n;
}

/* One sample per call: fn, then the handler itself when direct. */
static void run(const struct path *pa, int (*pre)(struct kprobe *, struct trapframe *), uint32_t *traps)
{
    struct trapframe tf;
    uint32_t e0 = exceptions();
    int i;
    for (i = 0; i < REPS; i++) {
        uint64_t t0 = rdtsc();
        pa->fn(i);
        if (!pa->site && pre)
            pre(NULL, &tf);
        samples[i] = (uint32_t)(rdtsc() - t0);
    }
    *traps = (exceptions() - e0) / REPS;
}

static int arm(const struct path *pa, struct kprobe *p, int (*pre)(struct kprobe *, struct trapframe *))
{
    char err[160];
    __builtin_memset(p, 0, sizeof *p);
    p->addr = pa->site;
    p->pre_handler = pre;
    p->flags = pa->flags;
    if (kprobe_register(p, err, sizeof err))
        return kprintf("!!! bench-hit: %s: %s\n", pa->kind, err), -1;
    djprobe_flush();
    if (kprobe_opt_state(p) != pa->state) {
        kprintf("!!! bench-hit: %s: the probe is not in the wanted state: %s\n", pa->kind, kprobe_opt_why(p));
        kprobe_unregister(p);
        return -1;
    }
    return 0;
}

/* Median of the samples with handler pre (min and max too), and exceptions per call. */
static int measure(const struct path *pa, int (*pre)(struct kprobe *, struct trapframe *),
                   struct bench_sum *s, uint32_t *traps)
{
    struct kprobe p;
    int i;
    if (pa->site && arm(pa, &p, pre))
        return -1;
    run(pa, pre, traps);
    if (pa->site)
        kprobe_unregister(&p);
    for (i = 0; i < REPS; i++)
        samples[i] = (uint32_t)clock_tsc_to_ns(samples[i]);
    bench_summarize(samples, REPS, s);
    return 0;
}

static void trace_once(const struct path *pa, int id)
{
    struct kprobe p;
    struct trapframe tf;
    if (pa->site && arm(pa, &p, pre0))
        return;
    hit_trace_begin(id);
    pa->fn(id);
    if (!pa->site)
        pre0(NULL, &tf);
    hit_trace_end(id);
    if (pa->site)
        kprobe_unregister(&p);
    kprintf("bench-hit: trace %d = %s %s\n", id, pa->kind, pa->target);
}

static const struct path paths[] = {
    { "direct", "kp_add", kp_add, 0, 0, 0 },
    { "int3-step", "kp_add", kp_add, 0, 0, DJ_INT3 },
    { "direct", "kp_call", call_kp_call, 0, 0, 0 },
    { "int3-emulate", "kp_call", call_kp_call, 0, 0, DJ_INT3 },
    { "direct", "dj_add", dj_add, 0, 0, 0 },
    { "optimized", "dj_add", dj_add, 0, KPROBE_OPTIMIZE, DJ_OPTIMIZED },
};
#define NPATHS (int)(sizeof paths / sizeof paths[0])

static uint32_t site_of(int i)
{
    switch (i) {
    case 1: return (uint32_t)kp_add + (uint32_t)kp_add_add5;
    case 3: return (uint32_t)kp_call + (uint32_t)kp_call_call;
    case 5: return (uint32_t)dj_add + (uint32_t)dj_add_mov;
    }
    return 0;
}

/* hit_calib0 (the empty window) and hit_calib100: 100 instructions more. */
static int calibrate(uint32_t *empty, char *why, size_t n)
{
    struct path e = { "empty", "-", hit_calib0, 0, 0, 0 }, c = { "calib", "-", hit_calib100, 0, 0, 0 };
    struct bench_sum se, sc;
    uint32_t t;
    measure(&e, NULL, &se, &t);
    measure(&c, NULL, &sc, &t);
    *empty = se.median;
    kprintf("bench-hit: empty window %u, hit_calib100 %u: %u instructions (must read 100)\n",
            se.median, sc.median, sc.median - se.median);
    if (hit_exact && (sc.median - se.median != 100 || se.min != se.max || sc.min != sc.max))
        return ksnprintf(why, n, "calibration: hit_calib100 read %u-%u over an empty window of %u-%u, "
                         "not exactly 100", sc.min, sc.max, se.min, se.max), -1;
    return 0;
}

static int one_path(int i, uint32_t empty, char *why, size_t n)
{
    struct path pa = paths[i];
    struct bench_sum s0, s10;
    uint32_t traps, t10, v;
    char ex[160];
    pa.site = site_of(i);
    if (measure(&pa, pre0, &s0, &traps) || measure(&pa, pre10, &s10, &t10))
        return ksnprintf(why, n, "%s: could not measure", pa.kind), -1;
    v = s0.median - empty;
    ksnprintf(ex, sizeof ex, "\"kind\":\"%s\",\"target\":\"%s\",\"traps\":%u,\"iret\":%u",
              pa.kind, pa.target, traps, traps);
    bench_emit_value("hit", hit_exact ? "insn" : "ns", v, ex);
    kprintf("bench-hit: %-12s %-8s %5u %s per hit (min %u max %u over %d), %u exceptions; "
            "a handler 10 instructions longer: +%d\n", pa.kind, pa.target, v, hit_exact ? "insns" : "ns",
            s0.min - empty, s0.max - empty, REPS, traps, (int)(s10.median - s0.median));
    if (hit_exact && (s0.min != s0.max || s10.median - s0.median != 10))
        return ksnprintf(why, n, "%s %s: not exact (min %u max %u) or the padded handler read +%d, not +10",
                         pa.kind, pa.target, s0.min, s0.max, (int)(s10.median - s0.median)), -1;
    return 0;
}

static int scenario_bench_hit(char *why, size_t n)
{
    uint32_t empty;
    int i;
    thread_set_affinity(1u);
    kprintf("bench-hit: %s; %d calls per path, the empty window subtracted\n",
            hit_exact ? "exact instruction counts (icount shift=0)" : "TSC-timed ns", REPS);
    if (calibrate(&empty, why, n))
        return 1;
    for (i = 0; i < NPATHS; i++)
        if (one_path(i, empty, why, n))
            return 1;
    for (i = 0; hit_trace && i < NPATHS; i++) {
        struct path pa = paths[i];
        pa.site = site_of(i);
        trace_once(&pa, i);
    }
    return 0;
}
KSCENARIO("bench-hit", scenario_bench_hit,
          "benchmark: one probe hit per path in instructions (icount shift=0) and exceptions");
