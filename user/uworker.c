/* uworker: the user side of uprobe-torture (tests/kernel/uprobe_torture.c).
 * main(ms): until uptime passes start + ms, calls the probe targets of
 * user/utarget_asm.S with checked results, counts calls of ut_count0..3 and
 * ut_opt0..1 in
 * uw_counts[] (the kernel reads it by symbol: the probed instruction is the
 * increment itself), and keeps a buffer of UW_PAGES pages at uw_buf(pid)
 * whose every word is uw_word(pid, address) or 0 (being refilled): it
 * unmaps, maps and refills it now and then while handlers in other CPUs
 * read it.  Exit code: wrong results.  report(0): iterations. */
#include "user/ulib.h"

#define UW_PAGES 2
int ut_mov(int x), ut_jcc(int x), ut_call(int x), ut_icall(int x), ut_pushf(int x);
int ut_ret(int x), ut_rep(int x);
void ut_count0(uint32_t *c), ut_count1(uint32_t *c), ut_count2(uint32_t *c), ut_count3(uint32_t *c);
void ut_opt0(uint32_t *c), ut_opt1(uint32_t *c);

#define UW_NCOUNT 6
uint32_t uw_counts[UW_NCOUNT];
static void (*const count[UW_NCOUNT])(uint32_t *) = { ut_count0, ut_count1, ut_count2, ut_count3,
                                                      ut_opt0, ut_opt1 };
static int errors;

/* Contract with the kernel side (tests/kernel/uprobe_torture.c). */
static uint32_t uw_buf(int pid) { return USER_MAP_BASE + 0x01000000u + (uint32_t)(pid % 64) * 0x10000u; }
static uint32_t uw_word(int pid, uint32_t a) { return (a * 2654435761u) ^ ((uint32_t)pid << 20) ^ 0x5a5a0001u; }

static void want(const char *what, int x, int got, int exp)
{
    if (got != exp && errors++ < 5)
        printf("uworker: %s(%d) = %d, want %d\n", what, x, got, exp);
}

static void refill(int pid)
{
    uint32_t b = uw_buf(pid), a;
    unmap(b, UW_PAGES);
    if (map(b, UW_PAGES)) {
        want("map", 0, -1, 0);
        return;
    }
    for (a = b; a < b + UW_PAGES * PGSIZE; a += 4)
        *(volatile uint32_t *)a = uw_word(pid, a);
}

static void checked(int i)
{
    int x = i % 50 + (i & 1);
    switch (i % 7) {
    case 0: want("ut_mov", x, ut_mov(x), x + 1); break;
    case 1: want("ut_jcc", x, ut_jcc(x), x ? x + 2 : 0); break;
    case 2: want("ut_call", x, ut_call(x), x + 1); break;
    case 3: want("ut_icall", x, ut_icall(x), x + 1); break;
    case 4: want("ut_pushf", x, ut_pushf(x), x); break;
    case 5: want("ut_ret", x, ut_ret(x), 3 * x); break;
    default: want("ut_rep", x, ut_rep(x % 65), (x % 65) * (x % 65 + 1) / 2); break;
    }
}

int main(int ms)
{
    int pid = getpid();
    uint32_t start = uptime(), i = 0, r = (uint32_t)pid * 2654435761u | 1;
    refill(pid);
    do {
        r ^= r << 13, r ^= r >> 17, r ^= r << 5;
        count[(r >> 3) % UW_NCOUNT](&uw_counts[(r >> 3) % UW_NCOUNT]);
        checked((int)(r >> 8));
        if (++i % 256 == 0)
            refill(pid);
        if (i % 64 == 0)
            yield();
    } while (i % 16 || uptime() - start < (uint32_t)ms);
    report(0, i);
    return errors;
}
