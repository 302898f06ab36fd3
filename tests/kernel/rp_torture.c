/* retprobe-torture: workers on every CPU call functions with checked return
 * values (rpx_sleep sleeps or spins inside, rpx_rec recurses, rpx_tail
 * leaves by a tail call to rpx_leaf) while a patcher registers, removes,
 * enables and disables return probes on all four at random.  Checked: every
 * call returns its value to its real caller; at checkpoints (workers paused
 * between calls) every probe that stayed registered and enabled since the
 * last one saw exactly as many entries and returns as the callers counted
 * calls; a checker unwinds every stopped worker (other CPUs parked) and
 * each walk must reach the stack's end through the trampolines it meets;
 * every instance pending at a removal comes back.  Under -singlestep it
 * reports where preemptions landed, the trampoline included. */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/gbound.h"
#include "kernel/ipi.h"
#include "kernel/ksym.h"
#include "kernel/unwind.h"
#include "kernel/fmt.h"
#include "kernel/param.h"
#include "patch/kretprobe.h"
#include "patch/xref.h"
#include "tests/kernel/torture.h"

#define NOIPA __attribute__((noipa))
NOIPA int rpx_leaf(int x)
{
    int i;
    for (i = 0; i < (x & 15); i++)
        __asm__ volatile("pause");
    return x * 3 + 1;
}
int rpx_tail(int x);                   /* jmp rpx_leaf */
__asm__(".text\n.globl rpx_tail\n.type rpx_tail, @function\nrpx_tail:\n"
        ".cfi_startproc\n    jmp rpx_leaf\n.cfi_endproc\n.size rpx_tail, . - rpx_tail\n");
NOIPA int rpx_sleep(int x)
{
    if ((x & 3) == 0)
        thread_sleep_ns(300000);
    else
        rpx_leaf(x);
    return x ^ 0x5a5a;
}
NOIPA int rpx_rec(int n, int x)
{
    int r = n ? rpx_rec(n - 1, x) : x;
    __asm__ volatile("" : "+r"(r));      /* one frame per level */
    return r + 1;
}

enum { F_SLEEP, F_REC, F_TAIL, F_LEAF, NF };
static int rp_optimize = 1;
KPARAM_INT("rpx_optimize", rp_optimize, 0, 1, "retprobe-torture: one probe in 8 jump-optimized (1) or none (0)");
static int rp_maxactive = 128;
KPARAM_INT("rpx_maxactive", rp_maxactive, 1, 128, "retprobe-torture: instances per probe (below the callers in "
           "flight, entries are missed: each window then checks entries + missed = calls)");
static const char *const fname[NF] = { "rpx_sleep", "rpx_rec", "rpx_tail", "rpx_leaf" };
static struct kretprobe rp[NF];
static bool reg[NF], on[NF], dirty[NF];
static uint32_t base_e[NF], base_r[NF], base_c[NF], base_m[NF], missed;
static volatile uint32_t calls[NF], wrong, pause_req, paused;
static struct { uint32_t actions, windows, mismatches, stacks, recovered, unreliable, bad; uint64_t act_ns, cp_ns, un_ns; } st;

/* One call, its value checked; calls[] counts completed entries. */
static void worker(struct torture_worker *w)
{
    int x = (int)(torture_rnd(&w->rng) & 0xFFFF), op = (int)(torture_rnd(&w->rng) % 4), n = x & 3, r, want;
    if (__atomic_load_n(&pause_req, __ATOMIC_ACQUIRE)) {
        __atomic_add_fetch(&paused, 1, __ATOMIC_ACQ_REL);
        while (__atomic_load_n(&pause_req, __ATOMIC_ACQUIRE))
            thread_sleep_ns(100000);
        __atomic_sub_fetch(&paused, 1, __ATOMIC_ACQ_REL);
    }
    switch (op) {
    case 0: r = rpx_sleep(x); want = x ^ 0x5a5a; break;
    case 1: r = rpx_rec(n, x); want = x + n + 1; break;
    case 2: r = rpx_tail(x); want = x * 3 + 1; break;
    default: r = rpx_leaf(x); want = x * 3 + 1; break;
    }
    if (op == 0 && (x & 3))
        __atomic_add_fetch(&calls[F_LEAF], 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&calls[op == 0 ? F_SLEEP : op == 1 ? F_REC : op == 2 ? F_TAIL : F_LEAF],
                       op == 1 ? (uint32_t)n + 1 : 1, __ATOMIC_RELAXED);
    if (op == 2)
        __atomic_add_fetch(&calls[F_LEAF], 1, __ATOMIC_RELAXED);
    if (r != want && __atomic_fetch_add(&wrong, 1, __ATOMIC_RELAXED) < 5)
        kprintf("!!! retprobe-torture: op %d (%s) of %d returned %d, want %d\n", op, fname[op], x, r, want);
    w->iters++;
    torture_pause(w);
}

