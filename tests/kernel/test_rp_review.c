/* Review cells for return probes (rev-rp): the promises of docs/retprobes.md
 * a doubter tries first.  A split part (gcc's X.cold) is not a function's
 * entry; a word scan of a thread stopped on the trampoline's first
 * instruction must find its real return address even with a left frame's
 * instance listed just below it, and a live slot shaped like such a frame
 * must still give its own.  A user return probe's entry whose stack word
 * cannot be replaced (docs: "that path cannot be reached") refuses the
 * instance and lets the process go on. */
#include "kernel/ktest.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/ksym.h"
#include "kernel/thread.h"
#include "kernel/unwind.h"
#include "kernel/gdt.h"
#include "kernel/cpu.h"
#include "kernel/fmt.h"
#include "kernel/console.h"
#include "patch/kretprobe.h"
#include "patch/kprobe.h"
#include "patch/uprobe.h"
#include "patch/djprobe.h"
#include "patch/insn/insn.h"
#include "kernel/proc.h"
#include "kernel/uspace.h"
#include "tests/kernel/hazard_park.h"
#include "tests/kernel/lp_where.h"

#define NOIPA __attribute__((noipa))
int rpr_outer(void), rpr_cs_caller(void), rpr_split(int x);   /* rpr_targets.S */
int rpt_add(int a, int b), rpt_call_add(int a, int b), rpt_tail(int a, int b);   /* test_kretprobe.c */
NOIPA int rpr_call_tail(int a, int b);
int rpb_f(int x);                                                       /* bench_targets.S */

static bool has(const char *s, const char *w)
{
    size_t n = kstrlen(w);
    for (; *s; s++)
        if (!kmemcmp(s, w, n))
            return true;
    return false;
}

static bool in_fn(uint32_t a, void *fn)
{
    const struct ksym *k = ksym_lookup(a);
    return k && k->addr == (uint32_t)fn;
}

/* ---- a split part is not an entry --------------------------------------- */
/* lpw_cold.cold is entered by a jump from lpw_cold's body, where the word at
 * ESP is a local of lpw_cold's frame, not a return address.  Taken, the
 * entry writes the trampoline's address over that word, and the instance
 * is never returned through (its handler never runs; the pool is held
 * until the thread exits). */
static volatile int cold_nentry, cold_nreturn;
static void cold_main(void *arg)
{
    struct kretprobe *rp = arg;
    lpw_cold();
    cold_nentry = (int)rp->nentry;
    cold_nreturn = (int)rp->nreturn;
}

KTEST(review_kretprobe_refuses_a_split_part)
{
    static const int kinds[2] = { KRETPROBE_STACK, KRETPROBE_RET_SITES };
    const struct ksym *part = ksym_by_name("lpw_cold.cold");
    uint8_t before[16];
    uint32_t used;
    int i, r, n = kprobe_count();
    KASSERT(part && part->addr);
    kmemcpy(before, (void *)part->addr, sizeof before);
    for (i = 0; i < 2; i++) {
        struct kretprobe rp = { .kp = { .symbol = "lpw_cold.cold" }, .kind = kinds[i] };
        char err[200] = "";
        used = kheap_used();
        r = kretprobe_register(&rp, err, sizeof err);
        KEXPECT_EQ(r, -1);
        KEXPECT(has(err, "lpw_cold") && (i == 1 || has(err, "not a function's entry")));
        if (r == 0) {                  /* taken: what it does */
            cold_nentry = cold_nreturn = -1;
            thread_join(thread_create("rpr-cold", cold_main, &rp, CPUMASK_ALL));
            if (cold_nentry != cold_nreturn)
                ktest_fail(ktest_ctx, __FILE__, __LINE__, "kind %d: lpw_cold.cold taken: %d entries, %d returns",
                           kinds[i], cold_nentry, cold_nreturn);
            kretprobe_unregister(&rp);
            continue;
        }
        KEXPECT_EQ(kheap_used(), used);
        KEXPECT(rp.pool == NULL && rp.sites == NULL);
    }
    KEXPECT_EQ(kprobe_count(), n);
    KEXPECT_MEMEQ(before, (void *)part->addr, sizeof before);
}

