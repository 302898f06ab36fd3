/* Self-tests for return probes (patch/kretprobe.c): entry and return handlers
 * on int3 and jump-optimized entries, the return value changed, a sleeping
 * thread's stack unwound through the trampoline, unregister with an instance
 * pending, maxactive exhausted, recursion, a thread exiting inside a probed
 * function, and a refused address that changes nothing. */
#include "kernel/ktest.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/ksym.h"
#include "kernel/thread.h"
#include "kernel/unwind.h"
#include "kernel/panic.h"
#include "patch/kretprobe.h"
#include "patch/djprobe.h"

#define NOIPA __attribute__((noipa))
NOIPA int rpt_add(int a, int b) { return a + b; }
NOIPA int rpt_call_add(int a, int b) { int r = rpt_add(a, b); __asm__ volatile("" : "+r"(r)); return r; }
/* Blocked inside until *leave (woken by hold_end): never on a CPU while a
 * test looks at it (a timed sleep would wake it every tick). */
static struct waitq rpt_wq = WAITQ_INIT("rpt-hold");
static bool rpt_left(void *leave) { return *(volatile int *)leave; }
NOIPA int rpt_hold(volatile int *leave, int v)
{
    ktest_linger();
    waitq_wait(&rpt_wq, rpt_left, (void *)(uintptr_t)leave);
    return v;
}
NOIPA int rpt_call_hold(volatile int *leave, int v)
{
    int r = rpt_hold(leave, v);
    __asm__ volatile("" : "+r"(r));
    return r + 1;
}
NOIPA int rpt_rec(int n)
{
    int r = n ? rpt_rec(n - 1) : -1;
    __asm__ volatile("" : "+r"(r));      /* no tail call, no loop: one frame per level */
    return r + 1;
}
NOIPA void rpt_exit(void) { thread_exit(); }

static volatile uint32_t seen_eax, seen_eip;
static int entry_add1000(struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)tf;
    ri->data[0] = 1000;
    return 0;
}
static void ret_record(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)rp;
    seen_eax = tf->eax;
    seen_eip = tf->eip;
    tf->eax += ri->data[0];
}

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
    char err[160] = "";
    int r = kretprobe_register(rp, err, sizeof err);
    if (r)
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "kretprobe_register: %s", err);
    return r == 0;
}

static void entry_and_return(struct ktest_ctx *ktest_ctx, uint32_t flags)
{
    struct kretprobe rp = { .kp = { .symbol = "rpt_add", .flags = flags }, .entry_handler = entry_add1000,
                            .handler = ret_record };
    uint8_t before[16];
    int i, bad = 0;
    kmemcpy(before, (void *)rpt_add, 16);
    KASSERT(reg(ktest_ctx, &rp));
    if (flags & KPROBE_OPTIMIZE) {
        djprobe_flush();
        KEXPECT_EQ(kprobe_opt_state(&rp.kp), DJ_OPTIMIZED);
    }
    for (i = 0; i < 20; i++)
        bad += rpt_call_add(i, 3) != i + 3 + 1000;
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(seen_eax, 19 + 3);
    KEXPECT_EQ(ksym_lookup(seen_eip)->addr, (uint32_t)rpt_call_add);
    KEXPECT_EQ(rp.nentry, 20);
    KEXPECT_EQ(rp.nreturn, 20);
    KEXPECT_EQ(rp.nmissed, 0);
    kretprobe_unregister(&rp);
    KEXPECT_MEMEQ(before, (void *)rpt_add, 16);
    KEXPECT_EQ(rpt_call_add(2, 3), 5);
}

KTEST(kretprobe_int3_entry) { entry_and_return(ktest_ctx, 0); }
KTEST(kretprobe_optimized_entry) { entry_and_return(ktest_ctx, KPROBE_OPTIMIZE); }

