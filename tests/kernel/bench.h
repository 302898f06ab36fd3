/* Benchmark helpers: medians of samples (sorts the array in place). */
#ifndef BENCH_H
#define BENCH_H
#include "kernel/types.h"
uint32_t bench_median(uint32_t *a, int n);
#endif
