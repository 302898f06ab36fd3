/* The cells of the hazard matrix (see hazard.h).  Each builds the hazard's
 * situation, asks for an optimized probe of the cell's strategy, then looks
 * with the knowledge of the test (where the thread is parked, which return
 * address it holds, which branch lands where) whether the strategy wrote
 * the jump or freed a buffer over it: "caught".  Then it repairs: the probe
 * is removed (original bytes back) before a parked thread resumes. */
#include "tests/kernel/hazard.h"
#include "tests/kernel/hazard_park.h"
#include "tests/kernel/dj_targets.h"
#include "patch/kprobe.h"
#include "patch/insn/insn.h"
#include "kernel/ksym.h"
#include "kernel/thread.h"
#include "kernel/ktest.h"
#include "kernel/ipi.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"

bool djprobe_freed_buffer(uint32_t a, uint32_t *probe);
static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

static bool optimize_with(struct cell *c, struct kprobe *p, uint32_t addr,
                          int (*pre)(struct kprobe *, struct trapframe *))
{
    char err[160];
    kmemset(p, 0, sizeof *p);
    p->addr = addr;
    p->pre_handler = pre;
    p->flags = KPROBE_OPTIMIZE;
    p->strategy = c->strategy;
    if (kprobe_register(p, err, sizeof err)) {
        cell_error(c, "kprobe_register: %s", err);
        return false;
    }
    djprobe_flush();
    return kprobe_opt_state(p) == DJ_OPTIMIZED;
}

static bool optimize(struct cell *c, struct kprobe *p, uint32_t addr)
{
    return optimize_with(c, p, addr, pre_nothing);
}

static const char *sym(uint32_t a, char *b)
{
    ksym_format(a, b, 96);
    return b;
}

static bool jump_over(struct kprobe *p, uint32_t a) { return a > p->addr && a < p->addr + 5; }

/* H1, H2: a thread preempted (saved EIP) or a CPU interrupted (interrupted
 * EIP) at dj_add's second region instruction while the jump is written.  A
 * strategy that waits for it (tasks-RCU: for its voluntary switch) would
 * wait forever: a watcher lets the thread go on once the probe is back to
 * its original bytes (deferred or removed: DJ_UNOPTIMIZING), as a
 * preempted thread would eventually run again anyway. */
struct watch {
    struct kprobe *p;
    struct park *pk;
    uint32_t addr;
    uint8_t orig[5];                   /* the region's bytes before the probe */
    volatile int stop, unreg, ack;
};
/* Once the cell unregisters (unreg), the probe's site may be freed under
 * it: from the acknowledgement on the watcher reads only the text (the
 * tail back to its original bytes), never the probe (seen: a #PF on the
 * poison of a freed site). */
static void watcher(void *arg)
{
    struct watch *w = arg;
    while (!w->stop) {
        if (w->unreg) {
            w->ack = 1;
            if (!kmemcmp((void *)(w->addr + 1), w->orig + 1, 4))
                break;
        } else if (kprobe_opt_state(w->p) == DJ_UNOPTIMIZING) {
            break;
        }
        thread_sleep_ns(1000000);
    }
    w->ack = 1;
    park_release(w->pk);
}

/* v[0] at addr and v[1..nsled] on dj_sled's nops, registered as one kprobe
 * batch (one check for all): is v[0] optimized?  *sled: how many others are. */
int dj_sled(int i);
static bool optimize_batch(struct cell *c, struct kprobe *v, int nsled, uint32_t addr, int *sled)
{
    char err[160];
    int i, n = 1 + nsled;
    for (i = 0; i < n; i++)
        v[i] = (struct kprobe){ .addr = i ? (uint32_t)dj_sled + 5 * (i - 1) : addr,
                                .pre_handler = pre_nothing, .flags = KPROBE_OPTIMIZE, .strategy = c->strategy };
    if (kprobe_register_many(v, n, err, sizeof err) != n) {
        cell_error(c, "kprobe_register_many: %s", err);
        return false;
    }
    djprobe_flush();
    for (i = 1, *sled = 0; i < n; i++)
        *sled += kprobe_opt_state(&v[i]) == DJ_OPTIMIZED;
    return kprobe_opt_state(v) == DJ_OPTIMIZED;
}

