/* Hazard cells in user code (patch/uprobe_opt.c): a process of ucell is
 * parked by an execute breakpoint (DR0, SDM Vol. 3, 17.2.4: a fault, EIP =
 * the instruction) exactly where a hazard needs it, then the probe is
 * optimized or unoptimized.  H1: parked at the region's second instruction;
 * H3: parked in a callee whose return address is inside the region; H8:
 * parked inside the detour buffer.  Under uprobe_opt=safe each is defended
 * (busy, refused, waited for) and the process exits 0; under naive
 * (tests/scenarios/neg-ucell-*) the process dies. */
#include "kernel/ktest.h"
#include "kernel/gbound.h"
#include "kernel/proc.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/elf.h"
#include "kernel/usys.h"
#include "kernel/trap.h"
#include "kernel/ipi.h"
#include "kernel/x86.h"
#include "kernel/mem.h"
#include "kernel/console.h"
#include "kernel/cpu.h"
#include "patch/uprobe_int.h"

#define EFLAGS_RF 0x10000
#define UC_CPU (ncpu > 1 ? 1 : 0)
static struct { uint32_t at; volatile int hit; struct thread *volatile t; bool kill; } upk;

/* Parked (asleep on the way back to user mode), or with upk.kill killed
 * there: a zombie whose last user EIP is upk.at. */
static bool upark_db(struct trapframe *tf)
{
    if (tf->eip != upk.at)
        return false;
    write_dr7(0);
    tf->eflags |= EFLAGS_RF;           /* resume without re-triggering */
    upk.t = thread_current();
    if (upk.kill) {
        proc_current()->kill_vec = T_DB;
        proc_current()->killed = true;
    } else {
        upk.t->park = true;            /* asleep on the way back (kernel/uspace.c) */
    }
    upk.hit = 1;
    return true;
}

static void arm(void *arg) { (void)arg; write_dr0(upk.at); write_dr7(0x1); }
static void disarm(void *arg) { (void)arg; write_dr7(0); }

static uint32_t sym(const char *name)
{
    int prog = uimage_find("ucell");
    uint32_t v = 0;
    elf_symbol(uprogs[prog].image, uprogs[prog].size, name, &v);
    return v;
}

/* A ucell process parked at `at`; NULL if it never got there. */
static struct proc *park_or_kill(uint32_t at, bool kill)
{
    char err[96];
    struct proc *p;
    int i;
    upk.kill = kill;
    upk.at = at;
    upk.hit = 0;
    upk.t = NULL;
    uprobe_db_hook = upark_db;
    smp_call_one(UC_CPU, arm, NULL, true);
    if (!(p = proc_spawn("ucell", 500, NULL, false, 1u << UC_CPU, err, sizeof err)))
        return NULL;
    for (i = 0; i < 2000 && !(upk.hit && (kill ? p->state == P_ZOMBIE : upk.t != NULL)); i++)
        thread_sleep_ns(1000000);
    if (upk.hit && !kill && !ktest_wait_blocked(upk.t, NULL, 5000))
        upk.hit = 0;                   /* not parked: the caller's KASSERT says so */
    return p;
}

/* Until the removal thread t is asleep in fn (its wait) or has ended
 * (*done): then whether it is done says whether it waits (never a fixed
 * wait: on a busy host it may not have started yet). */
static void wait_waiting(struct thread *t, volatile int *done, const char *fn)
{
    struct gbound b;
    gbound_start(&b, GBOUND_ALL, 5000, 0);
    while (!*done && !(READ_ONCE(t->state) == TS_SLEEPING && ktest_stopped_in(t, fn)) && !gbound_expired(&b))
        thread_sleep_ns(100000);
}

static struct proc *park(uint32_t at) { return park_or_kill(at, false); }

static int unpark(struct proc *p)
{
    smp_call_one(UC_CPU, disarm, NULL, true);
    upk.at = 0;
    if (upk.t && !upk.kill)
        thread_wake(upk.t);
    uprobe_db_hook = NULL;
    return proc_wait(p);
}

static int nop_pre(struct uprobe *u, struct trapframe *tf, struct proc *p) { (void)u; (void)tf; (void)p; return 0; }

