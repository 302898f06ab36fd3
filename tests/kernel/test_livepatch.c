/* Self-tests of live patches (patch/livepatch.h) under the stop-machine
 * models: apply and revert restore every byte, stacking, refusals that change
 * nothing (no patchable entry, a probe at the entry, a pre-patch callback),
 * and a thread asleep inside a function being replaced: kpatch and ksplice
 * retry, then abort naming the thread and the function. */
#include "kernel/ktest.h"
#include "kernel/gbound.h"
#include "kernel/mem.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "patch/livepatch.h"
#include "patch/kprobe.h"
#include "patch/djprobe_int.h"
#include "kernel/console.h"
#include "tests/kernel/lp_targets.h"

static const uint8_t nop5[5] = { 0x0F, 0x1F, 0x44, 0x00, 0x00 };

#define PATCH(nm, f, m) struct lp_patch nm = LP_PATCH_INIT(#nm, f, m)

static bool says(const char *err, const char *want)
{
    int i;
    for (i = 0; err[i]; i++)
        if (!kmemcmp(err + i, want, kstrlen(want)))
            return true;
    return false;
}
#define KEXPECT_SAYS(err, want) do { ktest_ctx->checks++; if (!says(err, want)) \
    ktest_fail(ktest_ctx, __FILE__, __LINE__, "error '%s' does not say '%s'", err, want); } while (0)

KTEST(livepatch_enable_disable_restore_bytes)
{
    struct lp_func f[] = { LP_FUNC(lpt_version, lpn_version2),
                           LP_FUNC(lpt_add, lpn_add) };
    PATCH(p, f, LP_KPATCH);
    char err[160] = "";
    KEXPECT(lp_entry_patchable(lpt_version) && lp_entry_patchable(lpt_add));
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
    KASSERT(lp_enable(&p, err, sizeof err) == 0);
    KEXPECT_EQ(lpt_version(), 2);
    KEXPECT_EQ(lpt_add(1, 2), 103);
    KEXPECT_EQ(*(uint8_t *)lpt_version, 0xE9);
    KEXPECT(lp_active(lpt_add) == lpn_add);
    KASSERT(lp_disable(&p, err, sizeof err) == 0);
    KEXPECT_EQ(lpt_version(), 1);
    KEXPECT_EQ(lpt_add(1, 2), 3);
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
    KEXPECT_MEMEQ(lpt_add, nop5, 5);
}

KTEST(livepatch_stacking_newest_first)
{
    struct lp_func f1[] = { LP_FUNC(lpt_version, lpn_version2) };
    struct lp_func f2[] = { LP_FUNC(lpt_version, lpn_version3) };
    PATCH(p1, f1, LP_KSPLICE);
    PATCH(p2, f2, LP_KPATCH);
    char err[160] = "";
    KASSERT(lp_enable(&p1, err, sizeof err) == 0);
    KASSERT(lp_enable(&p2, err, sizeof err) == 0);
    KEXPECT_EQ(lpt_version(), 3);
    KEXPECT_EQ(lp_disable(&p1, err, sizeof err), -1);
    KEXPECT_SAYS(err, "revert that one first");
    KEXPECT_EQ(lpt_version(), 3);
    KEXPECT_EQ(lp_disable(&p2, err, sizeof err), 0);
    KEXPECT_EQ(lpt_version(), 2);
    KEXPECT_EQ(lp_disable(&p1, err, sizeof err), 0);
    KEXPECT_EQ(lpt_version(), 1);
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
}

