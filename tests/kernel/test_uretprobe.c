/* Self-tests for user return probes (patch/uretprobe.c, patch/uprobe.h) on
 * user/uret.c: every return seen with its value and the program's own
 * checks passing (its calls went back to their real callers), processes on
 * every CPU sharing the probes, unregister while a process sleeps inside a
 * probed function, and a process killed with an instance pending. */
#include "kernel/ktest.h"
#include "kernel/proc.h"
#include "kernel/trap.h"
#include "kernel/thread.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"
#include "patch/uprobe_int.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/elf.h"
#include "kernel/usys.h"

static volatile uint32_t last_eax;
static void ret_rec(struct uretprobe *r, struct trapframe *tf, struct proc *p)
{
    (void)r; (void)p;
    last_eax = tf->eax;
}

static bool reg(struct ktest_ctx *ktest_ctx, struct uretprobe *r, const char *sym)
{
    char err[160] = "";
    *r = (struct uretprobe){ .u = { .prog = "uret", .symbol = sym }, .handler = ret_rec, .maxactive = 64 };
    if (uretprobe_register(r, err, sizeof err)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "uretprobe_register %s: %s", sym, err);
        return false;
    }
    return true;
}

static struct proc *spawn(int arg)
{
    char err[96];
    return proc_spawn("uret", (uint32_t)arg, NULL, false, CPUMASK_ALL, err, sizeof err);
}

KTEST(uretprobe_returns_seen_on_every_cpu)
{
    struct uretprobe r[3];
    static const char *const sym[3] = { "uret_f", "uret_sleep", "uret_rec" };
    struct proc *p[NCPU_MAX];
    uint32_t calls[3] = { 0, 0, 0 };
    int i, k, bad = 0;
    for (k = 0; k < 3; k++)
        KASSERT(reg(ktest_ctx, &r[k], sym[k]));
    for (i = 0; i < ncpu; i++)
        KASSERT((p[i] = spawn(40)) != NULL);
    for (i = 0; i < ncpu; i++) {
        wait_for_completion(&p[i]->done);
        for (k = 0; k < 3; k++)
            calls[k] += p[i]->report[k];
        bad += proc_wait(p[i]) != 0;      /* the program checked every result */
    }
    KEXPECT_EQ(bad, 0);
    for (k = 0; k < 3; k++) {
        KEXPECT_EQ(r[k].nentry, calls[k]);
        KEXPECT_EQ(r[k].nreturn, calls[k]);
        KEXPECT_EQ(r[k].nmissed + r[k].nrefused, 0);
        uretprobe_unregister(&r[k]);
    }
    KEXPECT_EQ(last_eax != 0, 1);
}

/* A process that calls uret_sleep (20 ms asleep inside) 40 times, under
 * r: 3 calls in, with an instance pending (it is inside, asleep). */
static struct proc *inside(struct uretprobe *r)
{
    struct proc *p = spawn(-40);
    int tries;
    for (tries = 0; p && tries < 5000 && (r->nentry < 3 || !READ_ONCE(p->uret_pending)); tries++)
        thread_sleep_ns(1000000);
    return p;
}

KTEST(uretprobe_unregister_while_inside)
{
    struct uretprobe r;
    struct uretprobe_stats s0 = uretprobe_stats;
    struct proc *p;
    KASSERT(reg(ktest_ctx, &r, "uret_sleep"));
    KASSERT((p = inside(&r)) != NULL);
    uretprobe_unregister(&r);             /* it is asleep inside uret_sleep, nearly always */
    KEXPECT_EQ(proc_wait(p), 0);          /* every call returned to its real caller */
    KEXPECT(uretprobe_stats.pending_at_unregister - s0.pending_at_unregister >= 1);
    KEXPECT_EQ(uretprobe_stats.reclaimed - s0.reclaimed,
               uretprobe_stats.pending_at_unregister - s0.pending_at_unregister);
    KEXPECT_EQ(uretprobe_stats.no_instance - s0.no_instance, 0);
}

