/* Ground truth for the exact unwinder (kernel/unwind.c): the chain of
 * tests/kernel/unwind_chain.S runs single-stepped; at every instruction a
 * shadow stack kept from the calls and returns the CPU actually executed
 * must equal the unwind, frame for frame, from the trap frame and from the
 * #DB handler itself (through the trap entry), and the walk must reach the
 * bottom of the stack.  The old frame-pointer walk is held to the same check
 * (and must fail it somewhere: the check can fail). */
#include "kernel/fmt.h"
#include "kernel/ktest.h"
#include "kernel/unwind.h"
#include "kernel/trap.h"
#include "kernel/thread.h"
#include "kernel/x86.h"
#include "kernel/console.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "patch/insn/insn.h"
#include "tests/kernel/hazard_park.h"
#include "kernel/cpu.h"

#define UW_SHADOW 16
#define UW_WALK 64
#define UW_SEEN 256

int uw_drive(int x);
int uw_asm_frame(int a, int b);
int uw_asm_noframe(int x);
int uw_asm_tail(int x);
extern char uw_drive_ret[];

volatile int uw_slow, uw_leaf_x;     /* uw_leaf_x: set by uw_asm_tail */

__attribute__((noinline)) int uw_c_helper(int x, int y, int z)
{
    return x * 5 + y - z;
}

/* gcc shrink-wraps this: the fast path has no frame at all, and the slow
 * one schedules other instructions between push %ebp and mov %esp,%ebp. */
__attribute__((noinline)) int uw_c_leaf(void)
{
    if (!uw_slow)
        return 41;
    return uw_c_helper(uw_leaf_x, 1, 0) * 3;
}

/* A variable stack adjustment (a VLA sized by n). */
__attribute__((noinline)) int uw_c_vla(int x, int n)
{
    volatile char buf[n + 4];
    int i, s = 0;
    for (i = 0; i < n + 4; i++)
        buf[i] = (char)(x + i);
    for (i = 0; i < n + 4; i++)
        s += buf[i];
    return uw_asm_tail(x + (s & 1));
}

__attribute__((noinline)) int uw_c_top(int x)
{
    int r = uw_asm_frame(x, 2);
    return r ^ 0x5a;
}

static int uw_model(int x)
{
    int n = (x + 2) & 7, s = 0, i, y, leaf;
    for (i = 0; i < n + 4; i++)
        s += (char)(x + 2 + i);
    y = x + 2 + (s & 1) + 3;
    leaf = uw_slow ? (y * 5 + 1) * 3 : 41;
    return (leaf * 2 + 1) ^ 0x5a;
}

struct uw_gt {
    volatile bool on;
    struct thread *t;
    uint32_t shadow[UW_SHADOW];      /* return addresses, [0] the oldest */
    int depth;
    uint32_t prev;                   /* EIP of the previous step */
    int steps, bad[3];               /* [0] exact from tf, [1] exact from handler, [2] fp */
    uint32_t seen[UW_SEEN];          /* distinct instruction boundaries stopped at */
    int nseen;
    uint32_t bad_eip[3];
    const char *why[3];
};
static struct uw_gt gt;

/* Compare ras[0..n) (newest first, after the stopped frame) with the shadow stack. */
static const char *uw_match(const uint32_t *ras, int n)
{
    int i;
    if (n < gt.depth)
        return "fewer return addresses than the shadow stack";
    for (i = 0; i < gt.depth; i++)
        if (ras[i] != gt.shadow[gt.depth - 1 - i])
            return "a return address differs from the shadow stack";
    return NULL;
}

/* Exact unwind from r: the return addresses after the first frame, or why it failed. */
static const char *uw_exact(const struct unwind_regs *r, struct trapframe *tf, uint32_t *ras, int *n)
{
    struct unwind_state s;
    bool through = tf == NULL;
    int e;
    unwind_begin(&s, r, gt.t->stack_lo, gt.t->stack_hi);
    *n = 0;
    while ((e = unwind_next(&s)) > 0) {
        if (!through) {              /* from the handler: up to the trap frame first */
            if (s.exact && s.pc == tf->eip && s.sp == (uint32_t)(tf + 1) && s.bp == tf->ebp)
                through = true;
            continue;
        }
        if (*n < UW_WALK)
            ras[(*n)++] = s.pc;
    }
    if (!through)
        return "the walk from the handler never reached the trap frame";
    return e == UNWIND_END ? NULL : unwind_strerror(e);
}

