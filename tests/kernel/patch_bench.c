/* bench-patch: medians over many repetitions of (1) an int3 probe hit on a
 * single-stepped and on an emulated instruction, against calling the same
 * handler directly next to the unprobed target; (2) patching one 5-byte site
 * and a batch of 100 with the int3 bypass protocol, with the core syncs and
 * IPIs it took.  TSC-timed (kernel/clock.c): under QEMU these measure the
 * emulator, so compare the ratios within one run, not absolute values. */
#include "kernel/scenario.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "patch/kprobe.h"
#include "patch/poke.h"
#include "tests/kernel/bench.h"

#define REPS 2000
#define PREPS 40
static uint32_t samples[REPS];
static volatile uint32_t handled;
int kp_add(int x);
int kp_call(void);
extern char kp_add_add5[], kp_call_call[];
extern char bench_sled[];

static int bench_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; handled++; return 0; }

static uint32_t time_calls(int (*fn)(int), bool direct_handler)
{
    struct trapframe tf;
    int i;
    for (i = 0; i < REPS; i++) {
        uint64_t t0 = rdtsc();
        fn(i);
        if (direct_handler)
            bench_pre(NULL, &tf);
        samples[i] = (uint32_t)clock_tsc_to_ns(rdtsc() - t0);
    }
    return bench_median(samples, REPS);
}

static int call_kp_call(int x) { (void)x; return kp_call(); }

static int probe_cost(uint32_t addr, int (*fn)(int), const char *what)
{
    struct kprobe p = { .addr = addr, .pre_handler = bench_pre };
    char err[160];
    uint32_t direct, probed;
    direct = time_calls(fn, true);
    if (kprobe_register(&p, err, sizeof err))
        return kprintf("!!! bench: %s\n", err), -1;
    probed = time_calls(fn, false);
    kprobe_unregister(&p);
    kprintf("bench: int3 probe hit (%s): median %u ns per call vs %u ns for the unprobed call plus a "
            "direct handler call: %u.%02ux, over %d calls\n", what, probed, direct,
            probed / (direct ? direct : 1), probed * 100 / (direct ? direct : 1) % 100, REPS);
    return 0;
}

static void sled_sites(struct poke_site *s, int n, int enc)
{
    static const uint8_t nop5[5] = { 0x0F, 0x1F, 0x44, 0x00, 0x00 }, jmp0[5] = { 0xE9, 0, 0, 0, 0 };
    int i;
    for (i = 0; i < n; i++) {
        s[i].addr = (uint8_t *)bench_sled + 5 * i;
        s[i].len = 5;
        kmemcpy(s[i].new, enc ? jmp0 : nop5, 5);
    }
}

static int poke_latency(int n)
{
    static struct poke_site s[100];
    char err[160];
    uint64_t syncs0 = poke_stats.syncs;
    int i;
    for (i = 0; i < PREPS * 2; i++) {
        uint64_t t0;
        sled_sites(s, n, !(i & 1));
        t0 = clock_ns();
        if (text_poke_batch(s, n, err, sizeof err))
            return kprintf("!!! bench: %s\n", err), -1;
        samples[i] = (uint32_t)(clock_ns() - t0);
    }
    i = (int)((poke_stats.syncs - syncs0) / (PREPS * 2));
    kprintf("bench: text_poke of %d site%s: median %u ns over %d, %d core syncs each, %d IPIs each "
            "(one per other CPU per sync)\n", n, n > 1 ? "s" : "", bench_median(samples, PREPS * 2),
            PREPS * 2, i, i * (ncpu - 1));
    return 0;
}

static int scenario_bench_patch(char *why, size_t n)
{
    extern int ksnprintf(char *, size_t, const char *, ...);
    kprintf("bench-patch: %d CPUs; TSC-timed medians (under QEMU: emulator time, compare ratios)\n", ncpu);
    if (probe_cost((uint32_t)kp_add + (uint32_t)kp_add_add5, kp_add, "single-stepped add") ||
        probe_cost((uint32_t)kp_call + (uint32_t)kp_call_call, call_kp_call, "emulated call") ||
        poke_latency(1) || poke_latency(100))
        return ksnprintf(why, n, "benchmark could not run"), 1;
    return 0;
}
KSCENARIO("bench-patch", scenario_bench_patch, "benchmark: int3 probe hit cost, text_poke latency (medians)");
