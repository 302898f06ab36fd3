/* Quiescence checks for jump optimization (H1, H2, H3, H8): with every
 * other CPU parked in a rendezvous, is any thread or interrupt frame inside
 * one of the ranges?  Stopped threads are scanned before the rendezvous and
 * only those that ran since again inside it (docs/quiesce.md); the same
 * split for the stop-machine live patches, which run their own rendezvous
 * (quiesce_prescan_parked, quiesce_scan_parked).  EIP scan: preempted threads' saved EIPs, every parked
 * CPU's interrupted EIPs at every nesting depth and the return addresses of
 * the detour handlers it runs.  Stack scan (djprobe_scan=): every word of
 * every stack (conservative, Ksplice style), or its frames: the exact unwind
 * (kernel/unwind.c; every frame's stopped, interrupted or return address,
 * the scanning thread's own stack included; an unreliable stack is busy) or,
 * as a negative control, the old frame-pointer walk (djprobe_unwind=fp).
 * The word scan's false positives (data words the exact unwind shows are no
 * return addresses) are counted: the seed's "can't tell code from data". */
#include "patch/djprobe_int.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/ipi.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/panic.h"
#include "kernel/param.h"
#include "kernel/unwind.h"
#include "kernel/sched.h"
#include "patch/kretprobe.h"
#include "patch/codehome.h"
#include "kernel/sleeplock.h"
#include "kernel/clock.h"

#define MAX_SLOTS 96

int djprobe_unwind = DJ_UNWIND_EXACT;
KPARAM_ENUM("djprobe_unwind", djprobe_unwind, "exact|fp",
            "frame scans: the exact unwind, or the old frame-pointer walk (a negative control)");

static int quiesce_unrel = 0;
KPARAM_ENUM("djprobe_unreliable", quiesce_unrel, "busy|reliable",
            "exact frame scans: a stack the unwind cannot follow to its bottom is busy, or is "
            "trusted up to where it stopped (a negative control)");
enum { QUIESCE_UNREL_BUSY, QUIESCE_UNREL_RELIABLE };

/* The pre-scan (before the rendezvous, every CPU running): a thread off
 * every CPU is scanned like the rendezvous would, and recorded with its run
 * count (thread->lp_word above LP_U_MASK: kernel/sched.c adds LP_GEN_ONE
 * before it is switched in), read before (with on_cpu) and after the scan
 * (a seqlock's reader; x86 keeps loads in order and the scheduler's locked
 * add is a full barrier, so a scan that read anything the thread wrote once
 * switched in also sees the count move).  Its marks (what it found) are
 * held until that second read and dropped if the thread ran meanwhile.  In
 * the rendezvous only the threads without a record of this check, or whose
 * count moved since (they ran), are scanned again: the stall grows with the
 * CPUs and with the threads that ran since, not with the sleeping ones. */
int quiesce_prescan = QUIESCE_PRESCAN_ON;
KPARAM_ENUM("djprobe_prescan", quiesce_prescan, "on|off",
            "quiescence checks: scan stopped threads before the rendezvous, or every thread inside it");
static int quiesce_bug = 0;
KPARAM_ENUM("quiesce_bug", quiesce_bug, "none|no_recheck|no_ring",
            "negative controls: the rendezvous trusts every pre-scanned thread, even one that ran since; "
            "or it skips the threads the CPUs switched in since the pre-scan began");
enum { QUIESCE_BUG_NONE, QUIESCE_BUG_NO_RECHECK, QUIESCE_BUG_NO_RING };
static int quiesce_verify;
KPARAM_INT("quiesce_verify", quiesce_verify, 0, 1,
           "quiescence checks: after the rendezvous's recheck, walk every thread and panic if one that ran "
           "since its pre-scan was not scanned again (tortures)");

#define STAGE_MAX 8             /* marks one pre-scanned thread may hold (more: the rendezvous scans it) */
#define PRESCAN_CHUNK 8         /* threads per hold of the registry lock */
#define DIRTY_MAX 32            /* threads the pre-scan found on a CPU (more: walk them all) */
enum { MK_HIT, MK_UNREL };
struct mark { int kind; uint32_t v, at, bad; int err; const char *how; uint32_t *stat; bool all; };

