/* bench-quiesce: how long the jump optimizer takes to optimize one batch
 * (QB_SLED probes on a nop sled plus one on a region with a call in its
 * middle, bench_targets.S) under each quiescence check, against the number
 * of threads and how many of them sleep inside a region:
 *
 *   eip-scan      int3-ipscan: saved and interrupted EIPs
 *   word-scan     int3-stackscan, djprobe_scan=words: every stack word
 *   frame-unwind  int3-stackscan, djprobe_scan=frames: return addresses only
 *   tasks-rcu     int3-tasksrcu: every thread passes a voluntary switch
 *
 * Threads: `threads` background threads that work a few microseconds, then
 * mostly sleep (10-50 ms) and sometimes yield; per configuration, `inside`
 * more threads asleep in the callee of the region's middle call (their
 * return address is inside the region: H3), or `stale` more asleep with a
 * data word on their stack that points into a sled probe's region (the word
 * scan cannot tell it from a return address).  The batch time runs from the
 * release of the held batch to the end of djprobe_flush(); the optimizer's
 * counters (retries, deferred, EIP and stack hits, false positives, tasks
 * waits, refused) are the deltas over the batch.  With eip-scan and
 * sleepers inside, the jump is written over their return addresses (the
 * strategy's known H3 hole, counted as `h3_missed`); the probes are
 * removed (original bytes back) before the sleepers wake, so nothing runs
 * into the jump.
 *
 * Also, per thread count, the whole kernel: every jump-optimizable site
 * (tests/kernel/insn_sites.c) against every stack, by EIP scan, frame
 * unwind and word scan: how many sites each would find busy, and how many
 * of the word scan's hits are not return addresses (its false positives).
 * TSC-timed: under QEMU compare ratios within one run. */
#include "kernel/scenario.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/fmt.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "patch/kprobe.h"
#include "patch/djprobe_int.h"
#include "tests/kernel/bench.h"
#include "tests/kernel/insn_sites.h"
#include "tests/kernel/torture.h"
#include "kernel/param.h"

#define QB_SLED 20
#define QB_REPS 5
#define MAXBG 1000
#define MAXPLANT 100

int bq_mid_call(void);
int bq_sled(void);
extern char bq_mid_call_nop[];
#define SLED_SITE(i) ((uint32_t)bq_sled + 5 * (uint32_t)(i))
#define STALE_WORD (SLED_SITE(3) + 2)   /* inside (addr, addr + 5) of sled probe 3 */

static const struct { const char *name; int strategy, scan; } strategies[] = {
    { "eip-scan", DJS_INT3_IPSCAN, DJ_SCAN_WORDS },
    { "word-scan", DJS_INT3_STACKSCAN, DJ_SCAN_WORDS },
    { "frame-unwind", DJS_INT3_STACKSCAN, DJ_SCAN_FRAMES },
    { "tasks-rcu", DJS_INT3_TASKSRCU, DJ_SCAN_WORDS },
};
#define NSTRAT (int)(sizeof strategies / sizeof strategies[0])

/* ---- threads --------------------------------------------------------- */
static struct waitq hold_wq = WAITQ_INIT("bq-hold");
static volatile int hold_on, nasleep;
static bool hold_go(void *a) { (void)a; return !__atomic_load_n(&hold_on, __ATOMIC_ACQUIRE); }

static void hold_here(void)
{
    __atomic_add_fetch(&nasleep, 1, __ATOMIC_SEQ_CST);
    waitq_wait(&hold_wq, hold_go, NULL);
    __atomic_sub_fetch(&nasleep, 1, __ATOMIC_SEQ_CST);
}

/* Called from the middle of bq_mid_call's region. */
int bq_callee(void)
{
    if (__atomic_load_n(&hold_on, __ATOMIC_ACQUIRE))
        hold_here();
    return 41;
}

static volatile int inside_bad;
static void inside_worker(void *arg) { (void)arg; inside_bad += bq_mid_call() != 42; }

static void __attribute__((noinline)) stale_worker(void *arg)
{
    volatile uint32_t word[4];
    (void)arg;
    word[0] = 0; word[1] = STALE_WORD; word[2] = 0; word[3] = 0;
    __asm__ volatile("" : : "r"(word) : "memory");   /* the words stay in the frame */
    hold_here();
    word[1] = 0;
    __asm__ volatile("" : : "r"(word) : "memory");
}

static struct thread *bg[MAXBG], *plant[MAXPLANT];
static int nbg, nplant;
static volatile int bg_stop;

static void bg_worker(void *arg)
{
    uint32_t rng = (uint32_t)arg;
    while (!bg_stop) {
        uint32_t r = torture_rnd(&rng);
        clock_delay_us(2 + r % 8);
        if (r % 8 == 0)
            thread_yield();
        else
            thread_sleep_ns((10 + (r >> 8) % 40) * 1000000ull);
    }
}