KTEST(livepatch_refusals_change_nothing)
{
    struct lp_func plain[] = { LP_FUNC(lpt_plain, lpn_version2) };
    struct lp_func two[] = { LP_FUNC(lpt_add, lpn_add),
                             LP_FUNC(lpt_version, lpn_version2) };
    PATCH(pp, plain, LP_KPATCH);
    PATCH(pt, two, LP_KPATCH);
    struct kprobe kp = { .addr = (uint32_t)lpt_version };
    uint8_t before[8];
    char err[160] = "";
    kmemcpy(before, lpt_plain, 8);
    KEXPECT_EQ(lp_enable(&pp, err, sizeof err), -1);
    KEXPECT_SAYS(err, "lpt_plain has no patchable entry");
    KEXPECT_MEMEQ(lpt_plain, before, 8);
    /* a probe at one entry: the whole patch is refused, the other entry too */
    KASSERT(kprobe_register(&kp, err, sizeof err) == 0);
    KEXPECT_EQ(lp_enable(&pt, err, sizeof err), -1);
    KEXPECT_SAYS(err, "the entry of lpt_version is held by an int3 probe");
    KEXPECT_MEMEQ(lpt_add, nop5, 5);
    KEXPECT_EQ(lpt_add(1, 1), 2);
    kprobe_unregister(&kp);
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
    /* and the other way: a patched entry refuses a probe */
    KASSERT(lp_enable(&pt, err, sizeof err) == 0);
    kp = (struct kprobe){ .addr = (uint32_t)lpt_version };
    KEXPECT_EQ(kprobe_register(&kp, err, sizeof err), -1);
    KEXPECT_SAYS(err, "live patch");
    KEXPECT_EQ(lpt_version(), 2);
    KASSERT(lp_disable(&pt, err, sizeof err) == 0);
}

/* Bad pairs (issue 39 item 7): each refused by lp_enable with its reason,
 * the first bytes of every function named as they were, and nothing
 * allocated.  A patch that is accepted is reverted at once (before the fix,
 * a new function that is the old one turned the entry into a jump to
 * itself). */
static void expect_refused(struct ktest_ctx *ktest_ctx, struct lp_patch *p, const char *want)
{
    uint8_t before[2][2][8];
    uint32_t heap = kheap_used();
    char err[200] = "";
    int i, k, rc;
    for (i = 0; i < p->nfuncs && i < 2; i++)
        for (k = 0; k < 2; k++)
            if ((k ? p->funcs[i].new_fn : p->funcs[i].old_fn))
                kmemcpy(before[i][k], k ? p->funcs[i].new_fn : p->funcs[i].old_fn, 8);
    rc = lp_enable(p, err, sizeof err);
    if (rc == 0) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "patch %s was accepted; want '%s'", p->name, want);
        lp_disable(p, err, sizeof err);
        return;
    }
    KEXPECT_EQ(rc, -1);
    KEXPECT_SAYS(err, want);
    for (i = 0; i < p->nfuncs && i < 2; i++)
        for (k = 0; k < 2; k++)
            if ((k ? p->funcs[i].new_fn : p->funcs[i].old_fn))
                KEXPECT_MEMEQ(k ? p->funcs[i].new_fn : p->funcs[i].old_fn, before[i][k], 8);
    KEXPECT_EQ(kheap_used(), heap);
    KEXPECT_EQ(p->state, LP_OFF);
    kprintf("livepatch refused: %s\n", err);
}