KTEST(uretprobe_process_killed_inside)
{
    struct uretprobe r;
    struct uretprobe_stats s0 = uretprobe_stats;
    struct proc *p;
    KASSERT(reg(ktest_ctx, &r, "uret_sleep"));
    KASSERT((p = inside(&r)) != NULL);
    p->killed = true;                     /* ends at its next return to user mode */
    proc_wait(p);
    KEXPECT(uretprobe_stats.exited - s0.exited >= 1);
    uretprobe_unregister(&r);
    KEXPECT_EQ(uretprobe_stats.pending_at_unregister - s0.pending_at_unregister, 0);
}

KTEST(uretprobe_refuses_an_offset)
{
    struct uretprobe r = { .u = { .prog = "uret", .symbol = "uret_f", .offset = 1 } };
    char err[200] = "";
    KEXPECT_EQ(uretprobe_register(&r, err, sizeof err), -1);
    KEXPECT_EQ(kmemcmp(err, "uretprobe: give a function's symbol (offset 0)", 46), 0);
}

/* ---- issue 39: items 9, 12, 13, 15, 16 ---------------------------------- */
/* Is eip just after a `call target` (e8 rel32) in uret's text? */
static bool after_call_to(uint32_t eip, const char *target)
{
    int prog = uimage_find("uret");
    uint32_t t = 0, rel = 0, i;
    uint8_t *b[5];
    if (prog < 0 || elf_symbol(uprogs[prog].image, uprogs[prog].size, target, &t) || eip < USER_BASE + 5)
        return false;
    for (i = 0; i < 5; i++)
        if (!(b[i] = usite_text(prog, eip - 5 + i)))
            return false;             /* not in its text (the trampoline's page) */
    for (i = 0; i < 4; i++)
        rel |= (uint32_t)*b[i + 1] << (8 * i);
    return *b[0] == 0xE8 && eip + rel == t;
}

static volatile uint32_t seen_n, seen_eip[4], seen_eax[4];
static void ret_seen(struct uretprobe *r, struct trapframe *tf, struct proc *p)
{
    (void)r; (void)p;
    if (seen_n < 4)
        seen_eip[seen_n] = tf->eip, seen_eax[seen_n] = tf->eax;
    seen_n++;
}
static volatile uint32_t eip2, n2;
static void ret_eip2(struct uretprobe *r, struct trapframe *tf, struct proc *p)
{
    (void)r; (void)p;
    eip2 = tf->eip, n2++;
}

static bool reg_h(struct ktest_ctx *ktest_ctx, struct uretprobe *r, const char *sym,
                  void (*h)(struct uretprobe *, struct trapframe *, struct proc *))
{
    char err[200] = "";
    *r = (struct uretprobe){ .u = { .prog = "uret", .symbol = sym }, .handler = h, .maxactive = 8 };
    if (uretprobe_register(r, err, sizeof err)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "uretprobe_register %s: %s", sym, err);
        return false;
    }
    return true;
}

/* Two user return probes on uret_f (the second registered runs its entry
 * first and saves the trampoline's address): both handlers see the real
 * return address, just after a call of uret_f. */
KTEST(uretprobe_two_on_one_function_see_the_real_return_address)
{
    struct uretprobe a, b;
    struct proc *p;
    seen_n = n2 = 0;
    KASSERT(reg_h(ktest_ctx, &a, "uret_f", ret_seen));
    KASSERT(reg_h(ktest_ctx, &b, "uret_f", ret_eip2));
    KASSERT((p = spawn(3)) != NULL);
    KEXPECT_EQ(proc_wait(p), 0);
    KEXPECT_EQ(a.nreturn, 3);
    KEXPECT_EQ(b.nreturn, 3);
    KEXPECT_EQ(seen_n, 3);
    KEXPECT_EQ(n2, 3);
    KEXPECT(after_call_to(seen_eip[2], "uret_f"));
    KEXPECT(after_call_to(eip2, "uret_f"));
    uretprobe_unregister(&b);
    uretprobe_unregister(&a);
}

