/* Quiescence checks for jump optimization (DESIGN.md H1, H2, H3, H8): with
 * every other CPU parked in a rendezvous, is any thread or interrupt frame
 * inside one of the ranges?  EIP scan: preempted threads' saved EIPs, every
 * parked CPU's interrupted EIPs at every nesting depth and the return
 * addresses of the detour handlers it runs.  Stack scan:
 * every word of every stack (conservative, Ksplice style) or a frame-pointer
 * unwind through trap frames (djprobe_scan=).  Both are computed, so the
 * conservative scan's false positives (data words the unwind shows are not
 * return addresses) are counted: the seed's "can't tell code from data". */
#include "patch/djprobe_int.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/ipi.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/panic.h"

#define MAX_SLOTS 96
extern char alltraps_ret[];

struct scan {
    struct dj_range *r;
    int n, busy, mode;          /* mode: DJ_SCAN_* */
    unsigned checks;
    struct thread *self;
};

static bool inside(struct scan *s, uint32_t v)
{
    int i;
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

/* Return-address slots of a frame-pointer walk; a return into alltraps
 * means trap()'s argument is a trap frame: its EIP is a slot too. */
static int unwind(uint32_t ebp, uint32_t lo, uint32_t hi, uint32_t *slot)
{
    int n = 0;
    while (ebp >= lo && ebp + 12 <= hi && n < MAX_SLOTS - 1) {
        uint32_t ret = ((uint32_t *)ebp)[1], next = ((uint32_t *)ebp)[0];
        slot[n++] = ebp + 4;
        if (ret == (uint32_t)alltraps_ret) {
            struct trapframe *tf = (struct trapframe *)((uint32_t *)ebp)[2];
            if ((uint32_t)tf < lo || (uint32_t)(tf + 1) > hi)
                break;
            slot[n++] = (uint32_t)&tf->eip;
            next = tf->ebp;
        }
        if (next <= ebp)
            break;
        ebp = next;
    }
    return n;
}

static bool is_slot(const uint32_t *slot, int n, uint32_t a)
{
    while (n--)
        if (slot[n] == a)
            return true;
    return false;
}

static void scan_stack(struct scan *s, uint32_t sp, uint32_t fp, uint32_t first_slot, uint32_t hi)
{
    uint32_t slot[MAX_SLOTS], a;
    int n = unwind(fp, sp, hi, slot);
    if (first_slot)
        slot[n++] = first_slot;
    for (a = ALIGN_UP(sp, 4); a + 4 <= hi; a += 4) {
        uint32_t v = *(uint32_t *)a;
        bool precise;
        if (!inside(s, v))
            continue;
        precise = is_slot(slot, n, a);
        djprobe_stats.false_pos += !precise;     /* the word scan's, in both modes */
        if (precise || s->mode == DJ_SCAN_WORDS) {
            hit(s, v);
            djprobe_stats.stack_hits++;
        }
    }
}

static void scan_thread(struct thread *t, void *arg)
{
    struct scan *s = arg;
    struct cpu *c = &cpus[t->cpu];
    bool running = c->online && c->parked && c->thread == t;
    if (t == s->self || t->state == TS_ZOMBIE)
        return;
    if ((s->checks & DJC_IPSCAN) && !running && t->tf && hit(s, t->tf->eip))
        djprobe_stats.ip_hits++;
    if (!(s->checks & DJC_STACK))
        return;
    if (running)
        scan_stack(s, rendezvous_sp[c->id], rendezvous_fp[c->id], 0, t->stack_hi);
    else                                   /* swtch frame: edi esi ebx ebp ret */
        scan_stack(s, t->esp, ((uint32_t *)t->esp)[3], t->esp + 16, t->stack_hi);
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
            if (hit(s, c->intr_eips[d]))
                djprobe_stats.ip_hits++;
        for (d = 0; d < s->n; d++)            /* in a handler called from a buffer */
            if (kprobe_detour_ret_in(i, s->r[d].lo, s->r[d].hi) && !s->r[d].busy) {
                s->r[d].busy = true;
                s->busy++;
                djprobe_stats.ip_hits++;
            }
    }
    thread_foreach(scan_thread, s);
    return 0;
}

int quiesce_scan(struct dj_range *r, int n, unsigned checks, int mode)
{
    struct scan s = { r, n, 0, mode < 0 ? djprobe_scan : mode, checks, thread_current() };
    int i;
    for (i = 0; i < n; i++)
        r[i].busy = false;
    if (checks & (DJC_IPSCAN | DJC_STACK))
        rendezvous_run(scan_rv, &s);
    return s.busy;
}

/* tasks-RCU style (Linux's choice for optprobes): every thread that existed
 * at the start must pass a voluntary switch.  A thread blocked or yielded
 * then counts at once; a preempted or running one does not.  An idle thread
 * counts when its CPU is parked straight from the idle loop (no interrupt
 * handler underneath, H2).  Snapshots are taken in rendezvous. */
struct tq { struct thread *t; int tid; uint32_t nvcsw; bool q, seen; };
struct tasks { struct tq *e; int n, cap, left; bool snap; struct thread *self; };

static bool quiet_now(struct thread *t)
{
    struct cpu *c = &cpus[t->cpu];
    bool running = c->online && c->parked && c->thread == t;
    if (t->is_idle)
        return !running || c->irq_depth == 1;
    return !running && !t->tf && t->state != TS_RUNNING;
}

static void tasks_one(struct thread *t, void *arg)
{
    struct tasks *k = arg;
    int i;
    if (t == k->self || t->state == TS_ZOMBIE)
        return;
    if (k->snap) {
        if (k->n < k->cap)
            k->e[k->n++] = (struct tq){ t, t->tid, t->nvcsw, quiet_now(t), true };
        else
            k->left = -1;                           /* overflow: take it again */
        return;
    }
    for (i = 0; i < k->n; i++) {
        if (k->e[i].t == t && k->e[i].tid == t->tid) {
            k->e[i].seen = true;
            k->e[i].q = k->e[i].q || t->nvcsw != k->e[i].nvcsw || quiet_now(t);
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
    struct tasks k = { 0, 0, thread_count() + 64, -1, true, thread_current() };
    int ms;
    if (!(k.e = kmalloc(k.cap * sizeof *k.e)))
        return -1;
    while (k.left < 0) {                            /* the snapshot */
        k.n = 0; k.left = 0;
        rendezvous_run(tasks_rv, &k);
    }
    k.snap = false;
    for (ms = 0; k.left && ms < max_ms; ms++) {
        thread_sleep_ns(1000000);
        rendezvous_run(tasks_rv, &k);
        djprobe_stats.tasks_waits++;
    }
    kfree(k.e);
    return k.left ? -1 : 0;
}