/* ---- a left frame's instance just below a popped slot -------------------- */
/* rpr_outer's return is stopped on the trampoline's first instruction (off
 * its CPU): its `ret` popped slot S and the interrupt frame that stopped it
 * put its EIP (the trampoline's address) at S - 8, its CS at S - 4 and its
 * EFLAGS at S.  rpr_leave's instance, left at S - 8, is still listed (it is
 * dropped only when the trampoline's handler runs).  A word scan (djprobe's
 * int3-stackscan, ksplice, the shell's park) must see the real return
 * address, into rpr_call_outer, at the frame's EIP: the docs' promise for a
 * thread stopped there. */
NOIPA static int rpr_call_outer(int x)
{
    int r = rpr_outer();
    __asm__ volatile("" : "+r"(r));
    return r + x;
}

KTEST(review_kretprobe_word_scan_at_the_trampoline_entry_over_a_left_frame)
{
    struct kretprobe ro = { .kp = { .symbol = "rpr_outer" } };
    struct kretprobe rl = { .kp = { .symbol = "rpr_leave" } };
    struct kretprobe_stats s0 = kretprobe_stats;
    struct unwind_regs ur;
    struct unwind_state u;
    struct park pk;
    char why[200] = "";
    uint32_t a, v, eip_word, seen = 0, stale = 0, after = 0;
    int e, at = -1, k = 0;
    KASSERT(!kretprobe_register(&ro, why, sizeof why));
    if (kretprobe_register(&rl, why, sizeof why)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "kretprobe_register: %s", why);
        kretprobe_unregister(&ro);
        return;
    }
    pk = (struct park){ (uint32_t)kretprobe_trampoline, PARK_PREEMPT, ncpu > 1 ? 1 : 0, rpr_call_outer, 5, 0, 0, 0,
                        0, false, NULL };
    if (park_start(&pk, why, sizeof why)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "park_start: %s", why);
        kretprobe_unregister(&rl);
        kretprobe_unregister(&ro);
        return;
    }
    KEXPECT_EQ(rl.nentry, 1);
    eip_word = (uint32_t)&pk.t->tf->eip;         /* S - 8: the trampoline's address */
    KEXPECT_EQ(pk.t->tf->eip, (uint32_t)kretprobe_trampoline);
    v = kretprobe_recover(eip_word, pk.t->tf->eip);
    KEXPECT(in_fn(v, rpr_call_outer));
    if (!in_fn(v, rpr_call_outer)) {
        char sym[96];
        ksym_format(v, sym, sizeof sym);
        kprintf("review: the frame's EIP at %08x recovers to %08x %s\n", eip_word, v, sym);
    }
    for (a = pk.t->esp; a + 4 <= pk.t->stack_hi; a += 4) {   /* the whole word scan */
        v = kretprobe_recover(a, *(uint32_t *)a);
        seen += in_fn(v, rpr_call_outer);
        stale += in_fn(v, rpr_outer);
    }
    KEXPECT(seen >= 1);
    KEXPECT_EQ(stale, 0);                        /* a left frame is no return address */
    unwind_switched(&ur, pk.t);                  /* the exact unwind, for comparison */
    unwind_begin(&u, &ur, pk.t->stack_lo, pk.t->stack_hi);
    do {
        if (at >= 0 && k == at + 1)
            after = u.exact ? u.pc : u.pc - 1;
        if (u.pc == (uint32_t)kretprobe_trampoline && u.exact)
            at = k;
        k++;
    } while ((e = unwind_next(&u)) == 1);
    KEXPECT_EQ(e, UNWIND_END);
    KEXPECT(in_fn(after, rpr_call_outer));
    park_finish(&pk);
    KEXPECT_EQ(pk.result, 12);
    KEXPECT_EQ(ro.nreturn, 1);
    KEXPECT_EQ(rl.nreturn, 0);
    KEXPECT_EQ(kretprobe_stats.abandoned - s0.abandoned, 1);
    kretprobe_unregister(&rl);
    kretprobe_unregister(&ro);
    KEXPECT_EQ(kretprobe_stats.pending_at_unregister - s0.pending_at_unregister, 0);
}

/* ---- a live slot shaped like an interrupt frame -------------------------- */
/* A thread blocked in rpr_cs_block, called by rpr_cs_caller with 8 pushed
 * above the return slot X; both under return probes: X holds the
 * trampoline's address, X + 4 the kernel's CS, X + 8 the trampoline's again
 * (rpr_cs_caller's slot, live).  The word scan must give X rpr_cs_block's
 * return address (into rpr_cs_caller), not rpr_cs_caller's (listed at
 * X + 8): the shape alone does not make an interrupt frame. */