/* uret_co entered on a coroutine's stack (below main's) and on main's, in
 * both orders (user/uret.c main(2000001) and main(2000002)): each return
 * finds its instance by its slot, the process is not killed, and each
 * handler sees the value and the real return address. */
static void two_stacks(struct ktest_ctx *ktest_ctx, int mode, int first, int second)
{
    struct uretprobe r;
    struct uretprobe_stats s0 = uretprobe_stats;
    struct proc *p;
    seen_n = 0;
    KASSERT(reg_h(ktest_ctx, &r, "uret_co", ret_seen));
    KASSERT((p = spawn(mode)) != NULL);
    KEXPECT_EQ(proc_wait(p), 0);
    KEXPECT_EQ(uretprobe_stats.no_instance - s0.no_instance, 0);
    KEXPECT_EQ(uretprobe_stats.abandoned - s0.abandoned, 0);
    KEXPECT_EQ(r.nentry, 2);
    KEXPECT_EQ(r.nreturn, 2);
    KEXPECT_EQ(seen_n, 2);
    KEXPECT_EQ(seen_eax[0], first);
    KEXPECT_EQ(seen_eax[1], second);
    KEXPECT(after_call_to(seen_eip[0], "uret_co"));
    KEXPECT(after_call_to(seen_eip[1], "uret_co"));
    uretprobe_unregister(&r);
}

KTEST(uretprobe_two_stacks_lower_returns_first)
{
    two_stacks(ktest_ctx, 2000001, 11, 21);   /* the coroutine's (lower) entered first */
}

KTEST(uretprobe_two_stacks_upper_returns_first)
{
    two_stacks(ktest_ctx, 2000002, 21, 11);   /* main's (upper) entered first */
}

/* uret_jb longjmps back into uret_jo across uret_ja (user/uret.c
 * main(2000003)), and uret_jo reuses that stack before it returns: the two
 * left frames' instances are dropped as abandoned then, not kept until the
 * process exits, and uret_jo's return finds its own. */
KTEST(uretprobe_frames_left_by_a_longjmp)
{
    struct uretprobe o, a, b;
    struct uretprobe_stats s0 = uretprobe_stats;
    struct proc *p;
    seen_n = 0;
    KASSERT(reg_h(ktest_ctx, &o, "uret_jo", ret_seen));
    KASSERT(reg_h(ktest_ctx, &a, "uret_ja", ret_seen));
    KASSERT(reg_h(ktest_ctx, &b, "uret_jb", ret_seen));
    KASSERT((p = spawn(2000003)) != NULL);
    KEXPECT_EQ(proc_wait(p), 0);
    KEXPECT_EQ(o.nreturn, 1);
    KEXPECT_EQ(a.nentry + b.nentry, 2);
    KEXPECT_EQ(a.nreturn + b.nreturn, 0);
    KEXPECT_EQ(seen_eax[0], 5);
    KEXPECT_EQ(uretprobe_stats.abandoned - s0.abandoned, 2);
    KEXPECT_EQ(uretprobe_stats.exited - s0.exited, 0);
    KEXPECT_EQ(uretprobe_stats.no_instance - s0.no_instance, 0);
    uretprobe_unregister(&b);
    uretprobe_unregister(&a);
    uretprobe_unregister(&o);
}

/* The same frames left, their stack not reused (main(2000005)): their
 * instances stay (their words still hold the trampoline's address), until
 * the next calls of uret_ja and uret_jb return through the same slots:
 * then the older instances of those slots are dropped as abandoned, not
 * kept until the process exits. */
