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
#include "patch/uprobe.h"

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