KTEST(kretprobe_refuses_a_non_entry)
{
    struct kretprobe rp = { .kp = { .addr = (uint32_t)rpt_add + 1 }, .handler = ret_record };
    char err[160] = "";
    uint8_t before[16];
    kmemcpy(before, (void *)rpt_add, 16);
    KEXPECT_EQ(kretprobe_register(&rp, err, sizeof err), -1);
    KEXPECT(has(err, "<rpt_add+0x1/") && has(err, "is not a function's first byte"));
    KEXPECT_MEMEQ(before, (void *)rpt_add, 16);
}

/* A thread asleep inside rpt_hold, called from rpt_call_hold. */
struct holder { volatile int leave, ret; struct thread *t; };
static void holder_main(void *arg)
{
    struct holder *h = arg;
    h->ret = rpt_call_hold(&h->leave, 41);
}
/* The holder blocked in rpt_hold (off its CPU: its saved state is final). */
static bool hold_start(struct holder *h)
{
    h->leave = 0;
    h->ret = 0;
    h->t = thread_create("rp-holder", holder_main, h, CPUMASK_ALL);
    return h->t && ktest_wait_blocked(h->t, &rpt_wq, 5000);
}
static int hold_end(struct holder *h)
{
    h->leave = 1;
    waitq_wake(&rpt_wq, 100);            /* the others go back to sleep */
    thread_join(h->t);
    return h->ret;
}

/* Does t's exact unwind reach rpt_call_hold, and is the trampoline's
 * address on its stack (hidden return address)? */
static void unwind_sees(struct thread *t, bool *caller, bool *tramp_frame, bool *tramp_word)
{
    struct unwind_regs r;
    struct unwind_state u;
    uint32_t a;
    *caller = *tramp_frame = *tramp_word = false;
    unwind_switched(&r, t);
    unwind_begin(&u, &r, t->stack_lo, t->stack_hi);
    while (unwind_next(&u) == 1) {
        const struct ksym *k = ksym_lookup(u.pc);
        *caller |= k && k->addr == (uint32_t)rpt_call_hold;
        *tramp_frame |= k && k->addr == (uint32_t)kretprobe_trampoline;
    }
    for (a = t->esp; a < t->stack_hi; a += 4)
        *tramp_word |= *(uint32_t *)a == (uint32_t)kretprobe_trampoline;
}

KTEST(kretprobe_unwind_recovers_the_return_address)
{
    struct kretprobe rp = { .kp = { .symbol = "rpt_hold" }, .handler = ret_record };
    struct holder h;
    bool caller, tframe, tword;
    KASSERT(reg(ktest_ctx, &rp));
    KEXPECT(hold_start(&h));
    unwind_sees(h.t, &caller, &tframe, &tword);
    KEXPECT(tword);                      /* the return address is hidden ... */
    KEXPECT(caller);                     /* ... and the unwind finds it */
    KEXPECT(!tframe);
    KEXPECT_EQ(hold_end(&h), 42);
    KEXPECT_EQ(rp.nreturn, 1);
    kretprobe_unregister(&rp);
}

KTEST(kretprobe_unregister_with_an_instance_pending)
{
    struct kretprobe rp = { .kp = { .symbol = "rpt_hold" }, .handler = ret_record };
    struct kretprobe_stats s0 = kretprobe_stats;
    struct holder h;
    KASSERT(reg(ktest_ctx, &rp));
    KEXPECT(hold_start(&h));
    KEXPECT_EQ(rp.nentry, 1);
    kretprobe_unregister(&rp);
    kmemset(&rp, 0x5A, sizeof rp);       /* the probe may be freed once unregistered */
    KEXPECT_EQ(kretprobe_stats.pending_at_unregister - s0.pending_at_unregister, 1);
    KEXPECT_EQ(hold_end(&h), 42);        /* back to its real caller, no handler */
    KEXPECT_EQ(kretprobe_stats.reclaimed - s0.reclaimed, 1);
    kmemset(&rp, 0, sizeof rp);          /* the retired pool goes at the next unregister */
    rp.kp.symbol = "rpt_add";
    KASSERT(reg(ktest_ctx, &rp));
    kretprobe_unregister(&rp);
    KEXPECT_EQ(kretprobe_stats.pools_freed - s0.pools_freed, 2);
}

