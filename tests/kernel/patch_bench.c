/* bench-patch: (1) an int3 probe hit on a single-stepped and on an emulated
 * instruction, against calling the same handler directly next to the
 * unprobed target; (2) patching 1, 10, 100 and 1,000 five-byte sites with
 * the int3 bypass protocol (text_poke_batch: site checks, int3, sync, tails,
 * sync, heads, sync, reference wait) and with stop-machine (every other CPU
 * parked in one rendezvous while this one writes every site; without, and
 * with the same site checks first: stop-machine-checked), with the core
 * syncs and IPIs each took (other CPUs idle); then, with a spinner thread
 * on every other CPU, how long they were stalled: the longest gap a spinner
 * saw during the operation, next to the same measurement over an idle
 * window of the same length (the emulator's and the host's own noise).
 * Scenarios bench-patch-{1,2,4,8}.  TSC-timed: under QEMU these measure the
 * emulator, so compare ratios within one run.
 * Each figure is printed as a `bench:` line and a BENCH line (bench.h). */
#include "kernel/scenario.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/ipi.h"
#include "kernel/fmt.h"
#include "kernel/thread.h"
#include "kernel/x86.h"
#include "patch/kprobe.h"
#include "patch/poke.h"
#include "tests/kernel/bench.h"

#define REPS 2000
static uint32_t samples[REPS], dsamples[REPS], stalls[64], idles[64];
static volatile uint32_t handled;
int kp_add(int x);
int kp_call(void);
extern char kp_add_add5[], kp_call_call[];
extern char bench_sled[], bench_sled1k_0[];

static int bench_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; handled++; return 0; }

static void time_calls(int (*fn)(int), bool direct_handler, uint32_t *out)
{
    struct trapframe tf;
    int i;
    for (i = 0; i < REPS; i++) {
        uint64_t t0 = rdtsc();
        fn(i);
        if (direct_handler)
            bench_pre(NULL, &tf);
        out[i] = (uint32_t)clock_tsc_to_ns(rdtsc() - t0);
    }
}

static int call_kp_call(int x) { (void)x; return kp_call(); }

static int probe_cost(uint32_t addr, int (*fn)(int), const char *what, const char *kind, const char *target)
{
    struct kprobe p = { .addr = addr, .pre_handler = bench_pre };
    char err[160], ex[128];
    uint32_t direct, probed;
    time_calls(fn, true, dsamples);
    if (kprobe_register(&p, err, sizeof err))
        return kprintf("!!! bench: %s\n", err), -1;
    time_calls(fn, false, samples);
    kprobe_unregister(&p);
    ksnprintf(ex, sizeof ex, "\"kind\":\"direct\",\"target\":\"%s\"", target);
    direct = bench_emit("hit", "ns", dsamples, REPS, ex);
    ksnprintf(ex, sizeof ex, "\"kind\":\"%s\",\"target\":\"%s\"", kind, target);
    probed = bench_emit("hit", "ns", samples, REPS, ex);
    kprintf("bench: int3 probe hit (%s): median %u ns per call vs %u ns for the unprobed call plus a "
            "direct handler call: %u.%02ux, over %d calls\n", what, probed, direct,
            probed / (direct ? direct : 1), probed * 100 / (direct ? direct : 1) % 100, REPS);
    return 0;
}

/* ---- patching: int3 protocol against stop-machine ------------------------ */
#define NSITES 1000
static struct poke_site sites[NSITES];

static void sled_sites(int n, int enc)
{
    static const uint8_t nop5[5] = { 0x0F, 0x1F, 0x44, 0x00, 0x00 }, jmp0[5] = { 0xE9, 0, 0, 0, 0 };
    uint8_t *base = n > 100 ? (uint8_t *)bench_sled1k_0 : (uint8_t *)bench_sled;
    int i;
    for (i = 0; i < n; i++) {
        /* 100 sites per function, each function 501 bytes (its ret last) */
        sites[i].addr = base + (i / 100) * 501 + 5 * (i % 100);
        sites[i].len = 5;
        kmemcpy(sites[i].new, enc ? jmp0 : nop5, 5);
    }
}

static int sm_n;
static int write_parked(void *arg)
{
    int i;
    (void)arg;
    for (i = 0; i < sm_n; i++) {
        kmemcpy(sites[i].old, sites[i].addr, 5);
        text_write(sites[i].addr, sites[i].new, 5);
    }
    return 0;
}

/* Stop-machine: every other CPU parked with interrupts off while this one
 * writes all sites (no quiescence needed: the CPUs cannot be anywhere but
 * the rendezvous loop); rendezvous release serializes each CPU.  checked:
 * first the same site checks as the int3 protocol (boundary, lengths,
 * reservations, the new instruction), as a real patcher would make. */
static int poke_stop_machine(int n, bool checked)
{
    char err[160];
    text_lock();
    if (checked && text_poke_check(sites, n, err, sizeof err)) {
        text_unlock();
        return kprintf("!!! bench: %s\n", err), -1;
    }
    sm_n = n;
    rendezvous_run(write_parked, NULL);
    poke_stats.syncs++;                           /* one rendezvous */
    text_unlock();
    return 0;
}

enum { INT3, STOP_MACHINE, STOP_MACHINE_CHECKED };
static const char *const proto_names[] = { "int3", "stop-machine", "stop-machine-checked" };

