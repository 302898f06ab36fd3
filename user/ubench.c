/* ubench: user-side timings for bench-user (tests/kernel/user_bench.c).
 * arg 0: a system call (getpid) against a plain function call, each timed
 * with rdtsc over UB_BATCHES batches of UB_N; the median batch of each goes
 * to report(0) and report(1) in TSC cycles per UB_N operations.
 * arg N > 0: N yields, for the kernel's switch timing.
 * arg -1: calls of ut_opt0 (user/utarget_asm.S, a user probe's site), the
 * median batch to report(0). */
#include "user/ulib.h"

#define UB_N 100
#define UB_BATCHES 63

static inline uint32_t rdtsc32(void)
{
    uint32_t lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return lo;
}

void ut_opt0(uint32_t *c);
static uint32_t counter;

static int __attribute__((noinline)) plain(int x)
{
    __asm__ volatile("" : "+r"(x));
    return x + 1;
}

static uint32_t median(uint32_t *a, int n)
{
    int i, j;
    for (i = 1; i < n; i++)              /* insertion sort: n is small */
        for (j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint32_t t = a[j]; a[j] = a[j - 1]; a[j - 1] = t;
        }
    return a[n / 2];
}

static uint32_t time_target(void)
{
    static uint32_t t[UB_BATCHES];
    int b, i;
    for (b = 0; b < UB_BATCHES; b++) {
        uint32_t t0 = rdtsc32();
        for (i = 0; i < UB_N; i++)
            ut_opt0(&counter);
        t[b] = rdtsc32() - t0;
    }
    return median(t, UB_BATCHES);
}

static uint32_t time_batches(int sys)
{
    static uint32_t t[UB_BATCHES];
    int b, i, x = 0;
    for (b = 0; b < UB_BATCHES; b++) {
        uint32_t t0 = rdtsc32();
        for (i = 0; i < UB_N; i++)
            x += sys ? getpid() : plain(i);
        t[b] = rdtsc32() - t0;
    }
    __asm__ volatile("" :: "r"(x));
    return median(t, UB_BATCHES);
}

int main(int arg)
{
    int i;
    if (arg == -1) {
        report(0, time_target());
        report(2, UB_N);
        return 0;
    }
    if (arg > 0) {
        for (i = 0; i < arg; i++)
            yield();
        return 0;
    }
    report(0, time_batches(1));
    report(1, time_batches(0));
    report(2, UB_N);
    return 0;
}