KTEST(kretprobe_maxactive_exhausted)
{
    struct kretprobe rp = { .kp = { .symbol = "rpt_hold" }, .handler = ret_record, .maxactive = 2 };
    struct holder h[3];
    int i;
    KASSERT(reg(ktest_ctx, &rp));
    for (i = 0; i < 3; i++)
        KEXPECT(hold_start(&h[i]));
    KEXPECT_EQ(rp.nentry, 2);
    KEXPECT_EQ(rp.nmissed, 1);
    for (i = 0; i < 3; i++)
        KEXPECT_EQ(hold_end(&h[i]), 42);
    KEXPECT_EQ(rp.nreturn, 2);
    kretprobe_unregister(&rp);
}

KTEST(kretprobe_recursion)
{
    struct kretprobe rp = { .kp = { .symbol = "rpt_rec" }, .handler = ret_record, .maxactive = 8 };
    KASSERT(reg(ktest_ctx, &rp));
    KEXPECT_EQ(rpt_rec(5), 5);
    KEXPECT_EQ(rp.nentry, 6);
    KEXPECT_EQ(rp.nreturn, 6);
    KEXPECT_EQ(seen_eax, 5);             /* the outermost returned last */
    kretprobe_unregister(&rp);
}

static void exit_main(void *arg) { (void)arg; rpt_exit(); }

KTEST(kretprobe_thread_exits_inside)
{
    struct kretprobe rp = { .kp = { .symbol = "rpt_exit" }, .handler = ret_record };
    struct kretprobe_stats s0 = kretprobe_stats;
    struct thread *t;
    KASSERT(reg(ktest_ctx, &rp));
    t = thread_create("rp-exit", exit_main, NULL, CPUMASK_ALL);
    thread_join(t);
    KEXPECT_EQ(rp.nentry, 1);
    KEXPECT_EQ(rp.nreturn, 0);
    KEXPECT_EQ(kretprobe_stats.exited - s0.exited, 1);
    kretprobe_unregister(&rp);
    KEXPECT_EQ(kretprobe_stats.pending_at_unregister - s0.pending_at_unregister, 0);
}

/* Manual (it panics on purpose): the panic report's backtrace from inside a
 * function under a return probe names its real caller, rpt_call_panic, not
 * the trampoline (scenarios retprobe-backtrace and its control). */
NOIPA void rpt_panic_under(void) { panic("rpt_panic_under: a panic under a return probe"); }
NOIPA void rpt_call_panic(void) { rpt_panic_under(); __asm__ volatile(""); }
KTEST_MANUAL(kretprobe_backtrace_panic)
{
    static struct kretprobe rp = { .kp = { .symbol = "rpt_panic_under" } };
    KASSERT(reg(ktest_ctx, &rp));
    rpt_call_panic();
}

/* A frame left without a return (longjmp out of rpt_leave): its instance
 * is dropped as abandoned when rpt_outer, above it, returns. */
static void *rpt_jb[5];
NOIPA void rpt_leave(void) { __builtin_longjmp(rpt_jb, 1); }
NOIPA int rpt_outer(void)
{
    if (__builtin_setjmp(rpt_jb) == 0)
        rpt_leave();
    return 7;
}

/* In a thread of its own: a return to a wrong address (kretprobe_bug=lifo)
 * derails it, and the test sees it never got to the end. */
static volatile int outer_ret, outer_done, outer_pending;
static void outer_main(void *arg)
{
    (void)arg;
    outer_ret = rpt_outer();
    outer_pending = thread_current()->rp_pending != NULL;
    outer_done = 1;
}

