/* bench-quiesce-check: what one quiescence check costs, by itself: with
 * `threads` threads asleep `depth` frames deep (none inside a region), one
 * quiesce_scan() over QC_RANGES ranges per mode: eip (saved and interrupted
 * EIPs), frames (the exact unwind of every stack), frames-fp (the old
 * frame-pointer walk, djprobe_unwind=fp) and words (every stack word).
 * Threads 10, 100, 1,000 at depth 4, then 100 threads at depth 1, 16, 48
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
#include "kernel/fmt.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "kernel/ipi.h"
#include "patch/djprobe_int.h"
#include "tests/kernel/bench.h"

#define QC_RANGES 21                   /* bench-quiesce's batch: 20 sled sites and a region */
#define QC_MAX 1000
#define QC_REPS 5

extern char bench_sled1k_9[];
static struct thread *qc_t[QC_MAX];
static int qc_n;
static volatile int qc_stop;
static struct completion qc_done;

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
    while (qc_n < n) {
        qc_t[qc_n] = thread_create("qc-sleeper", qc_sleeper, (void *)(uint32_t)depth, CPUMASK_ALL);
        if (!qc_t[qc_n])
            break;
        qc_n++;
    }
    thread_sleep_ns(20000000);                 /* every one reaches its sleep */
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
static const struct { const char *name; unsigned checks; int scan, unwind; } qc_modes[] = {
    { "rendezvous", 0, DJ_SCAN_FRAMES, DJ_UNWIND_EXACT },
    { "eip", DJC_IPSCAN, DJ_SCAN_FRAMES, DJ_UNWIND_EXACT },
    { "frames", DJC_STACK, DJ_SCAN_FRAMES, DJ_UNWIND_EXACT },
    { "frames-fp", DJC_STACK, DJ_SCAN_FRAMES, DJ_UNWIND_FP },
    { "words", DJC_STACK, DJ_SCAN_WORDS, DJ_UNWIND_EXACT },
};

/* Ranges in a sled that never runs (bench_targets.S): no thread is inside. */
static void qc_measure(int depth)
{
    static struct dj_range r[QC_RANGES];
    uint32_t ns[QC_REPS];
    char ex[128];
    unsigned m;
    int i, k, saved = djprobe_unwind, busy;
    for (i = 0; i < QC_RANGES; i++)
        r[i].lo = (uint32_t)bench_sled1k_9 + 20 * i, r[i].hi = r[i].lo + 5;
    for (m = 0; m < sizeof qc_modes / sizeof qc_modes[0]; m++) {
        djprobe_unwind = qc_modes[m].unwind;
        busy = 0;
        for (k = 0; k < QC_REPS; k++) {
            uint64_t t0 = clock_ns();
            if (qc_modes[m].checks)
                busy += quiesce_scan(r, QC_RANGES, qc_modes[m].checks, qc_modes[m].scan, NULL);
            else
                rendezvous_run(qc_empty, NULL);
            ns[k] = (uint32_t)(clock_ns() - t0);
        }
        djprobe_unwind = saved;
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
    static const int counts[] = { 10, 100, 1000 }, depths[] = { 1, 16, 48 };
    unsigned i;
    (void)why; (void)n;
    completion_init(&qc_done);
    for (i = 0; i < 3; i++) {
        qc_grow(counts[i], 4);
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