static struct waitq cs_wq = WAITQ_INIT("rpr-cs");
static volatile int cs_go, cs_ret;
static bool cs_left(void *arg) { (void)arg; return cs_go; }
NOIPA int rpr_cs_block(int sel)
{
    waitq_wait(&cs_wq, cs_left, NULL);
    __asm__ volatile("" : "+r"(sel));
    return sel;
}
NOIPA static void cs_main(void *arg) { (void)arg; cs_ret = rpr_cs_caller(); __asm__ volatile(""); }

KTEST(review_kretprobe_word_scan_of_a_live_slot_shaped_like_a_frame)
{
    struct kretprobe rc = { .kp = { .symbol = "rpr_cs_caller" } };
    struct kretprobe rb = { .kp = { .symbol = "rpr_cs_block" } };
    char why[200] = "";
    struct thread *t;
    uint32_t a, *w, x = 0, v = 0;
    cs_go = cs_ret = 0;
    KASSERT(!kretprobe_register(&rc, why, sizeof why));
    if (kretprobe_register(&rb, why, sizeof why)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "kretprobe_register: %s", why);
        kretprobe_unregister(&rc);
        return;
    }
    t = thread_create("rpr-cs", cs_main, NULL, CPUMASK_ALL);
    KASSERT(t);
    if (ktest_wait_blocked(t, &cs_wq, 2000)) {
        for (a = t->esp; a + 12 <= t->stack_hi; a += 4) {   /* X: the lowest word of the shape */
            w = (uint32_t *)a;
            if (w[0] == (uint32_t)kretprobe_trampoline && w[1] == SEL_KCODE &&
                w[2] == (uint32_t)kretprobe_trampoline) {
                x = a;
                break;
            }
        }
        KEXPECT(x != 0);
        if (x)
            v = kretprobe_recover(x, *(uint32_t *)x);
        KEXPECT(in_fn(v, rpr_cs_caller));
        KEXPECT(x && in_fn(kretprobe_recover(x + 8, *(uint32_t *)(x + 8)), cs_main));
    } else {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "rpr-cs never blocked in rpr_cs_block");
    }
    cs_go = 1;
    waitq_wake(&cs_wq, 1);
    thread_join(t);
    KEXPECT_EQ(cs_ret, 9);
    KEXPECT_EQ(rb.nreturn, 1);
    KEXPECT_EQ(rc.nreturn, 1);
    kretprobe_unregister(&rb);
    kretprobe_unregister(&rc);
}

/* ---- a user return probe over a read-only stack word --------------------- */
/* user/uret.c main(2000006) jumps to uret_ro with ESP on a frame in its
 * .rodata (read-only): the entry reads the return address and cannot write
 * the trampoline's over it.  The docs say this refuses the instance
 * (nrefused) and the process goes on; they also say no test reaches it. */
static volatile int ro_nret;
static void ro_ret(struct uretprobe *r, struct trapframe *tf, struct proc *p) { (void)r, (void)tf, (void)p; ro_nret++; }

KTEST(review_uretprobe_entry_over_a_read_only_stack_word)
{
    struct uretprobe r = { .u = { .prog = "uret", .symbol = "uret_ro" }, .handler = ro_ret, .maxactive = 4 };
    struct uretprobe_stats s0 = uretprobe_stats;
    uint32_t kills = uspace_nkills;
    char err[200] = "";
    struct proc *p;
    ro_nret = 0;
    if (uretprobe_register(&r, err, sizeof err)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "uretprobe_register: %s", err);
        return;
    }
    p = proc_spawn("uret", 2000006, NULL, false, CPUMASK_ALL, err, sizeof err);
    KASSERT(p);
    KEXPECT_EQ(proc_wait(p), 0);                 /* uret_ro(41) came back 42 */
    KEXPECT_EQ(uspace_nkills - kills, 0);
    KEXPECT_EQ(r.nrefused, 1);
    KEXPECT_EQ(r.nentry, 0);
    KEXPECT_EQ(r.nreturn, 0);
    KEXPECT_EQ(ro_nret, 0);
    KEXPECT_EQ(uretprobe_stats.no_instance - s0.no_instance, 0);
    KEXPECT_EQ(uretprobe_stats.exited - s0.exited, 0);   /* nothing left listed */
    uretprobe_unregister(&r);
    KEXPECT_EQ(uretprobe_stats.pending_at_unregister - s0.pending_at_unregister, 0);
}