KTEST(livepatch_refuses_bad_pairs)
{
    static struct lp_func self[] = { LP_FUNC(lpt_version, lpt_version) };
    static struct lp_func inside[] = { LP_FUNC(lpc_a, lpc_a_mid) };
    static struct lp_func off[] = { LP_FUNC(lpt_version, (char *)lpn_version2 + 1) };
    static struct lp_func cycle[] = { LP_FUNC(lpt_version, lpt_add), LP_FUNC(lpt_add, lpn_add) };
    static struct lp_func onto[] = { LP_FUNC(lpt_version, lpt_add) };
    static struct lp_func add[] = { LP_FUNC(lpt_add, lpn_add) };
    static struct lp_func none[] = { LP_FUNC(lpt_version, NULL) };
    static struct lp_func noold[] = { LP_FUNC(NULL, lpn_version2) };
    static struct lp_func cross[] = { LP_FUNC(lpa_crossing, lpn_version2) };
    int m, models[] = { LP_KPATCH, LP_LIVEPATCH };
    char err[200] = "";
    for (m = 0; m < 2; m++) {
        struct lp_patch ps = LP_PATCH_INIT("self", self, models[m]);
        struct lp_patch pi = LP_PATCH_INIT("inside", inside, models[m]);
        struct lp_patch po = LP_PATCH_INIT("off", off, models[m]);
        struct lp_patch pc = LP_PATCH_INIT("cycle", cycle, models[m]);
        struct lp_patch pn = LP_PATCH_INIT("onto", onto, models[m]);
        struct lp_patch pa = LP_PATCH_INIT("add", add, models[m]);
        struct lp_patch p0 = LP_PATCH_INIT("none", none, models[m]);
        struct lp_patch p1 = LP_PATCH_INIT("noold", noold, models[m]);
        struct lp_patch px = LP_PATCH_INIT("cross", cross, models[m]);
        expect_refused(ktest_ctx, &ps, "the new lpt_version is the old one");
        expect_refused(ktest_ctx, &pi, "is inside the old lpc_a");
        expect_refused(ktest_ctx, &po, "is not the first byte of a function (it is lpn_version2+0x1)");
        expect_refused(ktest_ctx, &pc, "the new lpt_version is lpt_add, which this patch replaces");
        expect_refused(ktest_ctx, &p0, "lpt_version: no new function");
        expect_refused(ktest_ctx, &p1, "NULL: no old function");
        expect_refused(ktest_ctx, &px, "the entry of lpa_crossing at");
        KASSERT(lp_enable(&pa, err, sizeof err) == 0);
        expect_refused(ktest_ctx, &pn, "the new lpt_version is lpt_add, whose entry patch add redirects");
        KASSERT(lp_disable(&pa, err, sizeof err) == 0);
        KEXPECT_EQ(lpt_version(), 1);
        KEXPECT_EQ(lpt_add(1, 2), 3);
        KEXPECT_EQ(lpa_crossing(), 1);
    }
}

static int pre_calls, post_unpatch_calls;
static int pre_refuse(struct lp_patch *p) { (void)p; pre_calls++; return -1; }
static void post_unpatch(struct lp_patch *p) { (void)p; post_unpatch_calls++; }

KTEST(livepatch_pre_patch_callback_refuses)
{
    struct lp_func f[] = { LP_FUNC(lpt_version, lpn_version2) };
    PATCH(p, f, LP_KPATCH);
    struct kprobe kp = { .addr = (uint32_t)lpt_version };
    char err[160] = "";
    p.pre_patch = pre_refuse;
    p.post_unpatch = post_unpatch;
    KEXPECT_EQ(lp_enable(&p, err, sizeof err), -1);
    KEXPECT_SAYS(err, "pre-patch callback refused");
    KEXPECT_EQ(pre_calls, 1);
    KEXPECT_EQ(post_unpatch_calls, 0);
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
    KEXPECT_EQ(p.state, LP_OFF);
    KASSERT(kprobe_register(&kp, err, sizeof err) == 0);   /* the entry was given back */
    kprobe_unregister(&kp);
}

static volatile int hold_leave, hold_saw;
static void holder(void *arg)
{
    ktest_linger();
    hold_saw = arg ? lpt_hold_forced(&hold_leave) : lpt_hold(&hold_leave);
}

/* A holder blocked inside lpt_hold (or the version that replaces it), off
 * its CPU; NULL if it did not get there. */
static struct thread *start_holder(bool forced)
{
    struct thread *t;
    hold_leave = hold_saw = 0;
    t = thread_create("lp-holder", holder, forced ? (void *)1 : NULL, CPUMASK_ALL);
    if (t && !ktest_wait_blocked(t, &lpt_hold_wq, 5000)) {
        lpt_hold_release(&hold_leave);
        thread_join(t);
        t = NULL;
    }
    return t;
}

