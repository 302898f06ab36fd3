/* user-torture: user processes on every CPU run utorture (user/utorture.c:
 * a register-and-flags block checked against a C model, getpid, yield,
 * write, sleep, map/unmap churn) under preemption in user and kernel mode,
 * while a kernel thread spawns and reaps short processes.  Checks: every
 * worker exits 0 with no error of its own; the system calls each worker
 * counted equal the kernel's count for it, exactly; no process was killed;
 * every page comes back; preemptions landed inside the user block
 * (landing=require under -singlestep). */
#include "kernel/scenario.h"
#include "kernel/proc.h"
#include "kernel/uvm.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/uspace.h"
#include "kernel/elf.h"
#include "kernel/usys.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/param.h"
#include "kernel/panic.h"
#include "tests/kernel/torture.h"

#define UT_MAXP (4 * NCPU_MAX)
static int ut_per_cpu = 2;
KPARAM_INT("ut_per_cpu", ut_per_cpu, 1, 4, "user-torture: utorture processes per CPU");
static volatile int churn_stop;
static volatile uint32_t churned, churn_errors;

/* Short processes spawned and reaped while the workers run. */
static void churn(void *arg)
{
    char err[96];
    struct proc *p;
    (void)arg;
    while (!churn_stop) {
        p = proc_spawn("spin", 500, NULL, false, CPUMASK_ALL, err, sizeof err);
        if (!p || proc_wait(p) != 0) {
            if (__atomic_fetch_add(&churn_errors, 1, __ATOMIC_RELAXED) < 3)
                kprintf("!!! user-torture: churn process %s\n", p ? "failed" : err);
            continue;
        }
        churned++;
    }
}

/* The block's range and its bytes through the kernel's alias of the text. */
static int landing_range(uint32_t *lo, uint32_t *hi, const uint8_t **code)
{
    int prog = uimage_find("utorture");
    const struct uprog *up = &uprogs[prog];
    uint32_t page;
    if (elf_symbol(up->image, up->size, "utorture_block", lo) ||
        elf_symbol(up->image, up->size, "utorture_block_end", hi) || *hi <= *lo ||
        (*lo >> 12) != ((*hi - 1) >> 12) || !(page = uimage_text_page(prog, *lo)))
        return -1;
    *code = (const uint8_t *)(page + (*lo & 0xFFF));
    return 0;
}

struct ut_sum { uint32_t iters, calls, maps, preempt; };

/* Everything is read before proc_wait: it frees the slot, and the churn
 * thread's next spawn may take it at once. */
static int check_worker(struct proc *p, struct ut_sum *s, char *why, size_t n)
{
    uint32_t kcalls, preempt, report[4];
    int code, pid = p->pid;
    wait_for_completion(&p->done);     /* exited, not yet reaped: its counts are final */
    kcalls = p->nsyscalls;
    preempt = p->thread->nivcsw;
    kmemcpy(report, p->report, sizeof report);
    code = proc_wait(p);
    if (code)
        return ksnprintf(why, n, "utorture pid %d exited %d (errors %u)", pid, code, report[2]), 1;
    if (report[1] != kcalls)
        return ksnprintf(why, n, "utorture pid %d made %u system calls, the kernel counted %u",
                         pid, report[1], kcalls), 1;
    s->iters += report[0];
    s->calls += kcalls;
    s->maps += report[3];
    s->preempt += preempt;
    return 0;
}

static int scenario_user_torture(char *why, size_t n)
{
    static const char *const name[1] = { "utorture_block" };
    struct proc *w[UT_MAXP];
    struct thread *ct;
    struct ut_sum s = { 0, 0, 0, 0 };
    uint32_t lo[1], hi[1], kills = uspace_nkills, nw = (uint32_t)(ncpu * ut_per_cpu), i, free0;
    const uint8_t *code[1];
    char err[96], lwhy[160];
    int bad = 0, lbad;
    uint32_t rounds = 0;
    uint64_t end;
    kprintf("user-torture: uspace=%s, %d CPUs, %u processes, %d ms\n",
            uspace_layout == USPACE_SPLIT ? "split" : "shared", ncpu, nw, param_duration_ms);
    w[0] = proc_spawn("utorture", 1, NULL, false, CPUMASK_ALL, err, sizeof err);   /* loads the text */
    if (!w[0] || proc_wait(w[0]) || landing_range(lo, hi, code) ||
        !(w[0] = proc_spawn("spin", 1, NULL, false, CPUMASK_ALL, err, sizeof err)) || proc_wait(w[0]))
        return ksnprintf(why, n, "user-torture: cannot start utorture (%s)", w[0] ? "its block" : err), 1;
    free0 = palloc_free_count();
    torture_landing_start_code(name, lo, hi, code, 1);
    end = clock_ns() + (uint64_t)param_duration_ms * 1000000;
    ct = thread_create("ut-churn", churn, NULL, CPUMASK_ALL);
    do {                               /* one round of duration= ms; more while landings are missing */
        for (i = 0; i < nw; i++)
            if (!(w[i] = proc_spawn("utorture", (uint32_t)param_duration_ms, NULL, false, CPUMASK_ALL,
                                    err, sizeof err)))
                panic("user-torture: spawn %u: %s", i, err);
        for (i = 0; i < nw; i++)
            if (!bad && check_worker(w[i], &s, why, n))
                bad = 1;
            else if (bad)
                proc_wait(w[i]);
        rounds++;
    } while (!bad && torture_running(end, 2, LAND_PREEMPT_NATIVE));
    churn_stop = 1;
    thread_join(ct);
    torture_landing_stop();
    lbad = torture_landing_check(2, LAND_PREEMPT_NATIVE, lwhy, sizeof lwhy);
    kprintf("user-torture: %u round%s of %u processes: iterations %u, system calls %u (counted alike by both sides), "
            "maps %u, preemptions %u; churn %u processes; kills %u; pages %u of %u back\n",
            rounds, rounds > 1 ? "s" : "", nw, s.iters, s.calls, s.maps, s.preempt, churned, uspace_nkills - kills,
            palloc_free_count(), free0);
    if (bad)
        return 1;
    if (uspace_nkills != kills || churn_errors)
        return ksnprintf(why, n, "user-torture: %u processes killed, %u churn errors",
                         uspace_nkills - kills, churn_errors), 1;
    if (palloc_free_count() != free0)
        return ksnprintf(why, n, "user-torture: %d pages not freed", (int)(free0 - palloc_free_count())), 1;
    if (lbad)
        return ksnprintf(why, n, "%s", lwhy), 1;
    return 0;
}
KSCENARIO("user-torture", scenario_user_torture,
          "user processes on every CPU: checked user-mode computation under preemption, system calls, map/unmap churn");
