/* bench-retprobe: what a call of a probed function costs, entry and return
 * together: a return probe with an int3 entry, with a jump-optimized entry,
 * and ret-site probes (KRETPROBE_RET_SITES: an int3 on the ret, or a jump
 * on the epilogue before it), against a
 * plain int3 kprobe and a jump-optimized one at the entry, and the direct
 * call.  Under -icount shift=0 each figure is an instruction count.  One
 * `bench:` and one BENCH line ("name":"rp-hit") per kind. */
#include "kernel/scenario.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/fmt.h"
#include "kernel/x86.h"
#include "patch/kretprobe.h"
#include "patch/djprobe.h"
#include "tests/kernel/bench.h"

#define CALLS 2000
static uint32_t samples[CALLS];
int rpb_f(int x);                         /* tests/kernel/bench_targets.S */

static int nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }
static void ret_nothing(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf) { (void)rp; (void)ri; (void)tf; }

static uint32_t measure(const char *kind)
{
    char ex[64];
    int i, bad = 0;
    for (i = 0; i < CALLS; i++) {
        uint64_t t0 = rdtsc();
        bad += rpb_f(i) != i * 5 + 1;
        samples[i] = (uint32_t)clock_tsc_to_ns(rdtsc() - t0);
    }
    if (bad)
        return kprintf("!!! bench-retprobe: %s: %d wrong results\n", kind, bad), 0;
    ksnprintf(ex, sizeof ex, "\"kind\":\"%s\"", kind);
    return bench_emit("rp-hit", "ns", samples, CALLS, ex);
}

static uint32_t with_kprobe(uint32_t flags, const char *kind)
{
    struct kprobe p = { .symbol = "rpb_f", .pre_handler = nothing, .flags = flags };
    char err[160];
    uint32_t v;
    if (kprobe_register(&p, err, sizeof err))
        return kprintf("!!! bench-retprobe: %s\n", err), 0;
    djprobe_flush();
    v = (flags & KPROBE_OPTIMIZE) && kprobe_opt_state(&p) != DJ_OPTIMIZED ? 0 : measure(kind);
    kprobe_unregister(&p);
    return v;
}

/* The entry probe, and with ret sites each ret's, jump-optimized? */
static bool all_optimized(struct kretprobe *rp)
{
    int i;
    for (i = 0; i < rp->nsites; i++)
        if (kprobe_opt_state(&rp->sites[i].kp) != DJ_OPTIMIZED)
            return kprintf("!!! bench-retprobe: the ret site at %08x is not optimized\n", rp->sites[i].kp.addr), false;
    if (kprobe_opt_state(&rp->kp) != DJ_OPTIMIZED)
        return kprintf("!!! bench-retprobe: the entry probe is not optimized\n"), false;
    return true;
}

static uint32_t with_kretprobe(uint32_t flags, int rkind, const char *kind)
{
    struct kretprobe rp = { .kp = { .symbol = "rpb_f", .flags = flags }, .handler = ret_nothing, .kind = rkind };
    char err[160];
    uint32_t v;
    if (kretprobe_register(&rp, err, sizeof err))
        return kprintf("!!! bench-retprobe: %s\n", err), 0;
    djprobe_flush();
    v = (flags & KPROBE_OPTIMIZE) && !all_optimized(&rp) ? 0 : measure(kind);
    if (v && rp.nreturn != CALLS)
        v = 0, kprintf("!!! bench-retprobe: %s: %u returns seen of %d\n", kind, rp.nreturn, CALLS);
    kretprobe_unregister(&rp);
    return v;
}

static int scenario_bench_retprobe(char *why, size_t n)
{
    uint32_t d = measure("direct"), k = with_kprobe(0, "kprobe-int3"), ko = with_kprobe(KPROBE_OPTIMIZE, "kprobe-optimized");
    uint32_t r = with_kretprobe(0, KRETPROBE_STACK, "kretprobe-int3");
    uint32_t ro = with_kretprobe(KPROBE_OPTIMIZE, KRETPROBE_STACK, "kretprobe-optimized");
    uint32_t rs = with_kretprobe(0, KRETPROBE_RET_SITES, "ret-sites-int3");
    uint32_t rso = with_kretprobe(KPROBE_OPTIMIZE, KRETPROBE_RET_SITES, "ret-sites-optimized");
    if (!d || !k || !ko || !r || !ro || !rs || !rso)
        return ksnprintf(why, n, "benchmark could not run"), 1;
    kprintf("bench: a call of a probed function, entry and return (medians of %d): direct %u; entry probe "
            "int3 %u, optimized %u; return probe int3 entry %u, optimized entry %u; ret-site probes int3 on "
            "entry and ret %u, jump-optimized on entry and epilogue %u\n", CALLS, d, k, ko, r, ro, rs, rso);
    return 0;
}
KSCENARIO("bench-retprobe", scenario_bench_retprobe,
          "benchmark: a probed call's cost, return probes (int3 and optimized entry, ret sites) against kprobes");
