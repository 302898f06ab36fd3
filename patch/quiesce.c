/* Quiescence checks for jump optimization (H1, H2, H3, H8): with every
 * other CPU parked in a rendezvous, is any thread or interrupt frame inside
 * one of the ranges?  EIP scan: preempted threads' saved EIPs, every parked
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

#define MAX_SLOTS 96

int djprobe_unwind = DJ_UNWIND_EXACT;
KPARAM_ENUM("djprobe_unwind", djprobe_unwind, "exact|fp",
            "frame scans: the exact unwind, or the old frame-pointer walk (a negative control)");

static int quiesce_unrel = 0;
KPARAM_ENUM("djprobe_unreliable", quiesce_unrel, "busy|reliable",
            "exact frame scans: a stack the unwind cannot follow to its bottom is busy, or is "
            "trusted up to where it stopped (a negative control)");
enum { QUIESCE_UNREL_BUSY, QUIESCE_UNREL_RELIABLE };

struct scan {
    struct dj_range *r;
    uint32_t lo, hi;            /* every range is inside [lo, hi) */
    int n, busy, mode;          /* mode: DJ_SCAN_* */
    unsigned checks;
    struct thread *self;
    bool self_busy;             /* the scanning thread's own stack is inside */
};

static bool inside(struct scan *s, uint32_t v)
{
    int i;
    if (v < s->lo || v >= s->hi)            /* most stack words: one compare pair */
        return false;
    for (i = 0; i < s->n; i++)
        if (v >= s->r[i].lo && v < s->r[i].hi)
            return true;
    return false;
}

static bool hit(struct scan *s, uint32_t v)
{
    int i;
    bool any = false;
    for (i = 0; i < s->n; i++) {
        if (v >= s->r[i].lo && v < s->r[i].hi) {
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
    int i;
    quiesce_found = f;
    for (i = 0; i < s->n; i++)
        if (v >= s->r[i].lo && v < s->r[i].hi)
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

static void unreliable(const struct thread *t, uint32_t pc, int err)
{
    djprobe_stats.unreliable++;
    quiesce_unreliable.pc = pc;
    quiesce_unreliable.err = err;
    quiesce_unreliable.tid = t->tid;
    quiesce_unreliable.bad = last_bad;
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
        if (hit(s, pc[i])) {
            s->self_busy = true;
            found(s, s->self, -1, pc[i], slot[i], "the scanner's own return address");
        }
    if (err != UNWIND_END) {
        unreliable(s->self, pc[n - 1], err);
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
    djprobe_stats.stacks++;
    if (err != UNWIND_END)
        unreliable(t, pc[n - 1], err);
    if (exact) {
        for (i = 0; i < n; i++)
            if (hit(s, pc[i])) {
                djprobe_stats.stack_hits++;
                found(s, t, -1, pc[i], slot[i], "return address");
            }
        if (err != UNWIND_END && quiesce_unrel == QUIESCE_UNREL_BUSY)
            all_busy(s, (struct quiesce_found){ t->tid, -1, pc[n - 1], 0, "stack unreliable past", false });
    } else if (s->mode == DJ_SCAN_FRAMES) {
        nf = fp_slots(start, switched, hi, fslot);
    }
    for (a = ALIGN_UP(start->sp, 4); a + 4 <= hi; a += 4) {
        uint32_t v = kretprobe_recover(a, *(uint32_t *)a);   /* behind a return probe's trampoline */
        if (!inside(s, v))
            continue;
        if (err == UNWIND_END)           /* the word scan's, in every mode */
            djprobe_stats.false_pos += !is_slot(slot, n, a);
        if (s->mode == DJ_SCAN_WORDS || (!exact && is_slot(fslot, nf, a))) {
            hit(s, v);
            djprobe_stats.stack_hits++;
            found(s, t, -1, v, a, "stack word");
        }
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

static void scan_thread(struct thread *t, void *arg)
{
    struct scan *s = arg;
    struct cpu *c = parked_under(t);
    bool running = c != NULL;
    struct unwind_regs r;
    if (t == s->self || t->state == TS_ZOMBIE)
        return;
    if ((s->checks & DJC_IPSCAN) && !running && t->tf && hit(s, t->tf->eip)) {
        djprobe_stats.ip_hits++;
        found(s, t, -1, t->tf->eip, 0, "saved EIP");
    }
    if (!(s->checks & DJC_STACK))
        return;
    if (running)
        scan_stack(s, &rendezvous_regs[c->id], false, t);
    else {
        unwind_switched(&r, t);
        scan_stack(s, &r, true, t);
    }
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
            if (hit(s, c->intr_eips[d])) {
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
    thread_foreach(scan_thread, s);
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

int quiesce_scan(struct dj_range *r, int n, unsigned checks, int mode, bool *self_busy)
{
    struct scan s;
    scan_init(&s, r, n, checks, mode);
    if (checks & (DJC_IPSCAN | DJC_STACK))
        rendezvous_run(scan_rv, &s);
    if (self_busy)
        *self_busy = s.self_busy;
    return s.busy;
}

int quiesce_scan_parked(struct dj_range *r, int n, unsigned checks, int mode)
{
    struct scan s;
    if (!rendezvous_mine())
        panic("quiesce_scan_parked: not inside a rendezvous");
    scan_init(&s, r, n, checks, mode);
    scan_rv(&s);
    return s.busy;
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
        if (tries == 8 || !(k.e = kmalloc(k.cap * sizeof *k.e)))
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
