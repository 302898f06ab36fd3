/* bench-user: the system-call round trip against a plain function call
 * (user/ubench.c, rdtsc in user mode), and switches on one CPU: two kernel
 * threads yielding to each other (no CR3 change), two processes doing the
 * same (under uspace=shared each switch loads the other's page directory),
 * each switch paying for a yield system call too.  Compare
 * layouts with two runs (bench-user-shared, bench-user-split); ratios inside
 * one run.  BENCH lines carry "uspace". */
#include "kernel/scenario.h"
#include "kernel/proc.h"
#include "kernel/uvm.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/cpu.h"
#include "kernel/fmt.h"
#include "kernel/panic.h"
#include "tests/kernel/bench.h"

#define UB_YIELDS 20000

static const char *layout(void) { return uspace_layout == USPACE_SPLIT ? "split" : "shared"; }

/* ubench(arg) pinned to cpu; its reports in rep[0..2]. */
static struct proc *ub_spawn(uint32_t arg, int cpu)
{
    char err[96];
    struct proc *p = proc_spawn("ubench", arg, NULL, false, 1u << cpu, err, sizeof err);
    if (!p)
        panic("bench-user: %s", err);
    return p;
}

static void ub_wait(struct proc *p, uint32_t rep[3])
{
    int i;
    wait_for_completion(&p->done);
    for (i = 0; rep && i < 3; i++)
        rep[i] = p->report[i];
    if (proc_wait(p))
        panic("bench-user: ubench failed");
}

static volatile int ks_stop;
static void kyield(void *arg) { (void)arg; while (!ks_stop) thread_yield(); }

/* ns per switch over n0..now on cpu since t0 */
static uint32_t per_switch(int cpu, uint32_t n0, uint64_t t0)
{
    uint32_t n = cpus[cpu].nr_switches - n0;
    return (uint32_t)((clock_ns() - t0) / (n ? n : 1));
}

static uint32_t switch_kernel(int cpu)
{
    struct thread *a, *b;
    uint32_t n0 = cpus[cpu].nr_switches, r;
    uint64_t t0 = clock_ns();
    ks_stop = 0;
    a = thread_create("ub-yield-a", kyield, NULL, 1u << cpu);
    b = thread_create("ub-yield-b", kyield, NULL, 1u << cpu);
    while (cpus[cpu].nr_switches - n0 < 2 * UB_YIELDS)
        thread_yield();
    r = per_switch(cpu, n0, t0);
    ks_stop = 1;
    thread_join(a);
    thread_join(b);
    return r;
}

static uint32_t switch_procs(int cpu)
{
    struct proc *a, *b;
    uint32_t n0 = cpus[cpu].nr_switches, r;
    uint64_t t0 = clock_ns();
    a = ub_spawn(UB_YIELDS, cpu);
    b = ub_spawn(UB_YIELDS, cpu);
    wait_for_completion(&a->done);
    wait_for_completion(&b->done);
    r = per_switch(cpu, n0, t0);
    ub_wait(a, NULL);
    ub_wait(b, NULL);
    return r;
}

static int scenario_bench_user(char *why, size_t n)
{
    int cpu = ncpu > 1 ? 1 : 0;
    uint32_t rep[3], sys, call, ks, ps;
    char extra[64];
    (void)why; (void)n;
    ksnprintf(extra, sizeof extra, "\"uspace\":\"%s\"", layout());
    ub_wait(ub_spawn(0, cpu), rep);
    sys = (uint32_t)((uint64_t)rep[0] * 1000000000 / clock_tsc_khz / rep[2]);   /* ps per op */
    call = (uint32_t)((uint64_t)rep[1] * 1000000000 / clock_tsc_khz / rep[2]);
    bench_emit_value("syscall", "ps", sys, extra);
    bench_emit_value("call", "ps", call, extra);
    kprintf("bench: uspace=%s: getpid round trip %u ns, a function call %u ps: ratio %u\n",
            layout(), sys / 1000, call, call ? sys / call : 0);
    ks = switch_kernel(cpu);
    ps = switch_procs(cpu);
    bench_emit_value("switch-kernel", "ns", ks, extra);
    bench_emit_value("switch-process", "ns", ps, extra);
    kprintf("bench: uspace=%s: switch between kernel threads %u ns; between processes %u ns "
            "(a yield system call included; %s)\n", layout(), ks, ps, uspace_layout == USPACE_SPLIT ?
            "no CR3 load at the switch, one at each kernel entry and exit" : "a CR3 load at each switch");
    return 0;
}
KSCENARIO("bench-user", scenario_bench_user,
          "benchmark: system call vs function call, switches between processes and kernel threads");