struct scan {
    struct dj_range *r;
    uint32_t lo, hi;            /* every range is inside [lo, hi) */
    int n, busy, mode;          /* mode: DJ_SCAN_* */
    unsigned checks;
    struct thread *self;
    bool self_busy;             /* the scanning thread's own stack is inside */
    uint32_t id;                /* this check's pre-scan (0: none, the rendezvous scans every thread) */
    bool stage, over;           /* pre-scan: marks held in st[]; more than fit */
    int nst;
    struct mark st[STAGE_MAX];
    uint32_t st_stacks, st_fp;  /* statistics held the same way */
    struct quiesce_cost cost;
    /* What ran since the pre-scan began: each CPU's switches from sw0 on
     * (cpu->ran[]), the threads created since mark0, the dirty ones (on a
     * CPU or switched in during their pre-scan).  full: that is not known
     * (a thread freed, a ring overrun, too many dirty): walk every thread. */
    struct thread_reg_mark mark0;
    uint32_t sw0[NCPU_MAX];
    struct thread *dirty[DIRTY_MAX];
    int ndirty;
    bool full;
};

struct quiesce_cost quiesce_cost, quiesce_totals;
void (*volatile quiesce_prescan_hook)(void);
static struct sleeplock qs_lock = SLEEPLOCK_INIT("quiesce");   /* the thread records (qs_id) */
static uint32_t qs_ids;

static bool in_ranges(struct scan *s, uint32_t v)
{
    int i;
    if (v < s->lo || v >= s->hi)            /* most stack words: one compare pair */
        return false;
    for (i = 0; i < s->n; i++)
        if (v >= s->r[i].lo && v < s->r[i].hi)
            return true;
    return false;
}

/* v, or its function's own text if v's code runs outside it (a detour
 * buffer, a split part: patch/codehome.h), is inside a range. */
static inline __attribute__((always_inline)) bool inside(struct scan *s, uint32_t v)
{
    uint32_t h;
    return in_ranges(s, v) || ((h = code_home(v)) != v && in_ranges(s, h));
}

static bool range_holds(const struct dj_range *r, uint32_t v, uint32_t h)
{
    return (v >= r->lo && v < r->hi) || (h >= r->lo && h < r->hi);
}

static bool hit_ranges(struct scan *s, uint32_t v)
{
    uint32_t home = code_home(v);
    int i;
    bool any = false;
    for (i = 0; i < s->n; i++) {
        if (range_holds(&s->r[i], v, home)) {
            s->busy += !s->r[i].busy;
            s->r[i].busy = any = true;
        }
    }
    return any;
}


static uint32_t last_bad;        /* the last walk's bad return address, if any */

/* The exact frames of one stack: each frame's PC and the slot it was read
 * from (0 for the first); returns UNWIND_END or why the rest is unreliable. */
static int frames(const struct unwind_regs *start, uint32_t lo, uint32_t hi,
                  uint32_t *pc, uint32_t *slot, int *n)
{
    struct unwind_state u;
    int e;
    unwind_begin(&u, start, lo, hi);
    u.bad = 0;
    pc[0] = u.pc; slot[0] = 0; *n = 1;
    while ((e = unwind_next(&u)) > 0) {
        if (*n == MAX_SLOTS)
            return UNWIND_DEEP;
        pc[*n] = u.pc; slot[(*n)++] = u.slot;
    }
    last_bad = u.bad;
    return e;
}

/* The last stack found unreliable, for deferral reports. */
struct quiesce_unreliable quiesce_unreliable;
struct quiesce_found quiesce_found;

/* Record what made the ranges holding v busy (each range's last, and the
 * scan's last overall). */
static void found(struct scan *s, const struct thread *t, int cpu, uint32_t v, uint32_t at, const char *how)
{
    struct quiesce_found f = { t ? t->tid : -1, cpu, v, at, how, t && t == s->self };
    uint32_t h = code_home(v);
    int i;
    quiesce_found = f;
    for (i = 0; i < s->n; i++)
        if (range_holds(&s->r[i], v, h))
            s->r[i].f = f;
}

