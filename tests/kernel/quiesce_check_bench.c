/* bench-quiesce-check: what one quiescence check costs, by itself: with
 * `threads` threads asleep `depth` frames deep (none inside a region), one
 * quiesce_scan() over QC_RANGES ranges per mode: eip (saved and interrupted
 * EIPs), frames (the exact unwind of every stack), frames-fp (the old
 * frame-pointer walk, djprobe_unwind=fp) and words (every stack word).
 * Per mode the whole check ("quiesce-check"), the stall, the time the other
 * CPUs are parked ("quiesce-stall", prescan=on; for frames also prescan=off,
 * every thread scanned inside the rendezvous as before) and the whole
 * check's cost per thread ("quiesce-per-thread").
 * Threads 10, 100, 1,000 (qc_threads= more: 10,000) at depth 4, then 100 threads at depth 1, 16, 48
 * (the exact unwind calls a stack of more than 64 frames unreliable: busy).
 * Next to them an empty rendezvous, which every check pays to park the
 * other CPUs (under TCG with more vCPUs than free host cores it waits for
 * the host to schedule them all: milliseconds that hardware does not have).
 * Under -icount shift=0 a figure is an exact instruction count.  One
 * `bench:` and one BENCH line ("name":"quiesce-check") per measurement. */
#include "kernel/scenario.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/ktest.h"
#include "kernel/fmt.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "kernel/ipi.h"
#include "kernel/param.h"
#include "patch/djprobe_int.h"
#include "tests/kernel/bench.h"

#define QC_RANGES 21                   /* bench-quiesce's batch: 20 sled sites and a region */
#define QC_MAX 10000
#define QC_REPS 5

extern char bench_sled1k_9[];
static struct thread *qc_t[QC_MAX];
static int qc_n;
static volatile int qc_stop;
static struct completion qc_done;
static int qc_max = 1000;
KPARAM_INT("qc_threads", qc_max, 10, QC_MAX, "bench-quiesce-check: the most sleeping threads (x10 steps from 10)");

static __attribute__((noinline)) int qc_deep(int depth)
{
    int r = 0;
    if (depth > 1)
        r = qc_deep(depth - 1);
    else
        wait_for_completion(&qc_done);
    __asm__ volatile("" : "+r"(r));            /* no tail call, no loop: one frame per level */
    return r + 1;
}

static void qc_sleeper(void *arg)
{
    qc_deep((int)(uint32_t)arg);
    thread_exit();
}

static void qc_grow(int n, int depth)
{
    int i, first = qc_n;
    while (qc_n < n) {
        qc_t[qc_n] = thread_create("qc-sleeper", qc_sleeper, (void *)(uint32_t)depth, CPUMASK_ALL);
        if (!qc_t[qc_n])
            break;
        qc_n++;
    }
    for (i = first; i < qc_n; i++)             /* every one reaches its sleep, its only one */
        if (!ktest_wait_blocked(qc_t[i], NULL, 5000))
            kprintf("!!! bench-quiesce-check: sleeper %d did not block\n", i);
}

static void qc_release(void)
{
    complete_all(&qc_done);
    while (qc_n)
        thread_join(qc_t[--qc_n]);
    completion_init(&qc_done);
}

static int qc_empty(void *arg) { (void)arg; return 0; }

/* checks 0: an empty rendezvous, what every check pays to park the other CPUs. */
/* prescan off: the old check, every thread scanned in the rendezvous (frames only: the comparison). */
static const struct { const char *name; unsigned checks; int scan, unwind, prescan; } qc_modes[] = {
    { "rendezvous", 0, DJ_SCAN_FRAMES, DJ_UNWIND_EXACT, QUIESCE_PRESCAN_ON },
    { "eip", DJC_IPSCAN, DJ_SCAN_FRAMES, DJ_UNWIND_EXACT, QUIESCE_PRESCAN_ON },
    { "frames", DJC_STACK, DJ_SCAN_FRAMES, DJ_UNWIND_EXACT, QUIESCE_PRESCAN_ON },
    { "frames", DJC_STACK, DJ_SCAN_FRAMES, DJ_UNWIND_EXACT, QUIESCE_PRESCAN_OFF },
    { "safe", DJC_IPSCAN | DJC_STACK, DJ_SCAN_FRAMES, DJ_UNWIND_EXACT, QUIESCE_PRESCAN_ON },
    { "frames-fp", DJC_STACK, DJ_SCAN_FRAMES, DJ_UNWIND_FP, QUIESCE_PRESCAN_ON },
    { "words", DJC_STACK, DJ_SCAN_WORDS, DJ_UNWIND_EXACT, QUIESCE_PRESCAN_ON },
};

