/* djprobe-torture: a worker on every CPU calls hand-written targets whose
 * regions hold mid-region and last calls (the callee sleeps on a wait queue
 * now and then), rel8 branches and loops, and checks every result; a patcher
 * optimizes, unoptimizes, disables and re-enables and removes probes on them
 * at random, singly and in batches, with the boot strategy (djprobe=).  Under
 * -singlestep workers are preempted and interrupted anywhere, inside regions
 * and buffers; where interrupts and preemptions landed inside the regions is
 * reported, and under preempt=full at least one preemption there is
 * required (a thread's saved EIP inside a region is the state that matters
 * here, however the instruction before it ran: in place or out of line).  Broken strategies crash or compute wrong. */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "patch/djprobe_int.h"
#include "patch/insn/insn.h"
#include "kernel/unwind.h"
#include "kernel/ksym.h"
#include "tests/kernel/torture.h"
#include "tests/kernel/anywhere.h"

#define NSITE 4
int djt_mid(int x), djt_last(int x), djt_branch(int x), djt_loop(int n), djt_callee(int x);
extern char djt_mid_site[], djt_last_site[], djt_branch_site[], djt_loop_site[];
extern char djt_callee_fp[], djt_callee_epi[], djt_callee_end[];
static int (*const fns[NSITE])(int) = { djt_mid, djt_last, djt_branch, djt_loop };
static const char *const names[NSITE] = { "djt_mid", "djt_last", "djt_branch", "djt_loop" };
static const char *const offs[NSITE] = { djt_mid_site, djt_last_site, djt_branch_site, djt_loop_site };

static struct waitq callee_wq = WAITQ_INIT("djt-callee");
static volatile uint32_t checked, sleeps;
static int djt_anywhere;
KPARAM_INT("djt_anywhere", djt_anywhere, 0, 1, "djprobe-torture: 1 also runs the anywhere-torture "
           "(probes on formerly no-probe functions, tests/kernel/anywhere_torture.c)");

static volatile uint32_t tick;
static uint32_t site(int i) { return (uint32_t)fns[i] + (uint32_t)offs[i]; }
static bool ticked(void *a) { return tick != *(uint32_t *)a; }

/* Called by djt_callee (asm): sleeps on a wait queue now and then until the
 * patcher's next tick, so threads sit with return addresses in the regions
 * and in buffers. */
void djt_callee_sleep(int x)
{
    uint32_t seen = tick;
    if ((x & 7) == 3) {
        __atomic_add_fetch(&sleeps, 1, __ATOMIC_RELAXED);
        waitq_wait(&callee_wq, ticked, &seen);
    }
}

static int model(int i, int x)
{
    switch (i) {
    case 0: return x * 3 + 1;
    case 1: return x * 3 + 2;
    case 2: return x > 20 ? x - 20 : x + 100;
    default: return 4 * x;
    }
}

static void worker(struct torture_worker *w)
{
    int i = (int)(torture_rnd(&w->rng) % NSITE), x = (int)(torture_rnd(&w->rng) % 40) + 1, r = fns[i](x);
    /* A broken strategy can return with our callee-saved registers (i, x)
     * clobbered: the report must not index names[] with a wild i (the
     * empty asm stops gcc from proving i < NSITE from the % above). */
    asm volatile("" : "+r"(i), "+r"(x));
    if (r != model(i, x) && __atomic_fetch_add(&torture_errors, 1, __ATOMIC_RELAXED) < 5)
        kprintf("!!! djprobe-torture: %s(%d) returned %d, expected %d on cpu %d\n",
                (unsigned)i < NSITE ? names[i] : "<clobbered-index>", x, r, model(i, x), cpu_id());
    __atomic_add_fetch(&checked, 1, __ATOMIC_RELAXED);
    w->iters++;
    torture_pause(w);
}

/* The patcher: one random operation per step on probes it owns. */
struct tp { struct kprobe kp; bool live, off; };
static struct tp tp[NSITE];
static uint32_t ops[5], optimized_seen;

static void tp_register(int i)
{
    char err[160];
    kmemset(&tp[i].kp, 0, sizeof tp[i].kp);
    tp[i].kp.addr = site(i);
    tp[i].kp.flags = KPROBE_OPTIMIZE;
    if (kprobe_register(&tp[i].kp, err, sizeof err)) {
        if (__atomic_fetch_add(&torture_errors, 1, __ATOMIC_RELAXED) < 5)
            kprintf("!!! djprobe-torture: %s refused: %s\n", names[i], err);
        return;
    }
    tp[i].live = true;
    tp[i].off = false;
}

