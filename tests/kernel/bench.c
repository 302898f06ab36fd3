/* Benchmark helpers (see bench.h): insertion sort, then the middle sample. */
#include "tests/kernel/bench.h"

uint32_t bench_median(uint32_t *a, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        uint32_t v = a[i];
        for (j = i; j > 0 && a[j - 1] > v; j--) a[j] = a[j - 1];
        a[j] = v;
    }
    return a[n / 2];
}
