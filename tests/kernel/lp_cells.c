/* Live-patch hazard cells (L1-L12; docs/livepatch.md): threads parked at
 * exact instructions (tests/kernel/hazard_park.h) or running inside patched
 * code while a patch of the cells' chain (lp_targets.c) is applied or
 * reverted under the boot's model (lp_model=; controls: lp_model=naive,
 * lp_unwind=fp, lp_bug=irq_universe).  A cell fails on a chain that mixed
 * versions, on an interrupt that ran the other universe, or when its model
 * did not do what it claims (abort, wait, complete) and say so.
 * scenario=lp-cells [lp_cell=L1,L2,...] */
#include "kernel/scenario.h"
#include "kernel/ktest.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "kernel/fmt.h"
#include "kernel/mem.h"
#include "kernel/thread.h"
#include "kernel/ksym.h"
#include "kernel/cpu.h"
#include "kernel/ipi.h"
#include "kernel/x86.h"
#include "kernel/gbound.h"
#include "patch/livepatch.h"
#include "patch/kprobe.h"
#include "patch/kretprobe.h"
#include "tests/kernel/hazard_park.h"
#include "tests/kernel/lp_targets.h"
#include "tests/kernel/lp_where.h"

static char lp_cell[64] = "all";
KPARAM_STR("lp_cell", lp_cell, "lp-cells: which cells (L1,...,L16, Lbuf, Lcold, Ltramp and their -new, or all)");

#define FUNC(old, new) LP_FUNC(old, new)
#define PATCH(nm, f) struct lp_patch nm = LP_PATCH_INIT(#nm, f, LP_MODEL_BOOT)
static struct lp_func f_ab[] = { FUNC(lpc_a, lpcn_a), FUNC(lpc_b, lpcn_b) };
static struct lp_func f_a2b[] = { FUNC(lpc_a2, lpcn_a2), FUNC(lpc_b, lpcn_b) };
static struct lp_func f_a3b[] = { FUNC(lpc_a3, lpcn_a3), FUNC(lpc_b, lpcn_b) };
static struct lp_func f_ab3[] = { FUNC(lpc_a, lpcn3_a), FUNC(lpc_b, lpcn3_b) };
static struct lp_func f_fb[] = { FUNC(lpc_forever, lpcn_forever), FUNC(lpc_b, lpcn_b) };
static struct lp_func f_sb[] = { FUNC(lpc_spin_a, lpcn_spin_a), FUNC(lpc_b, lpcn_b) };
static struct lp_func f_b[] = { FUNC(lpc_b, lpcn_b) };
static struct lp_func f_a4b[] = { FUNC(lpc_a4, lpcn_a4), FUNC(lpc_b, lpcn_b) };
static PATCH(p_ab, f_ab);
static PATCH(p_a2b, f_a2b);
static PATCH(p_a3b, f_a3b);
static PATCH(p_ab3, f_ab3);
static PATCH(p_fb, f_fb);
static PATCH(p_sb, f_sb);
static PATCH(p_b, f_b);
static PATCH(p_a4b, f_a4b);

static char err[240];

/* What the boot's model must do when a thread holds a function being replaced. */
static int expect_held(void)
{
    return lp_model == LP_KPATCH || lp_model == LP_KSPLICE ? -1 : lp_model == LP_NAIVE ? 0 : 1;
}
static const char *rc_name(int rc) { return rc < 0 ? "aborted" : rc ? "in transition" : "done"; }

/* Leave p off whatever happened: reverse, then force a stuck transition. */
static void settle(struct lp_patch *p)
{
    char e[200];
    int rc = 0;
    if (p->state == LP_ON && !p->forced)
        rc = lp_disable(p, e, sizeof e);
    while (rc > 0)
        rc = lp_force(e, sizeof e);
}

/* A chain's result must carry one version in both bytes. */
static bool mixed(int r, char *why, size_t n, const char *what)
{
    if ((r >> 8) == (r & 0xFF))
        return false;
    ksnprintf(why, n, "mixed chain: %s ran A v%d, then B v%d", what, r >> 8, r & 0xFF);
    return true;
}

static bool wrong_rc(int rc, int want, char *why, size_t n, const char *what)
{
    if (rc == want)
        return false;
    ksnprintf(why, n, "%s: %s, not %s (%s)", what, rc_name(rc), rc_name(want), err);
    return true;
}

static int other_cpu(void) { return ncpu > 1 ? 1 : 0; }
static int call_a(int x) { (void)x; return lpc_a(); }
static int call_a2(int x) { (void)x; return lpc_a2(); }

/* lp_where.c's cells: an abort or a transition left in progress must name
 * the parked thread (a word scan may also stop at another thread's stale
 * data word: that is no answer about the parked one). */
static bool name_parked;
static bool names(const char *s, const char *w)
{
    size_t k = kstrlen(w);
    for (; *s; s++)
        if (!kmemcmp(s, w, k))
            return true;
    return false;
}

/* One thread parked at `at` in a chain while p goes on (or off, if it is on). */
static bool parked_cell(struct lp_patch *p, uint32_t at, int (*fn)(int), char *why, size_t n)
{
    struct park pk = { at, PARK_PREEMPT, other_cpu(), fn, 0, 0, 0, 0, 0, false, NULL };
    bool on = p->state == LP_ON;
    char who[32];
    int rc;
    if (park_start(&pk, why, n))
        return false;
    ksnprintf(who, sizeof who, "thread %d (%s)", pk.t->tid, pk.t->name);
    rc = on ? lp_disable(p, err, sizeof err) : lp_enable(p, err, sizeof err);
    kprintf("lp-cells:   %s with a thread parked: %s%s%s\n", on ? "revert" : "apply", rc_name(rc),
            rc ? ": " : "", rc ? err : "");
    park_finish(&pk);
    if (name_parked && rc && !names(err, who))
        return ksnprintf(why, n, "%s, but not for the parked %s: %s", rc_name(rc), who, err), false;
    if (rc > 0 && lp_continue(err, sizeof err))
        return ksnprintf(why, n, "still in transition once the thread left: %s", err), false;
    if (mixed(pk.result, why, n, "the parked thread"))
        return false;
    return !wrong_rc(rc, expect_held(), why, n, on ? "the revert" : "the patch");
}

