/* The per-thread consistency models (livepatch.h), after Linux's
 * kernel/livepatch/transition.c.  While a patch is in transition, each of its
 * functions enters through a dispatcher stub (lp_dispatch.S) that runs the
 * version of the calling thread's universe; an interrupt or NMI handler runs
 * in the universe of the thread it interrupted (the thread it runs on).  A
 * thread switches at a safe point (both models: lp_safe_point) or, under
 * livepatch, when the exact unwind of its stopped stack finds no frame in a
 * version it is leaving (nor in the dispatcher).  Once every thread has
 * switched, the entries jump straight to the target versions.  The Spin
 * model tests/model/lptrans.pml has these steps by name: lp_start
 * (lp_trans_start, with set_initial), lp_switch (try_switch's
 * compare-and-swap), lp_safe_point (its read, then its compare-and-swap;
 * "stale word" when that fails), lp_reverse (lp_trans_reverse, with bump),
 * lp_pop and lp_complete (trans_complete), and lp_dispatch's three reads
 * ("popped" when the version it read as top was popped meanwhile). */
#include "patch/lp_int.h"
#include "patch/codehome.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/unwind.h"
#include "kernel/gbound.h"
#include "kernel/clock.h"
#include "kernel/param.h"
#include "kernel/fmt.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/sched.h"
#include "kernel/console.h"
#include "kernel/panic.h"

struct lp_patch *volatile lp_transition;
static volatile int target;           /* LP_U_*: where every thread must go */
static volatile uint32_t new_universe;  /* for threads created from now on */
static struct dj_range *ranges;       /* what a switching thread may not be inside */
static int nranges;

int lp_wait_ms = 1000;
KPARAM_INT("lp_wait_ms", lp_wait_ms, 1, 600000,
           "kgraft/livepatch: guest ms a transition is tried before it is reported stuck");

/* Negative controls: the old frame-pointer walk for livepatch's stack check,
 * and interrupt handlers that run the target universe, not their thread's. */
static int lp_unwind;
KPARAM_ENUM("lp_unwind", lp_unwind, "exact|fp",
            "livepatch's stack check: the exact unwind, or the old frame-pointer walk (a negative control)");
enum { LP_UNWIND_EXACT, LP_UNWIND_FP };
static int lp_bug;
KPARAM_ENUM("lp_bug", lp_bug, "none|irq_universe|nmi_universe|no_dispatch_wait",
            "irq_universe: interrupt and NMI handlers run the target universe, not the interrupted "
            "thread's; nmi_universe: NMI handlers only; no_dispatch_wait: a completion does not wait "
            "for calls inside the dispatcher (negative controls)");
enum { LP_BUG_NONE, LP_BUG_IRQ_UNIVERSE, LP_BUG_NMI_UNIVERSE, LP_BUG_NO_DISPATCH_WAIT };
/* Calls inside lp_dispatch (from before their first read to their answer). */
static volatile uint32_t lp_dispatching;

static int universe(const struct thread *t) { return t->lp_word & LP_U_MASK; }
int lp_thread_universe(const struct thread *t) { return universe(t); }
int lp_transition_target(void) { return target; }
struct lp_patch *lp_in_transition(void) { return __atomic_load_n(&lp_transition, __ATOMIC_ACQUIRE); }

/* Where a call through stub i goes: its site's top version, or the one
 * below while the top is in transition and the caller is unpatched.  Three
 * reads, as in tests/model/lptrans.pml: top, then top's flag, then the
 * universe.  The call is counted in lp_dispatching from before its first
 * read to its answer, and trans_complete waits until none is: a call that
 * read version 2 as top no longer runs it after the completion that popped
 * it and the start of a disable of patch 1 (set_initial: universe patched;
 * the model's livepatch+then-disable-1+no-dispatch-wait, cell L9,
 * lp_bug=no_dispatch_wait).  A call between the entry's jmp and its count
 * is not waited for; counted after the wait, it read its universe before
 * the next start and the flag after it with the universe read first
 * (livepatch+then-disable-1): flag first, a flag read before that start
 * keeps the call on top, and one read after comes with a universe read
 * after set_initial.  Without the wait, flag first gives a mixed chain too
 * (livepatch+flag-first+no-dispatch-wait). */