static uint32_t hits_done;
static void patch_step(uint32_t *rng)
{
    int i = (int)(torture_rnd(rng) % NSITE), k, op = (int)(torture_rnd(rng) % 5);
    if (op == 4) {                                   /* a batch: every absent site at once */
        djprobe_hold(true);
        for (k = 0; k < NSITE; k++)
            if (!tp[k].live)
                tp_register(k);
        djprobe_hold(false);
    } else if (!tp[i].live) {
        op = 0;
        tp_register(i);
    } else if (op == 1 || op == 0) {
        op = 1;
        hits_done += kprobe_nhit(&tp[i].kp);
        kprobe_unregister(&tp[i].kp);
        tp[i].live = false;
    } else if (tp[i].off) {
        op = 2;
        kprobe_enable(&tp[i].kp);
        tp[i].off = false;
    } else {
        op = 3;
        kprobe_disable(&tp[i].kp);
        tp[i].off = true;
    }
    ops[op]++;
    djprobe_flush();
    thread_sleep_ns(3000000);                        /* each state held for a while */
    for (k = 0; k < NSITE; k++)
        optimized_seen += tp[k].live && kprobe_opt_state(&tp[k].kp) == DJ_OPTIMIZED;
}

static void stats(uint32_t progress)
{
    uint32_t hits = hits_done;
    int k;
    for (k = 0; k < NSITE; k++)
        if (tp[k].live)
            hits += kprobe_nhit(&tp[k].kp);
    kprintf("djprobe-torture: progress %u calls %u checked, %u hits, optimized %u unoptimized %u "
            "(probes seen optimized %u), callee sleeps %u; threads found inside: EIP %u stack %u "
            "(stacks scanned %u, unreliable %u, word-scan false positives %u); retries %u deferred %u "
            "refused %u buffers freed %u (orphaned %u, kept %u, reclaimed %u); errors %u\n",
            progress, checked, hits, djprobe_stats.optimized, djprobe_stats.unoptimized, optimized_seen,
            sleeps, djprobe_stats.ip_hits, djprobe_stats.stack_hits, djprobe_stats.stacks,
            djprobe_stats.unreliable, djprobe_stats.false_pos,
            djprobe_stats.retries, djprobe_stats.deferred, djprobe_stats.refused,
            djprobe_stats.buffers_freed, djprobe_stats.orphaned, djprobe_stats.kept, djprobe_stats.reclaimed,
            torture_errors);
    kprintf("djprobe-torture: quiescence checks %d: threads pre-scanned %d, on a CPU %d, switched in while "
            "pre-scanned %d, rescanned in the rendezvous %d; rendezvous that walked every thread %d\n",
            quiesce_totals.checks, quiesce_totals.prescanned, quiesce_totals.running, quiesce_totals.torn,
            quiesce_totals.rechecked, quiesce_totals.walked);
}

/* The preemption checks below fail the run unless landing=off or report. */
static bool landing_required(void)
{
    return torture_landing_mode < 0 || torture_landing_mode == 2;
}

/* The regions, and the callee whole (range NSITE). */
static void landing_begin(void)
{
    static const char *n[NSITE + 1];
    uint32_t lo[NSITE + 1], hi[NSITE + 1];
    struct insn in;
    int i;
    for (i = 0; i < NSITE; i++) {
        n[i] = names[i];
        lo[i] = site(i);                             /* the region: whole instructions >= 5 bytes */
        for (hi[i] = lo[i]; hi[i] < lo[i] + 5; hi[i] += in.len)
            insn_decode(&in, (const uint8_t *)hi[i], 15);
    }
    n[NSITE] = "djt_callee";
    lo[NSITE] = (uint32_t)djt_callee;
    hi[NSITE] = (uint32_t)djt_callee + (uint32_t)djt_callee_end;
    torture_landing_start(n, lo, hi, NSITE + 1);
}

/* Preemptions in the callee's prologue and epilogue windows (where its
 * return address into a region is in no EBP frame). */
static uint32_t callee_edges(void)
{
    uint32_t f = (uint32_t)djt_callee;
    return torture_landing_preempted(NSITE, f, f + (uint32_t)djt_callee_fp) +
           torture_landing_preempted(NSITE, f + (uint32_t)djt_callee_epi, f + (uint32_t)djt_callee_end);
}

/* Wakes the callees' sleepers every millisecond. */
static void ticker(void *arg)
{
    (void)arg;
    while (!torture_stop) {
        thread_sleep_ns(1000000);
        tick++;
        waitq_wake(&callee_wq, 1000);
    }
    for (int k = 0; k < 100; k++) {                  /* sleepers see the stop */
        tick++;
        waitq_wake(&callee_wq, 1000);
        thread_sleep_ns(1000000);
    }
}

