/* Adversarial review of live patches (docs/livepatch.md, issue 39 items
 * 3-8): a thread created while a transition starts, a detour buffer inside
 * a function's .cold part, new functions that are no function's first byte,
 * and bad input at lp_enable/lp_disable.  Scenario lp-review (2 CPUs). */
#include "kernel/ktest.h"
#include "kernel/mem.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/ksym.h"
#include "kernel/fmt.h"
#include "kernel/console.h"
#include "patch/livepatch.h"
#include "patch/lp_int.h"
#include "patch/kprobe.h"
#include "patch/kretprobe.h"
#include "patch/djprobe.h"
#include "tests/kernel/hazard_park.h"
#include "tests/kernel/lp_targets.h"
#include "tests/kernel/lp_where.h"

static const uint8_t nop5[5] = { 0x0F, 0x1F, 0x44, 0x00, 0x00 };

static bool says(const char *err, const char *want)
{
    size_t k = kstrlen(want);
    for (; *err; err++)
        if (!kmemcmp(err, want, k))
            return true;
    return false;
}
#define KEXPECT_SAYS(err, want) do { ktest_ctx->checks++; if (!says(err, want)) \
    ktest_fail(ktest_ctx, __FILE__, __LINE__, "error '%s' does not say '%s'", err, want); } while (0)
/* A chain's result: A's version in bits 8-15, B's in 0-7 (lp_targets.c). */
#define KEXPECT_WHOLE(r) do { int _r = (r); ktest_ctx->checks++; if ((_r >> 8) != (_r & 0xFF)) \
    ktest_fail(ktest_ctx, __FILE__, __LINE__, "mixed chain: the parked thread ran A v%d, then B v%d", \
               _r >> 8, _r & 0xFF); } while (0)

static int call_a(int x) { (void)x; return lpc_a(); }
static int call_cold(int x) { (void)x; return lpw_cold(); }

/* Leave p off: continue a transition, reverse it, force a stuck one. */
static void settle(struct lp_patch *p)
{
    char e[200];
    int rc = 0, k;
    for (k = 0; k < 3 && lp_in_transition() == p; k++)
        rc = lp_continue(e, sizeof e);
    if (p->state == LP_ON && !p->forced)
        rc = lp_disable(p, e, sizeof e);
    while (rc > 0)
        rc = lp_force(e, sizeof e);
}

/* A thread created while a per-thread transition starts, before the
 * entries lead to the dispatcher: it enters A through the entry as it is
 * (the original at an enable, the new version at a revert) and is parked
 * there.  It must count as a thread in that version (or the dispatcher
 * must send it on in the same version): when it goes on and calls B, B is
 * of A's version.  The patcher is parked on lp_write_entries's first
 * instruction (its first call: the entries to the stubs), the thread is
 * created, and both are let go. */
static struct lp_patch *sp_patch;
static bool sp_revert;
static char sp_err[200];
static int sp_patcher(int x)
{
    (void)x;
    return sp_revert ? lp_disable(sp_patch, sp_err, sizeof sp_err) : lp_enable(sp_patch, sp_err, sizeof sp_err);
}

/* Transitions held by the parked thread report after 100 ms, not the
 * boot's lp_wait_ms (the selftest boot runs these too). */
static int wait_saved;
static void short_wait(bool on)
{
    if (on)
        wait_saved = lp_wait_ms, lp_wait_ms = 100;
    else
        lp_wait_ms = wait_saved;
}

