/* bench-user: the system-call round trip against a plain function call
 * (user/ubench.c, rdtsc in user mode), and switches on one CPU: two kernel
 * threads yielding to each other (no CR3 change), two processes doing the
 * same (under uspace=shared each switch loads the other's page directory),
 * each switch paying for a yield system call too; a user-probe hit (int3,
 * optimized) and a user return probe's (int3 or optimized entry) against
 * the unprobed call; probe_read_user per page.  Compare
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
#include "kernel/uread.h"
#include "kernel/usys.h"
#include "kernel/x86.h"
#include "patch/uprobe.h"
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

/* ps per call of ut_opt0 as ubench times it: unprobed, int3 probe, optimized. */
static uint32_t hit_ps(int cpu)
{
    uint32_t rep[3];
    ub_wait(ub_spawn((uint32_t)-1, cpu), rep);
    return (uint32_t)((uint64_t)rep[0] * 1000000000 / clock_tsc_khz / rep[2]);
}

static int nop_pre(struct uprobe *u, struct trapframe *tf, struct proc *p) { (void)u; (void)tf; (void)p; return 0; }

static void uret_nothing(struct uretprobe *r, struct trapframe *tf, struct proc *p) { (void)r; (void)tf; (void)p; }

/* ps per call with a user probe on ut_opt0_site (ret 0) or a user return
 * probe on ut_opt0 (ret 1): [0] int3, [1] optimized (0 if refused: err). */
static int probed_ps(int cpu, int ret, uint32_t ps[2], char *err, size_t n)
{
    static struct uprobe u;
    static struct uretprobe rp;
    struct uprobe *up = ret ? &rp.u : &u;
    int r, i;
    u = (struct uprobe){ .prog = "ubench", .symbol = "ut_opt0_site", .pre_handler = nop_pre };
    rp = (struct uretprobe){ .u = { .prog = "ubench", .symbol = "ut_opt0" }, .handler = uret_nothing };
    if (ret ? uretprobe_register(&rp, err, n) : uprobe_register(&u, err, n))
        panic("bench-user: %s", err);
    ps[0] = hit_ps(cpu);
    for (i = 0; i < 100 && (r = uprobe_optimize(up, err, n)) == 1; i++)
        thread_sleep_ns(1000000);
    ps[1] = r == 0 ? hit_ps(cpu) : 0;
    if (ret && rp.nreturn != rp.nentry)
        panic("bench-user: %u returns of %u entries", rp.nreturn, rp.nentry);
    if (ret)
        uretprobe_unregister(&rp);
    else
        uprobe_unregister(&u);
    return r;
}

static void emit_kind(const char *extra, const char *kind, uint32_t v)
{
    char x[96];
    ksnprintf(x, sizeof x, "%s,\"kind\":\"%s\"", extra, kind);
    bench_emit_value("uprobe-hit", "ps", v, x);
}

static void uprobe_costs(int cpu, const char *extra)
{
    char err[160], rerr[160];
    uint32_t none, up[2], rp[2];
    int r, rr;
    none = hit_ps(cpu);
    r = probed_ps(cpu, 0, up, err, sizeof err);
    rr = probed_ps(cpu, 1, rp, rerr, sizeof rerr);
    emit_kind(extra, "user-unprobed", none);
    emit_kind(extra, "user-int3", up[0]);
    emit_kind(extra, "user-optimized", up[1]);
    emit_kind(extra, "user-uretprobe-int3", rp[0]);
    emit_kind(extra, "user-uretprobe-optimized", rp[1]);
    kprintf("bench: uspace=%s: a call of ut_opt0 %u ns unprobed, %u ns with an int3 user probe (x%u), "
            "%u ns optimized (x%u; %s)\n", layout(), none / 1000, up[0] / 1000, none ? up[0] / none : 0,
            up[1] / 1000, none ? up[1] / none : 0, r == 0 ? "ratio optimized/int3 below" : err);
    kprintf("bench: uspace=%s: with a user return probe %u ns, int3 entry (x%u), %u ns optimized entry "
            "(x%u; %s)\n", layout(), rp[0] / 1000, none ? rp[0] / none : 0, rp[1] / 1000,
            none ? rp[1] / none : 0, rr == 0 ? "each return an int3 at the trampoline" : rerr);
    if (up[1] && up[0])
        kprintf("bench: optimized/int3 user-probe hit: %u.%02u\n", up[1] / up[0], up[1] * 100 / up[0] % 100);
}

/* probe_read_user of a running process's stack page, the best of 8 x 32. */
static void uread_cost(int cpu, const char *extra)
{
    static uint8_t buf[PAGE_SIZE];
    char err[96];
    struct proc *p = proc_spawn("spin", 400000000, NULL, false, 1u << cpu, err, sizeof err);
    uint64_t best = ~0ull, t0;
    int i, k, bad = 0;
    if (!p)
        panic("bench-user: %s", err);
    thread_sleep_ns(10000000);
    for (k = 0; k < 8; k++) {
        t0 = rdtsc();
        for (i = 0; i < 32; i++)
            bad |= probe_read_user(buf, p, USER_STACK_TOP - PAGE_SIZE, PAGE_SIZE);
        t0 = (rdtsc() - t0) / 32;
        best = t0 < best ? t0 : best;
    }
    proc_wait(p);
    bench_emit_value("uread-page", "ns", best * 1000000 / clock_tsc_khz, extra);
    kprintf("bench: uspace=%s: probe_read_user of a 4 KiB page %u ns (%s)\n", layout(),
            (uint32_t)(best * 1000000 / clock_tsc_khz), bad ? "a read failed" : "every read exact in size");
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
    uprobe_costs(cpu, extra);
    uread_cost(cpu, extra);
    return 0;
}
KSCENARIO("bench-user", scenario_bench_user,
          "benchmark: system call vs function call, switches between processes and kernel threads");
