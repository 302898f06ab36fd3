/* Benchmark helpers: medians and percentiles of samples, and one
 * machine-readable console line per measurement for tests/report.py:
 *
 *   BENCH {"name":"hit","unit":"ns","n":2000,"median":..,"p99":..,"min":..,
 *          "max":..,"mean":..,"hist":[[lo,count],..],"cpus":4, <extra>}
 *
 * hist buckets are log-spaced, four per power of two: a bucket starting at
 * lo >= 4 ends at lo + 2^(floor(log2 lo) - 2); below 4 each value is its own
 * bucket.  Only non-empty buckets are listed.  extra is NULL or more
 * "key":value pairs (JSON, no leading comma) naming the configuration and
 * any counters.  Human `bench: ...` lines stay next to these. */
#ifndef BENCH_H
#define BENCH_H
#include "kernel/types.h"

struct bench_sum { uint32_t n, min, median, p99, max, mean; };

uint32_t bench_median(uint32_t *a, int n);              /* sorts a */
void bench_summarize(uint32_t *a, int n, struct bench_sum *s);   /* sorts a */
/* Sorts a, prints the BENCH line, returns the median. */
uint32_t bench_emit(const char *name, const char *unit, uint32_t *a, int n, const char *extra);
/* One value without a distribution (a count, a share). */
void bench_emit_value(const char *name, const char *unit, uint64_t v, const char *extra);
/* Print a long line whole (kprintf's buffer is 512 bytes). */
void bench_line(const char *s);
/* Bucket start of v (see above). */
uint32_t bench_bucket(uint32_t v);

/* Stall probes: a spinner thread pinned to every CPU but the caller's
 * (cpus[0]; the caller is pinned there), interrupts on, recording each gap
 * longer than BENCH_GAP_NS between two of its loop iterations in a per-CPU
 * ring.  A gap is time that CPU could not run its thread: an IPI handler, a
 * rendezvous, a timer tick, or the host descheduling the vCPU (measure an
 * idle window too: bench_stall over a window without the operation).
 * yield_every: yield after that many iterations (0: never). */
#define BENCH_GAP_NS 1000
void bench_spinners_start(int yield_every);
void bench_spinners_stop(void);
/* Over [t0, t1) (clock_ns): the longest gap any other CPU saw inside it
 * (clipped to the window); *total: the largest per-CPU sum of gaps. */
uint32_t bench_stall(uint64_t t0, uint64_t t1, uint32_t *total);
/* Busy-wait ns on this CPU (an idle window for bench_stall). */
void bench_idle_window(uint64_t ns, uint64_t *t0, uint64_t *t1);
#endif