static void uw_bad(int k, uint32_t eip, const char *why)
{
    if (!gt.bad[k]++) {
        gt.bad_eip[k] = eip;
        gt.why[k] = why;
    }
}

static void uw_check(struct trapframe *tf)
{
    struct unwind_regs r = { tf->eip, (uint32_t)(tf + 1), tf->ebp };
    uint32_t ras[UW_WALK], slot[UW_WALK];
    const char *why;
    int n, i;
    if ((why = uw_exact(&r, NULL, ras, &n)) || (why = uw_match(ras, n)))
        uw_bad(0, tf->eip, why);
    unwind_regs(&r);
    if ((why = uw_exact(&r, tf, ras, &n)) || (why = uw_match(ras, n)))
        uw_bad(1, tf->eip, why);
    n = unwind_fp(tf->ebp, gt.t->stack_lo, gt.t->stack_hi, slot, UW_WALK);
    for (i = 0; i < n; i++)
        ras[i] = *(uint32_t *)slot[i];
    if ((why = uw_match(ras, n)))
        uw_bad(2, tf->eip, why);
}

/* What the previous step executed: a call pushes its return address, a ret pops. */
static void uw_follow(uint32_t prev)
{
    struct insn in;
    if (insn_decode(&in, (const uint8_t *)prev, 16) != INSN_OK)
        return;
    if ((in.flags & (INSN_F_CALL | INSN_F_ICALL)) && gt.depth < UW_SHADOW)
        gt.shadow[gt.depth++] = prev + in.len;
    else if ((in.flags & INSN_F_RET) && gt.depth > 0)
        gt.depth--;
}

/* The first stop at each boundary, per path, with its shadow stack (newest
 * first): the ground truth the parked check compares with. */
struct uw_rec { uint32_t eip; int slow, depth; uint32_t ras[UW_SHADOW]; };
static struct uw_rec recs[UW_SEEN];
static int nrec;

static void uw_seen(uint32_t eip)
{
    int i;
    for (i = 0; i < gt.nseen && gt.seen[i] != eip; i++)
        ;
    if (i == gt.nseen && gt.nseen < UW_SEEN)
        gt.seen[gt.nseen++] = eip;
    for (i = 0; i < nrec && (recs[i].eip != eip || recs[i].slow != uw_slow); i++)
        ;
    if (i == nrec && nrec < UW_SEEN) {
        recs[nrec].eip = eip;
        recs[nrec].slow = uw_slow;
        recs[nrec].depth = gt.depth;
        for (i = 0; i < gt.depth; i++)
            recs[nrec].ras[i] = gt.shadow[gt.depth - 1 - i];
        nrec++;
    }
}

static bool uw_db(struct trapframe *tf)
{
    if (!gt.on || thread_current() != gt.t || !(tf->eflags & EFLAGS_TF) || !(tf->err & DR6_BS))
        return false;                    /* tf->err: DR6 as trap() read it (kernel/dr6.c) */
    if (gt.prev)
        uw_follow(gt.prev);
    gt.prev = tf->eip;
    if (tf->eip == (uint32_t)uw_drive_ret) {
        tf->eflags &= ~EFLAGS_TF;
        gt.on = false;
        return true;
    }
    gt.steps++;
    uw_seen(tf->eip);
    uw_check(tf);
    return true;
}

static void uw_run(int x, int slow, struct ktest_ctx *ktest_ctx)
{
    static bool registered;
    int r;
    if (!registered) {
        trap_register(T_DB, uw_db);
        registered = true;
    }
    uw_slow = slow;
    gt.t = thread_current();
    gt.shadow[0] = (uint32_t)uw_drive_ret;
    gt.depth = 1;
    gt.prev = 0;
    gt.on = true;
    r = uw_drive(x);
    KEXPECT(!gt.on);
    KEXPECT_EQ(r, uw_model(x));
    KEXPECT_EQ(gt.depth, 0);
}

