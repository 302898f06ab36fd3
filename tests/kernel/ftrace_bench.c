/* bench-ftrace: what Linux's ftrace does to every function entry, with this
 * kernel's protocols.  An int3 probe at the entry of every probeable function
 * (the symbol table; refusals counted by hazard), registered as one batch,
 * left to be hit by the running kernel for ft_ms, disabled as one batch and
 * removed as one batch: time per site and core syncs of each step.  In the
 * same run, stop-machine writes an int3 into every one of those sites and
 * restores them in one rendezvous (no checks: the other CPUs can only be in
 * the rendezvous).  Then the same batch jump-optimized, after the one-time
 * index of direct branches its analysis needs (its own step, "index"), and
 * every site accounted for: jump-optimized, an int3 probe by hazard and
 * reason, or pending and why (the sum must be the sites registered, and
 * agree with the optimizer's own counters).  One `bench:` and one BENCH line
 * ("name":"ftrace") per step; the outcome as "ftrace-outcome" lines; the
 * optimized batch's index and register together, per site and as a ratio to
 * the int3 register ("ftrace-ratio", x100). */
#include "kernel/scenario.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/param.h"
#include "kernel/thread.h"
#include "kernel/ipi.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "patch/poke.h"
#include "tests/kernel/bench.h"

static int ft_ms = 50;
KPARAM_INT("ft_ms", ft_ms, 0, 60000, "bench-ftrace: ms the batch stays enabled (hit by the running kernel)");

static struct kprobe *kp;
static int nkp, nsites;           /* probes; distinct addresses (aliases share a site) */
static volatile uint32_t ft_runs[NCPU_MAX];       /* per CPU: no locked add in the handler */

static int ft_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; ft_runs[cpu_id()]++; return 0; }

static uint32_t ft_sum_runs(void)
{
    uint32_t n = 0;
    int i;
    for (i = 0; i < NCPU_MAX; i++)
        n += ft_runs[i];
    return n;
}

/* Every function entry the probe checks accept (the others are counted). */
static int ft_collect(void)
{
    int i, n = ksym_count(), refused = 0;
    const char *hz;
    char why[160];
    if (!(kp = kzalloc(sizeof *kp * (size_t)n)))
        return -1;
    for (i = 0, nkp = 0; i < n; i++) {
        const struct ksym *k = ksym_at(i);
        int bad;
        if (!k->size || k->addr < (uint32_t)__text_start || k->addr >= (uint32_t)__text_end)
            continue;
        text_lock();
        bad = kprobe_check_addr(k->addr, &hz, why, sizeof why);
        text_unlock();
        if (bad) { refused++; continue; }
        nsites += !nkp || kp[nkp - 1].addr != k->addr;     /* the table is in address order */
        kp[nkp].addr = k->addr;
        kp[nkp++].pre_handler = ft_pre;
    }
    kprintf("bench-ftrace: %d function entries accepted (%d addresses), %d refused\n", nkp, nsites, refused);
    return 0;
}

static uint64_t ft_last_ns, ft_int3_reg, ft_opt_index, ft_opt_reg;   /* the steps the sum compares */

static void ft_emit(const char *proto, const char *op, uint64_t ns, uint64_t syncs, int n)
{
    char ex[160];
    uint32_t per = n ? (uint32_t)(ns / (uint32_t)n) : 0;
    ft_last_ns = ns;
    ksnprintf(ex, sizeof ex, "\"proto\":\"%s\",\"op\":\"%s\",\"functions\":%d,\"syncs\":%u,\"total_ns\":%u",
              proto, op, n, (uint32_t)syncs, (uint32_t)ns);
    bench_emit_value("ftrace", "ns/site", per, ex);
    kprintf("bench: ftrace-like %-12s %-8s %d sites: %u ns (%u per site), %u core syncs\n",
            proto, op, n, (uint32_t)ns, per, (uint32_t)syncs);
}

#define STEP(proto, op, call) do {                                        \
        uint64_t t0 = clock_ns(), s0 = poke_stats.syncs;                  \
        call;                                                             \
        ft_emit(proto, op, clock_ns() - t0, poke_stats.syncs - s0, nkp);  \
    } while (0)

/* Stop-machine: every other CPU parked with interrupts off while this one
 * stores an int3 into every site and then puts every first byte back (no
 * code runs between: an int3 with no owner would be fatal), so the step
 * counts two writes per site. */
static uint8_t *ft_orig;
static int ft_write_parked(void *arg)
{
    static const uint8_t cc = 0xCC;
    int i;
    (void)arg;
    for (i = 0; i < nkp; i++)
        text_store((void *)kp[i].addr, &cc, 1);
    for (i = 0; i < nkp; i++)
        text_store((void *)kp[i].addr, &ft_orig[i], 1);
    return 0;
}

static void ft_stop_machine(void)
{
    text_lock();
    rendezvous_run(ft_write_parked, NULL);
    poke_stats.syncs++;                          /* one rendezvous */
    text_unlock();
}

static uint32_t ft_hits(void)
{
    uint32_t h = 0;
    int i;
    for (i = 0; i < nkp; i++)
        h += kprobe_nhit(&kp[i]);
    return h;
}

/* The optimized batch's outcome: each site counted once (djprobe_account),
 * the counts checked against the optimizer's own (stats since s0). */