static int bg_grow(int n)
{
    while (nbg < n) {
        if (!(bg[nbg] = thread_create("bq-bg", bg_worker, (void *)(nbg * 2654435761u + 7), CPUMASK_ALL)))
            return kprintf("!!! bench: cannot create thread %d\n", nbg), -1;
        nbg++;
    }
    return 0;
}

static void bg_stop_all(void)
{
    bg_stop = 1;
    while (nbg)
        thread_join(bg[--nbg]);
}

static int plant_start(int inside, int stale)
{
    uint64_t end;
    int i;
    hold_on = 1;
    for (i = 0; i < inside + stale; i++) {
        plant[nplant] = thread_create(i < inside ? "bq-inside" : "bq-stale",
                                      i < inside ? inside_worker : stale_worker, NULL, CPUMASK_ALL);
        if (!plant[nplant])
            return kprintf("!!! bench: cannot create a sleeper\n"), -1;
        nplant++;
    }
    end = clock_ns() + 5000000000ull;
    while (nasleep < inside + stale && clock_ns() < end)
        thread_sleep_ns(1000000);
    if (nasleep < inside + stale)
        return kprintf("!!! bench: only %d of %d sleepers asleep\n", nasleep, inside + stale), -1;
    return 0;
}

static void plant_stop(void)
{
    __atomic_store_n(&hold_on, 0, __ATOMIC_RELEASE);
    waitq_wake(&hold_wq, 1 << 30);
    while (nplant)
        thread_join(plant[--nplant]);
}

/* ---- one batch ----------------------------------------------------- */
static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }
static struct kprobe probes[QB_SLED + 1];
static uint32_t times[QB_REPS];

struct counts { uint32_t optimized, deferred, retries, ip_hits, stack_hits, false_pos, tasks_waits, refused, missed; };

static int one_batch(int s, int inside, uint32_t *us, struct counts *c)
{
    struct djprobe_stats d0 = djprobe_stats;
    char err[160];
    uint64_t t0;
    int i;
    kmemset(probes, 0, sizeof probes);
    for (i = 0; i <= QB_SLED; i++) {
        probes[i].addr = i < QB_SLED ? SLED_SITE(i) : (uint32_t)bq_mid_call + (uint32_t)bq_mid_call_nop;
        probes[i].pre_handler = pre_nothing;
        probes[i].flags = KPROBE_OPTIMIZE;
        probes[i].strategy = strategies[s].strategy;
    }
    djprobe_hold(true);
    for (i = 0; i <= QB_SLED; i++)
        if (kprobe_register(&probes[i], err, sizeof err)) {
            djprobe_hold(false);
            while (i--)
                kprobe_unregister(&probes[i]);
            return kprintf("!!! bench: %s\n", err), -1;
        }
    d0 = djprobe_stats;
    t0 = clock_ns();
    djprobe_hold(false);
    djprobe_flush();
    *us = (uint32_t)((clock_ns() - t0) / 1000);
    for (i = 0; i <= QB_SLED; i++)
        c->optimized += kprobe_opt_state(&probes[i]) == DJ_OPTIMIZED;
    if (inside && kprobe_opt_state(&probes[QB_SLED]) == DJ_OPTIMIZED)
        c->missed += (uint32_t)inside;           /* H3: the jump is over their return address */
    c->deferred += djprobe_stats.deferred - d0.deferred;
    c->retries += djprobe_stats.retries - d0.retries;
    c->ip_hits += djprobe_stats.ip_hits - d0.ip_hits;
    c->stack_hits += djprobe_stats.stack_hits - d0.stack_hits;
    c->false_pos += djprobe_stats.false_pos - d0.false_pos;
    c->tasks_waits += djprobe_stats.tasks_waits - d0.tasks_waits;
    c->refused += djprobe_stats.refused - d0.refused;
    for (i = 0; i <= QB_SLED; i++)              /* original bytes back before anyone wakes */
        kprobe_unregister(&probes[i]);
    return 0;
}

static int config(int s, int threads, int inside, int stale)
{
    struct counts c;
    char ex[400];
    uint32_t med;
    int r, saved = djprobe_scan;
    kmemset(&c, 0, sizeof c);
    djprobe_scan = strategies[s].scan;
    for (r = 0; r < QB_REPS; r++) {
        if (plant_start(inside, stale) || one_batch(s, inside, &times[r], &c)) {
            plant_stop();
            djprobe_scan = saved;
            return -1;
        }
        plant_stop();
    }
    djprobe_scan = saved;
    ksnprintf(ex, sizeof ex, "\"strategy\":\"%s\",\"threads\":%d,\"inside\":%d,\"stale\":%d,\"batch\":%d,"
              "\"reps\":%d,\"optimized\":%u,\"deferred\":%u,\"retries\":%u,\"ip_hits\":%u,\"stack_hits\":%u,"
              "\"false_pos\":%u,\"tasks_waits\":%u,\"refused\":%u,\"h3_missed\":%u",
              strategies[s].name, threads, inside, stale, QB_SLED + 1, QB_REPS, c.optimized, c.deferred,
              c.retries, c.ip_hits, c.stack_hits, c.false_pos, c.tasks_waits, c.refused, c.missed);
    med = bench_emit("quiesce", "us", times, QB_REPS, ex);
    kprintf("bench: optimize a batch of %d (%s), %d threads, %d inside, %d stale: median %u us over %d; "
            "totals: %u optimized, %u deferred, %u retries, %u false positives, %u refused, %u H3 missed\n",
            QB_SLED + 1, strategies[s].name, threads, inside, stale, med, QB_REPS, c.optimized,
            c.deferred, c.retries, c.false_pos, c.refused, c.missed);
    return 0;
}