/* The stall and the whole check's cost per thread, prescan on or off. */
static void qc_emit_stall(int m, int depth, uint32_t *stall, uint32_t whole)
{
    char ex[160];
    const char *pre = qc_modes[m].prescan == QUIESCE_PRESCAN_ON ? "on" : "off";
    ksnprintf(ex, sizeof ex, "\"mode\":\"%s\",\"prescan\":\"%s\",\"threads\":%d,\"depth\":%d,\"rechecked\":%d",
              qc_modes[m].name, pre, thread_count(), depth, quiesce_cost.rechecked);
    kprintf("bench: quiescence stall %-9s prescan %-3s %5d threads, depth %2d: %u ns parked (median of %d), "
            "%d rescanned inside%s; whole check %u ns, %u ns per thread\n", qc_modes[m].name, pre,
            thread_count(), depth, bench_emit("quiesce-stall", "ns", stall, QC_REPS, ex), QC_REPS,
            quiesce_cost.rechecked, quiesce_cost.walked ? " (walked every thread)" : "", whole,
            whole / thread_count());
    if (qc_modes[m].prescan == QUIESCE_PRESCAN_ON)
        bench_emit_value("quiesce-per-thread", "ns", whole / thread_count(), ex);
}

/* Ranges in a sled that never runs (bench_targets.S): no thread is inside. */
static void qc_measure(int depth)
{
    static struct dj_range r[QC_RANGES];
    uint32_t ns[QC_REPS], stall[QC_REPS], whole;
    char ex[128];
    unsigned m;
    int i, k, saved = djprobe_unwind, busy;
    for (i = 0; i < QC_RANGES; i++)
        r[i].lo = (uint32_t)bench_sled1k_9 + 20 * i, r[i].hi = r[i].lo + 5;
    for (m = 0; m < sizeof qc_modes / sizeof qc_modes[0]; m++) {
        if (depth != 4 && qc_modes[m].prescan != QUIESCE_PRESCAN_ON)
            continue;
        djprobe_unwind = qc_modes[m].unwind;
        quiesce_prescan = qc_modes[m].prescan;
        busy = 0;
        for (k = 0; k < QC_REPS; k++) {
            uint64_t t0 = clock_ns();
            if (qc_modes[m].checks)
                busy += quiesce_scan(r, QC_RANGES, qc_modes[m].checks, qc_modes[m].scan, NULL);
            else
                rendezvous_run(qc_empty, NULL);
            ns[k] = (uint32_t)(clock_ns() - t0);
            stall[k] = (uint32_t)quiesce_cost.stall_ns;
        }
        djprobe_unwind = saved;
        quiesce_prescan = QUIESCE_PRESCAN_ON;
        if (qc_modes[m].checks) {
            whole = bench_median(ns, QC_REPS);
            qc_emit_stall(m, depth, stall, whole);
            if (qc_modes[m].prescan != QUIESCE_PRESCAN_ON || !kstrcmp(qc_modes[m].name, "safe"))
                continue;               /* the old figures: prescan on, as before per mode */
        }
        ksnprintf(ex, sizeof ex, "\"mode\":\"%s\",\"threads\":%d,\"depth\":%d,\"busy\":%d",
                  qc_modes[m].name, thread_count(), depth, busy);
        kprintf("bench: quiescence check %-9s %4d threads, depth %2d: %u ns (median of %d)%s\n",
                qc_modes[m].name, thread_count(), depth, bench_emit("quiesce-check", "ns", ns, QC_REPS, ex),
                QC_REPS, busy ? " BUSY" : "");
        if (busy)
            kprintf("bench: busy: the last unreliable stack: tid %d at %08x, error %d\n",
                    quiesce_unreliable.tid, quiesce_unreliable.pc, quiesce_unreliable.err);
    }
}

static int scenario_bench_quiesce_check(char *why, size_t n)
{
    static const int depths[] = { 1, 16, 48 };
    unsigned i;
    int c;
    (void)why; (void)n;
    completion_init(&qc_done);
    for (c = 10; c <= qc_max; c *= 10) {
        qc_grow(c, 4);
        if (qc_n < c) {
            kprintf("bench: quiescence check: only %d of %d threads (out of memory)\n", qc_n, c);
            break;
        }
        qc_measure(4);
    }
    qc_release();
    for (i = 0; i < 3; i++) {
        qc_grow(100, depths[i]);
        qc_measure(depths[i]);
        qc_release();
    }
    return 0;
}
KSCENARIO("bench-quiesce-check", scenario_bench_quiesce_check,
          "benchmark: one quiescence check by mode against 10-1000 threads and stack depth");
