/* Self-tests for return probes' promises (issue 39, items 9-13 and 16):
 * every handler sees the real return address (two probes on one function,
 * a tail call), ret-site probes obey disable and enable and run their
 * handler with interrupts off, a label inside a function and a maxactive
 * whose size wraps are refused with nothing changed, a tail-call instance
 * is recovered under a blocked thread, a declined entry gives its instance
 * back, and an optimized ret site stays on a ret a branch lands on. */
#include "kernel/ktest.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/ksym.h"
#include "kernel/thread.h"
#include "kernel/unwind.h"
#include "kernel/x86.h"
#include "patch/kretprobe.h"
#include "patch/djprobe.h"

#define NOIPA __attribute__((noipa))
int rpt_add(int a, int b), rpt_call_add(int a, int b), rpt_tail(int a, int b);   /* test_kretprobe.c */
int rpb_f(int x);                                                       /* bench_targets.S */
int rpt_epi_ret(int x), rpt_label(int x), rpt_tail_block(struct completion *c, int v);   /* rp_targets.S */
extern char rpt_label_mid[];

static bool has(const char *s, const char *w)
{
    size_t n = kstrlen(w);
    for (; *s; s++)
        if (!kmemcmp(s, w, n))
            return true;
    return false;
}

static bool reg(struct ktest_ctx *ktest_ctx, struct kretprobe *rp)
{
    char err[200] = "";
    int r = kretprobe_register(rp, err, sizeof err);
    if (r)
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "kretprobe_register: %s", err);
    return r == 0;
}

static bool in_fn(uint32_t a, void *fn)
{
    const struct ksym *k = ksym_lookup(a);
    return k && k->addr == (uint32_t)fn;
}

/* ---- item 9: the real return address, always --------------------------- */
static volatile uint32_t eip_of[2], nret_of[2];
static void ret_eip0(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)rp, (void)ri;
    eip_of[0] = tf->eip, nret_of[0]++;
}
static void ret_eip1(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)rp, (void)ri;
    eip_of[1] = tf->eip, nret_of[1]++;
}

NOIPA int rpt_call_tail2(int a, int b) { int r = rpt_tail(a, b); __asm__ volatile("" : "+r"(r)); return r; }

/* Two return probes on rpt_add (the second registered runs its entry
 * first), with int3 or jump-optimized entries, then a tail call from
 * rpt_tail into rpt_add: each handler sees the caller. */
static void two_on_one(struct ktest_ctx *ktest_ctx, uint32_t f0, uint32_t f1)
{
    struct kretprobe a = { .kp = { .symbol = "rpt_add", .flags = f0 }, .handler = ret_eip0 };
    struct kretprobe b = { .kp = { .symbol = "rpt_add", .flags = f1 }, .handler = ret_eip1 };
    int i, bad = 0;
    eip_of[0] = eip_of[1] = nret_of[0] = nret_of[1] = 0;
    KASSERT(reg(ktest_ctx, &a));
    if (!reg(ktest_ctx, &b)) {
        kretprobe_unregister(&a);
        return;
    }
    djprobe_flush();
    for (i = 0; i < 10; i++)
        bad += rpt_call_add(i, 1) != i + 1;
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(nret_of[0], 10);
    KEXPECT_EQ(nret_of[1], 10);
    KEXPECT(in_fn(eip_of[0], rpt_call_add));     /* not the trampoline */
    KEXPECT(in_fn(eip_of[1], rpt_call_add));
    kretprobe_unregister(&b);
    kretprobe_unregister(&a);
}

KTEST(kretprobe_handlers_see_the_real_return_address_always)
{
    struct kretprobe t = { .kp = { .symbol = "rpt_tail" }, .handler = ret_eip0 };
    struct kretprobe a = { .kp = { .symbol = "rpt_add" }, .handler = ret_eip1 };
    two_on_one(ktest_ctx, 0, 0);
    two_on_one(ktest_ctx, KPROBE_OPTIMIZE, KPROBE_OPTIMIZE);
    two_on_one(ktest_ctx, 0, KPROBE_OPTIMIZE);
    eip_of[0] = eip_of[1] = nret_of[0] = nret_of[1] = 0;
    KASSERT(reg(ktest_ctx, &t));
    KASSERT(reg(ktest_ctx, &a));
    KEXPECT_EQ(rpt_call_tail2(4, 5), 9);
    KEXPECT_EQ(nret_of[0], 1);
    KEXPECT_EQ(nret_of[1], 1);
    KEXPECT(in_fn(eip_of[0], rpt_call_tail2));   /* rpt_tail's */
    KEXPECT(in_fn(eip_of[1], rpt_call_tail2));   /* rpt_add's, whose saved address is the trampoline */
    kretprobe_unregister(&a);
    kretprobe_unregister(&t);
}