uint32_t lp_dispatch(int i)
{
    struct lp_site *s = lp_stub_site[i];
    struct lp_func *f;
    uint32_t to;
    int u;
    bool flag;
    __atomic_add_fetch(&lp_dispatching, 1, __ATOMIC_SEQ_CST);   /* before any read: trans_complete waits */
    f = __atomic_load_n(&s->top, __ATOMIC_ACQUIRE);
    __asm__ volatile(".globl lp_dispatch_top_read\nlp_dispatch_top_read:" ::: "memory");   /* cell L9 parks here */
    flag = f && __atomic_load_n(&f->transition, __ATOMIC_ACQUIRE);
    u = __atomic_load_n(&thread_current()->lp_word, __ATOMIC_ACQUIRE) & LP_U_MASK;
    if ((lp_bug == LP_BUG_IRQ_UNIVERSE && mycpu()->irq_depth) ||
        (lp_bug == LP_BUG_NMI_UNIVERSE && mycpu()->nmi_depth))
        u = target;
    if (flag && u == LP_U_UNPATCHED)
        f = f->below;
    to = f && !f->nop ? (uint32_t)f->new_fn : s->addr + 5;
    __atomic_sub_fetch(&lp_dispatching, 1, __ATOMIC_SEQ_CST);
    return to;
}

/* bump: also count a "run", so that a compare-and-swap prepared on the old
 * word fails (a safe point's or a check's, from before a start or reverse;
 * lptrans.pml's bumped, and its variant livepatch+no-bump). */