static void act(int f, uint32_t *rng)
{
    char err[160];
    uint32_t r = torture_rnd(rng) % 5;
    dirty[f] = true;
    st.actions++;
    if (!reg[f]) {
        rp[f] = (struct kretprobe){ .kp = { .symbol = fname[f], .flags = rp_optimize && torture_rnd(rng) % 8 == 0 ? KPROBE_OPTIMIZE : 0 },
                                    .maxactive = rp_maxactive };
        if (kretprobe_register(&rp[f], err, sizeof err))
            return (void)kprintf("!!! retprobe-torture: %s\n", err), (void)st.bad++;
        reg[f] = on[f] = true;
    } else if (r < 2) {
        missed += rp[f].nmissed;
        kretprobe_unregister(&rp[f]);
        reg[f] = false;
    } else if (on[f]) {
        kprobe_disable(&rp[f].kp);
        on[f] = false;
    } else {
        kprobe_enable(&rp[f].kp);
        on[f] = true;
    }
}

/* Workers paused between calls: compare the quiet probes' counts. */
static void checkpoint(void)
{
    struct gbound b;
    int f;
    __atomic_store_n(&pause_req, 1, __ATOMIC_RELEASE);
    gbound_start(&b, GBOUND_ALL, 2000, 0);
    while (__atomic_load_n(&paused, __ATOMIC_ACQUIRE) < (uint32_t)torture_nworkers && !gbound_expired(&b))
        thread_sleep_ns(200000);
    if (paused < (uint32_t)torture_nworkers) {
        kprintf("!!! retprobe-torture: %u of %d workers paused within 2 s\n", paused, torture_nworkers);
        st.bad++;
    }
    for (f = 0; f < NF; f++) {
        uint32_t e = reg[f] ? rp[f].nentry : 0, r = reg[f] ? rp[f].nreturn : 0, c = calls[f];
        uint32_t m = reg[f] ? rp[f].nmissed : 0;
        if (reg[f] && on[f] && !dirty[f]) {
            st.windows++;
            if ((e - base_e[f] + m - base_m[f] != c - base_c[f] || r - base_r[f] != e - base_e[f]) &&
                st.mismatches++ < 5)
                kprintf("!!! retprobe-torture: %s: %u entries, %u missed and %u returns seen, %u calls made\n",
                        fname[f], e - base_e[f], m - base_m[f], r - base_r[f], c - base_c[f]);
            if (rp_maxactive == 128 && m != base_m[f] && st.mismatches++ < 5)   /* more than the callers */
                kprintf("!!! retprobe-torture: %s: %u entries missed with 128 instances\n", fname[f], m - base_m[f]);
        }
        base_e[f] = e, base_r[f] = r, base_c[f] = c, base_m[f] = m, dirty[f] = false;
    }
    __atomic_store_n(&pause_req, 0, __ATOMIC_RELEASE);
}

/* In a rendezvous: every stopped worker's exact unwind reaches its end. */
static void check_stack(struct thread *t, void *arg)
{
    struct unwind_regs r;
    struct unwind_state u;
    int e, i;
    (void)arg;
    for (i = 0; i < torture_nworkers && torture_workers[i].t != t; i++)
        ;
    if (i == torture_nworkers || t->on_cpu || t->state == TS_ZOMBIE)
        return;
    st.stacks++;
    unwind_switched(&r, t);
    unwind_begin(&u, &r, t->stack_lo, t->stack_hi);
    while ((e = unwind_next(&u)) == 1)
        st.recovered += u.slot && *(uint32_t *)u.slot == (uint32_t)kretprobe_trampoline;
    if (e == UNWIND_UNDESCRIBED && u.pc == (uint32_t)kretprobe_trampoline && u.exact)
        st.unreliable++;              /* preempted at the trampoline's first instruction */
    else if (e != UNWIND_END && st.bad++ < 5)
        kprintf("!!! retprobe-torture: the unwind of %s stopped at %08x: %s\n", t->name, u.pc,
                unwind_strerror(e));
}