/* nsled > 0: the probe is one of a batch with nsled others (H1-batch). */
static void parked_in_region(struct cell *c, int mode, int (*fn)(int), uint32_t addr, uint32_t at,
                             int want, int nsled)
{
    struct park pk = { at, mode, ncpu > 1 ? 1 : 0, fn, 20 };
    struct kprobe *v = kzalloc((1 + nsled) * sizeof *v), *p = v;
    struct watch w = { p, &pk, addr, { 0 }, 0, 0, 0 };
    struct thread *wt;
    char why[96], b1[96], b2[96];
    int i, sled = 0;
    bool opt;
    if (!v)
        return cell_error(c, "out of memory");
    kmemcpy(w.orig, (void *)addr, 5);
    if (park_start(&pk, why, sizeof why))
        return kfree(v), cell_error(c, "%s", why);
    if (!(wt = thread_create("hz-watcher", watcher, &w, CPUMASK_ALL)))
        return kfree(v), cell_error(c, "out of memory");
    opt = nsled ? optimize_batch(c, v, nsled, addr, &sled) : optimize(c, p, addr);
    if (opt && jump_over(p, park_eip(&pk)))
        cell_caught(c, "%s at %s inside the jump written at %s%s",
                    mode == PARK_PREEMPT ? "thread hz-worker preempted with saved EIP" : "cpu 1 in a #DB handler, hz-worker interrupted",
                    sym(park_eip(&pk), b1), sym(p->addr, b2), nsled ? " (one site of a batch)" : "");
    w.unreg = 1;
    while (!w.ack)
        thread_sleep_ns(100000);
    for (i = 0; i <= nsled; i++)                 /* original bytes back first */
        if (v[i].site)
            kprobe_unregister(&v[i]);
    w.stop = 1;
    thread_join(wt);
    park_finish(&pk);
    kfree(v);
    if (pk.result != want)
        cell_error(c, "the parked call returned %d, not %d", pk.result, want);
    if (nsled && !c->error && sled != nsled && c->strategy != DJS_INT3_TASKSRCU)
        cell_error(c, "%d of the batch's %d other sites optimized: only the busy one may wait", sled, nsled);
}

#define DJ_ADD_REGION DJ_AT(dj_add, dj_add_mov)
static void h1(struct cell *c)
{
    parked_in_region(c, PARK_PREEMPT, dj_add, DJ_ADD_REGION, DJ_ADD_REGION + 3, 45, 0);
}

static void h2(struct cell *c)
{
    parked_in_region(c, PARK_SPIN, dj_add, DJ_ADD_REGION, DJ_ADD_REGION + 3, 45, 0);
}

/* H1-batch: H1 with dj_add's probe one of a kprobe batch of 101 (a probe on
 * each of dj_sled's 100 nops): the batch's one check finds the thread in
 * dj_add's region only; that site must wait (deferred, or never written
 * under the thread) and every other site be optimized (tasks-RCU waits for
 * every thread, so it defers the whole batch). */
static void h1_batch(struct cell *c)
{
    parked_in_region(c, PARK_PREEMPT, dj_add, DJ_ADD_REGION, DJ_ADD_REGION + 3, 45, 100);
}

/* H1-edge: the thread's saved EIP at addr + 4, the jump's last byte. */
int hz_edge(int x);
extern char hz_edge_lea[], hz_edge_add[];
static void h1_edge(struct cell *c)
{
    parked_in_region(c, PARK_PREEMPT, hz_edge, DJ_AT(hz_edge, hz_edge_lea),
                     DJ_AT(hz_edge, hz_edge_add), 43, 0);
}

/* H1-first: the thread's saved EIP at addr + 1, the first byte after the
 * jump's opcode. */
int hz_first(int x);
extern char hz_first_nop[], hz_first_lea[];
static void h1_first(struct cell *c)
{
    parked_in_region(c, PARK_PREEMPT, hz_first, DJ_AT(hz_first, hz_first_nop),
                     DJ_AT(hz_first, hz_first_lea), 43, 0);
}

static void call_mid(void *arg) { *(volatile int *)arg = dj_mid_call(); }

/* H3: a thread asleep in the callee of a mid-region call holds a return
 * address strictly inside the region while the jump is written. */