/* A thread asleep in lpt_hold: the patch aborts after lp_tries checks and
 * names both; once the thread has left, it goes on. */
static void sleeper_blocks(struct ktest_ctx *ktest_ctx, int model)
{
    struct lp_func f[] = { LP_FUNC(lpt_hold, lpn_hold) };
    PATCH(p, f, model);
    struct thread *t = start_holder(false);
    char err[200] = "";
    int tries = lp_tries;
    KASSERT(t);
    lp_tries = 3;
    KEXPECT_EQ(lp_enable(&p, err, sizeof err), -1);
    lp_tries = tries;
    KEXPECT_SAYS(err, "is inside lpt_hold");
    KEXPECT_SAYS(err, "after 3 checks; aborted");
    KEXPECT_MEMEQ(lpt_hold, nop5, 5);
    lpt_hold_release(&hold_leave);
    thread_join(t);
    KASSERT(lp_enable(&p, err, sizeof err) == 0);
    KASSERT(lp_disable(&p, err, sizeof err) == 0);
}

KTEST(livepatch_kpatch_aborts_on_a_sleeper) { sleeper_blocks(ktest_ctx, LP_KPATCH); }
KTEST(livepatch_ksplice_aborts_on_a_sleeper) { sleeper_blocks(ktest_ctx, LP_KSPLICE); }

/* The stop-machine models' pre-scan (docs/livepatch.md, docs/quiesce.md): a
 * thread blocked outside lpt_wait when the first try's pre-scan records it,
 * then woken by the check's test hook (between that pre-scan and the
 * rendezvous) to enter lpt_wait and block there.  The rendezvous's recheck
 * must find it: nothing is written, the next try's pre-scan finds it again
 * and the patch aborts naming it.  With quiesce_bug=no_recheck or no_ring
 * the entry is written while the thread is inside: neg-lp-prescan-*. */
static struct completion pw_wake, pw_go;
static struct thread *pw_t;
static volatile int pw_in, pw_calls;        /* pw_in: seen blocked in lpt_wait by the hook */
static volatile uint32_t pw_id0, pw_id;
static volatile uint64_t pw_stop0, pw_stop1;
static volatile bool pw_nop;

static void pw_thread(void *arg)
{
    (void)arg;
    wait_for_completion(&pw_wake);              /* outside lpt_wait at the pre-scan */
    lpt_wait(&pw_go);
}

static void pw_hook(void)
{
    if (pw_calls++) {                           /* a later try: did the first stop and write nothing? */
        pw_stop1 = lp_stats.stopped_ns;
        pw_nop = !kmemcmp(lpt_wait, nop5, 5);
        return;
    }
    pw_id = pw_t->qs_id;                        /* recorded by this pre-scan */
    pw_stop0 = lp_stats.stopped_ns;
    complete(&pw_wake);
    pw_in = ktest_wait_blocked(pw_t, &pw_go.wq, 5000);     /* blocked in lpt_wait, off its CPU */
}