/* L1: inside old A before it calls B (the two change together). */
static bool cell_l1(char *why, size_t n)
{
    bool ok = parked_cell(&p_ab, (uint32_t)lpc_a_mid, call_a, why, n);
    settle(&p_ab);
    return ok;
}

/* L2: asleep in a callee whose only frame in old A is the return address. */
static bool cell_l2(char *why, size_t n)
{
    bool ok = parked_cell(&p_a2b, (uint32_t)lpc_callee, call_a2, why, n);
    settle(&p_a2b);
    return ok;
}

/* L8: L2 under a return probe on the callee: A's return address is on the
 * stack only as the trampoline's; the real one is in the thread's list. */
static int call_a3(int x) { (void)x; return lpc_a3(); }
static bool cell_l8(char *why, size_t n)
{
    struct kretprobe rp = { .kp = { .symbol = "lpc_callee2" } };
    bool ok;
    if (kretprobe_register(&rp, why, n))
        return false;
    ok = parked_cell(&p_a3b, (uint32_t)lpc_callee2_mid, call_a3, why, n);
    kretprobe_unregister(&rp);
    settle(&p_a3b);
    return ok;
}

/* L3: inside new A when the patch is reverted. */
static bool cell_l3(char *why, size_t n)
{
    bool ok;
    int rc = lp_enable(&p_ab, err, sizeof err);
    if (rc)
        return ksnprintf(why, n, "the patch with no thread inside: %s (%s)", rc_name(rc), err), false;
    ok = parked_cell(&p_ab, (uint32_t)lpcn_a_mid, call_a, why, n);
    settle(&p_ab);
    return ok;
}

static volatile int stop, ret, started;
static void forever_main(void *arg) { (void)arg; started = 1; ktest_linger(); ret = lpc_forever(&stop); }
static void spin_main(void *arg) { (void)arg; started = 1; ktest_linger(); ret = lpc_spin_a(&stop); }

/* Is t inside the function named fn: stopped with fn in its exact chain,
 * or running on cpu 1 and interrupted there (an IPI samples its EIP)? */
static struct thread *volatile cpu1_thread;
static volatile uint32_t cpu1_eip;
static void sample(void *arg)
{
    (void)arg;
    cpu1_thread = thread_current();
    cpu1_eip = mycpu()->irq_depth == 1 ? mycpu()->intr_eips[0] : 0;
}
static bool inside(struct thread *t, const char *fn)
{
    const struct ksym *k = ksym_by_name(fn);
    if (ktest_stopped_in(t, fn))
        return true;
    if (ncpu < 2 || !(t->affinity & 2u))
        return false;
    cpu1_thread = NULL;
    smp_call_one(1, sample, NULL, true);
    return cpu1_thread == t && cpu1_eip >= k->addr && cpu1_eip < k->addr + k->size;
}
static void nosafe_main(void *arg)
{
    (void)arg;
    started = 1;
    while (!stop)
        thread_sleep_ns(1000000);    /* outside every patch, never at a safe point */
}

/* A thread running fn, once it is inside the function named in (NULL: once
 * it started), up to 5 s of guest progress: never after a fixed wait. */
static struct thread *start(void (*fn)(void *), uint32_t affinity, const char *in)
{
    struct thread *t;
    struct gbound b;
    stop = ret = started = 0;
    if (!(t = thread_create("lp-cell", fn, NULL, affinity)))
        return NULL;
    gbound_start(&b, GBOUND_ALL, 5000, 0);
    while (!(in ? inside(t, in) : started) && !gbound_expired(&b))
        thread_sleep_ns(1000000);
    if (in && !inside(t, in))
        kprintf("lp-cells:   thread %d did not get inside %s within 5 s\n", t->tid, in);
    return t;
}

/* Until t has gone round its sleeping loop n more times (voluntary
 * switches), up to 1 s of guest progress. */
static void rounds(struct thread *t, uint32_t n)
{
    uint32_t v0 = READ_ONCE(t->nvcsw);
    struct gbound b;
    gbound_start(&b, GBOUND_ALL, 1000, 0);
    while (READ_ONCE(t->nvcsw) - v0 < n && !gbound_expired(&b))
        thread_sleep_ns(1000000);
}

/* L4: a function always on a stack: no hang, a report, no mixed calls. */
static bool cell_l4(char *why, size_t n)
{
    struct thread *t = start(forever_main, CPUMASK_ALL, "lpc_forever");
    int rc = lp_enable(&p_fb, err, sizeof err), rc2 = 0;
    bool ok = true;
    kprintf("lp-cells:   apply under a function that never returns: %s%s%s\n", rc_name(rc), rc ? ": " : "",
            rc ? err : "");
    if (rc > 0) {
        rc2 = lp_disable(&p_fb, err, sizeof err);     /* reverse it */
        kprintf("lp-cells:   reverse: %s\n", rc_name(rc2));
    }
    if (t)
        rounds(t, 3);                 /* a few more calls of B from the loop */
    stop = 1;
    thread_join(t);
    if (ret < 0)
        ok = !ksnprintf(why, n, "mixed calls: the old loop got B v%d", -ret);
    else if (wrong_rc(rc, expect_held(), why, n, "the patch") || (rc > 0 && rc2))
        ok = rc2 ? !ksnprintf(why, n, "the reverse did not complete: %s", err) : false;
    settle(&p_fb);
    return ok;
}

static volatile int irq_saw, nmi_saw;
static void irq_call_b(void *arg) { (void)arg; irq_saw = lpc_b(); }
static void nmi_call_b(struct trapframe *tf) { (void)tf; nmi_saw = lpc_b(); }

/* An NMI on CPU 1 calls B; -1 if it did not come within 2 s of guest time. */
static int nmi_b(void)
{
    struct gbound b;
    nmi_saw = -1;
    smp_nmi_call(1, nmi_call_b);
    gbound_start(&b, GBOUND_ALL, 2000, 0);
    while (nmi_saw < 0 && !gbound_expired(&b))
        thread_sleep_ns(100000);
    return nmi_saw;
}