static int scenario_djprobe_torture(char *why, size_t n)
{
    uint64_t end = clock_ns() + (uint64_t)param_duration_ms * 1000000, next = 0;
    uint32_t rng = 0x5eed0000u ^ (uint32_t)param_seed, progress = 0;
    struct thread *tk;
    char w[96], lwhy[160];
    int k, land;
    kprintf("djprobe-torture: strategy %s, %d CPUs, %d ms, seed %d\n", dj_strategy_name(DJS_DEFAULT),
            ncpu, param_duration_ms, param_seed);
    torture_errors = 0;
    tp_register(0);                                  /* warm up: the kernel-wide branch table */
    djprobe_flush();
    kprobe_unregister(&tp[0].kp);
    tp[0].live = false;
    end = clock_ns() + (uint64_t)param_duration_ms * 1000000;
    landing_begin();
    if (djt_anywhere && anywhere_start())
        return ksnprintf(why, n, "anywhere-torture: a probe was refused"), 1;
    torture_spawn("djt", worker, (uint32_t)param_seed);
    if (!(tk = thread_create("djt-ticker", ticker, NULL, CPUMASK_ALL)))
        return ksnprintf(why, n, "out of memory"), 1;
    while (clock_ns() < end && !torture_errors) {
        patch_step(&rng);
        if (clock_ns() >= next) {
            stats(++progress);
            next = clock_ns() + 500000000ull;
        }
    }
    torture_stop = 1;
    thread_join(tk);
    if (djt_anywhere && anywhere_finish(lwhy, sizeof lwhy)) {
        kprintf("!!! anywhere-torture: %s\n", lwhy);
        return ksnprintf(why, n, "anywhere-torture: %s", lwhy), 1;
    }
    torture_landing_stop();
    for (k = 0; k < NSITE; k++)
        if (tp[k].live) {
            hits_done += kprobe_nhit(&tp[k].kp);
            kprobe_unregister(&tp[k].kp);
            tp[k].live = false;
        }
    if (torture_join(w, sizeof w))
        return ksnprintf(why, n, "%s", w), 1;
    stats(++progress);
    kprintf("djprobe-torture: operations: register %u remove %u enable %u disable %u batch %u\n",
            ops[0], ops[1], ops[2], ops[3], ops[4]);
    if (djprobe_stats.unreliable) {
        ksym_format(quiesce_unreliable.pc, w, sizeof w);
        kprintf("djprobe-torture: %u of %u stacks unreliable, the last: thread %d at %08x %s: %s (%08x)\n",
                djprobe_stats.unreliable, djprobe_stats.stacks, quiesce_unreliable.tid,
                quiesce_unreliable.pc, w, unwind_strerror(quiesce_unreliable.err), quiesce_unreliable.bad);
    }
    land = torture_landing_check(1, 0, lwhy, sizeof lwhy);   /* histograms; EIPs between boundaries fail */
    if (!land && sched_preempt_model == PREEMPT_FULL && landing_required() && !torture_landing_total()) {
        ksnprintf(lwhy, sizeof lwhy, "landing: no preemption inside a region (run it under -singlestep)");
        kprintf("!!! djprobe-torture: %s\n", lwhy);
        land = 1;
    }
    /* Required where a run takes enough preemptions to make a miss unlikely
     * (1-2 CPUs: 15 or more per 1.5 s; 4-8 CPUs under -singlestep on a small
     * host take a few, so their short runs only report it; soaks require). */
    kprintf("djprobe-torture: %u preemptions on djt_callee's prologue and epilogue\n", callee_edges());
    if (!land && sched_preempt_model == PREEMPT_FULL && landing_required() && !callee_edges() &&
        (ncpu <= 2 || param_duration_ms >= 30000)) {
        ksnprintf(lwhy, sizeof lwhy, "landing: no preemption on djt_callee's prologue or epilogue "
                  "(run it under -singlestep)");
        kprintf("!!! djprobe-torture: %s\n", lwhy);
        land = 1;
    }
    kprintf("djprobe-torture: %u calls checked; %u probes optimized and %u removed from optimized; "
            "threads found inside regions or buffers: %u by the EIP scan, %u by the stack scan; "
            "%u optimizations deferred\n", checked, djprobe_stats.optimized, djprobe_stats.unoptimized,
            djprobe_stats.ip_hits, djprobe_stats.stack_hits, djprobe_stats.deferred);
    if (torture_errors)
        return ksnprintf(why, n, "%u wrong results", torture_errors), 1;
    if (!djprobe_stats.optimized)
        return ksnprintf(why, n, "no probe was ever optimized"), 1;
    if (land)                                        /* preemption-sensitive: -singlestep */
        return ksnprintf(why, n, "%s", lwhy), 1;
    return 0;
}
KSCENARIO("djprobe-torture", scenario_djprobe_torture, "jump-optimized probes changed at random while every CPU calls checked targets");