static void prescan_recheck(struct ktest_ctx *ktest_ctx, int model)
{
    struct lp_func f[] = { LP_FUNC(lpt_wait, lpn_wait) };
    PATCH(p, f, model);
    char err[200] = "";
    int tries = lp_tries, rc;
    completion_init(&pw_wake);
    completion_init(&pw_go);
    pw_in = pw_calls = 0; pw_nop = false;
    pw_t = thread_create("lp-prescan", pw_thread, NULL, CPUMASK_ALL);
    KASSERT(pw_t);
    KASSERT(ktest_wait_blocked(pw_t, &pw_wake.wq, 5000));  /* off its CPU for good */
    pw_id0 = pw_t->qs_id;
    lp_tries = 2;
    quiesce_prescan_hook = pw_hook;
    rc = lp_enable(&p, err, sizeof err);
    quiesce_prescan_hook = NULL;
    lp_tries = tries;
    KEXPECT(pw_calls >= 1 && pw_in);            /* the thread did go in before the rendezvous */
    KEXPECT(pw_id && pw_id != pw_id0);          /* ... after the first pre-scan recorded it outside */
    kprintf("livepatch pre-scan (%s): rc %d after %d pre-scans; the last check: %d pre-scanned, %d rescanned "
            "inside: %s\n", lp_model_name(model), rc, pw_calls, quiesce_cost.prescanned, quiesce_cost.rechecked,
            rc ? err : "written");
    if (!rc) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "%s switch written while thread %d was inside lpt_wait "
                   "(it went in after the pre-scan)", lp_model_name(model), pw_t->tid);
    } else {
        KEXPECT_EQ(pw_calls, 2);
        KEXPECT(pw_stop1 > pw_stop0 && pw_nop);  /* the first try's rendezvous refused, wrote nothing */
        KEXPECT_SAYS(err, "is inside lpt_wait");
        KEXPECT_SAYS(err, "(lp-prescan)");
        KEXPECT_MEMEQ(lpt_wait, nop5, 5);
    }
    complete(&pw_go);
    thread_join(pw_t);
    if (!rc)
        KEXPECT_EQ(lp_disable(&p, err, sizeof err), 0);
}

KTEST(livepatch_kpatch_prescan_recheck) { prescan_recheck(ktest_ctx, LP_KPATCH); }
KTEST(livepatch_ksplice_prescan_recheck) { prescan_recheck(ktest_ctx, LP_KSPLICE); }

/* The per-thread models (static patches: a failed test may leave its patch
 * in transition; the next tests then say so).  A thread asleep in lpt_hold keeps the transition
 * open: it stays unpatched and, once it leaves, sees the old lpt_version
 * (one chain, one version) while the switched patcher sees the new one. */
KTEST(livepatch_transition_waits_for_a_sleeper)
{
    static struct lp_func f[] = { LP_FUNC(lpt_version, lpn_version2),
                           LP_FUNC(lpt_hold, lpn_hold) };
    static PATCH(p, f, LP_LIVEPATCH);
    struct thread *t = start_holder(false);
    char err[200] = "";
    int wait = lp_wait_ms, r;
    KASSERT(t);
    lp_wait_ms = 50;
    r = lp_enable(&p, err, sizeof err);         /* it is blocked: never found on a CPU */
    KEXPECT_EQ(r, 1);
    KEXPECT_SAYS(err, "(lp-holder) is inside <lpt_hold+");
    KEXPECT_EQ(lpt_version(), 2);                 /* the patcher switched */
    lpt_hold_release(&hold_leave);
    thread_join(t);
    KEXPECT_EQ(hold_saw, 1);                      /* the holder's chain stayed old */
    KEXPECT_EQ(lp_continue(err, sizeof err), 0);
    lp_wait_ms = wait;
    KEXPECT_EQ(p.state, LP_ON);
    KEXPECT_EQ(*(uint8_t *)lpt_hold, 0xE9);
    hold_leave = 1;
    KEXPECT_EQ(lpt_hold(&hold_leave), 12);
    KASSERT(lp_disable(&p, err, sizeof err) == 0);
    KEXPECT_MEMEQ(lpt_hold, nop5, 5);
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
}

/* Disabling a patch in transition reverses it: back to every byte as it was. */
KTEST(livepatch_disable_reverses_a_transition)
{
    static struct lp_func f[] = { LP_FUNC(lpt_hold, lpn_hold) };
    static PATCH(p, f, LP_LIVEPATCH);
    struct thread *t = start_holder(false);
    char err[200] = "";
    int wait = lp_wait_ms;
    KASSERT(t);
    lp_wait_ms = 50;
    KEXPECT_EQ(lp_enable(&p, err, sizeof err), 1);
    KEXPECT_EQ(lp_disable(&p, err, sizeof err), 0);
    lp_wait_ms = wait;
    KEXPECT_EQ(p.state, LP_OFF);
    KEXPECT_MEMEQ(lpt_hold, nop5, 5);
    lpt_hold_release(&hold_leave);
    thread_join(t);
    KEXPECT_EQ(hold_saw, 1);
}