KTEST(kretprobe_frame_left_without_return)
{
    struct kretprobe ro = { .kp = { .symbol = "rpt_outer" }, .handler = ret_record };
    struct kretprobe rl = { .kp = { .symbol = "rpt_leave" }, .handler = ret_record };
    struct kretprobe_stats s0 = kretprobe_stats;
    outer_ret = outer_done = outer_pending = 0;
    KASSERT(reg(ktest_ctx, &ro));
    KASSERT(reg(ktest_ctx, &rl));
    thread_join(thread_create("rp-outer", outer_main, NULL, CPUMASK_ALL));
    KEXPECT_EQ(outer_done, 1);
    KEXPECT_EQ(outer_ret, 7);
    KEXPECT_EQ(outer_pending, 0);
    KEXPECT_EQ(ro.nreturn, 1);
    KEXPECT_EQ(rl.nentry, 1);
    KEXPECT_EQ(rl.nreturn, 0);
    KEXPECT_EQ(kretprobe_stats.abandoned - s0.abandoned, 1);
    kretprobe_unregister(&rl);
    kretprobe_unregister(&ro);
    KEXPECT_EQ(kretprobe_stats.pending_at_unregister - s0.pending_at_unregister, 0);
}

/* A tail call out of the probed function: rpt_tail jumps to rpt_add, whose
 * return comes through the trampoline twice (rpt_add's instance holds the
 * trampoline's address as its return address), rpt_add's handler first. */
int rpt_tail(int a, int b);
__asm__(".text\n.globl rpt_tail\n.type rpt_tail, @function\nrpt_tail:\n"
        ".cfi_startproc\n    jmp rpt_add\n.cfi_endproc\n.size rpt_tail, . - rpt_tail\n");
NOIPA int rpt_call_tail(int a, int b) { int r = rpt_tail(a, b); __asm__ volatile("" : "+r"(r)); return r; }

static volatile int order[4], norder;
static void ret_order_add(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf) { (void)rp; (void)ri; (void)tf; order[norder++] = 1; }
static void ret_order_tail(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)rp;
    (void)ri;
    order[norder++] = 2;
    seen_eip = tf->eip;
}

KTEST(kretprobe_tail_call)
{
    struct kretprobe rt = { .kp = { .symbol = "rpt_tail" }, .handler = ret_order_tail };
    struct kretprobe ra = { .kp = { .symbol = "rpt_add" }, .handler = ret_order_add };
    norder = 0;
    KASSERT(reg(ktest_ctx, &rt));
    KASSERT(reg(ktest_ctx, &ra));
    KEXPECT_EQ(rpt_call_tail(4, 5), 9);
    KEXPECT_EQ(norder, 2);
    KEXPECT_EQ(order[0], 1);
    KEXPECT_EQ(order[1], 2);
    KEXPECT_EQ(ksym_lookup(seen_eip)->addr, (uint32_t)rpt_call_tail);
    kretprobe_unregister(&ra);
    kretprobe_unregister(&rt);
}

/* KRETPROBE_RET_SITES: an int3 probe on every ret.  Returns seen with their
 * value, recursion without instances, no stack written (a sleeper's frame
 * is as it was), and the tail call's return not seen: what it misses. */
static void ret_site_record(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)rp;
    seen_eax = tf->eax;
    seen_eip = ri ? 0 : tf->eip;
}

KTEST(kretprobe_ret_sites)
{
    struct kretprobe rp = { .kp = { .symbol = "rpt_add" }, .handler = ret_site_record,
                            .kind = KRETPROBE_RET_SITES };
    struct kretprobe rr = { .kp = { .symbol = "rpt_rec" }, .kind = KRETPROBE_RET_SITES };
    uint8_t before[16];
    int i, bad = 0;
    kmemcpy(before, (void *)rpt_add, 16);
    KASSERT(reg(ktest_ctx, &rp));
    KEXPECT(rp.nsites >= 1);
    for (i = 0; i < 20; i++)
        bad += rpt_call_add(i, 3) != i + 3;
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(rp.nentry, 20);
    KEXPECT_EQ(rp.nreturn, 20);
    KEXPECT_EQ(seen_eax, 22);
    KEXPECT_EQ(ksym_lookup(seen_eip)->addr, (uint32_t)rpt_add);   /* at the ret itself */
    kretprobe_unregister(&rp);
    KEXPECT_MEMEQ(before, (void *)rpt_add, 16);
    KASSERT(reg(ktest_ctx, &rr));
    KEXPECT_EQ(rpt_rec(9), 9);
    KEXPECT_EQ(rr.nreturn, 10);
    kretprobe_unregister(&rr);
}