static int ft_account(const struct djprobe_stats *s0, char *why, size_t n)
{
    struct djprobe_account a;
    uint32_t opt = djprobe_stats.optimized - s0->optimized;
    uint32_t left = djprobe_stats.refused - s0->refused + djprobe_stats.deferred - s0->deferred;
    char ex[96];
    if (djprobe_account(kp, nkp, "bench-ftrace", &a) != nsites)
        return ksnprintf(why, n, "%d sites accounted for, %d registered", a.total, nsites), -1;
    if (a.unexplained)
        return ksnprintf(why, n, "%d int3 sites with no reason recorded", a.unexplained), -1;
    if ((uint32_t)a.optimized != opt || (uint32_t)a.int3 != left)
        return ksnprintf(why, n, "accounted %d optimized and %d int3, the optimizer counted %u and %u",
                         a.optimized, a.int3, opt, left), -1;
    ksnprintf(ex, sizeof ex, "\"outcome\":\"optimized\",\"functions\":%d", nsites);
    bench_emit_value("ftrace-outcome", "sites", (uint64_t)a.optimized, ex);
    ksnprintf(ex, sizeof ex, "\"outcome\":\"int3\",\"functions\":%d", nsites);
    bench_emit_value("ftrace-outcome", "sites", (uint64_t)a.int3, ex);
    ksnprintf(ex, sizeof ex, "\"outcome\":\"pending\",\"functions\":%d", nsites);
    bench_emit_value("ftrace-outcome", "sites", (uint64_t)a.pending, ex);
    return 0;
}

/* One protocol: register as a batch, hit, disable, remove. */
static int ft_batch(const char *proto, uint32_t flags, char *why, size_t n)
{
    char err[160];
    struct djprobe_stats s0 = djprobe_stats;
    int i, ok, opt = 0;
    for (i = 0; i < nkp; i++) {
        kp[i].flags = flags;
        kp[i].site = NULL;
    }
    kmemset((void *)ft_runs, 0, sizeof ft_runs);
    STEP(proto, "register", (ok = kprobe_register_many(kp, nkp, err, sizeof err), djprobe_flush()));
    *((flags & KPROBE_OPTIMIZE) ? &ft_opt_reg : &ft_int3_reg) = ft_last_ns;
    if (ok != nkp)
        return ksnprintf(why, n, "%s: %d of %d probes registered: %s", proto, ok, nkp, err), -1;
    for (i = 0; i < nkp; i++)
        opt += kprobe_opt_state(&kp[i]) == DJ_OPTIMIZED;
    if ((flags & KPROBE_OPTIMIZE) && ft_account(&s0, why, n))
        return -1;
    thread_sleep_ns((uint64_t)ft_ms * 1000000);
    STEP(proto, "disable", kprobe_set_disabled_many(kp, nkp, true));
    kprintf("bench-ftrace: %s: %d of %d sites jump-optimized; %u hits in %d ms (handler runs %u)\n",
            proto, opt, nkp, ft_hits(), ft_ms, ft_sum_runs());
    if (ft_hits() != ft_sum_runs())
        return ksnprintf(why, n, "%s: %u hits counted, the handler ran %u times", proto, ft_hits(),
                         ft_sum_runs()), -1;
    STEP(proto, "remove", kprobe_unregister_many(kp, nkp));
    return 0;
}

/* The optimized batch's whole cost, its one-time index included, per site
 * and as a ratio to the int3 batch's register (x100; the goal: <= 1000). */
static void ft_sum(void)
{
    uint64_t sum = ft_opt_index + ft_opt_reg;
    uint32_t x100 = ft_int3_reg ? (uint32_t)(sum * 100 / ft_int3_reg) : 0;
    char ex[96];
    ksnprintf(ex, sizeof ex, "\"proto\":\"optimized\",\"op\":\"index+register\",\"functions\":%d", nkp);
    bench_emit_value("ftrace", "ns/site", sum / (uint32_t)nkp, ex);
    ksnprintf(ex, sizeof ex, "\"of\":\"optimized index+register / int3 register\",\"functions\":%d", nkp);
    bench_emit_value("ftrace-ratio", "x100", x100, ex);
    kprintf("bench: ftrace-like optimized index+register %u per site, %u.%02u times the int3 register (%u)\n",
            (uint32_t)(sum / (uint32_t)nkp), x100 / 100, x100 % 100, (uint32_t)(ft_int3_reg / (uint32_t)nkp));
}

static int scenario_bench_ftrace(char *why, size_t n)
{
    uint32_t heap0, pages0;
    int i;
    thread_set_affinity(1u);
    kprintf("bench-ftrace: %d CPUs\n", ncpu);
    if (ft_collect() || !(ft_orig = kmalloc((size_t)nkp)))
        return ksnprintf(why, n, "out of memory"), 1;
    for (i = 0; i < nkp; i++)
        ft_orig[i] = *(uint8_t *)kp[i].addr;
    STEP("stop-machine", "arm+disarm", ft_stop_machine());
    for (i = 0; i < nkp; i++)
        if (*(uint8_t *)kp[i].addr != ft_orig[i])
            return ksnprintf(why, n, "stop-machine left %08x changed", kp[i].addr), 1;
    if (ft_batch("int3", 0, why, n))
        return 1;
    heap0 = kheap_used();
    pages0 = palloc_free_count();
    STEP("optimized", "index", djprobe_index());     /* once per boot: not the batch's */
    ft_opt_index = ft_last_ns;
    kprintf("bench-ftrace: the index (branches, function analyses) holds %u bytes of heap and %u pages\n",
            (uint32_t)(kheap_used() - heap0), pages0 - palloc_free_count());
    if (ft_batch("optimized", KPROBE_OPTIMIZE, why, n))
        return 1;
    ft_sum();
    return 0;
}
KSCENARIO("bench-ftrace", scenario_bench_ftrace,
          "benchmark: an int3 probe on every function entry as one batch, against stop-machine; jump-optimized");