/* Every range is busy (an unreliable stack): f says whose. */
static void all_busy(struct scan *s, struct quiesce_found f)
{
    int i;
    for (i = 0; i < s->n; i++) {
        s->busy += !s->r[i].busy;
        s->r[i].busy = true;
        s->r[i].f = f;
    }
}

static void unreliable(const struct thread *t, uint32_t pc, int err, uint32_t bad)
{
    djprobe_stats.unreliable++;
    quiesce_unreliable.pc = pc;
    quiesce_unreliable.err = err;
    quiesce_unreliable.tid = t->tid;
    quiesce_unreliable.bad = bad;
}

static void stage(struct scan *s, struct mark m)
{
    if (s->nst == STAGE_MAX)
        s->over = true;
    else
        s->st[s->nst++] = m;
}

/* Thread t's v (read from at) is inside a range: mark it, or hold the mark. */
static void mark_hit(struct scan *s, const struct thread *t, uint32_t v, uint32_t at, const char *how,
                     uint32_t *stat)
{
    if (!inside(s, v))
        return;
    if (s->stage) {
        stage(s, (struct mark){ MK_HIT, v, at, 0, 0, how, stat, false });
        return;
    }
    hit_ranges(s, v);
    (*stat)++;
    found(s, t, -1, v, at, how);
}

/* Thread t's unwind stopped at pc (err); all: every range counts busy. */
static void mark_unrel(struct scan *s, const struct thread *t, uint32_t pc, int err, uint32_t bad, bool all)
{
    if (s->stage) {
        stage(s, (struct mark){ MK_UNREL, pc, 0, bad, err, 0, 0, all });
        return;
    }
    unreliable(t, pc, err, bad);
    if (all)
        all_busy(s, (struct quiesce_found){ t->tid, -1, pc, 0, "stack unreliable past", false });
}

/* The pre-scan of t stood: apply its marks. */
static void commit(struct scan *s, const struct thread *t)
{
    int i;
    for (i = 0; i < s->nst; i++) {
        struct mark *m = &s->st[i];
        if (m->kind == MK_HIT)
            mark_hit(s, t, m->v, m->at, m->how, m->stat);
        else
            mark_unrel(s, t, m->v, m->err, m->bad, m->all);
    }
    djprobe_stats.stacks += s->st_stacks;
    djprobe_stats.false_pos += s->st_fp;
}

static bool is_slot(const uint32_t *slot, int n, uint32_t a)
{
    while (n--)
        if (slot[n] == a)
            return true;
    return false;
}

/* The old walk's slots: from the saved EBP (and, for a switched-out thread,
 * swtch's own return address). */
static int fp_slots(const struct unwind_regs *start, bool switched, uint32_t hi, uint32_t *slot)
{
    uint32_t bp = switched ? ((uint32_t *)start->sp)[3] : start->bp;
    int n = unwind_fp(bp, start->sp, hi, slot, MAX_SLOTS - 1);
    if (switched)
        slot[n++] = start->sp + 16;
    return n;
}

/* The scanning thread's own stack, by its exact frames in every mode (its
 * locals hold the ranges themselves: a word scan would always find them). */
static void scan_self(struct scan *s)
{
    uint32_t pc[MAX_SLOTS], slot[MAX_SLOTS];
    struct unwind_regs r;
    int n, i, err;
    unwind_regs(&r);
    err = frames(&r, s->self->stack_lo, s->self->stack_hi, pc, slot, &n);
    for (i = 0; i < n; i++)
        if (hit_ranges(s, pc[i])) {
            s->self_busy = true;
            found(s, s->self, -1, pc[i], slot[i], "the scanner's own return address");
        }
    if (err != UNWIND_END) {
        unreliable(s->self, pc[n - 1], err, last_bad);
        all_busy(s, (struct quiesce_found){ s->self->tid, -1, pc[n - 1], 0,
                                            "the scanner's own stack, unreliable past", true });
        s->self_busy = true;
    }
}