KTEST(ucell_h1_parked_inside_the_region)
{
    static struct uprobe u;
    char err[160];
    struct proc *p;
    u = (struct uprobe){ .prog = "ucell", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    p = park(sym("ut_opt0_site") + 2);           /* after incl, on the mov: inside the region */
    KASSERT(p && upk.hit);
    KEXPECT_EQ(proc_user_eip(p), upk.at);
    KEXPECT_EQ(uprobe_optimize(&u, err, sizeof err), 1);   /* busy: it would resume inside the jump */
    KEXPECT_EQ(unpark(p), 0);
    uprobe_unregister(&u);
}

KTEST(ucell_h3_return_address_inside_the_region)
{
    static struct uprobe u;
    char err[160];
    struct proc *p;
    u = (struct uprobe){ .prog = "ucell", .symbol = "ut_h3_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    p = park(sym("ut_nap"));                     /* called from the region: returns to site + 2 */
    KASSERT(p && upk.hit);
    KEXPECT_EQ(uprobe_optimize(&u, err, sizeof err), -1);
    kprintf("# %s\n", err);
    KEXPECT(kmemcmp(err, "not optimized: H3", 17) == 0);
    KEXPECT_EQ(unpark(p), 0);
    uprobe_unregister(&u);
}

static volatile int unopt_done;
static void unopt(void *arg) { uprobe_unoptimize(arg); unopt_done = 1; }

KTEST(ucell_h8_parked_inside_the_buffer)
{
    static struct uprobe u;
    char err[160];
    struct proc *p;
    struct thread *t;
    int r, i;
    u = (struct uprobe){ .prog = "ucell", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    for (i = 0; i < 100 && (r = uprobe_optimize(&u, err, sizeof err)) == 1; i++)
        thread_sleep_ns(1000000);
    KASSERT(r == 0 && u.site->buf >= 0);
    p = park(USER_UBUF + 64 * (uint32_t)u.site->buf + 4);   /* int $0x82, incl, then here */
    KASSERT(p && upk.hit);
    unopt_done = 0;
    t = thread_create("ucell-unopt", unopt, &u, CPUMASK_ALL);
    KASSERT(t);
    wait_waiting(t, &unopt_done, "unoptimize_locked");
    KEXPECT(!unopt_done);                        /* it waits: a process is inside the buffer */
    KEXPECT_EQ(unpark(p), 0);
    thread_join(t);
    KEXPECT(unopt_done);
    uprobe_unregister(&u);
}

/* H7: a process parked between its #BP and its step (EIP at the slot copy,
 * the site's reference held) while its probe is removed and another probe
 * takes a site: unregister must wait for the reference, and the step must
 * end with the fix-up of its own site.  uprobe_bug=no_ref_wait frees the
 * site at once; the new probe reuses it and the step ends somewhere else. */
static volatile int unreg_done;
static void unreg(void *arg) { uprobe_unregister(arg); unreg_done = 1; }

KTEST(ucell_h7_process_mid_step)
{
    static struct uprobe u, v;
    char err[160];
    struct proc *p;
    struct thread *t;
    u = (struct uprobe){ .prog = "ucell", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    p = park(USER_XOL);                          /* the #BP taken, the copy not yet run */
    KASSERT(p && upk.hit && p->ustep == u.site);
    unreg_done = 0;
    t = thread_create("ucell-unreg", unreg, &u, CPUMASK_ALL);
    KASSERT(t);
    wait_waiting(t, &unreg_done, "uprobe_unregister");   /* site_quiet (inlined) polls */
    KEXPECT(!unreg_done);                        /* it waits: the process holds the site */
    v = (struct uprobe){ .prog = "ucell", .symbol = "ut_h3", .pre_handler = nop_pre };
    if (unreg_done)                              /* (only with the bug: the site is free again) */
        KEXPECT_EQ(uprobe_register(&v, err, sizeof err), 0);
    KEXPECT_EQ(unpark(p), 0);
    thread_join(t);
    if (v.site)
        uprobe_unregister(&v);
}

/* Item 7: a process killed inside the region or the buffer is a zombie (it
 * never runs again, and here nobody reaps it until the checks are done):
 * its last EIP is no hazard.  Optimize must not stay busy on it, unoptimize
 * must not wait for it (the waiter here is the one that would reap it). */
KTEST(ucell_h1_dead_process_no_hazard)
{
    static struct uprobe u;
    char err[160];
    struct proc *p;
    int i, r = 1;
    u = (struct uprobe){ .prog = "ucell", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    p = park_or_kill(sym("ut_opt0_site") + 2, true);
    KASSERT(p && upk.hit && p->state == P_ZOMBIE);
    for (i = 0; i < 20 && (r = uprobe_optimize(&u, err, sizeof err)) == 1; i++)
        thread_sleep_ns(1000000);
    KEXPECT_EQ(r, 0);                            /* not busy on a zombie's EIP */
    KEXPECT_EQ(unpark(p), PROC_KILLED(T_DB));
    uprobe_unregister(&u);
}

KTEST(ucell_h8_dead_process_no_hazard)
{
    static struct uprobe u;
    char err[160];
    struct proc *p;
    struct thread *t;
    int i, r = 1;
    u = (struct uprobe){ .prog = "ucell", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    for (i = 0; i < 100 && (r = uprobe_optimize(&u, err, sizeof err)) == 1; i++)
        thread_sleep_ns(1000000);
    KASSERT(r == 0 && u.site->buf >= 0);
    p = park_or_kill(USER_UBUF + 64 * (uint32_t)u.site->buf + 4, true);
    KASSERT(p && upk.hit && p->state == P_ZOMBIE);
    unopt_done = 0;
    t = thread_create("ucell-unopt", unopt, &u, CPUMASK_ALL);
    for (i = 0; i < 200 && !unopt_done; i++)
        thread_sleep_ns(1000000);
    KEXPECT(unopt_done);                         /* no wait for the dead */
    KEXPECT_EQ(unpark(p), PROC_KILLED(T_DB));    /* (reaped: an old kernel's wait ends) */
    thread_join(t);
    uprobe_unregister(&u);
}

/* Item 8: a scan while the reaper is between freeing a zombie's thread and
 * freeing its slot (proc_reap_hook runs there) reads no freed thread. */
static struct uprobe reap_u;
static volatile int reap_r = -2;
static void reap_scan(struct proc *p)
{
    char err[160];
    (void)p;
    reap_r = uprobe_optimize(&reap_u, err, sizeof err);
}

KTEST(ucell_h8_scan_during_reap)
{
    char err[160];
    struct proc *p;
    reap_u = (struct uprobe){ .prog = "ucell", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&reap_u, err, sizeof err) == 0);
    p = park_or_kill(sym("ut_opt0_site") + 2, true);
    KASSERT(p && upk.hit && p->state == P_ZOMBIE);
    reap_r = -2;
    proc_reap_hook = reap_scan;
    KEXPECT_EQ(unpark(p), PROC_KILLED(T_DB));
    proc_reap_hook = NULL;
    KEXPECT_EQ(reap_r, 0);
    uprobe_unregister(&reap_u);
}

/* Bounded waits (issue 30, item 11, user half): a remover whose process
 * never leaves returns after uprobe_wait_ms; the site or buffer is orphaned
 * (kept, counted, named) and reclaimed once the process has left.  Under
 * uprobe_bug=unbounded the remover is still waiting (neg-ucell-unbounded). */
#define UC_WAIT_MS 50
static bool uc_done_within(volatile int *done, int ms)
{
    int i;
    for (i = 0; i < ms && !*done; i++)
        thread_sleep_ns(1000000);
    return *done;
}

KTEST(ucell_h8_buffer_orphaned_then_reclaimed)
{
    static struct uprobe u;
    char err[160];
    struct proc *p;
    struct thread *t;
    int r = 1, i, b, saved = uprobe_wait_ms;
    uint32_t orphans = uprobe_stats.orphan_bufs, reclaimed = uprobe_stats.reclaimed_bufs;
    uprobe_wait_ms = UC_WAIT_MS;
    u = (struct uprobe){ .prog = "ucell", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    for (i = 0; i < 100 && (r = uprobe_optimize(&u, err, sizeof err)) == 1; i++)
        thread_sleep_ns(1000000);
    KASSERT(r == 0 && u.site->buf >= 0);
    b = u.site->buf;
    p = park(USER_UBUF + 64 * (uint32_t)b + 4);
    KASSERT(p && upk.hit);
    unopt_done = 0;
    t = thread_create("ucell-unopt", unopt, &u, CPUMASK_ALL);
    KEXPECT(uc_done_within(&unopt_done, 20 * UC_WAIT_MS));   /* returned: bounded */
    KEXPECT(!uprobe_optimized(&u));
    KEXPECT_EQ(uprobe_stats.orphan_bufs, orphans + (unopt_done ? 1 : 0));
    if (unopt_done) {
        KEXPECT_EQ(uprobe_optimize(&u, err, sizeof err), 0);
        KEXPECT_NE(u.site->buf, b);              /* still reserved: the process is in it */
        uprobe_unoptimize(&u);
    }
    KEXPECT_EQ(unpark(p), 0);                    /* it ran the orphaned buffer to its end */
    thread_join(t);
    KEXPECT_EQ(uprobe_optimize(&u, err, sizeof err), 0);
    KEXPECT_EQ(u.site->buf, b);                  /* reclaimed by the scan, first free again */
    KEXPECT_EQ(uprobe_stats.reclaimed_bufs, reclaimed + 1);
    uprobe_unregister(&u);
    uprobe_wait_ms = saved;
}

KTEST(ucell_h7_site_orphaned_then_reclaimed)
{
    static struct uprobe u, v;
    char err[160];
    struct proc *p;
    struct thread *t;
    struct usite *s;
    int saved = uprobe_wait_ms;
    uint32_t orphans = uprobe_stats.orphan_sites, reclaimed = uprobe_stats.reclaimed_sites;
    uprobe_wait_ms = UC_WAIT_MS;
    u = (struct uprobe){ .prog = "ucell", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    s = u.site;
    p = park(USER_XOL);                          /* the #BP taken, the copy not yet run */
    KASSERT(p && upk.hit && p->ustep == s);
    unreg_done = 0;
    t = thread_create("ucell-unreg", unreg, &u, CPUMASK_ALL);
    KEXPECT(uc_done_within(&unreg_done, 20 * UC_WAIT_MS));   /* returned: bounded */
    KEXPECT_EQ(uprobe_stats.orphan_sites, orphans + (unreg_done ? 1 : 0));
    KEXPECT(unreg_done ? s->state == USITE_GOING && s->orphan : true);   /* kept for the step */
    KEXPECT_EQ(unpark(p), 0);                    /* its step ended with its own site's fix-up */
    thread_join(t);
    v = (struct uprobe){ .prog = "ucell", .symbol = "ut_h3", .pre_handler = nop_pre };
    KEXPECT_EQ(uprobe_register(&v, err, sizeof err), 0);
    KEXPECT_EQ(uprobe_stats.reclaimed_sites, reclaimed + 1);
    KEXPECT(v.site == s);                        /* the reclaimed slot is the first free */
    uprobe_unregister(&v);
    uprobe_wait_ms = saved;
}

/* Issue 39, item 16: an orphaned site is not taken back while its process
 * still steps its copy: a register meanwhile gets another site, and the
 * step ends with its own site's fix-up; once the process left, the next
 * register takes it back. */
KTEST(ucell_h7_orphan_not_reused_while_held)
{
    static struct uprobe u, v, w;
    char err[160];
    struct proc *p;
    struct thread *t;
    struct usite *s;
    int saved = uprobe_wait_ms;
    uint32_t reclaimed = uprobe_stats.reclaimed_sites;
    uprobe_wait_ms = UC_WAIT_MS;
    u = (struct uprobe){ .prog = "ucell", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    s = u.site;
    p = park(USER_XOL);                          /* the #BP taken, the copy not yet run */
    KASSERT(p && upk.hit && p->ustep == s);
    unreg_done = 0;
    t = thread_create("ucell-unreg", unreg, &u, CPUMASK_ALL);
    if (!uc_done_within(&unreg_done, 20 * UC_WAIT_MS)) {   /* (uprobe_bug=unbounded: it holds */
        KEXPECT(uc_done_within(&unreg_done, 0));         /* uprobe_mutex; let the process go) */
        KEXPECT_EQ(unpark(p), 0);
        thread_join(t);
        uprobe_wait_ms = saved;
        return;
    }
    KEXPECT(s->state == USITE_GOING && s->orphan && s->refs);   /* orphaned, still held */
    v = (struct uprobe){ .prog = "ucell", .symbol = "ut_h3", .pre_handler = nop_pre };
    KEXPECT_EQ(uprobe_register(&v, err, sizeof err), 0);
    KEXPECT(v.site != s);                        /* not the held orphan */
    KEXPECT_EQ(uprobe_stats.reclaimed_sites, reclaimed);
    KEXPECT_EQ(unpark(p), 0);                    /* its step ended with its own site's fix-up */
    thread_join(t);
    if (v.site)
        uprobe_unregister(&v);
    w = (struct uprobe){ .prog = "ucell", .symbol = "ut_h3", .pre_handler = nop_pre };
    KEXPECT_EQ(uprobe_register(&w, err, sizeof err), 0);
    KEXPECT_EQ(uprobe_stats.reclaimed_sites, reclaimed + 1);
    uprobe_unregister(&w);
    uprobe_wait_ms = saved;
}
