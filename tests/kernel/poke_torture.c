/* text-poke-torture: a patcher thread flips multi-byte sites (poke_targets.S)
 * between two valid instructions, singly and in batches, while workers pinned
 * to every CPU (two per CPU under preempt=full, so that they preempt each
 * other) execute them and NMIs run them from NMI context.  Every
 * execution must show the old or the new instruction's effect, never a mix
 * (H6); any fault ends the run (H7).  The patcher publishes each site's
 * state (stable, or being poked, and its new encoding), and each worker
 * execution counts its own int3 traps (per-CPU #BP count): an execution that
 * ran out of line (it trapped), or that ran after the poke completed, must
 * show the *new* instruction's effect, for the call site the call itself
 * (poke_count's per-CPU counter, compared per execution).  Int3 hits must
 * land on every flipped site, and native interrupts (preemptions too under
 * preempt=full) inside the patched functions (torture.c: only -singlestep
 * makes those).  Run with poke=plain or head_first
 * it is the negative control for the int3 bypass protocol; with
 * emu_bug=call_noop, for the emulation of a patched-in call. */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "kernel/ipi.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/ksym.h"
#include "kernel/trap.h"
#include "kernel/panic.h"
#include "patch/poke.h"
#include "patch/int3.h"
#include "tests/kernel/torture.h"
#include "tests/kernel/poke_sites.h"

enum { SITES_BOTH, SITES_ALU, SITES_CALL };
static int poke_sites_sel;
static int poke_nmi = 1;
KPARAM_ENUM("poke_sites", poke_sites_sel, "both|alu|call", "text-poke-torture: which sites to flip");
KPARAM_INT("poke_nmi", poke_nmi, 0, 1, "text-poke-torture: also execute the sites from NMIs");

static volatile uint32_t torn_reports, nmi_runs, nmi_seq[NCPU_MAX];
static uint32_t site_hits[2];                 /* int3 hits: alu site, call site */
/* Published by the patcher per site: gen << 2 | poking << 1 | new encoding. */
static volatile uint32_t site_word[2];
enum { EX_STABLE, EX_OOL, EX_SKIPPED, EX_WRONG, EX_NCLASS };
static volatile uint32_t ex_count[2][EX_NCLASS], ool_calls;
static const char *const site_name[2] = { "poke_alu", "poke_call" };

/* Execute site k once and return what it did: for poke_alu 0 (the mov's
 * result), 1 (the add's) or -1 (neither: torn, reported here); for
 * poke_call how many times poke_count ran on this CPU meanwhile (0 or 1
 * unless torn, or unless an NMI on this CPU ran it too: callers check). */
static int run_site(int k, uint32_t x, const char *where)
{
    uint32_t r, p0;
    if (k == 1) {
        p0 = poke_counts[cpu_id()];
        poke_call();
        return (int)(poke_counts[cpu_id()] - p0);
    }
    r = (uint32_t)poke_alu((int)x);
    if (r == ALU_MOV_RESULT || r == x + ALU_ADD_IMM)
        return r != ALU_MOV_RESULT;
    __atomic_fetch_add(&torture_errors, 1, __ATOMIC_RELAXED);
    if (__atomic_fetch_add(&torn_reports, 1, __ATOMIC_RELAXED) < 5)
        kprintf("!!! torn site (H6): poke_alu(%#x) = %#x in %s on cpu %d, want %#x (old) or %#x (new)\n",
                x, r, where, cpu_id(), ALU_MOV_RESULT, x + ALU_ADD_IMM);
    return -1;
}

/* poke_call's count: more than one call per execution is a torn site. */
static int call_effect(int r, const char *where)
{
    if (r <= 1)
        return r;
    __atomic_fetch_add(&torture_errors, 1, __ATOMIC_RELAXED);
    if (__atomic_fetch_add(&torn_reports, 1, __ATOMIC_RELAXED) < 5)
        kprintf("!!! torn site (H6): one poke_call ran poke_count %d times in %s on cpu %d\n", r, where,
                cpu_id());
    return -1;
}

static const char *effect_name(int k, int enc)
{
    static const char *const e[2][2] = { { "mov's result (old encoding)", "add's result" },
                                         { "no call (nop5)", "a call of poke_count" } };
    return e[k][enc];
}

/* One execution of site k by a pinned worker, judged against the published
 * state: while the site is stable, or if this execution hit the int3 (ran
 * the new instruction out of line), it must show the new encoding's effect.
 * Not judged if the state changed meanwhile or an NMI ran the sites here. */