static void h3(struct cell *c)
{
    uint32_t ret = DJ_AT(dj_mid_call, dj_mid_call_nop) + 3;    /* nop (1), call *%edx (2) */
    volatile int result = 0;
    struct kprobe p;
    struct thread *t;
    char b1[96], b2[96];
    dj_callee_hold = 1;
    if (!(t = thread_create("hz-sleeper", call_mid, (void *)&result, CPUMASK_ALL)))
        return cell_error(c, "out of memory");
    if (!dj_callee_wait_blocked(t)) {
        dj_callee_release();
        thread_join(t);
        return cell_error(c, "hz-sleeper did not block in dj_callee");
    }
    if (optimize(c, &p, DJ_AT(dj_mid_call, dj_mid_call_nop)) && jump_over(&p, ret))
        cell_caught(c, "thread hz-sleeper asleep with return address %s inside the jump written at %s",
                    sym(ret, b1), sym(p.addr, b2));
    if (!c->error)
        kprobe_unregister(&p);
    dj_callee_release();
    thread_join(t);
    if (result != 42)
        cell_error(c, "the sleeper's call returned %d, not 42", result);
}

/* H4, H5: a direct branch in the function, or a jump table entry, lands
 * inside the region; f(0) and f(1) must compute r0 and r1. */
static uint32_t branch_inside(const char *fn, uint32_t addr)
{
    const struct ksym *k = ksym_by_name(fn);
    struct insn in;
    uint32_t a, t;
    for (a = k->addr; a < k->addr + k->size && !insn_decode(&in, (uint8_t *)a, 15); a += in.len)
        if (insn_is_rel(&in) && (t = insn_rel_target(&in, a)) > addr && t < addr + 5)
            return t;
    return 0;
}

static void branch_into(struct cell *c, uint32_t addr, uint32_t t, const char *what,
                        int (*f)(int), int r0, int r1)
{
    struct kprobe p;
    char b1[96], b2[96];
    if (optimize(c, &p, addr) && jump_over(&p, t))
        cell_caught(c, "%s to %s lands inside the jump written at %s", what, sym(t, b1), sym(p.addr, b2));
    else if (!c->error && (f(0) != r0 || f(1) != r1))
        cell_error(c, "the target computed %d and %d, not %d and %d", f(0), f(1), r0, r1);
    if (!c->error)
        kprobe_unregister(&p);
}

static void h4(struct cell *c)
{
    uint32_t addr = DJ_AT(dj_h4, dj_h4_add);
    branch_into(c, addr, branch_inside("dj_h4", addr), "a branch", dj_h4, 2, 4);
}

static void h5(struct cell *c)
{
    branch_into(c, DJ_AT(dj_h5t, dj_h5t_add), dj_h5t_table[1], "a jump table entry", dj_h5t, 3, 3);
}

/* H6: after every store into the site, could another CPU fetch a mix of
 * old and new bytes (neither the old instructions, an int3, nor the whole
 * new jump)?  And did one store change the head and the tail together?
 * Its bytes go in one at a time (text_store), head first, so the new head
 * sat over the old tail meanwhile.  Stores made while every other CPU is
 * parked do not count. */
static struct cell *h6_cell;
static uint8_t h6_prev[5];              /* the site at the previous store */
static bool h6_seen;
static void h6_hook(uint32_t addr, const uint8_t *orig, uint32_t buf)
{
    const uint8_t *b = (const uint8_t *)addr;
    uint32_t rel = buf - (addr + 5);
    bool both;
    if (!h6_seen) {                     /* before the first: the int3 probe over the original */
        h6_prev[0] = 0xCC;
        kmemcpy(h6_prev + 1, orig + 1, 4);
        h6_seen = true;
    }
    both = b[0] != h6_prev[0] && kmemcmp(b + 1, h6_prev + 1, 4);
    kmemcpy(h6_prev, b, 5);
    if (rendezvous_mine() || h6_cell->caught)
        return;
    if (both)
        return cell_caught(h6_cell, "one store changed the head and the tail of the site at %08x (now "
                           "%02x %02x %02x %02x %02x): the new head sat over the old tail meanwhile", addr,
                           b[0], b[1], b[2], b[3], b[4]);
    if (b[0] == 0xCC || !kmemcmp(b, orig, 5))
        return;
    if (b[0] == 0xE9 && !kmemcmp(b + 1, &rel, 4))
        return;
    cell_caught(h6_cell, "after a store the site at %08x read %02x %02x %02x %02x %02x: "
                "neither the old instructions, an int3 nor the whole jump", addr, b[0], b[1], b[2], b[3], b[4]);
}

static void h6(struct cell *c)
{
    struct kprobe p;
    h6_cell = c;
    h6_seen = false;
    djprobe_write_hook = h6_hook;
    optimize(c, &p, DJ_AT(dj_add, dj_add_mov));
    if (!c->error)
        kprobe_unregister(&p);
    djprobe_write_hook = NULL;
    if (dj_add(4) != 13)
        cell_error(c, "dj_add computed wrong after the cell");
}