/* kgraft looks at no stack: a kernel thread that never reaches a safe point
 * holds the transition until it exits. */
KTEST(livepatch_kgraft_waits_for_a_safe_point)
{
    static struct lp_func f[] = { LP_FUNC(lpt_hold, lpn_hold) };
    static PATCH(p, f, LP_KGRAFT);
    struct thread *t = start_holder(false);
    char err[200] = "";
    int wait = lp_wait_ms;
    KASSERT(t);
    lp_wait_ms = 50;
    KEXPECT_EQ(lp_enable(&p, err, sizeof err), 1);
    KEXPECT_SAYS(err, "has not reached a safe point");
    lpt_hold_release(&hold_leave);
    thread_join(t);
    KEXPECT_EQ(lp_continue(err, sizeof err), 0);
    lp_wait_ms = wait;
    KEXPECT_EQ(p.state, LP_ON);
    KASSERT(lp_disable(&p, err, sizeof err) == 0);
    KEXPECT_MEMEQ(lpt_hold, nop5, 5);
}

/* lp_force completes at once; the patch can then never be reverted. */
KTEST(livepatch_force_is_for_good)
{
    static struct lp_func f[] = { LP_FUNC(lpt_hold_forced, lpn_hold) };
    static PATCH(p, f, LP_LIVEPATCH);
    struct thread *t = start_holder(true);
    char err[200] = "";
    int wait = lp_wait_ms;
    KASSERT(t);
    lp_wait_ms = 50;
    KEXPECT_EQ(lp_enable(&p, err, sizeof err), 1);
    KEXPECT_EQ(lp_force(err, sizeof err), 0);
    lp_wait_ms = wait;
    KEXPECT_EQ(p.state, LP_ON);
    KEXPECT(p.forced);
    KEXPECT_EQ(lp_disable(&p, err, sizeof err), -1);
    KEXPECT_SAYS(err, "can never be reverted");
    lpt_hold_release(&hold_leave);
    thread_join(t);
    KEXPECT_EQ(hold_saw, 1);                      /* it ran on in the old version */
}

/* Atomic replace: one cumulative patch takes every function of the patches
 * it replaces; those it does not name go back to their originals in the
 * same switch, and the replaced patches are off afterwards. */
static void replace_under(struct ktest_ctx *ktest_ctx, int model)
{
    static struct lp_func f1[] = { LP_FUNC(lpt_version, lpn_version2) };
    static struct lp_func f2[] = { LP_FUNC(lpt_add, lpn_add) };
    static struct lp_func fr[] = { LP_FUNC(lpt_version, lpn_version3) };
    struct lp_patch p1 = LP_PATCH_INIT("p1", f1, model);
    struct lp_patch p2 = LP_PATCH_INIT("p2", f2, model);
    struct lp_patch r = LP_PATCH_INIT("r", fr, model);
    char err[200] = "";
    r.replace = true;
    KASSERT(lp_enable(&p1, err, sizeof err) == 0);
    KASSERT(lp_enable(&p2, err, sizeof err) == 0);
    KEXPECT_EQ(lpt_add(1, 2), 103);
    KASSERT(lp_enable(&r, err, sizeof err) == 0);
    KEXPECT_EQ(lpt_version(), 3);
    KEXPECT_EQ(lpt_add(1, 2), 3);                 /* p2's function is back to the original */
    KEXPECT_MEMEQ(lpt_add, nop5, 5);
    KEXPECT_EQ(p1.state, LP_OFF);
    KEXPECT_EQ(p2.state, LP_OFF);
    KEXPECT_EQ(lp_disable(&p1, err, sizeof err), -1);
    KEXPECT_SAYS(err, "is not enabled");
    KASSERT(lp_disable(&r, err, sizeof err) == 0);
    KEXPECT_EQ(lpt_version(), 1);
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
}