static void spawn_at_start(struct ktest_ctx *ktest_ctx, int model, bool revert)
{
    static struct lp_func f[] = { LP_FUNC(lpc_a, lpcn_a), LP_FUNC(lpc_b, lpcn_b) };
    struct lp_patch p = LP_PATCH_INIT("spawn", f, model);
    struct park pw = { (uint32_t)lp_write_entries, PARK_PREEMPT, 0, sp_patcher, 0, 0, 0, 0, 0, false, NULL };
    struct park pt = { revert ? (uint32_t)lpcn_a_mid : (uint32_t)lpc_a_mid, PARK_PREEMPT, ncpu > 1 ? 1 : 0, call_a,
                       0, 0, 0, 0, 0, false, NULL };
    char why[160], e[200];
    int rc, k;
    if (ncpu < 2)
        return;                         /* the patcher and the new thread: two CPUs */
    if (revert) {
        rc = lp_enable(&p, e, sizeof e);
        for (k = 0; k < 3 && rc > 0; k++)
            rc = lp_continue(e, sizeof e);
        if (rc) {
            ktest_fail(ktest_ctx, __FILE__, __LINE__, "the patch with no thread inside: rc %d (%s)", rc, e);
            settle(&p);
            return;
        }
    }
    sp_patch = &p;
    sp_revert = revert;
    if (park_start(&pw, why, sizeof why)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "the patcher: %s", why);
        park_finish(&pw);
        settle(&p);
        return;
    }
    KEXPECT_MEMEQ(lpc_a, revert ? (const uint8_t *)"\xE9" : nop5, revert ? 1 : 5);   /* no stub yet */
    if (park_start(&pt, why, sizeof why)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "the new thread: %s", why);
        park_finish(&pw);
        park_finish(&pt);
        settle(&p);
        return;
    }
    park_finish(&pw);                         /* the transition goes on, the thread inside A */
    rc = pw.result;
    kprintf("lp-review: %s of %s with a thread created at its start, inside %s A: rc %d%s%s\n",
            revert ? "revert" : "apply", lp_model_name(model), revert ? "new" : "old", rc, rc ? ": " : "",
            rc ? sp_err : "");
    park_finish(&pt);
    kprintf("lp-review: the new thread's chain: A v%d, B v%d\n", pt.result >> 8, pt.result & 0xFF);
    KEXPECT_WHOLE(pt.result);
    KEXPECT(rc >= 0);
    settle(&p);
    KEXPECT_MEMEQ(lpc_a, nop5, 5);
    KEXPECT_MEMEQ(lpc_b, nop5, 5);
}

#define SPAWN(nm, model, revert) \
    KTEST(nm) { short_wait(true); spawn_at_start(ktest_ctx, model, revert); short_wait(false); }
SPAWN(lpreview_new_thread_at_start_livepatch, LP_LIVEPATCH, false)
SPAWN(lpreview_new_thread_at_start_kgraft, LP_KGRAFT, false)
SPAWN(lpreview_new_thread_at_revert_livepatch, LP_LIVEPATCH, true)
SPAWN(lpreview_new_thread_at_revert_kgraft, LP_KGRAFT, true)

/* A detour buffer of a jump-optimized probe inside A's .cold part: its
 * code is A's (a buffer belongs to its probe's function, a split part to
 * its function: docs/livepatch.md "Where code runs"), so a thread preempted
 * in the buffer is inside A.  Lbuf and Lcold each cover one of the two. */
static int pre_nothing(struct kprobe *kp, struct trapframe *tf) { (void)kp; (void)tf; return 0; }

static bool optimize_in(struct kprobe *kp, uint32_t lo, uint32_t hi)
{
    char e[160];
    uint32_t a;
    for (a = lo; a < hi; a++) {
        *kp = (struct kprobe){ .addr = a, .pre_handler = pre_nothing, .flags = KPROBE_OPTIMIZE };
        if (kprobe_register(kp, e, sizeof e))
            continue;
        djprobe_flush();
        if (kprobe_opt_state(kp) == DJ_OPTIMIZED)
            return true;
        kprintf("lp-review: a probe at %08x was not optimized: %s\n", a, kprobe_opt_why(kp));
        kprobe_unregister(kp);
    }
    return false;
}

/* where: the thread is preempted at the buffer's copy of the call (BUF),
 * asleep at the callee's first instruction (CALLEE: its return address is
 * the buffer's, or the text's if the copy pushes it), or stopped on the
 * return trampoline's first instruction under a return probe on the callee
 * (TRAMP: that return address is only in its pending instance). */
enum { AT_BUF, AT_CALLEE, AT_TRAMP };
static const char *const at_name[] = { "preempted in the buffer", "asleep at the callee called from the buffer",
                                       "on the trampoline returning into the buffer" };