/* L5: an interrupt, then an NMI, on a thread running old A calls B: B of
 * A's universe both times. */
static bool cell_l5(char *why, size_t n)
{
    struct thread *t;
    int rc;
    bool ok = true;
    if (ncpu < 2)
        return ksnprintf(why, n, "needs 2 CPUs"), false;
    t = start(spin_main, 1u << 1, "lpc_spin_a");
    rc = lp_enable(&p_sb, err, sizeof err);
    irq_saw = nmi_saw = 0;
    if (rc >= 0) {
        smp_call_one(1, irq_call_b, NULL, true);
        nmi_b();
    }
    kprintf("lp-cells:   apply under a thread running old A: %s; on its CPU an interrupt got B v%d, "
            "an NMI B v%d\n", rc_name(rc), irq_saw, nmi_saw);
    stop = 1;
    thread_join(t);
    if (rc >= 0 && irq_saw != (ret >> 8))
        ok = !ksnprintf(why, n, "an interrupt on a thread in A v%d ran B v%d (the other universe)", ret >> 8,
                        irq_saw);
    else if (rc >= 0 && nmi_saw != (ret >> 8))
        ok = !ksnprintf(why, n, nmi_saw < 0 ? "no NMI came on cpu 1 within 2 s" :
                        "an NMI on a thread in A v%d ran B v%d (the other universe)", ret >> 8, nmi_saw);
    else if (mixed(ret, why, n, "the running thread"))
        ok = false;
    else if (wrong_rc(rc, expect_held(), why, n, "the patch"))
        ok = false;
    if (rc > 0)
        lp_continue(err, sizeof err);
    settle(&p_sb);
    return ok;
}

/* L9: a call inside the dispatcher across two transitions.  Patches 2 and
 * 3 of A and B stacked; 3's disable is held in transition by a thread
 * inside A v3; a worker switched to unpatched calls A and is parked in
 * lp_dispatch right after it read top (version 3).  Then 3's disable
 * completes (pops 3) and 2's disable starts (every universe patched): a
 * worker let go only now would take the popped version 3 of A, then B v2.
 * The completion must wait for it (a waker lets it go 50 ms into the wait).
 * Only kgraft and livepatch have a dispatcher. */
extern char lp_dispatch_top_read[];
static void hold3_main(void *arg) { (void)arg; started = 1; ret = lpc_a(); }
static int call_a_safe(int x) { (void)x; lp_safe_point(); return lpc_a(); }
static void l9_waker(void *arg)
{
    struct gbound b;
    gbound_start(&b, GBOUND_ALL, 50, 0);
    while (!gbound_expired(&b))
        thread_sleep_ns(1000000);
    park_release(arg);
}

static bool cell_l9(char *why, size_t n)
{
    struct park pk = { (uint32_t)lp_dispatch_top_read, PARK_PREEMPT, 1, call_a_safe, 0, 0, 0, 0, 0, false, NULL };
    struct thread *h, *w;
    int rc, rc2, k, tries;
    bool ok = true;
    if (lp_model != LP_KGRAFT && lp_model != LP_LIVEPATCH)
        return kprintf("lp-cells:   no dispatcher under %s\n", lp_model_name(lp_model)), true;
    if (ncpu < 2)
        return ksnprintf(why, n, "needs 2 CPUs"), false;
    if (lp_enable(&p_ab, err, sizeof err) || lp_enable(&p_ab3, err, sizeof err))
        return ksnprintf(why, n, "stacking 2 and 3: %s", err), settle(&p_ab3), settle(&p_ab), false;
    lpc_hold3 = 1;
    k = lpc_in3;
    h = start(hold3_main, 1u << 0, NULL);       /* asleep inside A v3, on cpu 0 */
    for (tries = 0; tries < 2000 && lpc_in3 == k; tries++)
        thread_sleep_ns(1000000);
    rc = lp_disable(&p_ab3, err, sizeof err);
    if (rc != 1 || park_start(&pk, why, n)) {
        lpc_hold3 = 0;
        thread_join(h);
        if (rc != 1)
            ksnprintf(why, n, "disable of 3 with a thread inside: %s, not in transition", rc_name(rc));
        return settle(&p_ab3), settle(&p_ab), false;
    }
    lpc_hold3 = 0;
    thread_join(h);
    w = thread_create("lp-l9-waker", l9_waker, &pk, CPUMASK_ALL);
    rc = lp_continue(err, sizeof err);          /* completes 3's disable: pops 3 */
    rc2 = lp_disable(&p_ab, err, sizeof err);   /* starts 2's: every universe patched */
    while (rc2 > 0)
        rc2 = lp_continue(err, sizeof err);
    kprintf("lp-cells:   disable 3 (a call parked in the dispatcher), then 2: %s, %s\n", rc_name(rc),
            rc_name(rc2));
    thread_join(w);
    park_finish(&pk);
    kprintf("lp-cells:   the parked call returned A v%d, B v%d\n", pk.result >> 8, pk.result & 0xFF);
    if (mixed(pk.result, why, n, "the call parked in the dispatcher"))
        ok = false;
    else if (ret != (3 << 8 | 3))
        ok = !ksnprintf(why, n, "the thread inside A v3 got %#x", ret);
    settle(&p_ab);
    settle(&p_ab3);
    return ok;
}

/* L6: a kernel thread that never reaches a safe point (but holds no patched
 * function): livepatch's stack check switches it; kgraft waits and says so. */
static bool cell_l6(char *why, size_t n)
{
    struct thread *t = start(nosafe_main, CPUMASK_ALL, NULL);   /* never at a safe point, from the start */
    int rc = lp_enable(&p_b, err, sizeof err), want = lp_model == LP_KGRAFT ? 1 : 0;
    bool ok = !wrong_rc(rc, want, why, n, "the patch");
    kprintf("lp-cells:   apply beside a thread with no safe point: %s%s%s\n", rc_name(rc), rc ? ": " : "",
            rc ? err : "");
    stop = 1;
    thread_join(t);
    if (rc > 0)
        lp_continue(err, sizeof err);
    settle(&p_b);
    return ok;
}