/* Atomic replace over a function two older patches stacked (issue 39 item
 * 8): the replacement does not name it, so it goes back to its original
 * with one nop, whichever patch of the two put it there. */
static void replace_stacked(struct ktest_ctx *ktest_ctx, int model)
{
    static struct lp_func f1[] = { LP_FUNC(lpt_version, lpn_version2) };
    static struct lp_func f2[] = { LP_FUNC(lpt_version, lpn_version3) };
    static struct lp_func fr[] = { LP_FUNC(lpt_add, lpn_add) };
    struct lp_patch p1 = LP_PATCH_INIT("p1", f1, model);
    struct lp_patch p2 = LP_PATCH_INIT("p2", f2, model);
    struct lp_patch r = LP_PATCH_INIT("r", fr, model);
    char err[200] = "";
    r.replace = true;
    KASSERT(lp_enable(&p1, err, sizeof err) == 0);
    KASSERT(lp_enable(&p2, err, sizeof err) == 0);
    KEXPECT_EQ(lpt_version(), 3);
    if (lp_enable(&r, err, sizeof err)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "replace over a function stacked twice: %s", err);
        lp_disable(&p2, err, sizeof err);
        lp_disable(&p1, err, sizeof err);
        return;
    }
    KEXPECT_EQ(lpt_version(), 1);                 /* back to the original, past both versions */
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
    KEXPECT(lp_active(lpt_version) == lpt_version);
    KEXPECT_EQ(lpt_add(1, 2), 103);
    KEXPECT_EQ(p1.state, LP_OFF);
    KEXPECT_EQ(p2.state, LP_OFF);
    KASSERT(lp_disable(&r, err, sizeof err) == 0);
    KEXPECT_MEMEQ(lpt_add, nop5, 5);
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
    /* the entry is free again: a first patch of it goes on */
    KASSERT(lp_enable(&p1, err, sizeof err) == 0);
    KEXPECT_EQ(lpt_version(), 2);
    KASSERT(lp_disable(&p1, err, sizeof err) == 0);
}

KTEST(livepatch_atomic_replace_stacked_twice_kpatch) { replace_stacked(ktest_ctx, LP_KPATCH); }
KTEST(livepatch_atomic_replace_stacked_twice_livepatch) { replace_stacked(ktest_ctx, LP_LIVEPATCH); }

KTEST(livepatch_atomic_replace_kpatch) { replace_under(ktest_ctx, LP_KPATCH); }
KTEST(livepatch_atomic_replace_livepatch) { replace_under(ktest_ctx, LP_LIVEPATCH); }

KTEST(livepatch_shadow_variables)
{
    static int obj1, obj2;
    uint32_t *a = lp_shadow_alloc(&obj1, 7, 8, NULL, NULL), *b;
    KASSERT(a);
    KEXPECT_EQ(a[0] | a[1], 0);
    a[0] = 0x1234;
    KEXPECT(lp_shadow_alloc(&obj1, 7, 8, NULL, NULL) == NULL);      /* one per (object, id) */
    KEXPECT(lp_shadow_get(&obj1, 7) == a);
    KEXPECT(lp_shadow_get(&obj1, 8) == NULL);
    KEXPECT(lp_shadow_get(&obj2, 7) == NULL);
    b = lp_shadow_alloc(&obj2, 7, 4, NULL, NULL);
    KASSERT(b);
    lp_shadow_free(&obj1, 7);
    KEXPECT(lp_shadow_get(&obj1, 7) == NULL);
    KEXPECT(lp_shadow_get(&obj2, 7) == b);
    lp_shadow_free_all(7);
    KEXPECT(lp_shadow_get(&obj2, 7) == NULL);
}