/* ---- bad input: a kind that is neither ----------------------------------- */
/* kind is KRETPROBE_STACK or KRETPROBE_RET_SITES (patch/kretprobe.h): any
 * other value must be refused with why, nothing allocated, the text as it
 * was; today it is taken for the stack kind. */
KTEST(review_kretprobe_refuses_an_unknown_kind)
{
    static const int kinds[2] = { 2, -1 };
    uint8_t before[16];
    uint32_t used = kheap_used();
    int i, r, n = kprobe_count();
    kmemcpy(before, (void *)rpr_outer, sizeof before);
    for (i = 0; i < 2; i++) {
        struct kretprobe rp = { .kp = { .symbol = "rpr_outer" }, .kind = kinds[i] };
        char err[200] = "";
        r = kretprobe_register(&rp, err, sizeof err);
        KEXPECT_EQ(r, -1);
        KEXPECT(has(err, "kind"));
        if (r == 0)
            kretprobe_unregister(&rp);
        KEXPECT(rp.pool == NULL && rp.sites == NULL);
    }
    KEXPECT_EQ(kprobe_count(), n);
    KEXPECT_EQ(kheap_used(), used);
    KEXPECT_MEMEQ(before, (void *)rpr_outer, sizeof before);
}

/* The same for a user program: uedge's main.cold (gcc's split part of main,
 * an STT_FUNC symbol of its own, entered by a jump from main's body: the
 * word at ESP there is one of main's). */
KTEST(review_uretprobe_refuses_a_split_part)
{
    struct uretprobe r = { .u = { .prog = "uedge", .symbol = "main.cold" } };
    uint32_t used = kheap_used();
    char err[200] = "";
    int rc, n = uprobe_count();
    rc = uretprobe_register(&r, err, sizeof err);
    KEXPECT_EQ(rc, -1);
    KEXPECT(has(err, "main.cold") && has(err, "not a function's entry"));
    if (rc == 0)
        uretprobe_unregister(&r);
    KEXPECT(r.pool == NULL);
    KEXPECT_EQ(uprobe_count(), n);
    KEXPECT_EQ(kheap_used(), used);
}

/* ---- ret sites: a ret in the function's split part ------------------------ */
/* KRETPROBE_RET_SITES puts a probe on every ret of the function; its misses
 * (docs): a return by a tail call.  rpr_split returns from its split part
 * rpr_split.cold when x != 0: those returns are the function's too. */
KTEST(review_kretprobe_ret_sites_see_a_return_from_a_split_part)
{
    struct kretprobe rp = { .kp = { .symbol = "rpr_split" }, .kind = KRETPROBE_RET_SITES };
    char err[200] = "";
    int i, bad = 0;
    KASSERT(ksym_part_owner((uint32_t)ksym_by_name("rpr_split.cold")->addr) == (uint32_t)rpr_split);
    if (kretprobe_register(&rp, err, sizeof err)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "kretprobe_register: %s", err);
        return;
    }
    for (i = 0; i < 10; i++)
        bad += rpr_split(i & 1) != ((i & 1) ? 3 : 4);
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(rp.nentry, 10);
    KEXPECT_EQ(rp.nreturn, 10);
    kretprobe_unregister(&rp);
}

/* ---- a handler that unwinds its own stack ---------------------------------- */
/* A return handler is a stack reader too (Linux's handlers call dump_stack):
 * its exact unwind goes through kretprobe_tramp_handler and the trampoline
 * to the real caller and on to the stack's end, for each of two probes on
 * rpt_add and for a tail call from rpt_tail into rpt_add (an instance that
 * saved the trampoline's address on the slot, the handler running first). */
static volatile int hu_n, hu_bad;
static void *volatile hu_want;
static void unwind_in_handler(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf)
{
    struct unwind_regs r;
    struct unwind_state u;
    bool caller = false, tramp_exact = false;
    int e;
    (void)rp, (void)ri, (void)tf;
    unwind_regs(&r);
    unwind_begin(&u, &r, thread_current()->stack_lo, thread_current()->stack_hi);
    while ((e = unwind_next(&u)) == 1) {
        caller |= in_fn(u.exact ? u.pc : u.pc - 1, hu_want);
        tramp_exact |= !u.exact && in_fn(u.pc - 1, kretprobe_trampoline) && u.pc - 1 == (uint32_t)kretprobe_trampoline;
    }
    hu_n++;
    if (e != UNWIND_END || !caller || tramp_exact) {
        if (hu_bad++ < 3)
            kprintf("review: a handler's unwind: %s, caller %s seen: %d\n", unwind_strerror(e),
                    hu_want == rpt_call_add ? "rpt_call_add" : "rpr_call_tail", caller);
    }
}

