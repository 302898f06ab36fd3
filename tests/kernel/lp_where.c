/* Live-patch cells for code of a function that runs outside its symbol
 * (docs/livepatch.md, issue 39): a thread preempted in the detour buffer of
 * a jump-optimized probe inside A (Lbuf), asleep in a callee called from A's
 * .cold part (Lcold), stopped on the return trampoline's first instruction
 * on its way back into A (Ltramp); in old A when A and B are patched, or in
 * new A when they are reverted (the -new cells).  Run by lp-cells. */
#include "tests/kernel/lp_where.h"
#include "tests/kernel/lp_targets.h"
#include "patch/livepatch.h"
#include "patch/kprobe.h"
#include "patch/kretprobe.h"
#include "patch/djprobe.h"
#include "kernel/ksym.h"
#include "kernel/fmt.h"

static struct lp_func f_buf[] = { LP_FUNC(lpw_buf, lpwn_buf), LP_FUNC(lpc_b, lpcn_b) };
static struct lp_func f_cold[] = { LP_FUNC(lpw_cold, lpwn_cold), LP_FUNC(lpc_b, lpcn_b) };
static struct lp_func f_tramp[] = { LP_FUNC(lpw_tramp, lpwn_tramp), LP_FUNC(lpc_b, lpcn_b) };
static struct lp_patch p_buf = LP_PATCH_INIT("p_buf", f_buf, LP_MODEL_BOOT);
static struct lp_patch p_cold = LP_PATCH_INIT("p_cold", f_cold, LP_MODEL_BOOT);
static struct lp_patch p_tramp = LP_PATCH_INIT("p_tramp", f_tramp, LP_MODEL_BOOT);

static int call_buf(int x) { (void)x; return lpw_buf(); }
static int call_cold(int x) { (void)x; return lpw_cold(); }
static int call_tramp(int x) { (void)x; return lpw_tramp(); }
static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

/* A revert cell: the patch goes on first, with no thread inside. */
static bool patch_on(struct lp_patch *p, char *why, size_t n)
{
    char err[200];
    int rc = lp_enable(p, err, sizeof err);
    if (rc)
        ksnprintf(why, n, "the patch with no thread inside: rc %d (%s)", rc, err);
    return rc == 0;
}

/* Lbuf: a jump-optimized probe on A's region; the thread is preempted in
 * the buffer's copy of it (its saved EIP is in the buffer), then runs the
 * rest of A and calls B. */
static bool optimize(struct kprobe *kp, uint32_t a, char *why, size_t n)
{
    char err[160];
    *kp = (struct kprobe){ .addr = a, .pre_handler = pre_nothing, .flags = KPROBE_OPTIMIZE };
    if (kprobe_register(kp, err, sizeof err))
        return ksnprintf(why, n, "a probe at %08x: %s", a, err), false;
    djprobe_flush();
    if (kprobe_opt_state(kp) == DJ_OPTIMIZED)
        return true;
    ksnprintf(why, n, "the probe at %08x was not optimized: %s", a, kprobe_opt_why(kp));
    kprobe_unregister(kp);
    return false;
}

static bool buf_cell(bool revert, char *why, size_t n)
{
    uint32_t a = revert ? (uint32_t)lpwn_buf + (uint32_t)lpwn_buf_region : (uint32_t)lpw_buf + (uint32_t)lpw_buf_region;
    struct kprobe kp, scrub;
    bool ok = false;
    if (!optimize(&kp, a, why, n))
        return false;
    if (optimize(&scrub, (uint32_t)lpw_scrub + (uint32_t)lpw_scrub_region, why, n)) {
        if (!revert || patch_on(&p_buf, why, n))
            ok = lp_cell_parked(&p_buf, kprobe_opt_copy(&kp), call_buf, why, n);
        kprobe_unregister(&scrub);
    }
    lp_cell_settle(&p_buf);
    kprobe_unregister(&kp);
    return ok;
}

/* Lcold: the thread is parked at lpw_cold_callee's first instruction: its
 * only frame in A is the return address into A's .cold part. */
static bool cold_cell(bool revert, char *why, size_t n)
{
    const char *part = revert ? "lpwn_cold.cold" : "lpw_cold.cold";
    bool ok;
    if (!ksym_by_name(part))
        return ksnprintf(why, n, "no symbol %s: the compiler did not split A", part), false;
    ok = (!revert || patch_on(&p_cold, why, n)) &&
         lp_cell_parked(&p_cold, (uint32_t)lpw_cold_callee, call_cold, why, n);
    lp_cell_settle(&p_cold);
    return ok;
}

/* Ltramp: A's callee is under a return probe; the thread is stopped on the
 * trampoline's first instruction: its `ret` consumed the slot that held the
 * return address into A and the interrupt frame overwrote it, so that
 * address is only in the thread's pending instance. */
static bool tramp_cell(bool revert, char *why, size_t n)
{
    struct kretprobe rp = { .kp = { .symbol = "lpw_callee" } };
    bool ok;
    if (kretprobe_register(&rp, why, n))
        return false;
    ok = (!revert || patch_on(&p_tramp, why, n)) &&
         lp_cell_parked(&p_tramp, (uint32_t)kretprobe_trampoline, call_tramp, why, n);
    kretprobe_unregister(&rp);
    lp_cell_settle(&p_tramp);
    return ok;
}

bool lpw_cell_buf(char *why, size_t n) { return buf_cell(false, why, n); }
bool lpw_cell_buf_new(char *why, size_t n) { return buf_cell(true, why, n); }
bool lpw_cell_cold(char *why, size_t n) { return cold_cell(false, why, n); }
bool lpw_cell_cold_new(char *why, size_t n) { return cold_cell(true, why, n); }
bool lpw_cell_tramp(char *why, size_t n) { return tramp_cell(false, why, n); }
bool lpw_cell_tramp_new(char *why, size_t n) { return tramp_cell(true, why, n); }
