/* utarget: calls every probe target of user/utarget_asm.S arg times with
 * checked results (a wrong one means a user probe broke the instruction it
 * displaced); exit code = wrong results.  report(0): calls per target. */
#include "user/ulib.h"

int ut_mov(int x), ut_jcc(int x), ut_call(int x), ut_icall(int x), ut_pushf(int x);
int ut_ret(int x), ut_rep(int x), ut_sys(void);

static int errors;

static void want(const char *what, int x, int got, int exp)
{
    if (got != exp && errors++ < 5)
        printf("utarget: %s(%d) = %d, want %d\n", what, x, got, exp);
}

int main(int n)
{
    int i, x, pid = getpid();
    for (i = 0; i < n; i++) {
        x = i % 50 + (i & 1);                  /* zero now and then for ut_jcc */
        want("ut_mov", x, ut_mov(x), x + 1);
        want("ut_jcc", x, ut_jcc(x), x ? x + 2 : 0);
        want("ut_call", x, ut_call(x), x + 1);
        want("ut_icall", x, ut_icall(x), x + 1);
        want("ut_pushf", x, ut_pushf(x), x);
        want("ut_ret", x, ut_ret(x), 3 * x);
        want("ut_rep", x, ut_rep(x % 65), (x % 65) * (x % 65 + 1) / 2);
        want("ut_sys", x, ut_sys(), pid);
    }
    report(0, (uint32_t)n);
    return errors;
}