/* Optimized ret sites: the probe moves to the epilogue before the ret (four
 * pops: a jump's room) and is jump-optimized; the handler sees the return
 * value and the ret's address.  Where a branch lands inside the epilogue
 * (rpt_epi_join) the probe stays an int3 on the ret and sees both paths. */
int rpb_f(int x), rpt_epi_join(int x);
KTEST(kretprobe_ret_sites_optimized_on_the_epilogue)
{
    struct kretprobe rp = { .kp = { .symbol = "rpb_f", .flags = KPROBE_OPTIMIZE }, .handler = ret_site_record,
                            .kind = KRETPROBE_RET_SITES };
    struct kretprobe rj = { .kp = { .symbol = "rpt_epi_join", .flags = KPROBE_OPTIMIZE }, .handler = ret_site_record,
                            .kind = KRETPROBE_RET_SITES };
    const struct ksym *k = ksym_by_name("rpb_f");
    int i, bad = 0;
    KASSERT(reg(ktest_ctx, &rp));
    djprobe_flush();
    KASSERT(rp.nsites == 1);
    KEXPECT_EQ(rp.sites[0].kp.addr, rp.sites[0].ret - 4);   /* pop edi, esi, ebx, ebp; ret */
    KEXPECT_EQ(kprobe_opt_state(&rp.sites[0].kp), DJ_OPTIMIZED);
    for (i = 0; i < 20; i++)
        bad += rpb_f(i) != i * 5 + 1;
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(rp.nreturn, 20);
    KEXPECT_EQ(seen_eax, 19 * 5 + 1);
    KEXPECT_EQ(seen_eip, rp.sites[0].ret);
    KEXPECT_EQ(seen_eip, k->addr + k->size - 1);
    kretprobe_unregister(&rp);
    KASSERT(reg(ktest_ctx, &rj));
    djprobe_flush();
    KASSERT(rj.nsites == 1);
    KEXPECT_EQ(rj.sites[0].kp.addr, rj.sites[0].ret);        /* a branch lands at the second pop */
    for (i = 0; i < 20; i++)
        bad += rpt_epi_join(i & 1) != (i & 1 ? 7 : 9);
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(rj.nreturn, 20);
    kretprobe_unregister(&rj);
}

KTEST(kretprobe_ret_sites_write_no_stack_and_miss_tail_calls)
{
    struct kretprobe rh = { .kp = { .symbol = "rpt_hold" }, .kind = KRETPROBE_RET_SITES };
    struct kretprobe rt = { .kp = { .symbol = "rpt_tail" }, .kind = KRETPROBE_RET_SITES };
    char err[160] = "";
    struct holder h;
    bool caller, tframe, tword;
    KASSERT(reg(ktest_ctx, &rh));
    KEXPECT(hold_start(&h));
    unwind_sees(h.t, &caller, &tframe, &tword);
    KEXPECT(caller);
    KEXPECT(!tword);                     /* nothing hidden */
    kretprobe_unregister(&rh);           /* nothing pending */
    KEXPECT_EQ(hold_end(&h), 42);
    KEXPECT_EQ(kretprobe_register(&rt, err, sizeof err), -1);   /* rpt_tail has no ret */
    KEXPECT_EQ(kmemcmp(err, "kretprobe: rpt_tail has no ret", 30), 0);
}
