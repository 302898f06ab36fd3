/* uretprobe-torture: two processes per CPU run user/uret (uret_f, uret_sleep
 * that sleeps inside, uret_rec that recurses; every result checked by the
 * program) while the kernel registers, removes, enables and disables user
 * return probes on uret_sleep and uret_rec at random; one probe on uret_f
 * stays registered throughout.  Checked: every process exits 0 (each call
 * came back to its real caller with its value), none is killed; the
 * steady probe saw exactly as many entries and returns as the processes
 * made calls; every instance pending at a removal came back or went with
 * its process; no return found no instance. */
#include "kernel/scenario.h"
#include "kernel/proc.h"
#include "kernel/uspace.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/fmt.h"
#include "kernel/panic.h"
#include "patch/uprobe.h"
#include "tests/kernel/torture.h"

#define UW_MAX (2 * NCPU_MAX)
static struct uretprobe steady, churn[2];
static bool live[2], on[2];
static const char *const churn_sym[2] = { "uret_sleep", "uret_rec" };

static void act(int k, uint32_t *rng, uint32_t *ops)
{
    char err[160];
    uint32_t r = torture_rnd(rng) % 4;
    if (!live[k]) {
        churn[k] = (struct uretprobe){ .u = { .prog = "uret", .symbol = churn_sym[k] }, .maxactive = 64 };
        if (uretprobe_register(&churn[k], err, sizeof err))
            panic("uretprobe-torture: %s", err);
        live[k] = on[k] = true;
    } else if (r == 0) {
        uretprobe_unregister(&churn[k]);
        live[k] = false;
    } else if (on[k]) {
        uprobe_disable(&churn[k].u);
        on[k] = false;
    } else {
        uprobe_enable(&churn[k].u);
        on[k] = true;
    }
    (*ops)++;
}

static int scenario_uretprobe_torture(char *why, size_t n)
{
    struct proc *w[UW_MAX];
    struct uretprobe_stats s0 = uretprobe_stats;
    uint32_t rng = (uint32_t)param_seed * 2654435761u, kills = uspace_nkills, ops = 0, calls[3] = { 0, 0, 0 };
    int nw = 2 * ncpu, i, k, bad = 0;
    uint64_t end;
    char err[160];
    steady = (struct uretprobe){ .u = { .prog = "uret", .symbol = "uret_f" }, .maxactive = 64 };
    if (uretprobe_register(&steady, err, sizeof err))
        return ksnprintf(why, n, "uretprobe-torture: %s", err), 1;
    kprintf("uretprobe-torture: %d CPUs, %d processes, %d ms\n", ncpu, nw, param_duration_ms);
    for (i = 0; i < nw; i++)
        if (!(w[i] = proc_spawn("uret", 1000000u + (uint32_t)param_duration_ms, NULL, false, CPUMASK_ALL,
                                err, sizeof err)))
            panic("uretprobe-torture: %s", err);
    end = clock_ns() + (uint64_t)param_duration_ms * 1000000;
    while (clock_ns() < end) {
        act((int)(torture_rnd(&rng) % 2), &rng, &ops);
        thread_sleep_ns((torture_rnd(&rng) % 3000) * 1000);
    }
    for (i = 0; i < nw; i++) {
        wait_for_completion(&w[i]->done);
        for (k = 0; k < 3; k++)
            calls[k] += w[i]->report[k];
        if (proc_wait(w[i]) && !bad++)
            ksnprintf(why, n, "uretprobe-torture: a process exited with wrong results");
    }
    for (k = 0; k < 2; k++)
        if (live[k])
            uretprobe_unregister(&churn[k]), live[k] = false;
    uretprobe_unregister(&steady);
    kprintf("uretprobe-torture: %u actions; calls %u/%u/%u (f/sleep/rec); steady probe on uret_f: %u entries, "
            "%u returns, %u missed, %u refused; instances pending at removal %u, came back %u, with their "
            "process %u; returns with no instance %u; kills %u\n", ops, calls[0], calls[1], calls[2],
            steady.nentry, steady.nreturn, steady.nmissed, steady.nrefused,
            uretprobe_stats.pending_at_unregister - s0.pending_at_unregister,
            uretprobe_stats.reclaimed - s0.reclaimed, uretprobe_stats.exited - s0.exited,
            uretprobe_stats.no_instance - s0.no_instance, uspace_nkills - kills);
    if (bad)
        return 1;
    if (uspace_nkills != kills || uretprobe_stats.no_instance != s0.no_instance)
        return ksnprintf(why, n, "uretprobe-torture: %u processes killed", uspace_nkills - kills), 1;
    if (steady.nentry != calls[0] || steady.nreturn != calls[0] || steady.nmissed || steady.nrefused)
        return ksnprintf(why, n, "uretprobe-torture: the steady probe saw %u entries and %u returns of %u calls",
                         steady.nentry, steady.nreturn, calls[0]), 1;
    if (uretprobe_stats.pending_at_unregister - s0.pending_at_unregister !=
        uretprobe_stats.reclaimed - s0.reclaimed)
        return ksnprintf(why, n, "uretprobe-torture: %u instances pending at removal, %u came back",
                         uretprobe_stats.pending_at_unregister - s0.pending_at_unregister,
                         uretprobe_stats.reclaimed - s0.reclaimed), 1;
    return 0;
}
KSCENARIO("uretprobe-torture", scenario_uretprobe_torture, "user return probes registered, removed, enabled "
          "and disabled while processes on every CPU call the probed functions; results and counts checked");
