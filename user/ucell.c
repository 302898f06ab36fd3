/* ucell: the process the user hazard cells park (tests/kernel/test_ucells.c).
 * main(ms): until uptime passes start + ms, calls ut_opt0 (whose region an
 * optimized probe replaces) and ut_h3 (whose region holds a call), checking
 * ut_h3's results and ut_opt0's count; exit code = wrong results. */
#include "user/ulib.h"

void ut_opt0(uint32_t *c);
int ut_h3(int x);

int main(int ms)
{
    uint32_t start = uptime(), c = 0, calls = 0;
    int x = 0, errors = 0;
    do {
        ut_opt0(&c);
        if (c != ++calls && errors++ < 3) {
            printf("ucell: ut_opt0 counted %u of %u calls\n", c, calls);
            c = calls;
        }
        if (ut_h3(x) != x + 5 && errors++ < 3)
            printf("ucell: ut_h3(%d) wrong\n", x);
        x++;
    } while (uptime() - start < (uint32_t)ms);
    return errors;
}