/* H8: a thread called out of a buffer's copy sleeps with its return address
 * in it while the probe is removed; a waker lets it go once the removal
 * waits for it (dj_callee_waker). */

static void h8(struct cell *c)
{
    volatile int result = 0;
    struct thread *t, *w;
    struct kprobe p;
    uint32_t buf, owner, retries0;
    char b1[96];
    if (!optimize(c, &p, DJ_AT(dj_mid_call, dj_mid_call_nop))) {
        if (!c->error) kprobe_unregister(&p);    /* refused (no mid-region calls): nothing to free */
        return;
    }
    buf = kprobe_opt_copy(&p);
    dj_callee_hold = 1;
    retries0 = djprobe_stats.retries;
    if (!(t = thread_create("hz-sleeper", call_mid, (void *)&result, CPUMASK_ALL)) ||
        !(w = thread_create("hz-waker", dj_callee_waker, &retries0, CPUMASK_ALL)))
        return cell_error(c, "out of memory");
    if (!dj_callee_wait_blocked(t))
        cell_error(c, "hz-sleeper did not block in dj_callee");
    ktest_linger();                              /* (ktest_linger=: a remover the host is slow to run) */
    kprobe_unregister(&p);
    if (dj_callee_asleep && djprobe_freed_buffer(buf, &owner)) {
        cell_caught(c, "thread hz-sleeper asleep with its return address in the freed buffer "
                    "of the probe at %s", sym(owner, b1));
        dj_callee_abandon = 1;                   /* it exits instead of returning there */
    }
    dj_callee_release();                         /* (the waker has, if the removal waited) */
    thread_join(w);
    thread_join(t);
    if (!c->caught && result != 42)
        cell_error(c, "the sleeper's call returned %d, not 42", result);
}

/* H9: the copy's relative branch must still reach the original target
 * (both outcomes are then run). */
static void h9(struct cell *c)
{
    struct kprobe p;
    struct insn in;
    uint32_t copy, a, orig_t;
    char b1[96];
    insn_decode(&in, (uint8_t *)DJ_AT(dj_jcc, dj_jcc_cmp) + 3, 2);          /* the jg rel8 */
    orig_t = insn_rel_target(&in, DJ_AT(dj_jcc, dj_jcc_cmp) + 3);
    if (optimize(c, &p, DJ_AT(dj_jcc, dj_jcc_cmp)) && (copy = kprobe_opt_copy(&p))) {
        for (a = copy; !insn_decode(&in, (uint8_t *)a, 15) && !insn_is_rel(&in); a += in.len)
            ;
        if (insn_rel_target(&in, a) != orig_t)
            cell_caught(c, "the copied jg at %08x goes to %08x, the original to %s", a,
                        insn_rel_target(&in, a), sym(orig_t, b1));
    }
    if (!c->caught && (dj_jcc(5) != 0 || dj_jcc(20) != 1))
        cell_error(c, "dj_jcc computed wrong");
    if (!c->error)
        kprobe_unregister(&p);
}

/* H10: a second probe inside an optimized region forces it back to int3;
 * a region over a probe already there is refused. */
static void h10(struct cell *c)
{
    struct kprobe a, b = { .addr = DJ_AT(dj_add, dj_add_mov) + 3, .pre_handler = pre_nothing };
    char err[160];
    optimize(c, &a, DJ_AT(dj_add, dj_add_mov));
    if (c->error)
        return;
    if (kprobe_register(&b, err, sizeof err))
        return cell_error(c, "second probe refused: %s", err);
    if (kprobe_opt_state(&a) == DJ_OPTIMIZED)
        cell_caught(c, "a probe at %08x inside the optimized region and the jump both stay", b.addr);
    if (dj_add(4) != 13 || kprobe_nhit(&b) != 1)
        cell_error(c, "dj_add %d, inner hits %u", dj_add(4), kprobe_nhit(&b));
    kprobe_unregister(&b);
    kprobe_unregister(&a);
    /* the other order: a region over a probe already there is refused */
    b = (struct kprobe){ .addr = DJ_AT(dj_add, dj_add_mov) + 3, .pre_handler = pre_nothing };
    if (c->error || kprobe_register(&b, err, sizeof err))
        return cell_error(c, "second probe refused: %s", err);
    if (optimize(c, &a, DJ_AT(dj_add, dj_add_mov)))
        cell_caught(c, "the region at %08x was optimized over the probe at %08x", a.addr, b.addr);
    if (dj_add(4) != 13 || kprobe_nhit(&b) != 1)
        cell_error(c, "dj_add %d, inner hits %u (the probe first)", dj_add(4), kprobe_nhit(&b));
    kprobe_unregister(&b);
    if (a.site)
        kprobe_unregister(&a);
}