/* ---- the whole kernel against every stack ---------------------------- */
#define MAXSITES 32768
#define CHUNK 1024
static uint32_t jsites[MAXSITES];
static struct dj_range rng[CHUNK];

static int scan_busy(int from, int n, unsigned checks, int mode)
{
    int i, b = 0;
    for (i = 0; i < n; i++) {
        rng[i].lo = jsites[from + i] + 1;
        rng[i].hi = jsites[from + i] + 5;
    }
    quiesce_scan(rng, n, checks, mode, NULL);
    for (i = 0; i < n; i++)
        b += rng[i].busy;
    return b;
}

static void kernel_scan(int threads, int nsites)
{
    uint32_t eip = 0, frames = 0, words = 0, fp0, fp = 0, hits0, whits = 0;
    uint64_t t0 = clock_ns();
    char ex[300];
    int i, n;
    for (i = 0; i < nsites; i += CHUNK) {
        n = nsites - i < CHUNK ? nsites - i : CHUNK;
        eip += (uint32_t)scan_busy(i, n, DJC_IPSCAN, DJ_SCAN_WORDS);
        frames += (uint32_t)scan_busy(i, n, DJC_IPSCAN | DJC_STACK, DJ_SCAN_FRAMES);
        fp0 = djprobe_stats.false_pos;
        hits0 = djprobe_stats.stack_hits;
        words += (uint32_t)scan_busy(i, n, DJC_IPSCAN | DJC_STACK, DJ_SCAN_WORDS);
        fp += djprobe_stats.false_pos - fp0;
        whits += djprobe_stats.stack_hits - hits0;
    }
    ksnprintf(ex, sizeof ex, "\"threads\":%d,\"live_threads\":%d,\"sites\":%d,\"busy_eip\":%u,\"busy_frames\":%u,"
              "\"busy_words\":%u,\"word_hits\":%u,\"false_pos\":%u,\"scan_ms\":%u",
              threads, thread_count(), nsites, eip, frames, words, whits, fp,
              (uint32_t)((clock_ns() - t0) / 1000000));
    bench_emit_value("kernel-scan", "sites", words, ex);
    kprintf("bench: whole-kernel scan, %d threads (%d live): of %d jump-optimizable sites, busy by EIP scan %u, "
            "frame unwind %u, word scan %u; word-scan hits %u, of which not return addresses %u\n",
            threads, thread_count(), nsites, eip, frames, words, whits, fp);
}

static int only_strategy = -1, max_threads = MAXBG;
KPARAM_INT("bq_strategy", only_strategy, -1, 3, "bench-quiesce: only this check (-1: all)");
KPARAM_INT("bq_threads", max_threads, 10, MAXBG, "bench-quiesce: up to this many background threads");

static int scenario_bench_quiesce(char *why, size_t n)
{
    static const int tcounts[] = { 10, 100, 1000 };
    int ti, s, nsites, r = 0;
    thread_set_affinity(1u);
    kprintf("bench-quiesce: %d CPUs; batch of %d probes; TSC-timed (under QEMU: emulator time, compare ratios)\n",
            ncpu, QB_SLED + 1);
    nsites = insn_sites_jump_sites(jsites, MAXSITES);
    bg_stop = 0;
    for (ti = 0; !r && ti < (int)(sizeof tcounts / sizeof tcounts[0]); ti++) {
        int t = tcounts[ti], k = t / 10;
        if (t > max_threads)
            break;
        if ((r = bg_grow(t)))
            break;
        thread_sleep_ns(50000000);               /* let them settle into their loops */
        if (t <= 100)
            kernel_scan(t, nsites);
        for (s = 0; !r && s < NSTRAT; s++)
            if (only_strategy < 0 || s == only_strategy)
                r = config(s, t, 0, 0) || config(s, t, k, 0) || config(s, t, 0, k);
    }
    bg_stop_all();
    if (inside_bad)
        return ksnprintf(why, n, "%d sleepers returned a wrong value", inside_bad), 1;
    if (r)
        return ksnprintf(why, n, "benchmark could not run"), 1;
    return 0;
}
KSCENARIO("bench-quiesce", scenario_bench_quiesce,
          "benchmark: optimize-batch time per quiescence check against threads and sleepers inside regions");