static void scan_stack(struct scan *s, const struct unwind_regs *start, bool switched,
                       const struct thread *t)
{
    uint32_t pc[MAX_SLOTS], slot[MAX_SLOTS], fslot[MAX_SLOTS], a, hi = t->stack_hi;
    int n, nf = 0, i, err = frames(start, t->stack_lo, hi, pc, slot, &n);
    bool exact = s->mode == DJ_SCAN_FRAMES && djprobe_unwind == DJ_UNWIND_EXACT;
    uint32_t *fp = s->stage ? &s->st_fp : &djprobe_stats.false_pos;
    (*(s->stage ? &s->st_stacks : &djprobe_stats.stacks))++;
    if (exact) {
        for (i = 0; i < n; i++)
            mark_hit(s, t, pc[i], slot[i], "return address", &djprobe_stats.stack_hits);
    } else if (s->mode == DJ_SCAN_FRAMES) {
        nf = fp_slots(start, switched, hi, fslot);
    }
    if (err != UNWIND_END)
        mark_unrel(s, t, pc[n - 1], err, last_bad, exact && quiesce_unrel == QUIESCE_UNREL_BUSY);
    a = ALIGN_UP(start->sp, 4);
    if (exact) {                         /* the words only counted: the word scan's false positives */
        for (; a + 4 <= hi; a += 4)
            if (in_ranges(s, kretprobe_recover(a, *(uint32_t *)a)) && err == UNWIND_END)
                *fp += !is_slot(slot, n, a);
        return;
    }
    for (; a + 4 <= hi; a += 4) {
        uint32_t v = kretprobe_recover(a, *(uint32_t *)a);   /* behind a return probe's trampoline */
        if (!inside(s, v))
            continue;
        if (err == UNWIND_END)           /* the word scan's, in every mode */
            *fp += !is_slot(slot, n, a);
        if (s->mode == DJ_SCAN_WORDS || is_slot(fslot, nf, a))
            mark_hit(s, t, v, a, "stack word", &djprobe_stats.stack_hits);
    }
}

/* The parked CPU t runs on, or NULL: found by the CPUs' current threads, not
 * t->cpu, which lags a migration (and is -1 before a thread first runs). */
static struct cpu *parked_under(const struct thread *t)
{
    int i;
    for (i = 0; i < NCPU_MAX; i++)
        if (cpus[i].online && cpus[i].parked && cpus[i].thread == t)
            return &cpus[i];
    return NULL;
}

/* One thread: its saved EIP if preempted, and its stack, from where it
 * switched out, or (c) from where its parked CPU spins.  tf is read once:
 * in the pre-scan the thread may be switched in meanwhile. */
static void scan_one(struct scan *s, struct thread *t, struct cpu *c)
{
    struct trapframe *tf = READ_ONCE(t->tf);
    struct unwind_regs r;
    if ((s->checks & DJC_IPSCAN) && !c && tf)
        mark_hit(s, t, tf->eip, 0, "saved EIP", &djprobe_stats.ip_hits);
    if (!(s->checks & DJC_STACK))
        return;
    if (c) {
        scan_stack(s, &rendezvous_regs[c->id], false, t);
    } else {
        unwind_switched(&r, t);
        scan_stack(s, &r, true, t);
    }
}

/* Times thread t was switched in (and lp transitions' bumps: a false "ran"
 * only costs a recheck). */
static uint32_t runs(const struct thread *t)
{
    return __atomic_load_n(&t->lp_word, __ATOMIC_ACQUIRE) & ~(LP_GEN_ONE - 1);
}

static void dirty(struct scan *s, struct thread *t)
{
    if (s->ndirty == DIRTY_MAX)
        s->full = true;
    else
        s->dirty[s->ndirty++] = t;
}

/* Pre-scan, registry lock held: t off every CPU, scanned, recorded. */
static void prescan_thread(struct thread *t, void *arg)
{
    struct scan *s = arg;
    uint32_t g;
    if (t == s->self || t->state == TS_ZOMBIE)
        return;
    g = runs(t);
    if (__atomic_load_n(&t->on_cpu, __ATOMIC_ACQUIRE)) {
        s->cost.running++;                  /* on a CPU: the rendezvous scans it */
        dirty(s, t);
        return;
    }
    s->stage = true;
    s->nst = 0; s->over = false; s->st_stacks = s->st_fp = 0;
    scan_one(s, t, NULL);
    s->stage = false;
    __atomic_thread_fence(__ATOMIC_ACQUIRE);        /* the stack's reads before the second look */
    if (s->over || runs(t) != g) {
        s->cost.torn++;                     /* switched in meanwhile: the rendezvous scans it */
        dirty(s, t);
        return;
    }
    commit(s, t);
    t->qs_gen = g;
    t->qs_id = s->id;
    s->cost.prescanned++;
}

