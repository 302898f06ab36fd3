/* uret: the user side of the user return probes' self-tests
 * (tests/kernel/test_uretprobe.c).  main(n): n rounds of uret_f (x*3+1),
 * uret_sleep (sleeps 1 ms inside, x+7) and uret_rec (recursion, depth x%4),
 * each result checked here; report(0): calls of uret_f, report(1): of
 * uret_sleep, report(2): of uret_rec, all levels; exit code: wrong results.
 * main(-n): n calls of uret_sleep only, 20 ms asleep inside each.
 * main(1000000 + ms): rounds (uret_sleep every 8th) until ms have passed. */
#include "user/ulib.h"

#define NOIPA __attribute__((noipa))
NOIPA int uret_f(int x) { return x * 3 + 1; }
static uint32_t nap = 1;               /* ms uret_sleep sleeps */
NOIPA int uret_sleep(int x) { sleep(nap); return x + 7; }
NOIPA int uret_rec(int n)
{
    int r = n ? uret_rec(n - 1) : 0;
    __asm__ volatile("" : "+r"(r));
    return r + 1;
}

static int errors;
static void want(const char *what, int x, int got, int exp)
{
    if (got != exp && errors++ < 5)
        printf("uret: %s(%d) = %d, want %d\n", what, x, got, exp);
}

static uint32_t nf, ns, nr;
static void round_of_calls(int i, int sleep_every)
{
    want("uret_f", i, uret_f(i), i * 3 + 1), nf++;
    if (i % sleep_every == 0)
        want("uret_sleep", i, uret_sleep(i), i + 7), ns++;
    want("uret_rec", i % 4, uret_rec(i % 4), i % 4 + 1), nr += (uint32_t)(i % 4) + 1;
}

int main(int n)
{
    uint32_t end = uptime() + (uint32_t)n - 1000000u;
    int i;
    if (n >= 1000000)                   /* retprobe-torture: rounds until n - 1000000 ms passed */
        for (i = 0; uptime() < end; i++)
            round_of_calls(i, 8);
    else if (n < 0)                     /* -n calls of uret_sleep only: mostly asleep inside */
        for (nap = 20, i = 0; i < -n; i++)
            want("uret_sleep", i, uret_sleep(i), i + 7), ns++;
    else
        for (i = 0; i < n; i++)
            round_of_calls(i, 4);
    report(0, nf);
    report(1, ns);
    report(2, nr);
    return errors;
}