NOIPA int rpr_call_tail(int a, int b) { int r = rpt_tail(a, b); __asm__ volatile("" : "+r"(r)); return r; }

KTEST(review_kretprobe_handler_unwinds_its_own_stack)
{
    struct kretprobe a = { .kp = { .symbol = "rpt_add" }, .handler = unwind_in_handler };
    struct kretprobe b = { .kp = { .symbol = "rpt_add", .flags = KPROBE_OPTIMIZE }, .handler = unwind_in_handler };
    struct kretprobe t = { .kp = { .symbol = "rpt_tail" }, .handler = unwind_in_handler };
    char err[200] = "";
    hu_n = hu_bad = 0;
    hu_want = rpt_call_add;
    KASSERT(!kretprobe_register(&a, err, sizeof err));
    KASSERT(!kretprobe_register(&b, err, sizeof err));
    KEXPECT_EQ(rpt_call_add(2, 3), 5);
    KEXPECT_EQ(hu_n, 2);
    kretprobe_unregister(&b);
    hu_want = rpr_call_tail;
    KASSERT(!kretprobe_register(&t, err, sizeof err));
    KEXPECT_EQ(rpr_call_tail(4, 5), 9);
    KEXPECT_EQ(hu_n, 4);
    KEXPECT_EQ(hu_bad, 0);
    kretprobe_unregister(&t);
    kretprobe_unregister(&a);
}

/* ---- the return value changed, each kind and entry ------------------------ */
/* docs/retprobes.md, the API: "handler (on return: tf->eax is the return
 * value, and a change to it is returned ...)".  rpb_f(x) = 5x + 1; a
 * handler adding 1000: the stack kind (int3 and optimized entry) and ret
 * sites (an int3 on the ret; jump-optimized on the epilogue). */
static void add_1000(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)rp, (void)ri;
    tf->eax += 1000;
}

KTEST(review_kretprobe_handler_changes_the_return_value_every_kind)
{
    static const int kinds[2] = { KRETPROBE_STACK, KRETPROBE_RET_SITES };
    int k, o, i, bad;
    for (k = 0; k < 2; k++)
        for (o = 0; o < 2; o++) {
            struct kretprobe rp = { .kp = { .symbol = "rpb_f", .flags = o ? KPROBE_OPTIMIZE : 0 },
                                    .handler = add_1000, .kind = kinds[k] };
            char err[200] = "";
            if (kretprobe_register(&rp, err, sizeof err)) {
                ktest_fail(ktest_ctx, __FILE__, __LINE__, "kretprobe_register: %s", err);
                continue;
            }
            djprobe_flush();
            if (k && o)
                KEXPECT_EQ(kprobe_opt_state(&rp.sites[0].kp), DJ_OPTIMIZED);
            for (bad = 0, i = 0; i < 10; i++)
                bad += rpb_f(i) != i * 5 + 1 + 1000;
            if (bad)
                ktest_fail(ktest_ctx, __FILE__, __LINE__, "kind %d, flags %#x: %d of 10 returns not changed",
                           kinds[k], rp.kp.flags, bad);
            KEXPECT_EQ(rp.nreturn, 10);
            kretprobe_unregister(&rp);
            KEXPECT_EQ(rpb_f(2), 11);
        }
}

/* ---- a thread stopped at each instruction of the trampoline --------------- */
/* A worker on cpu 1 is stopped by a debug-register breakpoint at each
 * instruction of kretprobe_trampoline in turn (PARK_SPIN: its CPU spins in
 * the #DB handler over it, so its stack stays as it is), on its way back
 * from rpt_add into rpt_call_add: one return probe, two (the first pass:
 * an instance that saved the trampoline's address over the real one's),
 * and a tail call from rpt_tail into rpt_add.  From cpu 0: the exact unwind
 * from the interrupted instruction (its #DB frame, found on the worker's
 * stack) passes the trampoline to the real caller and reaches the stack's
 * end; a word scan of the stack finds that caller's return address. */
static int tw_case;
static int tw_call(int x)
{
    return tw_case == 2 ? rpr_call_tail(x, 3) : rpt_call_add(x, 3);
}