/* In the rendezvous: t unless its pre-scan stands (it has not run since). */
static void scan_thread(struct thread *t, void *arg)
{
    struct scan *s = arg;
    if (t == s->self || t->state == TS_ZOMBIE)
        return;
    if (s->id && t->qs_id == s->id && (t->qs_gen == runs(t) || quiesce_bug == QUIESCE_BUG_NO_RECHECK))
        return;
    s->cost.rechecked++;
    scan_one(s, t, parked_under(t));
    t->qs_id = s->id;                       /* seen as it is now: once is enough */
    t->qs_gen = runs(t);
}

/* quiesce_verify=1: every thread's record now stands (pre-scanned and not
 * run since, or scanned in this rendezvous). */
static void verify_one(struct thread *t, void *arg)
{
    struct scan *s = arg;
    if (t == s->self || t->state == TS_ZOMBIE || (t->qs_id == s->id && t->qs_gen == runs(t)))
        return;
    panic("quiesce: thread %d (%s) ran since the pre-scan of check %u and was not scanned again "
          "(its record: check %u, run count %08x; now %08x)", t->tid, t->name, s->id, t->qs_id, t->qs_gen,
          runs(t));
}

/* Every online CPU switched at most CPU_RAN_RING times since the pre-scan began. */
static bool ring_holds(struct scan *s)
{
    int i;
    for (i = 0; i < NCPU_MAX; i++)
        if (cpus[i].online && cpus[i].nr_switches - s->sw0[i] > CPU_RAN_RING)
            return false;
    return true;
}

/* In the rendezvous: the threads that may have run since the pre-scan began. */
static void scan_ran(struct scan *s)
{
    uint32_t i, k;
    if (!s->id || s->full || thread_reg_freed_since(&s->mark0) || !ring_holds(s)) {
        s->cost.walked = 1;
        thread_foreach(scan_thread, s);
        return;
    }
    for (i = 0; i < NCPU_MAX && quiesce_bug != QUIESCE_BUG_NO_RING; i++)
        for (k = s->sw0[i]; cpus[i].online && k != cpus[i].nr_switches; k++)
            scan_thread(cpus[i].ran[k % CPU_RAN_RING], s);
    for (i = 0; i < (uint32_t)s->ndirty; i++)
        scan_thread(s->dirty[i], s);
    thread_foreach_newer(&s->mark0, scan_thread, s);
}

static int scan_rv(void *arg)
{
    struct scan *s = arg;
    int i, d;
    for (i = 0; (s->checks & DJC_IPSCAN) && i < NCPU_MAX; i++) {
        struct cpu *c = &cpus[i];
        if (!c->online || !c->parked)
            continue;
        for (d = 0; d < c->irq_depth && d < INTR_NEST_MAX; d++)
            if (hit_ranges(s, c->intr_eips[d])) {
                djprobe_stats.ip_hits++;
                found(s, c->thread, i, c->intr_eips[d], 0, "interrupted EIP");
            }
        for (d = 0; d < s->n; d++)            /* in a handler called from a buffer */
            if (kprobe_detour_ret_in(i, s->r[d].lo, s->r[d].hi) && !s->r[d].busy) {
                s->r[d].busy = true;
                s->busy++;
                djprobe_stats.ip_hits++;
                found(s, c->thread, i, c->probe.running, 0, "detour handler running");
                s->r[d].f = quiesce_found;
            }
    }
    scan_ran(s);
    if (quiesce_verify && s->id)
        thread_foreach(verify_one, s);
    /* The scanning thread's own stack (the old walk skipped it: fp keeps that). */
    if ((s->checks & DJC_STACK) && !(s->mode == DJ_SCAN_FRAMES && djprobe_unwind == DJ_UNWIND_FP))
        scan_self(s);
    return 0;
}

