/* bench-smp: medians over many repetitions of (1) IPI round trip: a waiting
 * call to another CPU that does nothing, (2) rendezvous with all online
 * CPUs and an empty fn, (3) context switch: two threads pinned to one CPU
 * yielding to each other (time per switch).  Times come from the calibrated
 * TSC (kernel/clock.c); under QEMU they measure the emulator, not hardware.
 * Each also goes out as a BENCH line (tests/kernel/bench.h). */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/ipi.h"
#include "kernel/fmt.h"
#include "kernel/x86.h"
#include "tests/kernel/bench.h"

#define REPS 400
static uint32_t samples[REPS];


static void nop(void *arg) { (void)arg; }
static int nop_rv(void *arg) { (void)arg; return 0; }

static uint32_t bench_ipi(int target, const char *kind)
{
    char ex[48];
    int i;
    for (i = 0; i < REPS; i++) {
        uint64_t t0 = clock_ns();
        smp_call_one(target, nop, NULL, true);
        samples[i] = (uint32_t)(clock_ns() - t0);
    }
    ksnprintf(ex, sizeof ex, "\"target\":\"%s\"", kind);
    return bench_emit("ipi", "ns", samples, REPS, ex);
}

static uint32_t bench_rv(void)
{
    int i;
    for (i = 0; i < REPS / 4; i++) {
        uint64_t t0 = clock_ns();
        rendezvous_run(nop_rv, NULL);
        samples[i] = (uint32_t)(clock_ns() - t0);
    }
    return bench_emit("rendezvous", "ns", samples, REPS / 4, NULL);
}

#define SW_BATCH 100
static volatile int sw_stop;
static void yielder(void *arg)
{
    (void)arg;
    while (!sw_stop) thread_yield();
}

static uint32_t bench_switch(int cpu)
{
    struct thread *a, *b;
    int i, k;
    uint32_t n0;
    sw_stop = 0;
    thread_set_affinity(1u << cpu);
    a = thread_create("yield-a", yielder, NULL, 1u << cpu);
    b = thread_create("yield-b", yielder, NULL, 1u << cpu);
    thread_yield();
    for (i = 0; i < REPS / 4; i++) {
        uint64_t t0 = clock_ns();
        n0 = cpus[cpu].nr_switches;
        for (k = 0; k < SW_BATCH / 3; k++) thread_yield();
        samples[i] = (uint32_t)((clock_ns() - t0) / (cpus[cpu].nr_switches - n0 ? cpus[cpu].nr_switches - n0 : 1));
    }
    sw_stop = 1;
    thread_set_affinity(1u);
    thread_join(a);
    thread_join(b);
    return bench_emit("switch", "ns", samples, REPS / 4, NULL);
}

static volatile int spin_stop;
static void spinner(void *arg) { (void)arg; while (!spin_stop) pause(); }

/* Round trip to a CPU kept busy by a spinning thread (no halt to wake from). */
static uint32_t bench_ipi_busy(int target)
{
    struct thread *t;
    uint32_t m;
    spin_stop = 0;
    t = thread_create("spinner", spinner, NULL, 1u << target);
    if (!t) return 0;
    thread_sleep_ns(20000000);
    m = bench_ipi(target, "busy");
    spin_stop = 1;
    thread_join(t);
    return m;
}

static int scenario_bench(char *why, size_t n)
{
    uint32_t ipi = 0, ipi_busy = 0, rv, sw;
    if (ncpu > 1) ipi = bench_ipi(1, "idle");
    if (ncpu > 1) ipi_busy = bench_ipi_busy(1);
    rv = bench_rv();
    sw = bench_switch(ncpu > 1 ? 1 : 0);
    kprintf("bench: ipi round trip (waiting call to idle cpu 1): median %u ns over %d\n", ipi, REPS);
    kprintf("bench: ipi round trip (waiting call to busy cpu 1): median %u ns over %d\n", ipi_busy, REPS);
    kprintf("bench: rendezvous with %d CPUs: median %u ns over %d\n", ncpu, rv, REPS / 4);
    kprintf("bench: context switch (yield ping-pong, one CPU): median %u ns per switch over %d batches\n",
            sw, REPS / 4);
    (void)why; (void)n;
    return 0;
}
KSCENARIO("bench-smp", scenario_bench, "benchmark: IPI round trip, rendezvous, context switch (medians)");