static void buf_in_cold(struct ktest_ctx *ktest_ctx, int model, int where)
{
    struct kretprobe rp = { .kp = { .symbol = "lpw_cold_callee" } };
    static struct lp_func f[] = { LP_FUNC(lpw_cold, lpwn_cold), LP_FUNC(lpc_b, lpcn_b) };
    struct lp_patch p = LP_PATCH_INIT("buf-in-cold", f, model);
    const struct ksym *part = ksym_by_name("lpw_cold.cold");
    struct kprobe kp, scrub;
    struct park pk = { 0, PARK_PREEMPT, ncpu > 1 ? 1 : 0, call_cold, 0, 0, 0, 0, 0, false, NULL };
    char why[160], e[200];
    int rc;
    KASSERT(part);
    KASSERT(optimize_in(&kp, part->addr, part->addr + part->size));
    kprintf("lp-review: a probe optimized at %08x (lpw_cold.cold+%#x), its copy at %08x\n", kp.addr,
            kp.addr - part->addr, kprobe_opt_copy(&kp));
    /* a region optimized after it: the optimizer's stack no longer holds A's addresses (lp_where.c) */
    if (!optimize_in(&scrub, (uint32_t)lpw_scrub + (uint32_t)lpw_scrub_region,
                     (uint32_t)lpw_scrub + (uint32_t)lpw_scrub_region + 1)) {
        kprobe_unregister(&kp);
        KASSERT(!"the scrub region was not optimized");
    }
    pk.at = where == AT_BUF ? kprobe_opt_copy(&kp) : where == AT_CALLEE ? (uint32_t)lpw_cold_callee :
            (uint32_t)kretprobe_trampoline;
    if (where == AT_TRAMP && kretprobe_register(&rp, why, sizeof why)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "kretprobe: %s", why);
        where = AT_BUF;
        pk.at = 0;
    }
    if (!pk.at) {
    } else if (park_start(&pk, why, sizeof why)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "park: %s", why);
        park_finish(&pk);
    } else {
        rc = lp_enable(&p, e, sizeof e);
        kprintf("lp-review: apply of %s with a thread %s of a probe in old A's .cold part: rc %d%s%s\n",
                lp_model_name(model), at_name[where], rc, rc ? ": " : "", rc ? e : "");
        park_finish(&pk);
        kprintf("lp-review: its chain: A v%d, B v%d\n", pk.result >> 8, pk.result & 0xFF);
        KEXPECT_WHOLE(pk.result);
        KEXPECT_EQ(rc, model == LP_KPATCH || model == LP_KSPLICE ? -1 : 1);
    }
    settle(&p);
    if (where == AT_TRAMP)
        kretprobe_unregister(&rp);
    kprobe_unregister(&scrub);
    kprobe_unregister(&kp);
}

#define COLD(nm, model, where) \
    KTEST(nm) { short_wait(true); buf_in_cold(ktest_ctx, model, where); short_wait(false); }
COLD(lpreview_buffer_in_cold_part_kpatch, LP_KPATCH, AT_BUF)
COLD(lpreview_buffer_in_cold_part_ksplice, LP_KSPLICE, AT_BUF)
COLD(lpreview_buffer_in_cold_part_livepatch, LP_LIVEPATCH, AT_BUF)
COLD(lpreview_callee_of_buffer_in_cold_part_kpatch, LP_KPATCH, AT_CALLEE)
COLD(lpreview_callee_of_buffer_in_cold_part_ksplice, LP_KSPLICE, AT_CALLEE)
COLD(lpreview_callee_of_buffer_in_cold_part_livepatch, LP_LIVEPATCH, AT_CALLEE)
COLD(lpreview_tramp_into_buffer_in_cold_part_kpatch, LP_KPATCH, AT_TRAMP)
COLD(lpreview_tramp_into_buffer_in_cold_part_ksplice, LP_KSPLICE, AT_TRAMP)
COLD(lpreview_tramp_into_buffer_in_cold_part_livepatch, LP_LIVEPATCH, AT_TRAMP)

/* Refused with its reason; the first 8 bytes of every function named as
 * they were, the heap as it was, the patch off. */
static void refused(struct ktest_ctx *ktest_ctx, struct lp_patch *p, bool disable, const char *want)
{
    uint8_t before[4][2][8];
    uint32_t heap = kheap_used();
    char err[200] = "";
    int i, k, rc, n = p && p->funcs ? (p->nfuncs < 4 ? p->nfuncs : 4) : 0;
    for (i = 0; i < n; i++)
        for (k = 0; k < 2; k++)
            if ((k ? p->funcs[i].new_fn : p->funcs[i].old_fn))
                kmemcpy(before[i][k], k ? p->funcs[i].new_fn : p->funcs[i].old_fn, 8);
    rc = disable ? lp_disable(p, err, sizeof err) : lp_enable(p, err, sizeof err);
    kprintf("lp-review: %s %s: rc %d: %s\n", disable ? "disable" : "enable", p ? p->name : "NULL", rc, err);
    if (rc == 0 && p) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "patch %s was %s; want '%s'", p->name,
                   disable ? "disabled" : "accepted", want);
        settle(p);
        return;
    }
    KEXPECT_EQ(rc, -1);
    KEXPECT_SAYS(err, want);
    for (i = 0; i < n; i++)
        for (k = 0; k < 2; k++)
            if ((k ? p->funcs[i].new_fn : p->funcs[i].old_fn))
                KEXPECT_MEMEQ(k ? p->funcs[i].new_fn : p->funcs[i].old_fn, before[i][k], 8);
    KEXPECT_EQ(kheap_used(), heap);
}