static void scan_init(struct scan *s, struct dj_range *r, int n, unsigned checks, int mode)
{
    int i;
    *s = (struct scan){ r, 0xFFFFFFFFu, 0, n, 0, mode < 0 ? djprobe_scan : mode, checks, thread_current(),
                        false };
    for (i = 0; i < n; i++) {
        r[i].busy = false;
        s->lo = r[i].lo < s->lo ? r[i].lo : s->lo;
        s->hi = r[i].hi > s->hi ? r[i].hi : s->hi;
    }
}

/* The pre-scan (qs_lock held), every CPU running: each thread off every
 * CPU scanned and recorded under a new check id, then the test hook. */
static void scan_pre(struct scan *s)
{
    if (!sleeplock_held(&qs_lock))
        panic("quiesce: pre-scan without the check's lock");
    if (quiesce_prescan == QUIESCE_PRESCAN_ON) {
        int i;
        s->id = ++qs_ids ? qs_ids : ++qs_ids;
        thread_reg_mark(&s->mark0);
        for (i = 0; i < NCPU_MAX; i++)      /* before any run count the walk reads */
            s->sw0[i] = __atomic_load_n(&cpus[i].nr_switches, __ATOMIC_ACQUIRE);
        s->full = !thread_foreach_chunked(prescan_thread, s, PRESCAN_CHUNK);
    }
}

/* The check's costs into quiesce_cost and quiesce_totals. */
static void scan_account(struct scan *s, uint64_t pre_ns, uint64_t stall_ns)
{
    s->cost.threads = thread_count();
    s->cost.pre_ns = pre_ns;
    s->cost.stall_ns = stall_ns;
    quiesce_cost = s->cost;
    quiesce_totals.checks++;
    quiesce_totals.prescanned += s->cost.prescanned;
    quiesce_totals.running += s->cost.running;
    quiesce_totals.torn += s->cost.torn;
    quiesce_totals.rechecked += s->cost.rechecked;
    quiesce_totals.walked += s->cost.walked;
}

/* The pre-scan, then (a test's hook and) the rendezvous; the costs of each
 * are left in quiesce_cost. */
static void scan_both(struct scan *s)
{
    uint64_t t0 = clock_ns(), t1, t2;
    sleeplock_acquire(&qs_lock);
    scan_pre(s);
    t1 = clock_ns();
    if (quiesce_prescan_hook)
        quiesce_prescan_hook();
    t2 = clock_ns();
    rendezvous_run(scan_rv, s);
    sleeplock_release(&qs_lock);
    scan_account(s, t1 - t0, clock_ns() - t2);
}

int quiesce_scan(struct dj_range *r, int n, unsigned checks, int mode, bool *self_busy)
{
    struct scan s;
    scan_init(&s, r, n, checks, mode);
    if (checks & (DJC_IPSCAN | DJC_STACK))
        scan_both(&s);
    if (self_busy)
        *self_busy = s.self_busy;
    return s.busy;
}

/* The same check split for a caller that runs its own rendezvous (the
 * stop-machine live patches): quiesce_prescan_parked, every CPU running,
 * takes qs_lock and pre-scans into parked; quiesce_scan_parked, inside the
 * caller's rendezvous, rescans what ran since; quiesce_parked_done
 * accounts and drops qs_lock.  One such check at a time (qs_lock). */
static struct scan parked;

int quiesce_prescan_parked(struct dj_range *r, int n, unsigned checks, int mode)
{
    uint64_t t0 = clock_ns();
    if (!(checks & (DJC_IPSCAN | DJC_STACK)))
        panic("quiesce_prescan_parked: no scan in checks %x", checks);
    sleeplock_acquire(&qs_lock);
    scan_init(&parked, r, n, checks, mode);
    scan_pre(&parked);
    parked.cost.pre_ns = clock_ns() - t0;
    if (quiesce_prescan_hook)
        quiesce_prescan_hook();
    return parked.busy;
}

int quiesce_scan_parked(void)
{
    if (!rendezvous_mine() || !sleeplock_held(&qs_lock) || !parked.r)
        panic("quiesce_scan_parked: not inside a rendezvous after quiesce_prescan_parked");
    scan_rv(&parked);
    return parked.busy;
}

void quiesce_parked_done(uint64_t stall_ns)
{
    if (!sleeplock_held(&qs_lock) || !parked.r)
        panic("quiesce_parked_done: no quiesce_prescan_parked");
    scan_account(&parked, parked.cost.pre_ns, stall_ns);
    parked.r = NULL;
    sleeplock_release(&qs_lock);
}

