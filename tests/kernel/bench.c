/* Benchmark helpers (see bench.h): shell sort, summaries, BENCH lines. */
#include "tests/kernel/bench.h"
#include "kernel/console.h"
#include "kernel/cpu.h"
#include "kernel/fmt.h"
#include "kernel/x86.h"

static void sort(uint32_t *a, int n)
{
    int gap, i, j;
    for (gap = n / 2; gap > 0; gap /= 2)
        for (i = gap; i < n; i++) {
            uint32_t v = a[i];
            for (j = i; j >= gap && a[j - gap] > v; j -= gap)
                a[j] = a[j - gap];
            a[j] = v;
        }
}

uint32_t bench_median(uint32_t *a, int n)
{
    sort(a, n);
    return n ? a[n / 2] : 0;
}

void bench_summarize(uint32_t *a, int n, struct bench_sum *s)
{
    uint64_t sum = 0;
    int i;
    sort(a, n);
    for (i = 0; i < n; i++)
        sum += a[i];
    s->n = (uint32_t)n;
    s->min = n ? a[0] : 0;
    s->max = n ? a[n - 1] : 0;
    s->median = n ? a[n / 2] : 0;
    s->p99 = n ? a[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1] : 0;
    s->mean = n ? (uint32_t)(sum / (uint32_t)n) : 0;
}

uint32_t bench_bucket(uint32_t v)
{
    int e;
    if (v < 4)
        return v;
    e = 31 - __builtin_clz(v);
    return v >> (e - 2) << (e - 2);
}

void bench_line(const char *s)
{
    uint32_t f = read_eflags();
    size_t n = 0;
    while (s[n]) n++;
    cli();
    console_lock();
    console_write(s, n);
    console_unlock();
    if (f & EFLAGS_IF) sti();
}

static char line[2048];

uint32_t bench_emit(const char *name, const char *unit, uint32_t *a, int n, const char *extra)
{
    struct bench_sum s;
    int i, k;
    size_t o;
    bench_summarize(a, n, &s);
    o = (size_t)ksnprintf(line, sizeof line, "BENCH {\"name\":\"%s\",\"unit\":\"%s\",\"n\":%u,\"median\":%u,"
                          "\"p99\":%u,\"min\":%u,\"max\":%u,\"mean\":%u,\"cpus\":%d,\"hist\":[",
                          name, unit, s.n, s.median, s.p99, s.min, s.max, s.mean, ncpu);
    for (i = 0; i < n && o < sizeof line - 64; i = k) {
        uint32_t b = bench_bucket(a[i]);
        for (k = i; k < n && bench_bucket(a[k]) == b; k++)
            ;
        o += (size_t)ksnprintf(line + o, sizeof line - o, "%s[%u,%d]", i ? "," : "", b, k - i);
    }
    ksnprintf(line + o, sizeof line - o, "]%s%s}\n", extra && *extra ? "," : "", extra ? extra : "");
    bench_line(line);
    return s.median;
}

void bench_emit_value(const char *name, const char *unit, uint64_t v, const char *extra)
{
    ksnprintf(line, sizeof line, "BENCH {\"name\":\"%s\",\"unit\":\"%s\",\"n\":1,\"value\":%llu,\"cpus\":%d%s%s}\n",
              name, unit, (unsigned long long)v, ncpu, extra && *extra ? "," : "", extra ? extra : "");
    bench_line(line);
}

/* ---- stall probes ---------------------------------------------------- */
#include "kernel/thread.h"
#include "kernel/clock.h"

#define GAPS 1024
struct gap { uint64_t start, end; };
static struct spin_ring {
    struct gap g[GAPS];
    volatile uint32_t head;          /* gaps recorded so far */
    struct thread *t;
} rings[NCPU_MAX];
static volatile int spin_stop;
static int spin_yield;

static void spinner(void *arg)
{
    struct spin_ring *r = arg;
    uint64_t last = clock_ns(), t;
    int i = 0;
    while (!spin_stop) {
        t = clock_ns();
        if (t - last > BENCH_GAP_NS) {
            struct gap *g = &r->g[r->head % GAPS];
            g->start = last;
            g->end = t;
            __atomic_store_n(&r->head, r->head + 1, __ATOMIC_RELEASE);
        }
        last = t;
        if (spin_yield && ++i >= spin_yield) {
            i = 0;
            thread_yield();
            last = clock_ns();       /* a voluntary switch is not a stall */
        }
    }
}

void bench_spinners_start(int yield_every)
{
    int c;
    thread_set_affinity(1u);
    spin_stop = 0;
    spin_yield = yield_every;
    for (c = 1; c < ncpu; c++) {
        rings[c].head = 0;
        rings[c].t = thread_create("bench-spin", spinner, &rings[c], 1u << c);
    }
    thread_sleep_ns(10000000);       /* let them start */
}

void bench_spinners_stop(void)
{
    int c;
    spin_stop = 1;
    for (c = 1; c < ncpu; c++)
        if (rings[c].t)
            thread_join(rings[c].t);
    for (c = 1; c < ncpu; c++)
        rings[c].t = NULL;
}

uint32_t bench_stall(uint64_t t0, uint64_t t1, uint32_t *total)
{
    uint32_t worst = 0, most = 0;
    int c, k;
    for (c = 1; c < ncpu; c++) {
        uint32_t h = __atomic_load_n(&rings[c].head, __ATOMIC_ACQUIRE), sum = 0;
        for (k = 0; k < GAPS && k < (int)h; k++) {
            struct gap *g = &rings[c].g[(h - 1 - k) % GAPS];
            uint64_t a = g->start > t0 ? g->start : t0, b = g->end < t1 ? g->end : t1;
            if (g->end < t0)
                break;                /* older gaps end before the window */
            if (b > a) {
                sum += (uint32_t)(b - a);
                if (b - a > worst)
                    worst = (uint32_t)(b - a);
            }
        }
        most = sum > most ? sum : most;
    }
    if (total)
        *total = most;
    return worst;
}

void bench_idle_window(uint64_t ns, uint64_t *t0, uint64_t *t1)
{
    *t0 = clock_ns();
    while (clock_ns() - *t0 < ns)
        pause();
    *t1 = clock_ns();
}