/* A new function that is a label inside some other function (not one the
 * patch replaces), or a compiler-split part (X.cold: no function's first
 * byte, it jumps back into X's body): calls would run the middle of a
 * function on a frame it did not build.  docs/livepatch.md: "one that is
 * not a function's first byte" is refused. */
static void label_news(struct ktest_ctx *ktest_ctx, int model)
{
    static struct lp_func label[] = { LP_FUNC(lpt_version, lpcn_a_mid) };
    static struct lp_func part[] = { LP_FUNC(lpt_version, NULL) };
    struct lp_patch pl = LP_PATCH_INIT("label", label, model);
    struct lp_patch pp = LP_PATCH_INIT("part", part, model);
    const struct ksym *cold = ksym_by_name("lpw_cold.cold");
    KASSERT(cold);
    part[0].new_fn = (void *)cold->addr;
    refused(ktest_ctx, &pl, false, "not the first byte of a function");
    refused(ktest_ctx, &pp, false, "not the first byte of a function");
    KEXPECT_EQ(lpt_version(), 1);
}
KTEST(lpreview_refuses_a_label_or_part_as_new_kpatch) { label_news(ktest_ctx, LP_KPATCH); }
KTEST(lpreview_refuses_a_label_or_part_as_new_livepatch) { label_news(ktest_ctx, LP_LIVEPATCH); }

/* Bad input at every entry point: each refused with a reason, nothing
 * changed.  A function named twice, no functions, a model out of range, a second enable and a second
 * disable, continue and force with no transition. */
KTEST(lpreview_bad_input)
{
    static struct lp_func twice[] = { LP_FUNC(lpt_version, lpn_version2), LP_FUNC(lpt_add, lpn_add),
                                      LP_FUNC(lpt_version, lpn_version3) };
    static struct lp_func one[] = { LP_FUNC(lpt_version, lpn_version2) };
    struct lp_patch pt = LP_PATCH_INIT("twice", twice, LP_KPATCH);
    struct lp_patch pz = LP_PATCH_INIT("zero", one, LP_LIVEPATCH);
    struct lp_patch pm = LP_PATCH_INIT("model", one, LP_MODEL_N + 3);
    struct lp_patch p1 = LP_PATCH_INIT("one", one, LP_LIVEPATCH);
    char err[200];
    pz.nfuncs = 0;
    refused(ktest_ctx, &pt, false, "lpt_version is replaced twice");
    refused(ktest_ctx, &pz, false, "no functions");
    refused(ktest_ctx, &pm, false, "no model");
    refused(ktest_ctx, &p1, true, "is not enabled");
    KASSERT(lp_enable(&p1, err, sizeof err) == 0);
    refused(ktest_ctx, &p1, false, "is already enabled");
    KEXPECT_EQ(lpt_version(), 2);
    KEXPECT_EQ(lp_force(err, sizeof err), -1);
    KEXPECT_SAYS(err, "no patch is in transition");
    KEXPECT_EQ(lp_continue(err, sizeof err), 0);
    KASSERT(lp_disable(&p1, err, sizeof err) == 0);
    refused(ktest_ctx, &p1, true, "is not enabled");
    KEXPECT_EQ(lpt_version(), 1);
    KEXPECT_MEMEQ(lpt_version, nop5, 5);
}

/* A NULL patch, and a patch whose function array is NULL: refused with a
 * reason (before: a page fault at address 4 in lp_enable). */
KTEST(lpreview_null_patch)
{
    static struct lp_func one[] = { LP_FUNC(lpt_version, lpn_version2) };
    struct lp_patch pn = LP_PATCH_INIT("nofuncs", one, LP_KPATCH);
    pn.funcs = NULL;
    refused(ktest_ctx, &pn, false, "no functions");
    refused(ktest_ctx, NULL, false, "no patch");
    refused(ktest_ctx, NULL, true, "no patch");
    KEXPECT_EQ(lpt_version(), 1);
}
