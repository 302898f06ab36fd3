/* text-poke-torture: a patcher thread flips multi-byte sites (poke_targets.S)
 * between two valid instructions, singly and in batches, while a worker on
 * every CPU executes them and NMIs run them from NMI context.  Every
 * execution must show the old or the new instruction's effect, never a mix
 * (H6); any fault ends the run (H7).  Run with poke=plain or head_first it
 * is the negative control for the int3 bypass protocol. */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "kernel/ipi.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "patch/poke.h"
#include "patch/int3.h"
#include "tests/kernel/torture.h"
#include "tests/kernel/poke_sites.h"

enum { SITES_BOTH, SITES_ALU, SITES_CALL };
static int poke_sites_sel;
static int poke_nmi = 1;
KPARAM_ENUM("poke_sites", poke_sites_sel, "both|alu|call", "text-poke-torture: which sites to flip");
KPARAM_INT("poke_nmi", poke_nmi, 0, 1, "text-poke-torture: also execute the sites from NMIs");

static volatile uint32_t torn_reports, nmi_runs;
static uint32_t site_hits[2];                 /* int3 hits: alu site, call site */

static void check_alu(uint32_t x, const char *where)
{
    uint32_t r = (uint32_t)poke_alu((int)x);
    if (r == ALU_MOV_RESULT || r == x + ALU_ADD_IMM)
        return;
    __atomic_fetch_add(&torture_errors, 1, __ATOMIC_RELAXED);
    if (__atomic_fetch_add(&torn_reports, 1, __ATOMIC_RELAXED) < 5)
        kprintf("!!! torn site (H6): poke_alu(%#x) = %#x in %s on cpu %d, want %#x (old) or %#x (new)\n",
                x, r, where, cpu_id(), ALU_MOV_RESULT, x + ALU_ADD_IMM);
}

static void worker(struct torture_worker *w)
{
    uint32_t x = (torture_rnd(&w->rng) & 0xFFFF) | 1;
    if (poke_sites_sel != SITES_CALL)
        check_alu(x, "thread");
    if (poke_sites_sel != SITES_ALU)
        poke_call();
    w->iters++;
    torture_pause(w);
}

static void nmi_exec(struct trapframe *tf)
{
    (void)tf;
    if (poke_sites_sel != SITES_CALL)
        check_alu(0x5A5, "NMI");
    if (poke_sites_sel != SITES_ALU)
        poke_call();
    __atomic_fetch_add(&nmi_runs, 1, __ATOMIC_RELAXED);
}

/* One flip: a random choice of sites, each to its other encoding. */
static int flip(uint32_t *rng, int enc[2], char *err, size_t n)
{
    struct poke_site s[2];
    int k = 0, pick = poke_sites_sel == SITES_BOTH ? (int)(torture_rnd(rng) % 3) : poke_sites_sel - 1;
    if (pick != 1) {                          /* alu site (it is first in the text) */
        enc[0] ^= 1;
        s[k].addr = alu_site(); s[k].len = 5; alu_bytes(s[k].new, enc[0]); k++;
    }
    if (pick != 0) {
        enc[1] ^= 1;
        s[k].addr = call_site(); s[k].len = 5; call_bytes(s[k].new, enc[1]); k++;
    }
    if (text_poke_batch(s, k, err, n))
        return -1;
    while (k--) {
        site_hits[s[k].addr == call_site()] += s[k].hits;
        if (kmemcmp(s[k].addr, s[k].new, 5))
            return ksnprintf(err, n, "site %p does not hold the new bytes after the poke", s[k].addr), -1;
    }
    return 0;
}

static void stats(uint64_t t0, uint32_t flips)
{
    struct int3_stats st;
    int3_stats_sum(&st);
    kprintf("text-poke-torture: t=%ums progress=%u execs=%u nmi=%u int3: stepped=%u emulated=%u "
            "vanished=%u syncs=%u errors=%u\n", (uint32_t)((clock_ns() - t0) / 1000000), flips,
            torture_iters(), nmi_runs, (uint32_t)st.stepped, (uint32_t)st.emulated,
            (uint32_t)st.vanished, (uint32_t)poke_stats.syncs, torture_errors);
}

static int finish(uint32_t flips, char *why, size_t n)
{
    struct int3_stats st;
    int i;
    int3_stats_sum(&st);
    for (i = 0; i < ncpu; i++)
        if (!torture_workers[i].iters)
            return ksnprintf(why, n, "worker %s made no progress", torture_workers[i].name), 1;
    if (torture_errors)
        return ksnprintf(why, n, "%u torn executions (H6) under poke strategy %d", torture_errors, poke_strategy), 1;
    if (!flips)
        return ksnprintf(why, n, "no flip done"), 1;
    if (ncpu > 1 && poke_strategy == POKE_BYPASS && !st.hits)
        return ksnprintf(why, n, "no CPU ever hit a site's int3: the protocol was not exercised"), 1;
    return 0;
}

static int scenario_poke_torture(char *why, size_t n)
{
    static const char *names[] = { "poke_alu", "poke_call" };
    uint32_t lo[2] = { (uint32_t)poke_alu, (uint32_t)poke_call };
    uint32_t hi[2] = { (uint32_t)poke_alu + 11, (uint32_t)poke_call + 6 };
    uint64_t t0 = clock_ns(), end = t0 + (uint64_t)param_duration_ms * 1000000u, next = t0;
    uint32_t rng = (uint32_t)param_seed * 7919u + 1, flips = 0;
    int enc[2] = { 0, 0 }, r;
    char err[160];
    kprintf("text-poke-torture: %d CPUs, poke strategy %d, sites %d, preempt model %d, %d ms\n",
            ncpu, poke_strategy, poke_sites_sel, sched_preempt_model, param_duration_ms);
    torture_landing_start(names, lo, hi, 2);
    torture_spawn("poker", worker, (uint32_t)param_seed);
    while (clock_ns() < end && !torture_errors && !scenario_stop) {
        if (flip(&rng, enc, err, sizeof err)) {
            kprintf("!!! text_poke_batch failed: %s\n", err);
            torture_errors++;
            break;
        }
        flips++;
        if (poke_nmi && ncpu > 1 && (flips & 3) == 0)
            smp_nmi_call(1 + (int)(torture_rnd(&rng) % (uint32_t)(ncpu - 1)), nmi_exec);
        thread_sleep_ns(50000);               /* let CPU 0's worker run (preempt=none) */
        if (clock_ns() >= next) { stats(t0, flips); next += 250000000ull; }
    }
    r = torture_join(why, n);
    torture_landing_stop();
    stats(t0, flips);
    torture_landing_print();
    kprintf("int3 hits by site: poke_alu+%#x: %u, poke_call+%#x: %u\n", (uint32_t)poke_alu_site,
            site_hits[0], (uint32_t)poke_call_site, site_hits[1]);
    return r ? r : finish(flips, why, n);
}
KSCENARIO("text-poke-torture", scenario_poke_torture, "flip multi-byte sites while every CPU runs them");