static int poke_once(int n, int proto, int i, uint32_t *ns)
{
    char err[160];
    uint64_t t0;
    sled_sites(n, !(i & 1));
    t0 = clock_ns();
    if (proto != INT3) {
        if (poke_stop_machine(n, proto == STOP_MACHINE_CHECKED))
            return -1;
    } else if (text_poke_batch(sites, n, err, sizeof err))
        return kprintf("!!! bench: %s\n", err), -1;
    *ns = (uint32_t)(clock_ns() - t0);
    return 0;
}

/* Latency with the other CPUs idle (halted until an IPI wakes them). */
static int poke_latency(int n, int pr)
{
    const char *proto = proto_names[pr];
    bool stop_machine = pr != INT3;
    int reps = n >= 1000 ? 8 : n >= 100 ? 16 : 30, i;
    char ex[256];
    struct poke_stats p0 = poke_stats;
    uint32_t med;
    for (i = 0; i < reps; i++)                     /* reps is even: ends at nop5 */
        if (poke_once(n, pr, i, &samples[i]))
            return -1;
    i = (int)((poke_stats.syncs - p0.syncs) / (uint32_t)reps);
    ksnprintf(ex, sizeof ex, "\"proto\":\"%s\",\"sites\":%d,\"syncs\":%d,\"ipis\":%d,"
              "\"check\":%u,\"write\":%u,\"sync\":%u,\"wait\":%u", proto, n,
              i, stop_machine ? ncpu - 1 : i * (ncpu - 1),
              (uint32_t)((poke_stats.check_ns - p0.check_ns) / (uint32_t)reps),
              (uint32_t)((poke_stats.write_ns - p0.write_ns) / (uint32_t)reps),
              (uint32_t)((poke_stats.sync_ns - p0.sync_ns) / (uint32_t)reps),
              (uint32_t)((poke_stats.wait_ns - p0.wait_ns) / (uint32_t)reps));
    med = bench_emit("poke", "ns", samples, reps, ex);
    kprintf("bench: text_poke of %d site%s (%s): median %u ns over %d, %d %s each, %d IPIs each\n",
            n, n > 1 ? "s" : "", proto, med, reps, i, stop_machine ? "rendezvous" : "core syncs",
            stop_machine ? ncpu - 1 : i * (ncpu - 1));
    return 0;
}

/* With a spinner on every other CPU: the longest gap any of them saw during
 * the operation, and during an idle window as long (the emulator's and the
 * host's own noise: on a host with fewer cores than vCPUs it dominates). */
static int poke_stall(int n, int pr)
{
    const char *proto = proto_names[pr];
    int reps = 8, i;
    char ex[96];
    uint32_t med, smed, imed;
    for (i = 0; i < reps; i++) {
        uint64_t w0, w1, t1, t0;
        t0 = clock_ns();
        if (poke_once(n, pr, i, &dsamples[i]))
            return -1;
        t1 = t0 + dsamples[i];
        thread_sleep_ns(2000000);                /* spinners record the gap's end */
        stalls[i] = bench_stall(t0, t1, NULL);
        bench_idle_window(t1 - t0, &w0, &w1);
        thread_sleep_ns(2000000);
        idles[i] = bench_stall(w0, w1, NULL);
    }
    ksnprintf(ex, sizeof ex, "\"proto\":\"%s\",\"sites\":%d", proto, n);
    med = bench_emit("poke-busy", "ns", dsamples, reps, ex);
    smed = bench_emit("poke-stall", "ns", stalls, reps, ex);
    imed = bench_emit("poke-stall-idle", "ns", idles, reps, ex);
    kprintf("bench: text_poke of %d site%s (%s) with the other CPUs spinning: median %u ns; their longest "
            "gap during it %u ns (median over %d; %u ns in an idle window as long)\n",
            n, n > 1 ? "s" : "", proto, med, smed, reps, imed);
    return 0;
}

static int scenario_bench_patch(char *why, size_t n)
{
    static const int sizes[] = { 1, 10, 100, 1000 };
    unsigned k;
    int r = 0;
    thread_set_affinity(1u);
    kprintf("bench-patch: %d CPUs; TSC-timed (under QEMU: emulator time, compare ratios)\n", ncpu);
    if (probe_cost((uint32_t)kp_add + (uint32_t)kp_add_add5, kp_add, "single-stepped add", "int3-step", "kp_add") ||
        probe_cost((uint32_t)kp_call + (uint32_t)kp_call_call, call_kp_call, "emulated call", "int3-emulate", "kp_call"))
        return ksnprintf(why, n, "benchmark could not run"), 1;
    for (k = 0; !r && k < sizeof sizes / sizeof sizes[0]; k++)
        r = poke_latency(sizes[k], INT3) || poke_latency(sizes[k], STOP_MACHINE) ||
            poke_latency(sizes[k], STOP_MACHINE_CHECKED);
    if (ncpu > 1 && !r) {
        bench_spinners_start(0);
        for (k = 0; !r && k < sizeof sizes / sizeof sizes[0]; k++)
            r = poke_stall(sizes[k], INT3) || poke_stall(sizes[k], STOP_MACHINE);
        bench_spinners_stop();
    }
    if (r)
        return ksnprintf(why, n, "benchmark could not run"), 1;
    return 0;
}
KSCENARIO("bench-patch", scenario_bench_patch,
          "benchmark: int3 probe hit cost; patching 1-1000 sites, int3 protocol vs stop-machine, other-CPU stalls");