/* H11: a hit inside a handler is counted as missed, not run. */
static struct kprobe h11_inner;
static int h11_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; dj_jcc(1); return 0; }
static void h11(struct cell *c)
{
    struct kprobe o;
    optimize(c, &h11_inner, DJ_AT(dj_jcc, dj_jcc_cmp));
    if (c->error)
        return;
    optimize_with(c, &o, DJ_AT(dj_add, dj_add_mov), h11_pre);
    if (dj_add(1) != 7 || kprobe_nhit(&o) != 1)
        cell_error(c, "outer probe: result or hits wrong");
    else if (h11_inner.nmissed != 1 || kprobe_nhit(&h11_inner) != 0)
        cell_caught(c, "a probe hit inside a handler ran (%u) instead of being missed (%u)",
                    kprobe_nhit(&h11_inner), h11_inner.nmissed);
    kprobe_unregister(&o);
    kprobe_unregister(&h11_inner);
}

/* H12: bad sites are refused and the text stays byte-for-byte as it was. */
static void h12(struct cell *c)
{
    static const uint32_t off[] = { 1, 2 };              /* inside mov 8(%ebp),%eax */
    struct kprobe p;
    uint8_t before[8];
    char err[160];
    unsigned i;
    for (i = 0; i < ARRAY_SIZE(off); i++) {
        uint32_t a = DJ_AT(dj_add, dj_add_mov) + off[i];
        kmemcpy(before, (void *)a, 8);
        kmemset(&p, 0, sizeof p);
        p.addr = a; p.pre_handler = pre_nothing; p.flags = KPROBE_OPTIMIZE; p.strategy = c->strategy;
        if (!kprobe_register(&p, err, sizeof err)) {
            cell_caught(c, "a probe at %08x, not an instruction boundary, was accepted", a);
            kprobe_unregister(&p);
        } else if (kmemcmp(before, (void *)a, 8)) {
            cell_caught(c, "a refused probe at %08x changed the text", a);
        }
    }
}

/* tests/kernel/hazard_callee.c: what a frame-pointer walk misses */
void hz_h3_callee(struct cell *c);
void hz_h2_callee(struct cell *c);
void hz_h8_callee(struct cell *c);
void hz_h8_self(struct cell *c);
void hz_h8_handler(struct cell *c);   /* tests/kernel/hazard_handler.c */
void hz_h8_forever(struct cell *c);   /* tests/kernel/hazard_orphan.c */
void hz_h2_idle(struct cell *c);      /* tests/kernel/hazard_idle.c */
void hz_h8_word(struct cell *c);
void hz_h8_local(struct cell *c);

const struct hazard hazards[] = {
    { "H1", h1, 1 }, { "H2", h2, 2 }, { "H3", h3, 1 }, { "H4", h4, 1 }, { "H5", h5, 1 },
    { "H6", h6, 1 }, { "H8", h8, 1 }, { "H9", h9, 1 }, { "H10", h10, 1 }, { "H11", h11, 1 },
    { "H12", h12, 1 },
    { "H1-edge", h1_edge, 1 }, { "H1-first", h1_first, 1 }, { "H1-batch", h1_batch, 1 }, { "H2-callee", hz_h2_callee, 2 }, { "H2-idle", hz_h2_idle, 2 },
    { "H3-entry", hz_h3_callee, 1 }, { "H3-pushed", hz_h3_callee, 1 },
    { "H3-ret", hz_h3_callee, 1 }, { "H3-noframe", hz_h3_callee, 1 },
    { "H3-unreliable", hz_h3_callee, 1 }, { "H3-retprobe", hz_h3_callee, 1 },
    { "H3-tramp", hz_h3_callee, 1 },
    { "H8-entry", hz_h8_callee, 1 }, { "H8-pushed", hz_h8_callee, 1 },
    { "H8-ret", hz_h8_callee, 1 }, { "H8-noframe", hz_h8_callee, 1 }, { "H8-self", hz_h8_self, 1 },
    { "H8-handler", hz_h8_handler, 2 }, { "H8-handler2", hz_h8_handler, 2 },
    { "H8-forever", hz_h8_forever, 1 }, { "H8-word", hz_h8_word, 1 }, { "H8-local", hz_h8_local, 1 },
    { 0, 0, 0 },
};