/* The worker's #DB frame at at: its trapframe, or NULL. */
static struct trapframe *db_frame(struct thread *t, uint32_t at)
{
    uint32_t a;
    for (a = t->stack_lo; a + sizeof(struct trapframe) <= t->stack_hi; a += 4) {
        struct trapframe *tf = (struct trapframe *)a;
        if (tf->eip == at && tf->cs == SEL_KCODE && tf->trapno == T_DB)
            return tf;
    }
    return NULL;
}

/* 0, or a line of what went wrong. */
static const char *tramp_readers(struct park *pk, void *caller, char *buf, size_t n)
{
    struct trapframe *tf = db_frame(pk->t, pk->at);
    struct unwind_regs r;
    struct unwind_state u;
    uint32_t a, found = 0, after = 0;
    int e, k = 0, at = -1;
    if (!tf)
        return "no #DB frame on the worker's stack";
    r.pc = pk->at;
    r.sp = (uint32_t)(&tf->eflags + 1);
    r.bp = tf->ebp;
    unwind_begin(&u, &r, pk->t->stack_lo, pk->t->stack_hi);
    do {
        if (at >= 0 && k == at + 1)
            after = u.exact ? u.pc : u.pc - 1;
        if (in_fn(u.pc, kretprobe_trampoline) && k == 0)
            at = k;
        k++;
    } while ((e = unwind_next(&u)) == 1);
    if (e != UNWIND_END)
        return ksnprintf(buf, n, "the unwind stopped at %08x: %s", u.pc, unwind_strerror(e)), buf;
    if (!in_fn(after, caller))
        return ksnprintf(buf, n, "the frame after the trampoline is at %08x", after), buf;
    for (a = (uint32_t)tf; a + 4 <= pk->t->stack_hi; a += 4)
        found += in_fn(kretprobe_recover(a, *(uint32_t *)a), caller);
    if (!found)
        return "no stack word recovers to the caller";
    return NULL;
}

KTEST(review_kretprobe_readers_at_each_trampoline_instruction)
{
    const struct ksym *k = ksym_by_name("kretprobe_trampoline");
    struct insn in;
    char why[200], line[120];
    const char *bad;
    uint32_t a;
    int nbad = 0, nat = 0;
    if (ncpu < 2)
        return;                                /* the worker's CPU spins: another one looks */
    KASSERT(k && k->size);
    for (tw_case = 0; tw_case < 3; tw_case++) {
        struct kretprobe ra = { .kp = { .symbol = "rpt_add" } };
        struct kretprobe rb = { .kp = { .symbol = tw_case == 2 ? "rpt_tail" : "rpt_add" } };
        void *caller = tw_case == 2 ? (void *)rpr_call_tail : (void *)rpt_call_add;
        KASSERT(!kretprobe_register(&ra, why, sizeof why));
        if (tw_case && kretprobe_register(&rb, why, sizeof why)) {
            ktest_fail(ktest_ctx, __FILE__, __LINE__, "kretprobe_register: %s", why);
            kretprobe_unregister(&ra);
            return;
        }
        for (a = k->addr; a < k->addr + k->size; a += in.len) {
            struct park pk = { a, PARK_SPIN, 1, tw_call, 2, 0, 0, 0, 0, false, NULL };
            if (insn_decode(&in, (const uint8_t *)a, k->addr + k->size - a) != INSN_OK) {
                ktest_fail(ktest_ctx, __FILE__, __LINE__, "no instruction at %08x", a);
                break;
            }
            if (park_start(&pk, why, sizeof why)) {
                ktest_fail(ktest_ctx, __FILE__, __LINE__, "case %d: park_start: %s", tw_case, why);
                park_finish(&pk);
                continue;
            }
            nat++;
            if ((bad = tramp_readers(&pk, caller, line, sizeof line)) && nbad++ < 6)
                ktest_fail(ktest_ctx, __FILE__, __LINE__, "case %d, stopped at %08x <kretprobe_trampoline+%#x>: %s",
                           tw_case, a, a - k->addr, bad);
            park_finish(&pk);
            KEXPECT_EQ(pk.result, 5);                   /* 2 + 3 */
        }
        if (tw_case)
            kretprobe_unregister(&rb);
        kretprobe_unregister(&ra);
    }
    KEXPECT(nat >= 3 * 10);
    KEXPECT_EQ(nbad, 0);
}