static void exec_checked(int k, uint32_t x)
{
    struct cpu *c = mycpu();                   /* the worker is pinned to c */
    uint32_t s0, s1, n0, sw0, bp0, trapped;
    int e, want;
    s0 = __atomic_load_n(&site_word[k], __ATOMIC_ACQUIRE);
    n0 = __atomic_load_n(&nmi_seq[c->id], __ATOMIC_SEQ_CST);
    sw0 = READ_ONCE(c->nr_switches);
    bp0 = c->nexc[T_BP];
    e = run_site(k, x, "thread");
    trapped = c->nexc[T_BP] - bp0;
    s1 = __atomic_load_n(&site_word[k], __ATOMIC_ACQUIRE);
    if (__atomic_load_n(&nmi_seq[c->id], __ATOMIC_SEQ_CST) != n0 || READ_ONCE(c->nr_switches) != sw0) {
        __atomic_fetch_add(&ex_count[k][EX_SKIPPED], 1, __ATOMIC_RELAXED);
        return;                                /* an NMI or another thread here may have run the sites */
    }
    if (k == 1)
        e = call_effect(e, "thread");
    if (e < 0)
        return;
    if (s0 != s1) {
        __atomic_fetch_add(&ex_count[k][EX_SKIPPED], 1, __ATOMIC_RELAXED);
        return;
    }
    want = (int)(s0 & 1);
    if ((s0 & 2) && !trapped)
        return;                                /* mid-poke, ran in place: old or new, both fine */
    __atomic_fetch_add(&ex_count[k][trapped ? EX_OOL : EX_STABLE], 1, __ATOMIC_RELAXED);
    if (k == 1 && trapped && want)
        __atomic_fetch_add(&ool_calls, 1, __ATOMIC_RELAXED);
    if (e == want)
        return;
    __atomic_fetch_add(&torture_errors, 1, __ATOMIC_RELAXED);
    if (__atomic_fetch_add(&ex_count[k][EX_WRONG], 1, __ATOMIC_RELAXED) < 5)
        kprintf("!!! %s: an execution %s showed %s, want the new instruction's: %s (cpu %d)\n",
                site_name[k], trapped ? "that hit the int3 (run out of line)" : "after the poke completed",
                effect_name(k, e), effect_name(k, want), c->id);
}

static void worker(struct torture_worker *w)
{
    uint32_t x = (torture_rnd(&w->rng) & 0xFFFF) | 1;
    int i;
    for (i = 0; i < 4; i++) {                  /* mostly the sites: interrupts land in them */
        if (poke_sites_sel != SITES_CALL)
            exec_checked(0, x + (uint32_t)i * 2);
        if (poke_sites_sel != SITES_ALU)
            exec_checked(1, x);
    }
    w->iters++;
    torture_pause(w);
}

static void nmi_exec(struct trapframe *tf)
{
    (void)tf;
    __atomic_fetch_add(&nmi_seq[cpu_id()], 1, __ATOMIC_SEQ_CST);
    if (poke_sites_sel != SITES_CALL)
        run_site(0, 0x5A5, "NMI");
    if (poke_sites_sel != SITES_ALU)
        call_effect(run_site(1, 0, "NMI"), "NMI");
    __atomic_fetch_add(&nmi_runs, 1, __ATOMIC_RELAXED);
}

static void publish(int k, uint32_t gen, bool poking, int enc)
{
    __atomic_store_n(&site_word[k], gen << 2 | (uint32_t)poking << 1 | (uint32_t)enc, __ATOMIC_SEQ_CST);
}

/* One flip: a random choice of sites, each to its other encoding; each
 * site's state is published as poking before its first byte changes and as
 * stable once text_poke_batch has returned. */