/* Readers on the other CPUs get and check a shadow variable while this CPU
 * allocates, fills and frees it: a reader never sees freed memory. */
#define SH_ID 0x5348
static volatile int sh_stop, sh_bad, sh_seen;
static int sh_obj;
static void sh_reader(void *arg)
{
    (void)arg;
    while (!sh_stop) {
        uint32_t f = read_eflags(), *d;
        cli();                            /* the check is part of the walk's window */
        if ((d = lp_shadow_get(&sh_obj, SH_ID))) {
            int k, bad = 0;
            sh_seen++;
            for (k = 0; k < 400; k++)     /* a window long enough for a free to land in */
                bad |= d[k % 16] != 0xC0FFEE;
            sh_bad += bad;
        }
        if (f & EFLAGS_IF) sti();
    }
}

static void sh_fill(void *data, void *arg)
{
    int k;
    (void)arg;
    for (k = 0; k < 16; k++)
        ((uint32_t *)data)[k] = 0xC0FFEE;
}

/* rounds of alloc and free, then more until a reader has seen the object
 * (a busy host may not have run one yet), up to 5 s of guest progress. */
static int shadow_race(int rounds)
{
    struct thread *t[NCPU_MAX];
    struct gbound b;
    int i, n = 0;
    sh_stop = sh_bad = sh_seen = 0;
    for (i = 1; i < ncpu && i < NCPU_MAX; i++)
        if ((t[n] = thread_create("sh-reader", sh_reader, NULL, 1u << i)))
            n++;
    gbound_start(&b, GBOUND_ALL, 5000, 0);
    for (i = 0; i < rounds || (n && !sh_seen && !gbound_expired(&b)); i++) {
        if (!lp_shadow_alloc(&sh_obj, SH_ID, 64, sh_fill, NULL))
            break;
        thread_sleep_ns(20000);
        lp_shadow_free(&sh_obj, SH_ID);
    }
    sh_stop = 1;
    while (n--)
        thread_join(t[n]);
    return sh_bad;
}

KTEST(livepatch_shadow_get_races_free)
{
    KEXPECT_EQ(shadow_race(300), 0);
    KEXPECT(ncpu < 2 || sh_seen > 0);
}

/* The control: with no grace period a reader reads freed (poisoned) memory. */
KTEST_MANUAL(livepatch_shadow_no_grace_is_caught)
{
    lp_shadow_no_grace = true;
    KEXPECT_EQ(shadow_race(3000), 0);
    lp_shadow_no_grace = false;
}

/* A replace patch whose disable is reversed stays on, and can be reverted
 * later (its completion once dropped it from the list of enabled patches). */
KTEST(livepatch_replace_disable_reversed)
{
    static struct lp_func f[] = { LP_FUNC(lpt_hold, lpn_hold) };
    static struct lp_patch r = { .name = "r-rev", .funcs = f, .nfuncs = 1, .model = LP_LIVEPATCH, .replace = true };
    struct thread *t;
    char err[200] = "";
    int wait = lp_wait_ms;
    KASSERT(lp_enable(&r, err, sizeof err) == 0);
    t = start_holder(false);                      /* asleep in the new lpt_hold */
    KASSERT(t);
    lp_wait_ms = 50;
    KEXPECT_EQ(lp_disable(&r, err, sizeof err), 1);
    KEXPECT_EQ(lp_enable(&r, err, sizeof err), 0);   /* reversed: on again */
    lp_wait_ms = wait;
    KEXPECT_EQ(r.state, LP_ON);
    lpt_hold_release(&hold_leave);
    thread_join(t);
    KEXPECT_EQ(hold_saw, 11);                     /* new lpt_hold, then lpt_version 1 */
    KEXPECT_EQ(lp_disable(&r, err, sizeof err), 0);
    KEXPECT_MEMEQ(lpt_hold, nop5, 5);
}