/* tasks-RCU style (Linux's choice for optprobes): every thread that existed
 * at the start must pass a voluntary switch.  A thread blocked or yielded
 * then counts at once; a preempted or running one does not.  An idle thread
 * counts only where it is known to be outside every region: switched out
 * voluntarily, or stopped right after its hlt (kernel/idle.S), preempted or
 * parked straight from there (no handler underneath, H2).  Snapshots are
 * taken in rendezvous. */
struct tq { struct thread *t; int tid; uint32_t nvcsw; bool q, seen; };
struct tasks { struct tq *e; int n, cap, left; bool snap; struct thread *self; };

static int quiesce_idle = 0;
KPARAM_ENUM("djprobe_tasks_idle", quiesce_idle, "halt|anywhere",
            "tasks-RCU: an idle CPU parked in a rendezvous is quiet only straight from its hlt, "
            "or wherever it stopped (a negative control)");
enum { QUIESCE_IDLE_HALT, QUIESCE_IDLE_ANYWHERE };

bool quiesce_quiet_now(struct thread *t)
{
    struct cpu *c = parked_under(t);
    bool running = c != NULL;
    if (t->is_idle && running)               /* parked straight from its hlt */
        return quiesce_idle == QUIESCE_IDLE_ANYWHERE ||
               (c->irq_depth == 1 && c->intr_eips[0] == (uint32_t)idle_halt_ret);
    if (t->is_idle && t->tf)                 /* preempted: only where it halts */
        return t->tf->eip == (uint32_t)idle_halt_ret;
    return !running && !t->tf && (t->is_idle || t->state != TS_RUNNING);
}

static void tasks_one(struct thread *t, void *arg)
{
    struct tasks *k = arg;
    int i;
    if (t == k->self || t->state == TS_ZOMBIE)
        return;
    if (k->snap) {
        if (k->n < k->cap)
            k->e[k->n++] = (struct tq){ t, t->tid, t->nvcsw, quiesce_quiet_now(t), true };
        else
            k->left = -1;                           /* overflow: take it again */
        return;
    }
    for (i = 0; i < k->n; i++) {
        if (k->e[i].t == t && k->e[i].tid == t->tid) {
            k->e[i].seen = true;
            k->e[i].q = k->e[i].q || t->nvcsw != k->e[i].nvcsw || quiesce_quiet_now(t);
        }
    }
}

static int tasks_rv(void *arg)
{
    struct tasks *k = arg;
    int i;
    for (i = 0; !k->snap && i < k->n; i++)
        k->e[i].seen = false;
    thread_foreach(tasks_one, k);
    if (k->left < 0)
        return 0;
    for (i = 0, k->left = 0; i < k->n; i++) {
        k->e[i].q = k->e[i].q || !k->e[i].seen;     /* exited */
        k->left += !k->e[i].q;
    }
    return 0;
}

int quiesce_tasks(int max_ms)
{
    struct tasks k = { 0, 0, 0, -1, true, thread_current() };
    int ms, tries;
    for (tries = 0; k.left < 0; tries++) {          /* the snapshot; more threads than room: again */
        kfree(k.e);
        k.cap = 2 * thread_count() + 64;
        if (tries == 8 || !(k.e = kmalloc_array((uint32_t)k.cap, sizeof *k.e)))
            return -1;                              /* (a bound: the caller counts it busy) */
        k.n = 0; k.left = 0;
        rendezvous_run(tasks_rv, &k);
    }
    k.snap = false;
    for (ms = 0; k.left && ms < max_ms; ms++) {
        thread_sleep_ns(1000000);
        rendezvous_run(tasks_rv, &k);
        djprobe_stats.tasks_waits++;
    }
    for (ms = 0; k.left && ms < k.n && k.e[ms].q; ms++)
        ;
    if (k.left)                                     /* for a report: the first still owed */
        quiesce_found = (struct quiesce_found){ ms < k.n ? k.e[ms].tid : -1, -1, 0, 0,
                                                "no voluntary switch yet", false };
    kfree(k.e);
    return k.left ? -1 : 0;
}