/* ---- items 10 and 11: ret sites obey disable; handlers with IF=0 ------- */
static volatile uint32_t nsite_ret, if_seen;
static void ret_count(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)rp, (void)ri, (void)tf;
    nsite_ret++;
    if_seen |= __builtin_ia32_readeflags_u32() & EFLAGS_IF;   /* (CFI for its push, unlike read_eflags) */
}
static int entry_if(struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)ri, (void)tf;
    if_seen |= __builtin_ia32_readeflags_u32() & EFLAGS_IF;   /* (CFI for its push, unlike read_eflags) */
    return 0;
}

static int calls_of(int (*f)(int), int n)
{
    int i, bad = 0;
    for (i = 0; i < n; i++)
        bad += f(i) != i * 5 + 1;
    return bad;
}

/* Registered disabled: no handler; enabled: every return; disabled again:
 * none (kprobe_enable and kprobe_disable on kp, as for the stack kind). */
static void sites_switch(struct ktest_ctx *ktest_ctx, uint32_t flags)
{
    struct kretprobe rp = { .kp = { .symbol = "rpb_f", .flags = flags | KPROBE_DISABLED }, .handler = ret_count,
                            .kind = KRETPROBE_RET_SITES };
    nsite_ret = 0;
    KASSERT(reg(ktest_ctx, &rp));
    djprobe_flush();
    KEXPECT_EQ(calls_of(rpb_f, 10), 0);
    KEXPECT_EQ(nsite_ret, 0);
    KEXPECT_EQ(rp.nreturn, 0);
    kprobe_enable(&rp.kp);
    djprobe_flush();
    KEXPECT_EQ(calls_of(rpb_f, 10), 0);
    KEXPECT_EQ(nsite_ret, 10);
    KEXPECT_EQ(rp.nentry, 10);
    KEXPECT_EQ(rp.nreturn, 10);
    kprobe_disable(&rp.kp);
    KEXPECT_EQ(calls_of(rpb_f, 10), 0);
    KEXPECT_EQ(nsite_ret, 10);
    KEXPECT_EQ(rp.nreturn, 10);
    kretprobe_unregister(&rp);
}

KTEST(kretprobe_ret_sites_disable_and_enable)
{
    sites_switch(ktest_ctx, 0);
    sites_switch(ktest_ctx, KPROBE_OPTIMIZE);
}

/* Every kind and entry, called with interrupts on: entry_handler and
 * handler see IF=0, as the header promises. */
KTEST(kretprobe_handlers_run_with_interrupts_off)
{
    static const struct { int kind; uint32_t flags; } k[4] = {
        { KRETPROBE_STACK, 0 }, { KRETPROBE_STACK, KPROBE_OPTIMIZE },
        { KRETPROBE_RET_SITES, 0 }, { KRETPROBE_RET_SITES, KPROBE_OPTIMIZE } };
    int i;
    KASSERT(read_eflags() & EFLAGS_IF);
    for (i = 0; i < 4; i++) {
        struct kretprobe rp = { .kp = { .symbol = "rpb_f", .flags = k[i].flags }, .handler = ret_count,
                                .entry_handler = k[i].kind == KRETPROBE_STACK ? entry_if : NULL, .kind = k[i].kind };
        nsite_ret = if_seen = 0;
        KASSERT(reg(ktest_ctx, &rp));
        djprobe_flush();
        KEXPECT_EQ(calls_of(rpb_f, 10), 0);
        KEXPECT_EQ(nsite_ret, 10);
        if (if_seen)
            ktest_fail(ktest_ctx, __FILE__, __LINE__, "kind %d flags %#x: a handler ran with IF=1", k[i].kind,
                       k[i].flags);
        kretprobe_unregister(&rp);
    }
    KEXPECT(read_eflags() & EFLAGS_IF);
}

/* ---- item 12: a label inside a function is no entry -------------------- */
/* rpt_label(1) called with %ebx live: what came back in %ebx. */
static uint32_t label_call_ebx(int *ret)
{
    uint32_t in = 0x1234abcd, out;
    int r;
    __asm__ volatile("pushl %%ebx\n\tmovl %%edi, %%ebx\n\tpushl $1\n\tcall rpt_label\n\t"
                     "addl $4, %%esp\n\tmovl %%ebx, %%esi\n\tpopl %%ebx"
                     : "=a"(r), "=S"(out) : "D"(in) : "ecx", "edx", "memory");
    *ret = r;
    return out;
}