static struct kprobe kp;
static int kp_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

/* L7: probes and patches on one function: refused or composed. */
static bool cell_l7(char *why, size_t n)
{
    uint8_t before[8];
    int i, rc;
    kmemcpy(before, lpc_b, 8);
    kp = (struct kprobe){ .addr = (uint32_t)lpc_b, .pre_handler = kp_pre };
    if (kprobe_register(&kp, err, sizeof err))
        return ksnprintf(why, n, "probe at B's entry: %s", err), false;
    rc = lp_enable(&p_b, err, sizeof err);
    kprobe_unregister(&kp);
    if (rc != -1 || kmemcmp(before, lpc_b, 8))
        return ksnprintf(why, n, "a patch over a probed entry: %s", rc_name(rc)), settle(&p_b), false;
    kprintf("lp-cells:   patch over a probed entry refused: %s\n", err);
    if ((rc = lp_enable(&p_b, err, sizeof err)))
        return ksnprintf(why, n, "the patch: %s (%s)", rc_name(rc), err), settle(&p_b), false;
    kp = (struct kprobe){ .addr = (uint32_t)lpc_b, .pre_handler = kp_pre };
    if (kprobe_register(&kp, err, sizeof err) != -1) {
        kprobe_unregister(&kp);
        settle(&p_b);
        return ksnprintf(why, n, "a probe at a patched entry was not refused"), false;
    }
    kprintf("lp-cells:   probe at a patched entry refused: %s\n", err);
    kp = (struct kprobe){ .addr = (uint32_t)lpcn_b, .pre_handler = kp_pre };
    if (kprobe_register(&kp, err, sizeof err))
        return settle(&p_b), ksnprintf(why, n, "probe in the new B: %s", err), false;
    for (i = 0; i < 20; i++)
        lpc_b();
    settle(&p_b);
    lpc_b();                          /* the old B runs now: no hit */
    rc = (int)kprobe_nhit(&kp);
    kprobe_unregister(&kp);
    kprintf("lp-cells:   a probe in the new B: %d hits of 20 calls through the old entry\n", rc);
    if (rc != 20)
        return ksnprintf(why, n, "a probe in the new B got %d hits of 20 calls", rc), false;
    return true;
}

/* L10: an NMI in the middle of an entry's write.  kpatch and ksplice write
 * the entries inside their rendezvous, where the other CPUs are parked with
 * interrupts off, but NMIs still arrive.  After each store to B's entry the
 * writer sends an NMI to cpu 1 (parked) and waits for it: the NMI reads B's
 * five entry bytes, what its fetch would run, and calls B only if they are
 * B's nop or its whole jump (a torn entry is reported, not run: it would
 * jump into the middle of some other code).  The other models write entries
 * through the int3 protocol: the hook is not called. */
static const uint8_t nop5[5] = { 0x0F, 0x1F, 0x44, 0x00, 0x00 };
static volatile int torn_nmis, torn_stores, torn_called, torn_at;
static uint8_t torn_seen[5];

static void torn_nmi(struct trapframe *tf)
{
    uint8_t b[5], jmp[5] = { 0xE9 };
    uint32_t rel = (uint32_t)lpcn_b - ((uint32_t)lpc_b + 5);
    int i;
    (void)tf;
    kmemcpy(jmp + 1, &rel, 4);
    for (i = 0; i < 5; i++)
        b[i] = ((volatile uint8_t *)lpc_b)[i];
    if (!kmemcmp(b, nop5, 5) || !kmemcmp(b, jmp, 5)) {
        if (lpc_b() != (b[0] == 0xE9 ? 2 : 1))
            torn_called = -1;
        else if (torn_called >= 0)
            torn_called++;
    } else if (!torn_at) {
        kmemcpy(torn_seen, b, 5);
        torn_at = torn_stores;
    }
    __atomic_add_fetch(&torn_nmis, 1, __ATOMIC_SEQ_CST);
}

static void torn_hook(void *entry, int written)
{
    struct gbound b;
    int seen = torn_nmis;
    if (entry != (void *)lpc_b)
        return;
    torn_stores = written;
    smp_nmi_call(1, torn_nmi);
    gbound_start(&b, 1, 1000, 0);             /* interrupts are off: the backstop bounds it */
    while (READ_ONCE(torn_nmis) == seen && !gbound_expired(&b))
        __asm__ volatile("pause");
}

static bool cell_l10(char *why, size_t n)
{
    int rc, nmis;
    if (ncpu < 2)
        return ksnprintf(why, n, "needs 2 CPUs"), false;
    torn_nmis = torn_stores = torn_called = torn_at = 0;
    lp_entry_store_hook = torn_hook;
    rc = lp_enable(&p_b, err, sizeof err);
    lp_entry_store_hook = NULL;
    nmis = torn_nmis;
    kprintf("lp-cells:   apply with an NMI on cpu 1 after each store to B's entry: %s; %d NMIs, %d called B\n",
            rc_name(rc), nmis, torn_called);
    settle(&p_b);
    if (torn_at)
        return ksnprintf(why, n, "an NMI on cpu 1 read B's entry as %02x %02x %02x %02x %02x after %d of its 5 bytes "
                         "were written: neither its nop nor its jump", torn_seen[0], torn_seen[1], torn_seen[2],
                         torn_seen[3], torn_seen[4], torn_at), false;
    if (torn_called < 0)
        return ksnprintf(why, n, "an NMI on cpu 1 called B and got the other version than its entry said"), false;
    if (lp_model != LP_KPATCH && lp_model != LP_KSPLICE) {
        kprintf("lp-cells:   no rendezvous write under %s (the int3 protocol)\n", lp_model_name(lp_model));
        return nmis ? !ksnprintf(why, n, "the rendezvous hook ran under %s", lp_model_name(lp_model)) : true;
    }
    if (rc)
        return ksnprintf(why, n, "the patch with nobody inside B: %s (%s)", rc_name(rc), err), false;
    if (!nmis || torn_called != nmis)
        return ksnprintf(why, n, "%d NMIs came during the write, %d called B", nmis, torn_called), false;
    return true;
}