KTEST(uretprobe_left_frames_dropped_when_their_slots_return)
{
    struct uretprobe o, a, b;
    struct uretprobe_stats s0 = uretprobe_stats;
    struct proc *p;
    KASSERT(reg_h(ktest_ctx, &o, "uret_jo", ret_seen));
    KASSERT(reg_h(ktest_ctx, &a, "uret_ja", ret_seen));
    KASSERT(reg_h(ktest_ctx, &b, "uret_jb", ret_seen));
    KASSERT((p = spawn(2000005)) != NULL);
    KEXPECT_EQ(proc_wait(p), 0);
    KEXPECT_EQ(o.nreturn, 2);
    KEXPECT_EQ(a.nentry + b.nentry, 4);
    KEXPECT_EQ(a.nreturn + b.nreturn, 2);
    KEXPECT_EQ(uretprobe_stats.abandoned - s0.abandoned, 2);
    KEXPECT_EQ(uretprobe_stats.exited - s0.exited, 0);
    KEXPECT_EQ(uretprobe_stats.no_instance - s0.no_instance, 0);
    uretprobe_unregister(&b);
    uretprobe_unregister(&a);
    uretprobe_unregister(&o);
}

/* uret_lbl_mid, a global label inside uret_lbl after its push %ebx, is not
 * a function's entry: refused, with why, the text and the heap unchanged;
 * uret_lbl then keeps %ebx (user/uret.c main(2000004)). */
KTEST(uretprobe_refuses_a_label_inside_a_function)
{
    struct uretprobe r = { .u = { .prog = "uret", .symbol = "uret_lbl_mid" }, .handler = ret_seen };
    int prog = uimage_find("uret"), i, n = uprobe_count();
    uint32_t lbl = 0, used = kheap_used();
    uint8_t before[12];
    char err[200] = "";
    struct proc *p;
    KASSERT(prog >= 0 && !elf_symbol(uprogs[prog].image, uprogs[prog].size, "uret_lbl", &lbl));
    KASSERT(uimage_load(prog, err, sizeof err) == 0);   /* (its shared text, to compare) */
    used = kheap_used();
    for (i = 0; i < 12; i++)
        before[i] = *usite_text(prog, lbl + (uint32_t)i);
    KEXPECT_EQ(uretprobe_register(&r, err, sizeof err), -1);
    KEXPECT(kmemcmp(err, "uretprobe: uret:uret_lbl_mid", 28) == 0);
    KEXPECT(kmemcmp(err + 28, " is inside uret_lbl+0x", 22) == 0);
    KEXPECT_EQ(kheap_used(), used);
    KEXPECT_EQ(uprobe_count(), n);
    for (i = 0; i < 12; i++)
        KEXPECT_EQ(*usite_text(prog, lbl + (uint32_t)i), before[i]);
    KASSERT((p = spawn(2000004)) != NULL);
    KEXPECT_EQ(proc_wait(p), 0);
    if (r.pool)                       /* taken (the defect): its damage was seen above */
        uretprobe_unregister(&r);
}

/* A maxactive whose pool size wraps in 32 bits (0x10000000 instances of 16
 * bytes: 2^32), one beyond any size, and one that fits but not in the
 * heap: each refused with why, nothing allocated, no probe added. */
KTEST(uretprobe_refuses_a_maxactive_that_wraps)
{
    static const int max[3] = { 0x10000000, 0x7fffffff, 100000000 };
    int i, n = uprobe_count();
    for (i = 0; i < 3; i++) {
        struct uretprobe r = { .u = { .prog = "uret", .symbol = "uret_f" }, .handler = ret_seen,
                               .maxactive = max[i] };
        char err[200] = "";
        uint32_t used = kheap_used();
        KEXPECT_EQ(uretprobe_register(&r, err, sizeof err), -1);
        KEXPECT(i == 2 ? kmemcmp(err, "uretprobe: no memory for", 24) == 0
                       : kmemcmp(err, "uretprobe: maxactive", 20) == 0);
        KEXPECT_EQ(kheap_used(), used);
        KEXPECT(r.pool == NULL);
        if (r.pool)
            uretprobe_unregister(&r);
    }
    KEXPECT_EQ(uprobe_count(), n);
}