KTEST(kretprobe_refuses_a_label_inside_a_function)
{
    static const int kinds[2] = { KRETPROBE_STACK, KRETPROBE_RET_SITES };
    uint8_t before[24];
    uint32_t used, ebx;
    int i, r, n = kprobe_count();
    KASSERT((uint32_t)rpt_label_mid > (uint32_t)rpt_label);
    kmemcpy(before, (void *)rpt_label, sizeof before);
    for (i = 0; i < 2; i++) {
        struct kretprobe rp = { .kp = { .symbol = "rpt_label_mid" }, .handler = ret_count, .kind = kinds[i] };
        struct kretprobe ra = { .kp = { .addr = (uint32_t)rpt_label_mid }, .handler = ret_count, .kind = kinds[i] };
        char err[200] = "";
        used = kheap_used();
        r = kretprobe_register(&rp, err, sizeof err);
        KEXPECT_EQ(r, -1);
        KEXPECT(has(err, "<rpt_label_mid+") && has(err, "inside <rpt_label+") &&
                has(err, "not a function's entry"));
        if (r == 0) {                 /* taken: show what it does to the function */
            ebx = label_call_ebx(&r);
            if (ebx != 0x1234abcd)
                ktest_fail(ktest_ctx, __FILE__, __LINE__, "%%ebx came back %08x from rpt_label", ebx);
            kretprobe_unregister(&rp);
            continue;
        }
        KEXPECT_EQ(kheap_used(), used);          /* nothing allocated */
        KEXPECT(rp.pool == NULL && rp.sites == NULL);
        err[0] = 0;
        KEXPECT_EQ(kretprobe_register(&ra, err, sizeof err), -1);   /* by address too */
        KEXPECT(has(err, "not a function's entry"));
        KEXPECT_EQ(kheap_used(), used);
    }
    KEXPECT_EQ(kprobe_count(), n);
    KEXPECT_MEMEQ(before, (void *)rpt_label, sizeof before);
    ebx = label_call_ebx(&r);
    KEXPECT_EQ(r, 3);
    KEXPECT_EQ(ebx, 0x1234abcd);
}

/* ---- item 13: a maxactive whose pool size wraps ------------------------ */
KTEST(kretprobe_refuses_a_maxactive_that_wraps)
{
    /* 0x08000000 instances of 32 bytes: 2^32, which wraps to 0 */
    static const int max[3] = { 0x08000000, 0x7fffffff, 100000000 };
    uint8_t before[16];
    int i, n = kprobe_count();
    kmemcpy(before, (void *)rpt_add, sizeof before);
    for (i = 0; i < 3; i++) {
        struct kretprobe rp = { .kp = { .symbol = "rpt_add" }, .handler = ret_count, .maxactive = max[i] };
        char err[200] = "";
        uint32_t used = kheap_used();
        KEXPECT_EQ(kretprobe_register(&rp, err, sizeof err), -1);
        KEXPECT(has(err, "instances"));
        KEXPECT(i == 2 ? has(err, "no memory") : has(err, "do not fit"));
        KEXPECT_EQ(kheap_used(), used);
        KEXPECT(rp.pool == NULL);
    }
    KEXPECT_EQ(kprobe_count(), n);
    KEXPECT_MEMEQ(before, (void *)rpt_add, sizeof before);
    KEXPECT_EQ(rpt_call_add(2, 3), 5);
}

/* ---- item 16 ------------------------------------------------------------ */
/* A tail call (rpt_tail_block jumps to rpt_block) between two probed
 * functions, a thread blocked in the callee: its return address slot holds
 * the trampoline, and the callee's instance saved the trampoline too (the
 * caller's entry ran first); the unwind must recover the real caller. */
static volatile int rpt_blocked;
NOIPA int rpt_block(struct completion *c, int v)
{
    __atomic_add_fetch(&rpt_blocked, 1, __ATOMIC_SEQ_CST);
    wait_for_completion(c);
    __asm__ volatile("" : "+r"(v));
    return v + 1;
}
NOIPA int rpt_call_tail_block(struct completion *c, int v)
{
    int r = rpt_tail_block(c, v);
    __asm__ volatile("" : "+r"(r));
    return r + 1;
}
struct blocker { struct completion go; volatile int ret; struct thread *t; };
static void blocker_main(void *arg)
{
    struct blocker *b = arg;
    b->ret = rpt_call_tail_block(&b->go, 40);
}