/* L11: a CPU-bound thread alone on its CPU, outside every patched function,
 * that never blocks nor reaches a safe point.  kpatch and ksplice stop it
 * in their rendezvous; livepatch must switch it, though the kick leaves it
 * on its CPU (Linux: the task checks its own stack); kgraft waits (L6). */
static volatile uint32_t l11_spins;
static void cpu_bound_main(void *arg)
{
    (void)arg;
    started = 1;
    while (!stop)
        l11_spins++;
}

static bool cell_l11(char *why, size_t n)
{
    struct gbound b;
    struct thread *t;
    uint32_t sw, self;
    int rc, want = lp_model == LP_KGRAFT ? 1 : 0;
    if (ncpu < 2)
        return ksnprintf(why, n, "needs 2 CPUs"), false;
    stop = started = 0;
    t = thread_create("lp-cpu-bound", cpu_bound_main, NULL, 1u << 1);
    if (!t)
        return ksnprintf(why, n, "no thread"), false;
    gbound_start(&b, GBOUND_ALL, 2000, 0);
    while (!(started && READ_ONCE(t->on_cpu) && t->cpu == 1) && !gbound_expired(&b))
        thread_sleep_ns(100000);
    sw = t->nvcsw + t->nivcsw;
    self = lp_stats.self;
    rc = lp_enable(&p_b, err, sizeof err);
    sw = t->nvcsw + t->nivcsw - sw;
    self = lp_stats.self - self;
    kprintf("lp-cells:   apply beside a CPU-bound thread on cpu 1: %s%s%s (it left its CPU %u times; threads "
            "that switched themselves: %u)\n", rc_name(rc), rc ? ": " : "", rc ? err : "", sw, self);
    stop = 1;
    thread_join(t);
    if (rc > 0)
        lp_continue(err, sizeof err);
    settle(&p_b);
    if (wrong_rc(rc, want, why, n, "the patch"))
        return false;
    if (lp_model == LP_LIVEPATCH && !sw && !self)
        return ksnprintf(why, n, "done, but the thread neither left its CPU nor switched itself"), false;
    return true;
}

/* L12: a thread in code no CFI describes (lpa_undescribed), called from
 * old A before A calls B: its exact unwind becomes unreliable before it
 * reaches A's frame.  No model may take it for a thread outside A, whether
 * it is stopped there (livepatch must say its stack is unreliable and leave
 * it unswitched) or running alone on its CPU (livepatch's own check at the
 * kick, L11, must not switch it either). */
static int call_a4(int x) { (void)x; return lpc_a4(NULL); }
static bool has(const char *s, const char *want)
{
    for (; *s; s++)
        if (!kmemcmp(s, want, kstrlen(want)))
            return true;
    return false;
}

static bool l12_stopped(char *why, size_t n)
{
    struct park pk = { (uint32_t)lpa_undescribed + 4, PARK_PREEMPT, other_cpu(), call_a4, 0, 0, 0, 0, 0, false,
                       NULL };
    char said[sizeof err];
    int rc;
    if (park_start(&pk, why, n))
        return false;
    rc = lp_enable(&p_a4b, err, sizeof err);
    kmemcpy(said, err, sizeof said);
    kprintf("lp-cells:   apply with a thread stopped in undescribed code above old A: %s%s%s\n", rc_name(rc),
            rc ? ": " : "", rc ? err : "");
    park_finish(&pk);
    if (rc > 0 && lp_continue(err, sizeof err))
        return ksnprintf(why, n, "still in transition once the thread left: %s", err), settle(&p_a4b), false;
    settle(&p_a4b);
    if (mixed(pk.result, why, n, "the thread stopped above old A"))
        return false;
    if (wrong_rc(rc, expect_held(), why, n, "the patch"))
        return false;
    if (lp_model == LP_LIVEPATCH && !has(said, "has an unreliable stack at <lpa_undescribed+0x4/"))
        return ksnprintf(why, n, "the transition did not say the stack is unreliable: %s", said), false;
    return true;
}

static void a4_spin_main(void *arg) { (void)arg; started = 1; ret = lpc_a4(&stop); }

static bool l12_running(char *why, size_t n)
{
    struct gbound b;
    struct thread *t;
    int rc;
    stop = started = ret = 0;
    t = thread_create("lp-a4-spin", a4_spin_main, NULL, 1u << 1);
    if (!t)
        return ksnprintf(why, n, "no thread"), false;
    gbound_start(&b, GBOUND_ALL, 2000, 0);
    while (!(started && READ_ONCE(t->on_cpu) && t->cpu == 1) && !gbound_expired(&b))
        thread_sleep_ns(100000);
    rc = lp_enable(&p_a4b, err, sizeof err);
    kprintf("lp-cells:   apply with a thread running in undescribed code above old A, alone on cpu 1: %s%s%s\n",
            rc_name(rc), rc ? ": " : "", rc ? err : "");
    stop = 1;
    thread_join(t);
    if (rc > 0 && lp_continue(err, sizeof err))
        return ksnprintf(why, n, "still in transition once the thread left: %s", err), settle(&p_a4b), false;
    settle(&p_a4b);
    if (mixed(ret, why, n, "the thread running above old A"))
        return false;
    return !wrong_rc(rc, expect_held(), why, n, "the patch");
}

static bool cell_l12(char *why, size_t n)
{
    if (ncpu < 2)
        return ksnprintf(why, n, "needs 2 CPUs"), false;
    return l12_stopped(why, n) && l12_running(why, n);
}

/* L13: a call parked in the dispatcher after lp_dispatch chose old A for
 * it (at lp_dispatch_decided), its thread still unswitched.  The thread
 * first holds the transition from inside old A (parked at lpc_a_mid), then,
 * let go, calls A again through the stub and parks there.  A pass must take
 * the dispatcher for the patched functions' code (it is about to run old A):
 * switched there, it would run A v1 and then, the transition done, B v2.
 * Only livepatch checks threads by their stacks; kgraft waits for a safe
 * point, kpatch and ksplice have no dispatcher. */