static int rp_torture_run(char *why, size_t n)
{
    const char *const names[4] = { "rpx_sleep", "rpx_rec", "rpx_leaf", "kretprobe_trampoline" };
    uint32_t lo[4] = { (uint32_t)rpx_sleep, (uint32_t)rpx_rec, (uint32_t)rpx_leaf, (uint32_t)kretprobe_trampoline };
    uint32_t hi[4], rng = (uint32_t)param_seed;
    struct kretprobe_stats s0 = kretprobe_stats;
    uint64_t end;
    int i, bad, f;
    for (i = 0; i < 4; i++)
        hi[i] = lo[i] + ksym_lookup(lo[i])->size;
    kprintf("retprobe-torture: %d CPUs, %d ms\n", ncpu, param_duration_ms);
    if (rp_optimize)
        xref_branch_into(0, 0, 0, 0);   /* the branch table an optimized probe's check builds once */
    end = clock_ns() + (uint64_t)param_duration_ms * 1000000u;
    torture_landing_start(names, lo, hi, 4);
    torture_spawn("rpx-w", worker, (uint32_t)param_seed);
    while (torture_running(end, 1, LAND_PREEMPT_NATIVE) && !wrong && !st.bad && !st.mismatches) {
        uint64_t t0 = clock_ns(), t1, t2;
        act((int)(torture_rnd(&rng) % NF), &rng);
        t1 = clock_ns();
        if (st.actions % 2 == 0)
            checkpoint();
        t2 = clock_ns();
        if (st.actions % 2 == 1)          /* workers busy again since the checkpoint */
            thread_foreach_stopped(check_stack, NULL);   /* other CPUs parked */
        st.act_ns += t1 - t0, st.cp_ns += t2 - t1, st.un_ns += clock_ns() - t2;

        thread_sleep_ns((torture_rnd(&rng) % 2000) * 1000);
    }
    torture_stop = 1;
    bad = torture_join(why, n);
    torture_landing_stop();
    for (f = 0; f < NF; f++)
        if (reg[f])
            missed += rp[f].nmissed, kretprobe_unregister(&rp[f]), reg[f] = false;
    kprintf("retprobe-torture: %u actions, %u windows checked (%u mismatches), calls %u/%u/%u/%u "
            "(sleep/rec/tail/leaf), %u wrong returns; stacks unwound %u (%u return addresses recovered, "
            "%u stopped at the trampoline's entry); instances pending at removal %u, came back %u, "
            "exited %u; entries missed %u (maxactive %d)\n", st.actions, st.windows, st.mismatches, calls[0],
            calls[1], calls[2], calls[3], wrong, st.stacks, st.recovered, st.unreliable,
            kretprobe_stats.pending_at_unregister - s0.pending_at_unregister,
            kretprobe_stats.reclaimed - s0.reclaimed, kretprobe_stats.exited - s0.exited, missed, rp_maxactive);
    kprintf("retprobe-torture: patcher time: actions %u ms, checkpoints %u ms, unwinds %u ms\n",
            (uint32_t)(st.act_ns / 1000000), (uint32_t)(st.cp_ns / 1000000), (uint32_t)(st.un_ns / 1000000));
    if (wrong || st.mismatches || st.bad)
        return ksnprintf(why, n, "retprobe-torture: %u wrong returns, %u count mismatches, %u other errors",
                         wrong, st.mismatches, st.bad), 1;
    if (kretprobe_stats.pending_at_unregister - s0.pending_at_unregister !=
        kretprobe_stats.reclaimed - s0.reclaimed)
        return ksnprintf(why, n, "retprobe-torture: %u instances pending at removal, %u came back",
                         kretprobe_stats.pending_at_unregister - s0.pending_at_unregister,
                         kretprobe_stats.reclaimed - s0.reclaimed), 1;
    if (bad)
        return 1;
    if (!st.windows)
        return ksnprintf(why, n, "retprobe-torture: no window checked"), 1;
    return torture_landing_check(1, LAND_PREEMPT_NATIVE, why, n);
}
KSCENARIO("retprobe-torture", rp_torture_run, "return probes registered, removed, enabled and disabled while "
          "every CPU calls probed functions that sleep, recurse and tail-call; counts and return values checked");