static void uw_record(struct ktest_ctx *ktest_ctx)
{
    kmemset(&gt, 0, sizeof gt);
    nrec = 0;
    uw_run(1, 1, ktest_ctx);                /* uw_c_leaf's framed path */
    uw_run(2, 0, ktest_ctx);                /* its frameless fast path */
}

KTEST(unwind_ground_truth)
{
    int k;
    static const char *const what[3] = { "exact from the trap frame", "exact from the #DB handler",
                                         "frame pointers (old walk)" };
    uw_record(ktest_ctx);
    KEXPECT(gt.steps > 100);
    kprintf("# unwind: %d stops at %d distinct instruction boundaries of the chain's 7 functions\n",
            gt.steps, gt.nseen);
    for (k = 0; k < 3; k++) {
        char sym[64] = "";
        if (gt.bad[k])
            ksym_format(gt.bad_eip[k], sym, sizeof sym);
        kprintf("# unwind: %s: %d of %d stops wrong%s%s%s%s\n", what[k], gt.bad[k], gt.steps,
                gt.bad[k] ? ", first at " : "", sym, gt.bad[k] ? ": " : "", gt.bad[k] ? gt.why[k] : "");
    }
    KEXPECT_EQ(gt.bad[0], 0);
    KEXPECT_EQ(gt.bad[1], 0);
    KEXPECT(gt.bad[2] > 0);                 /* the check can fail: the old walk is caught */
}

/* The same ground truth for threads switched out: a thread is parked
 * (preempted by a debug-register breakpoint, tests/kernel/hazard_park.c) at
 * each boundary the stepped run stopped at, and another thread unwinds it
 * from its saved context through the scheduler and the trap frame: the
 * interrupted EIP, then the recorded return addresses (all but the stepped
 * run's own driver), and a walk that reaches the bottom of the stack. */
static char uw_why[96];

static int uw_parked_one(const struct uw_rec *rc)
{
    struct park pk = { rc->eip, PARK_PREEMPT, ncpu > 1 ? 1 : 0, uw_c_top, 1 };
    struct unwind_regs r;
    struct unwind_state u;
    char why[96];
    int e, k = -1, bad = 0;
    uw_slow = rc->slow;
    if (park_start(&pk, why, sizeof why))
        return 1;
    unwind_switched(&r, pk.t);
    unwind_begin(&u, &r, pk.t->stack_lo, pk.t->stack_hi);
    while ((e = unwind_next(&u)) > 0) {
        if (k < 0 && u.exact && u.pc == rc->eip)
            k = 0;                       /* the interrupted frame: the chain follows */
        else if (k >= 0 && k < rc->depth - 1)
            bad |= u.pc != rc->ras[k++];
    }
    park_finish(&pk);
    ksnprintf(uw_why, sizeof uw_why, "%s%s%s%s", bad ? " a return address differs;" : "",
              k != rc->depth - 1 ? " the chain is cut short;" : "", e != UNWIND_END ? " the walk stopped early;" : "",
              pk.result != uw_model(1) ? " the parked thread's result is wrong;" : "");
    return bad || k != rc->depth - 1 || e != UNWIND_END || pk.result != uw_model(1);
}

KTEST(unwind_ground_truth_parked)
{
    int i, bad = 0;
    char sym[64];
    uw_record(ktest_ctx);
    KASSERT(nrec > 100);
    for (i = 0; i < nrec; i++)
        if (uw_parked_one(&recs[i]) && !bad++) {
            ksym_format(recs[i].eip, sym, sizeof sym);
            kprintf("# unwind: parked at %s (path %d): the unwind differs from the ground truth:%s\n",
                    sym, recs[i].slow, uw_why);
        }
    kprintf("# unwind: threads parked at %d boundaries (both paths), %d unwound wrong\n", nrec, bad);
    KEXPECT_EQ(bad, 0);
}