extern char lp_dispatch_decided[];
static struct park l13_pk2;
static int l13_calls(int x)
{
    int r1 = lpc_a();                           /* parks at lpc_a_mid (l13_pk1) */
    (void)x;
    if ((r1 >> 8) != (r1 & 0xFF))
        return r1;
    l13_pk2.t = thread_current();
    park_call(&l13_pk2);                        /* through the stub: parks at the decision */
    return l13_pk2.result;
}

static bool cell_l13(char *why, size_t n)
{
    struct park pk1 = { (uint32_t)lpc_a_mid, PARK_PREEMPT, 1, l13_calls, 0, 0, 0, 0, 0, false, NULL };
    int rc, rc2 = 0, i;
    if (lp_model != LP_LIVEPATCH && lp_model != LP_KGRAFT)
        return kprintf("lp-cells:   no dispatcher under %s\n", lp_model_name(lp_model)), true;
    if (ncpu < 2)
        return ksnprintf(why, n, "needs 2 CPUs"), false;
    l13_pk2 = (struct park){ (uint32_t)lp_dispatch_decided, PARK_PREEMPT, 1, call_a, 0, 0, 0, 0, 0, false, NULL };
    if (park_start(&pk1, why, n))
        return false;
    rc = lp_enable(&p_ab, err, sizeof err);     /* held: the thread is inside old A */
    park_release(&pk1);
    for (i = 0; i < 1000 && !(l13_pk2.hit && park_eip(&l13_pk2) == l13_pk2.at) && !pk1.done; i++)
        thread_sleep_ns(1000000);
    if (rc == 1 && l13_pk2.hit && !pk1.done)
        rc2 = lp_continue(err, sizeof err);     /* a pass with the call parked in the dispatcher */
    kprintf("lp-cells:   apply held by a thread in old A: %s; the thread parked in the dispatcher (%s), "
            "a pass: %s%s%s\n", rc_name(rc), l13_pk2.hit ? "old A chosen" : "never got there", rc_name(rc2),
            rc2 ? ": " : "", rc2 ? err : "");
    if (l13_pk2.hit)
        park_release(&l13_pk2);
    thread_join(pk1.t);
    if (lp_in_transition() == &p_ab && lp_continue(err, sizeof err))
        return ksnprintf(why, n, "still in transition once the thread left: %s", err), settle(&p_ab), false;
    settle(&p_ab);
    if (mixed(pk1.result, why, n, "the call parked in the dispatcher"))
        return false;
    if (lp_model == LP_LIVEPATCH && (rc != 1 || !l13_pk2.hit))
        return ksnprintf(why, n, "set-up: the apply %s, the second call %s", rc_name(rc),
                         l13_pk2.hit ? "parked" : "never parked in the dispatcher"), false;
    return true;
}

/* L14: a thread running in old A alone on cpu 1, whose last switch-out
 * was deeper on its stack, outside A (asleep in l14_deep, whose 6 KiB of
 * locals keep that frame below what A and its interrupts use): its saved
 * frame is stale and unwinds clean to its first function.  The resume
 * path's own calls overwrite that frame's innermost words (its unwind then
 * stops, unreliable, in 2 boots of 5), so the cell copies the frame while
 * the thread sleeps and the thread puts it back, in dead stack, before it
 * enters A.  A check that took a running thread's saved frame would find
 * it outside and switch it inside old A (mutant lp-livepatch-running); it
 * must wait for the thread's own check at the kick (L12: unreliable,
 * inside lpa_undescribed). */
static struct completion l14_go;
static uint32_t l14_frame[256], l14_esp, l14_len;
static volatile uint32_t l14_lo;
static __attribute__((noinline)) void l14_deep(void)
{
    volatile char pad[6144];
    pad[0] = 1;
    l14_lo = (uint32_t)pad;
    wait_for_completion(&l14_go);
    pad[6143] = pad[0];
}

static void l14_main(void *arg)
{
    (void)arg;
    l14_deep();
    if (l14_len)
        kmemcpy((void *)l14_esp, l14_frame, l14_len);   /* below ESP by 6 KiB: dead */
    started = 1;
    ret = lpc_a4(&stop);
}

/* The sleeping thread's switch frame, from its saved ESP up to l14_deep's
 * locals: copied for l14_main to put back. */
static bool l14_copy(struct thread *t, char *why, size_t n)
{
    l14_esp = t->esp;
    l14_len = l14_lo > l14_esp ? l14_lo - l14_esp : 0;
    if (!l14_len || l14_len > sizeof l14_frame)
        return ksnprintf(why, n, "set-up: the switch frame is %u bytes (esp %08x, locals at %08x)",
                         l14_len, l14_esp, l14_lo), l14_len = 0, false;
    kmemcpy(l14_frame, (void *)l14_esp, l14_len);
    return true;
}

static bool cell_l14(char *why, size_t n)
{
    struct gbound b;
    struct thread *t;
    int rc;
    if (ncpu < 2)
        return ksnprintf(why, n, "needs 2 CPUs"), false;
    stop = started = ret = 0;
    l14_len = l14_lo = 0;
    completion_init(&l14_go);
    if (!(t = thread_create("lp-l14", l14_main, NULL, 1u << 1)))
        return ksnprintf(why, n, "no thread"), false;
    if (!ktest_wait_blocked(t, &l14_go.wq, 5000))
        return stop = 1, complete(&l14_go), thread_join(t), ksnprintf(why, n, "the thread never slept in l14_deep"), false;
    if (!l14_copy(t, why, n))
        return stop = 1, complete(&l14_go), thread_join(t), false;
    complete(&l14_go);
    gbound_start(&b, GBOUND_ALL, 2000, 0);
    while (!(started && READ_ONCE(t->on_cpu) && t->cpu == 1) && !gbound_expired(&b))
        thread_sleep_ns(100000);
    rc = lp_enable(&p_a4b, err, sizeof err);
    kprintf("lp-cells:   apply with a thread running in old A on cpu 1, its saved frame stale: %s%s%s\n",
            rc_name(rc), rc ? ": " : "", rc ? err : "");
    stop = 1;
    thread_join(t);
    if (rc > 0 && lp_continue(err, sizeof err))
        return ksnprintf(why, n, "still in transition once the thread left: %s", err), settle(&p_a4b), false;
    settle(&p_a4b);
    if (mixed(ret, why, n, "the thread running in old A"))
        return false;
    return !wrong_rc(rc, expect_held(), why, n, "the patch");
}