static void set_universe_as(struct thread *t, int u, uint32_t bump)
{
    uint32_t w = t->lp_word;
    while (!__atomic_compare_exchange_n(&t->lp_word, &w, ((w + bump) & ~LP_U_MASK) | (uint32_t)u, false,
                                        __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
        ;
}
static void set_universe(struct thread *t, int u) { set_universe_as(t, u, 0); }

/* Registry lock held (kernel/thread.c reg_add): thread start is a safe point. */
void lp_thread_init(struct thread *t)
{
    t->lp_word = new_universe;
}

/* The word is read first: a start or a reverse after that bumps it, and the
 * compare-and-swap fails, so a target read before them is never written
 * after them.  (Before: a thread the check had already counted as switched
 * wrote a stale universe at its safe point and entered a chain through the
 * stubs in it, just before the transition completed: lp-torture saw c1 of
 * v2, then c2 and c3 of v3; lptrans.pml's safe-plain variants.)  One try:
 * IF may be off (uspace_return). */
void lp_safe_point(void)
{
    struct thread *t = thread_current();
    uint32_t w = __atomic_load_n(&t->lp_word, __ATOMIC_ACQUIRE);
    int u;
    if (!__atomic_load_n(&lp_transition, __ATOMIC_ACQUIRE))
        return;
    u = __atomic_load_n(&target, __ATOMIC_ACQUIRE);
    __asm__ volatile(".globl lp_safe_point_read\nlp_safe_point_read:" ::: "memory");   /* cell L16 parks here */
    if ((int)(w & LP_U_MASK) != u)
        __atomic_compare_exchange_n(&t->lp_word, &w, (w & ~LP_U_MASK) | (uint32_t)u, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_RELAXED);
}

void lp_safe_wait(struct waitq *wq, bool (*cond)(void *), void *arg)
{
    struct thread *t = thread_current();
    lp_safe_point();
    t->lp_safe = true;
    waitq_wait(wq, cond, arg);
    t->lp_safe = false;
    lp_safe_point();
}

static void set_initial(struct thread *t, void *arg)
{
    set_universe_as(t, (int)(uint32_t)arg, LP_GEN_ONE);
}

static void bump(struct thread *t, void *arg)
{
    (void)arg;
    set_universe_as(t, universe(t), LP_GEN_ONE);
}

/* The versions a thread leaves for the target, and the dispatcher. */
static void ranges_for_target(struct lp_patch *p)
{
    int i;
    nranges = 0;
    for (i = 0; i < lp_nall(p); i++) {
        struct lp_func *f = lp_fn(p, i);
        lp_version_range(f->site, target == LP_U_PATCHED ? f->below : f, &ranges[nranges++]);
    }
    ranges[nranges++] = (struct dj_range){ (uint32_t)lp_stubs, (uint32_t)lp_dispatch_end, false, { 0 } };
}

static bool in_ranges_as(uint32_t a)
{
    int i;
    for (i = 0; i < nranges; i++)
        if (a >= ranges[i].lo && a < ranges[i].hi)
            return true;
    return false;
}

/* a's code, where it runs (a detour buffer, a split part: patch/codehome.h),
 * belongs to a version being left. */
static bool in_ranges(uint32_t a)
{
    uint32_t h;
    return in_ranges_as(a) || ((h = code_home(a)) != a && in_ranges_as(h));
}

/* The exact frames of a stack: 1 and *pc if one is inside a range (a return
 * address counts by its call, one byte back), -1 and *pc where the walk
 * became unreliable, else 0.  switched: stopped in swtch (for the fp walk). */
static int stack_holds(const struct unwind_regs *start, bool switched, const struct thread *t, uint32_t *pc)
{
    struct unwind_state u;
    uint32_t slot[64];
    int e, i, ns;
    if (lp_unwind == LP_UNWIND_FP) {          /* the old walk: EBP chain from the saved EBP */
        ns = unwind_fp(switched ? ((uint32_t *)start->sp)[3] : start->bp, start->sp, t->stack_hi, slot, 63);
        for (i = 0; i < ns; i++)
            if (in_ranges(*(uint32_t *)slot[i] - 1))
                return *pc = *(uint32_t *)slot[i], 1;
        return 0;
    }
    unwind_begin(&u, start, t->stack_lo, t->stack_hi);
    do {
        if (in_ranges(u.exact ? u.pc : u.pc - 1))
            return *pc = u.pc, 1;
    } while ((e = unwind_next(&u)) == 1);
    *pc = u.pc;
    return e == UNWIND_END ? 0 : -1;
}

/* A running thread checks its own stack (livepatch only: kgraft looks at
 * none) at an interrupt's exit with a reschedule pending: the kick leaves a
 * CPU-bound thread on its CPU when nothing else is runnable there, and it
 * never stops to be checked (before: lp-cells L11, "thread N (lp-cpu-bound)
 * is running" until the transition was reported stuck).  Linux's
 * klp_try_switch_task does the same for current.  kernel/sched.c
 * sched_irq_exit, interrupts off: the exact unwind from here, through the
 * trap frame, into what the thread was running.  The word is read first and
 * written with one compare-and-swap: a start, a reverse and a force bump
 * every word after they changed the target and the ranges (and a start
 * publishes the transition last), so a check that overlaps one fails.  A
 * completion first writes the entries through the int3 protocol, whose core
 * syncs wait for this CPU; a check that starts after them finds its thread
 * switched already and reads no range, so the ranges may then be freed. */
void lp_preempt_point(void)
{
    struct thread *t = thread_current();
    uint32_t w = __atomic_load_n(&t->lp_word, __ATOMIC_ACQUIRE), pc;
    struct lp_patch *p = __atomic_load_n(&lp_transition, __ATOMIC_ACQUIRE);
    struct unwind_regs r;
    int u;
    if (!p || p->model != LP_LIVEPATCH)
        return;
    u = __atomic_load_n(&target, __ATOMIC_ACQUIRE);
    if ((int)(w & LP_U_MASK) == u)
        return;
    unwind_regs(&r);
    if (stack_holds(&r, false, t, &pc))
        return;                           /* inside a version it leaves, or unreliable: the patcher reports it */
    if (__atomic_compare_exchange_n(&t->lp_word, &w, (w & ~LP_U_MASK) | (uint32_t)u, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_RELAXED))
        __atomic_add_fetch(&lp_stats.self, 1, __ATOMIC_RELAXED);
}

struct pass { struct thread *self; int pending, model; int tid, why; char name[20]; uint32_t pc; };
enum { WHY_RUNNING = 1, WHY_INSIDE, WHY_UNRELIABLE, WHY_NO_SAFE_POINT };

void (*lp_check_hook)(struct thread *t);

/* Registry lock held.  Switch t if it may go now, else count it pending. */
static void try_switch(struct thread *t, void *arg)
{
    struct pass *ps = arg;
    struct unwind_regs r;
    uint32_t w = __atomic_load_n(&t->lp_word, __ATOMIC_ACQUIRE), pc = 0;
    int why = 0, h;
    if ((int)(w & LP_U_MASK) == target)
        return;
    if (t->state == TS_ZOMBIE) {
        set_universe(t, target);          /* never runs again */
        return;
    }
    if (ps->model == LP_KGRAFT) {
        /* the caller (livepatch.h); a stopped idle thread (it left its loop
         * only through the scheduler); a thread asleep in lp_safe_wait */
        if (t == ps->self || ((t->is_idle || t->lp_safe) && !__atomic_load_n(&t->on_cpu, __ATOMIC_ACQUIRE)))
            set_universe(t, target);
        else
            why = WHY_NO_SAFE_POINT;
    } else if (t == ps->self) {
        unwind_regs(&r);
        if (!(h = stack_holds(&r, false, t, &pc)))
            set_universe(t, target);
        why = h > 0 ? WHY_INSIDE : h < 0 ? WHY_UNRELIABLE : 0;
    } else if (__atomic_load_n(&t->on_cpu, __ATOMIC_ACQUIRE)) {
        why = WHY_RUNNING;
        sched_kick(t->cpu);               /* a nudge: stopped, it can be checked */
        lp_stats.nudged++;
    } else {
        unwind_switched(&r, t);
        h = stack_holds(&r, true, t, &pc);
        if (lp_check_hook)
            lp_check_hook(t);
        if (!h && !__atomic_compare_exchange_n(&t->lp_word, &w, (w & ~LP_U_MASK) | (uint32_t)target, false,
                                               __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
            why = WHY_RUNNING;            /* it ran meanwhile: next pass */
        else
            why = h > 0 ? WHY_INSIDE : h < 0 ? WHY_UNRELIABLE : 0;
    }
    if (!why)
        return;
    if (!ps->pending++) {
        ps->tid = t->tid;
        kmemcpy(ps->name, t->name, sizeof ps->name);
        ps->pc = pc;
        ps->why = why;
    }
}

/* Every thread's frames, one line each, for a transition reported stuck. */
static void report_one(struct thread *t, void *arg)
{
    struct unwind_regs r;
    struct unwind_state u;
    char b[96];
    int n = 0;
    (void)arg;
    if (universe(t) == target || t->state == TS_ZOMBIE)
        return;
    kprintf("lp:   thread %d (%s)%s:", t->tid, t->name, t->on_cpu ? " running" : "");
    if (!t->on_cpu) {
        unwind_switched(&r, t);
        unwind_begin(&u, &r, t->stack_lo, t->stack_hi);
        do {
            code_home_format(u.pc, b, sizeof b);
            kprintf(" %s%s", b, in_ranges(u.exact ? u.pc : u.pc - 1) ? "*" : "");
        } while (++n < 12 && unwind_next(&u) == 1);
    }
    kprintf("\n");
}

static const char *const why_text[] = { "", "is running", "is inside", "has an unreliable stack at",
                                        "has not reached a safe point" };

/* Passes over every thread until all switched (0) or lp_wait_ms of guest
 * progress went by (1: err names the first straggler; each is reported). */
static int try_complete(char *err, size_t n)
{
    struct pass ps;
    struct gbound b;
    char at[96] = "";
    gbound_start(&b, GBOUND_ALL, (uint32_t)lp_wait_ms, 0);
    for (;;) {
        uint64_t t0 = clock_ns();
        ps = (struct pass){ thread_current(), 0, lp_transition->model, -1, 0, "", 0 };
        thread_foreach(try_switch, &ps);
        lp_stats.passes++;
        lp_stats.pass_ns += clock_ns() - t0;
        if (!ps.pending)
            return 0;
        if (gbound_expired(&b))
            break;
        thread_sleep_ns(2000000);
    }
    if (ps.why == WHY_INSIDE || ps.why == WHY_UNRELIABLE)
        code_home_format(ps.pc, at, sizeof at);
    ksnprintf(err, n, "patch %s: %s: transition to %s not complete after %u ms: %d thread%s left, "
              "thread %d (%s) %s%s%s", lp_transition->name, lp_model_name(lp_transition->model),
              target == LP_U_PATCHED ? "patched" : "unpatched", gbound_ms(&b), ps.pending,
              ps.pending > 1 ? "s" : "", ps.tid, ps.name, why_text[ps.why], at[0] ? " " : "", at);
    kprintf("lp: %s; their frames (* in a version being left):\n", err);
    thread_foreach(report_one, NULL);
    lp_stats.stuck++;
    return 1;
}

/* Every thread has switched: entries straight to the target versions. */
static int trans_complete(char *err, size_t n)
{
    struct lp_patch *p = lp_transition;
    int i;
    if (lp_write_entries(p, target == LP_U_PATCHED ? LP_TO_NEW : LP_TO_BELOW, err, n))
        panic("livepatch: final entries of %s refused: %s", p->name, err);
    if (target == LP_U_UNPATCHED)
        lp_sites_push(p, false);
    if (p->state == LP_OFF)                   /* it goes on, or its enable was reversed */
        lp_replace_done(p, target == LP_U_PATCHED);
    /* Popped versions keep their transition flag: a call that read one as
     * its site's top just before the pop then takes the version below, the
     * target (with the flag cleared it ran the popped one: lp-torture saw a
     * chain of v2, v2, v3 after a disable of v3; lptrans.pml's variant
     * livepatch+pop-clears). */
    for (i = 0; target == LP_U_PATCHED && i < lp_nall(p); i++)
        __atomic_store_n(&lp_fn(p, i)->transition, false, __ATOMIC_RELEASE);
    /* A call that read a version as top before the entries changed must
     * answer before the next transition can start: else a disable of the
     * patch below, whose start makes its universe patched, lets it take the
     * version this completion popped (lptrans.pml
     * livepatch+then-disable-1+no-dispatch-wait; cell L9).  The entries no
     * longer lead here, so the wait ends; it may sleep on a call preempted
     * inside.  The fence: the pop and the flags' stores before the count's
     * load (SDM Vol. 3, 8.2.3.4: a load may pass an earlier store). */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    while (lp_bug != LP_BUG_NO_DISPATCH_WAIT && __atomic_load_n(&lp_dispatching, __ATOMIC_SEQ_CST))
        thread_sleep_ns(50000);
    __atomic_store_n(&lp_transition, NULL, __ATOMIC_RELEASE);
    kfree(ranges);
    ranges = NULL;
    if ((p->state == LP_ON) != (target == LP_U_PATCHED))
        lp_set_state(p, target == LP_U_PATCHED);
    else if (target == LP_U_UNPATCHED && p->post_unpatch)
        p->post_unpatch(p);                   /* an enable reversed: undo pre_patch */
    else if (target == LP_U_PATCHED && p->post_patch)
        p->post_patch(p);                     /* a disable reversed */
    return 0;
}

int lp_trans_finish(char *err, size_t n)
{
    ASSERT(lp_transition);
    return try_complete(err, n) ? 1 : trans_complete(err, n);
}

int lp_trans_start(struct lp_patch *p, bool enable, char *err, size_t n)
{
    int i;
    ranges = kmalloc_array((uint32_t)lp_nall(p) + 1, sizeof *ranges);
    if (!ranges)
        panic("livepatch: out of memory for %d ranges", lp_nall(p) + 1);
    __atomic_store_n(&target, enable ? LP_U_PATCHED : LP_U_UNPATCHED, __ATOMIC_SEQ_CST);
    /* A thread created before the entries lead to the stubs calls the
     * versions they lead to now: it starts in the initial universe, and
     * in the target only once the stubs decide (before: it took the target
     * at once, ran old A through the entry and then new B through the
     * stub; test_lp_review.c lpreview_new_thread_at_*). */
    __atomic_store_n(&new_universe, (uint32_t)!target, __ATOMIC_SEQ_CST);
    thread_foreach(set_initial, (void *)(uint32_t)!target);
    for (i = 0; i < lp_nall(p); i++)
        __atomic_store_n(&lp_fn(p, i)->transition, true, __ATOMIC_RELEASE);
    if (enable)
        lp_sites_push(p, true);
    if (lp_write_entries(p, LP_TO_STUBS, err, n)) {
        if (enable)
            lp_sites_push(p, false);
        for (i = 0; i < lp_nall(p); i++)
            lp_fn(p, i)->transition = false;
        kfree(ranges);
        ranges = NULL;
        return -1;
    }
    __atomic_store_n(&new_universe, (uint32_t)target, __ATOMIC_SEQ_CST);   /* thread start: a safe point */
    ranges_for_target(p);
    __atomic_store_n(&lp_transition, p, __ATOMIC_RELEASE);
    return lp_trans_finish(err, n);
}

/* The other way: threads already switched must switch back, those not yet
 * switched are there already (Linux's klp_reverse_transition). */
void lp_trans_reverse(void)
{
    ASSERT(lp_transition);
    __atomic_store_n(&target, !target, __ATOMIC_SEQ_CST);
    ranges_for_target(lp_transition);         /* before the bump: lp_preempt_point */
    thread_foreach(bump, NULL);               /* fail safe points prepared before */
    new_universe = (uint32_t)target;
    lp_stats.reversed++;
}

/* Every thread to the target at once, checked or not.  A patch forced on can
 * never be reverted: a thread may still run a version it replaced. */
int lp_trans_force(char *err, size_t n)
{
    struct lp_patch *p = lp_transition;
    thread_foreach(set_initial, (void *)(uint32_t)target);
    if (target == LP_U_PATCHED)
        p->forced = true;
    lp_stats.forced++;
    return trans_complete(err, n);
}