static int flip(uint32_t *rng, int enc[2], uint32_t flips, char *err, size_t n)
{
    struct poke_site s[2];
    int k = 0, i, which[2], pick = poke_sites_sel == SITES_BOTH ? (int)(torture_rnd(rng) % 3) : poke_sites_sel - 1;
    if (pick != 1) {                          /* alu site (it is first in the text) */
        enc[0] ^= 1;
        which[k] = 0;
        s[k].addr = alu_site(); s[k].len = 5; alu_bytes(s[k].new, enc[0]); k++;
    }
    if (pick != 0) {
        enc[1] ^= 1;
        which[k] = 1;
        s[k].addr = call_site(); s[k].len = 5; call_bytes(s[k].new, enc[1]); k++;
    }
    for (i = 0; i < k; i++)
        publish(which[i], flips + 1, true, enc[which[i]]);
    if (text_poke_batch(s, k, err, n))
        return -1;
    for (i = 0; i < k; i++)
        publish(which[i], flips + 1, false, enc[which[i]]);
    while (k--) {
        site_hits[which[k]] += s[k].hits;
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

static void report_executions(void)
{
    int k;
    for (k = 0; k < 2; k++)
        kprintf("executions of %s checked: %u after a completed poke, %u out of line (int3), %u skipped "
                "(state changed, NMI or switch meanwhile), %u wrong\n", site_name[k], ex_count[k][EX_STABLE],
                ex_count[k][EX_OOL], ex_count[k][EX_SKIPPED], ex_count[k][EX_WRONG]);
    kprintf("int3 hits by site: poke_alu+%#x: %u, poke_call+%#x: %u; out-of-line calls checked: %u\n",
            (uint32_t)poke_alu_site, site_hits[0], (uint32_t)poke_call_site, site_hits[1], ool_calls);
}

static int finish(uint32_t flips, char *why, size_t n)
{
    int i, k;
    for (i = 0; i < torture_nworkers; i++)
        if (!torture_workers[i].iters)
            return ksnprintf(why, n, "worker %s made no progress", torture_workers[i].name), 1;
    for (k = 0; k < 2; k++)
        if (ex_count[k][EX_WRONG])
            return ksnprintf(why, n, "%s: %u executions did not show the new instruction's effect "
                             "(%s)", site_name[k], ex_count[k][EX_WRONG],
                             k ? "a patched-in call did nothing" : "wrong result"), 1;
    if (torture_errors)
        return ksnprintf(why, n, "%u torn executions (H6) under poke strategy %d", torture_errors, poke_strategy), 1;
    if (!flips)
        return ksnprintf(why, n, "no flip done"), 1;
    if (ncpu > 1 && poke_strategy == POKE_BYPASS) {
        for (k = 0; k < 2; k++)
            if ((poke_sites_sel == SITES_BOTH || poke_sites_sel == k + 1) && !site_hits[k])
                return ksnprintf(why, n, "int3 landing: no CPU ever hit %s's int3: the protocol was not "
                                 "exercised there", site_name[k]), 1;
        if (poke_sites_sel != SITES_ALU && !ool_calls)
            return ksnprintf(why, n, "no out-of-line (emulated) call was checked"), 1;
    }
    return 0;
}

static uint32_t fn_end(uint32_t fn)
{
    const struct ksym *k = ksym_lookup(fn);
    ASSERT(k && k->addr == fn && k->size);
    return k->addr + k->size;
}

static int scenario_poke_torture(char *why, size_t n)
{
    uint32_t lo[2] = { (uint32_t)poke_alu, (uint32_t)poke_call };
    uint32_t hi[2] = { fn_end(lo[0]), fn_end(lo[1]) };
    uint64_t t0 = clock_ns(), end = t0 + (uint64_t)param_duration_ms * 1000000u, next = t0;
    uint32_t rng = (uint32_t)param_seed * 7919u + 1, flips = 0;
    int enc[2] = { 0, 0 }, r, lr, full = sched_preempt_model == PREEMPT_FULL;
    unsigned land = LAND_NATIVE | (full ? LAND_PREEMPT_NATIVE : 0);
    char err[160], lwhy[160];
    kprintf("text-poke-torture: %d CPUs, poke strategy %d, sites %d, preempt model %d, %d ms\n",
            ncpu, poke_strategy, poke_sites_sel, sched_preempt_model, param_duration_ms);
    torture_landing_start(site_name, lo, hi, 2);
    torture_landing_tb_start((uint32_t)call_site() + 5);   /* the call's return point when patched in */
    torture_spawn_n("poker", worker, (uint32_t)param_seed, full ? 2 : 1);
    /* at least one flip, however long the workers took to start (a busy host);
     * a planted bug (poke= not bypass) runs on until caught, within 20 s more
     * (a busy host ran the other CPUs too little to show it in the run) */
    while ((torture_running(end, 2, land) || (!flips && clock_ns() < end + 10000000000ull) ||
            (poke_strategy != POKE_BYPASS && clock_ns() < end + 20000000000ull)) && !torture_errors &&
           !scenario_stop) {
        if (flip(&rng, enc, flips, err, sizeof err)) {
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
    lr = torture_landing_check(2, land, lwhy, sizeof lwhy);
    report_executions();
    if (r || (r = finish(flips, why, n)))
        return r;
    if (lr)
        return ksnprintf(why, n, "%s", lwhy), 1;
    return 0;
}
KSCENARIO("text-poke-torture", scenario_poke_torture, "flip multi-byte sites while every CPU runs them");