/* L15: a thread that runs between livepatch's check of it and its switch.
 * Asleep outside A when the check unwinds it (clean), it is woken from
 * lp_check_hook and parks inside old A (lpc_a_mid) before the check's
 * compare-and-swap; the swap must fail (it ran since its word was read),
 * else it is switched inside old A and runs A v1, then B v2 (mutant
 * lp-livepatch-cas).  Livepatch only: the others do not check stacks so. */
static struct completion l15_go;
static struct park l15_pk;
static volatile int l15_hooked;
static int l15_fn(int x)
{
    (void)x;
    wait_for_completion(&l15_go);
    return lpc_a();
}

static void l15_hook(struct thread *t)
{
    uint32_t i;
    if (t != l15_pk.t || l15_hooked++)
        return;
    complete(&l15_go);
    /* interrupts are off here (the registry lock): no tick moves a gbound,
     * so the bound is this CPU's own work: 1e7 pauses, about 1.5 s under TCG,
     * below the 3 s stall watchdog (12,320 were needed) */
    for (i = 0; i < 10000000 && !(l15_pk.hit && park_eip(&l15_pk) == l15_pk.at); i++)
        pause();
}

static bool cell_l15(char *why, size_t n)
{
    int rc;
    if (lp_model != LP_LIVEPATCH)
        return kprintf("lp-cells:   no stack check of stopped threads under %s\n", lp_model_name(lp_model)), true;
    if (ncpu < 2)
        return ksnprintf(why, n, "needs 2 CPUs"), false;
    completion_init(&l15_go);
    l15_hooked = 0;
    l15_pk = (struct park){ (uint32_t)lpc_a_mid, PARK_PREEMPT, 1, l15_fn, 0, 0, 0, 0, 0, false, NULL };
    park_register();
    if (!(l15_pk.t = thread_create("lp-l15", (void (*)(void *))park_call, &l15_pk, 1u << 1)))
        return ksnprintf(why, n, "no thread"), false;
    if (!ktest_wait_blocked(l15_pk.t, &l15_go.wq, 5000))
        return complete(&l15_go), thread_join(l15_pk.t), ksnprintf(why, n, "the thread never slept"), false;
    lp_check_hook = l15_hook;
    rc = lp_enable(&p_ab, err, sizeof err);
    lp_check_hook = NULL;
    kprintf("lp-cells:   apply, the thread woken between its check and its switch, parked in old A (%s): %s%s%s\n",
            l15_pk.hit ? "it did" : "it did not", rc_name(rc), rc ? ": " : "", rc ? err : "");
    if (!l15_hooked)
        complete(&l15_go);
    park_finish(&l15_pk);
    if (rc > 0 && lp_continue(err, sizeof err))
        return ksnprintf(why, n, "still in transition once the thread left: %s", err), settle(&p_ab), false;
    settle(&p_ab);
    if (mixed(l15_pk.result, why, n, "the thread woken during its check"))
        return false;
    if (!l15_hooked || !l15_pk.hit)
        return ksnprintf(why, n, "set-up: the check %s, the thread %s", l15_hooked ? "ran the hook" :
                         "never ran the hook", l15_pk.hit ? "parked" : "never parked in old A"), false;
    return !wrong_rc(rc, 1, why, n, "the patch");
}

/* L16: a safe point that read the target before a reverse and writes it
 * after.  A thread holds the apply from inside old A, leaves A (B v1: it is
 * unswitched), and stops in lp_safe_point between its read of the target
 * (patched) and its compare-and-swap.  The revert then reverses the
 * transition (every word bumped; the thread, unpatched, is at the new
 * target); from lp_check_hook, during that pass, it goes on and parks in
 * the dispatcher once it chose a version of A; the pass completes.  Its
 * swap must fail: written, the stale universe picks A v2, and B is then v1
 * (mutant lp-safe-point-stale; lptrans.pml's safe-plain variants).  Both
 * stops spin in the #DB handler (PARK_SPIN): the thread stays on cpu 1, so
 * that CPU's idle thread is stopped and switchable, and the pass in which
 * the thread writes its word (visited before: it is the newest) is the last. */
extern char lp_safe_point_read[];
static struct park l16_pkS, l16_pkD;
static volatile int l16_hooked;
static int l16_safe(int x) { (void)x; lp_safe_point(); return 0; }
static int l16_fn(int x)
{
    int r1 = lpc_a();                           /* parks at lpc_a_mid */
    (void)x;
    if ((r1 >> 8) != (r1 & 0xFF))
        return r1;
    l16_pkS.t = l16_pkD.t = thread_current();
    park_call(&l16_pkS);                        /* parks between the read and the swap */
    park_call(&l16_pkD);                        /* through the stub: parks at the decision */
    return l16_pkD.result;
}

static void l16_hook(struct thread *t)
{
    uint32_t i;
    if (t == l16_pkS.t || l16_hooked++)
        return;
    park_release(&l16_pkS);                     /* PARK_SPIN: leaves the handler */
    for (i = 0; i < 10000000 && !(l16_pkD.hit && park_eip(&l16_pkD) == l16_pkD.at); i++)
        pause();                                /* interrupts off: see l15_hook */
}