/* Started, then established: inside rpt_block, asleep and off its CPU. */
static bool block_start(struct blocker *b)
{
    int n = rpt_blocked, i;
    completion_init(&b->go);
    b->ret = 0;
    b->t = thread_create("rp-blocker", blocker_main, b, CPUMASK_ALL);
    for (i = 0; i < 5000; i++) {
        if (rpt_blocked != n && b->t->state == TS_SLEEPING && !b->t->on_cpu)
            return true;
        thread_sleep_ns(1000000);
    }
    return false;
}

KTEST(kretprobe_recovers_a_tail_call_instance_under_a_blocked_thread)
{
    struct kretprobe t = { .kp = { .symbol = "rpt_tail_block" }, .handler = ret_eip0 };
    struct kretprobe b = { .kp = { .symbol = "rpt_block" }, .handler = ret_eip1 };
    struct unwind_regs r;
    struct unwind_state u;
    struct blocker bl;
    bool caller = false, tramp = false;
    int e;
    eip_of[0] = eip_of[1] = nret_of[0] = nret_of[1] = 0;
    KASSERT(reg(ktest_ctx, &t));
    KASSERT(reg(ktest_ctx, &b));
    KASSERT(block_start(&bl));
    unwind_switched(&r, bl.t);
    unwind_begin(&u, &r, bl.t->stack_lo, bl.t->stack_hi);
    while ((e = unwind_next(&u)) == 1) {
        caller |= in_fn(u.pc, rpt_call_tail_block);
        tramp |= in_fn(u.pc, kretprobe_trampoline);
    }
    KEXPECT_EQ(e, UNWIND_END);
    KEXPECT(caller);
    KEXPECT(!tramp);
    complete(&bl.go);
    thread_join(bl.t);
    KEXPECT_EQ(bl.ret, 42);
    KEXPECT_EQ(nret_of[0], 1);
    KEXPECT_EQ(nret_of[1], 1);
    KEXPECT(in_fn(eip_of[1], rpt_call_tail_block));
    kretprobe_unregister(&b);
    kretprobe_unregister(&t);
}

/* An entry_handler that declines gives its instance back: with one
 * instance, three declined calls and then two taken ones miss nothing. */
static volatile int decline;
static int entry_decline(struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)ri, (void)tf;
    return decline;
}

KTEST(kretprobe_declined_entry_gives_its_instance_back)
{
    struct kretprobe rp = { .kp = { .symbol = "rpt_add" }, .entry_handler = entry_decline, .handler = ret_count,
                            .maxactive = 1 };
    int i;
    nsite_ret = 0;
    decline = 1;
    KASSERT(reg(ktest_ctx, &rp));
    for (i = 0; i < 3; i++)
        KEXPECT_EQ(rpt_call_add(i, 1), i + 1);
    KEXPECT_EQ(rp.nentry, 0);
    KEXPECT_EQ(nsite_ret, 0);
    decline = 0;
    for (i = 0; i < 2; i++)
        KEXPECT_EQ(rpt_call_add(i, 1), i + 1);
    KEXPECT_EQ(rp.nmissed, 0);
    KEXPECT_EQ(rp.nentry, 2);
    KEXPECT_EQ(rp.nreturn, 2);
    KEXPECT_EQ(nsite_ret, 2);
    kretprobe_unregister(&rp);
}

/* An optimized ret site where a branch lands on the ret itself
 * (rpt_epi_ret's x == 0 path): the probe stays an int3 on the ret and sees
 * both paths' returns. */
KTEST(kretprobe_ret_sites_optimized_branch_onto_the_ret)
{
    struct kretprobe rp = { .kp = { .symbol = "rpt_epi_ret", .flags = KPROBE_OPTIMIZE }, .handler = ret_count,
                            .kind = KRETPROBE_RET_SITES };
    int i, bad = 0;
    nsite_ret = 0;
    KASSERT(reg(ktest_ctx, &rp));
    djprobe_flush();
    KASSERT(rp.nsites == 1);
    KEXPECT_EQ(rp.sites[0].kp.addr, rp.sites[0].ret);
    for (i = 0; i < 20; i++)
        bad += rpt_epi_ret(i & 1) != (i & 1 ? 7 : 9);
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(rp.nreturn, 20);
    KEXPECT_EQ(nsite_ret, 20);
    kretprobe_unregister(&rp);
}