static bool cell_l16(char *why, size_t n)
{
    struct park pkA = { (uint32_t)lpc_a_mid, PARK_PREEMPT, 1, l16_fn, 0, 0, 0, 0, 0, false, NULL };
    int rc, rc2 = 0, i;
    if (lp_model != LP_LIVEPATCH)
        return kprintf("lp-cells:   L16 is livepatch's (its pass checks stopped threads)\n"), true;
    if (ncpu < 2)
        return ksnprintf(why, n, "needs 2 CPUs"), false;
    l16_hooked = 0;
    l16_pkS = (struct park){ (uint32_t)lp_safe_point_read, PARK_SPIN, 1, l16_safe, 0, 0, 0, 0, 0, false, NULL };
    l16_pkD = (struct park){ (uint32_t)lp_dispatch_decided, PARK_SPIN, 1, call_a, 0, 0, 0, 0, 0, false, NULL };
    if (park_start(&pkA, why, n))
        return false;
    rc = lp_enable(&p_ab, err, sizeof err);     /* held: the thread is inside old A */
    park_release(&pkA);
    for (i = 0; i < 1000 && !(l16_pkS.hit && park_eip(&l16_pkS) == l16_pkS.at) && !pkA.done; i++)
        thread_sleep_ns(1000000);
    if (rc == 1 && l16_pkS.hit && !pkA.done) {
        lp_check_hook = l16_hook;
        rc2 = lp_disable(&p_ab, err, sizeof err);   /* reverses the apply */
        lp_check_hook = NULL;
    }
    kprintf("lp-cells:   apply held in old A: %s; the thread stopped in lp_safe_point (%s); the revert, the thread "
            "let go during its pass (%s): %s%s%s\n", rc_name(rc), l16_pkS.hit ? "after its read" : "never",
            l16_pkD.hit ? "parked in the dispatcher" : "not parked", rc_name(rc2), rc2 ? ": " : "",
            rc2 ? err : "");
    if (!l16_hooked)
        park_release(&l16_pkS);
    park_release(&l16_pkD);
    thread_join(pkA.t);
    if (lp_in_transition() == &p_ab && lp_continue(err, sizeof err))
        return ksnprintf(why, n, "still in transition once the thread left: %s", err), settle(&p_ab), false;
    settle(&p_ab);
    if (mixed(pkA.result, why, n, "the thread whose safe point raced the reverse"))
        return false;
    if (rc != 1 || !l16_hooked || !l16_pkD.hit)
        return ksnprintf(why, n, "set-up: the apply %s, the hook %s, the thread %s", rc_name(rc),
                         l16_hooked ? "ran" : "never ran", l16_pkD.hit ? "parked" : "never parked"), false;
    return true;
}

static const struct { const char *name, *what; bool (*fn)(char *, size_t); } cells[] = {
    { "L1", "a thread inside old A when A and B are patched together", cell_l1 },
    { "L2", "a thread asleep in a callee of old A (A's only frame: a return address)", cell_l2 },
    { "L3", "a thread inside new A when the patch is reverted", cell_l3 },
    { "L4", "a function that is always on a stack", cell_l4 },
    { "L5", "an interrupt calls B on a thread running old A", cell_l5 },
    { "L6", "a kernel thread that never reaches a safe point", cell_l6 },
    { "L7", "probes and patches on one function", cell_l7 },
    { "L8", "L2 with the callee under a return probe (A's frame hidden behind its trampoline)", cell_l8 },
    { "L9", "a call inside the dispatcher across a completion and the next start", cell_l9 },
    { "L10", "an NMI on another CPU in the middle of an entry's write", cell_l10 },
    { "L11", "a CPU-bound thread alone on its CPU, outside every patched function", cell_l11 },
    { "L12", "a thread stopped, or running, in undescribed code above old A", cell_l12 },
    { "L13", "a call parked in the dispatcher once it chose old A", cell_l13 },
    { "L14", "a thread running in old A whose saved frame is stale but unwinds clean", cell_l14 },
    { "L15", "a thread that runs between livepatch's check of it and its switch", cell_l15 },
    { "L16", "a safe point that read the target before a reverse and writes it after", cell_l16 },
    /* A's code outside its symbol (tests/kernel/lp_where.c) */
    { "Lbuf", "a thread preempted in the detour buffer of a probe inside old A", lpw_cell_buf },
    { "Lbuf-new", "a thread preempted in the detour buffer of a probe inside new A (revert)", lpw_cell_buf_new },
    { "Lcold", "a thread asleep in a callee called from old A's .cold part", lpw_cell_cold },
    { "Lcold-new", "a thread asleep in a callee called from new A's .cold part (revert)", lpw_cell_cold_new },
    { "Ltramp", "a thread on the return trampoline's first instruction, returning into old A", lpw_cell_tramp },
    { "Ltramp-new", "a thread on the return trampoline's first instruction, returning into new A (revert)",
      lpw_cell_tramp_new },
};

/* lp_where.c's cells use these steps. */
bool lp_cell_parked(struct lp_patch *p, uint32_t at, int (*fn)(int), char *why, size_t n)
{
    bool ok;
    name_parked = true;
    ok = parked_cell(p, at, fn, why, n);
    name_parked = false;
    return ok;
}
void lp_cell_settle(struct lp_patch *p) { settle(p); }

static bool chosen(const char *name)
{
    const char *p = lp_cell;
    size_t k = kstrlen(name);
    if (!kstrcmp(lp_cell, "all"))
        return true;
    for (; *p; p++)
        if (!kmemcmp(p, name, k) && (p[k] == ',' || !p[k]) && (p == lp_cell || p[-1] == ','))
            return true;
    return false;
}

static int lp_cells_run(char *why, size_t n)
{
    char w[200];
    int i, ran = 0, failed = 0;
    kprintf("lp-cells: model %s\n", lp_model_name(lp_model));
    for (i = 0; i < (int)(sizeof cells / sizeof cells[0]); i++) {
        if (!chosen(cells[i].name))
            continue;
        ran++;
        w[0] = 0;
        kprintf("lp-cells: %s %s\n", cells[i].name, cells[i].what);
        if (cells[i].fn(w, sizeof w)) {
            kprintf("lp-cells: %s %s: PASS\n", cells[i].name, lp_model_name(lp_model));
            continue;
        }
        kprintf("lp-cells: %s %s: FAIL: %s\n", cells[i].name, lp_model_name(lp_model), w);
        if (!failed++)
            ksnprintf(why, n, "lp-cells %s: %s", cells[i].name, w);
    }
    kprintf("lp-cells: %d cells, %d failed\n", ran, failed);
    if (!ran)
        ksnprintf(why, n, "no cell matches lp_cell=%s", lp_cell);
    return failed || !ran;
}
KSCENARIO("lp-cells", lp_cells_run, "live-patch hazard cells L1-L12, Lbuf, Lcold, Ltramp (and -new) under lp_model= (lp_cell= picks)");
