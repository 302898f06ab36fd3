/* uedge: runs the edge-case targets of user/uedge_asm.S for the user-probe
 * tests (tests/kernel/test_uedge.c).  main(arg): mode arg >> 16, count
 * arg & 0xffff.  Mode 0 calls every counting target count times and checks
 * the counts (exit code = wrong counts); mode 1 ue_badcall, 2 ue_long(NULL),
 * 3 the two-byte int $3, 4 int $0x81, 5 int $0x82, 6 ue_rocall: each must
 * be killed; surviving one exits 77. */
#include "user/ulib.h"

void ue_opt(uint32_t *c), ue_long(uint32_t *c), ue_ij(uint32_t *c, int skip), ue_ij2(uint32_t *c, int skip);
void ue_h4(uint32_t *c), ue_h4_other(uint32_t *c), ue_strad(uint32_t *c);
void ue_badcall(void), ue_int3long(void), ue_int81(void), ue_int82(void), ue_rocall(void);

static int errors;

static void want(const char *what, int i, uint32_t got, uint32_t exp)
{
    if (got != exp && errors++ < 5)
        printf("uedge: %s call %d counted %u, want %u\n", what, i, got, exp);
}

static int counts(int n)
{
    uint32_t c[6] = { 0 };
    int i;
    for (i = 1; i <= n; i++) {
        ue_opt(&c[0]);
        want("ue_opt", i, c[0], (uint32_t)i);
        ue_long(&c[1]);
        want("ue_long", i, c[1], (uint32_t)i);
        ue_ij(&c[2], 0);
        ue_ij(&c[2], 1);                       /* skips the increment */
        want("ue_ij", i, c[2], (uint32_t)i);
        ue_h4(&c[3]);
        ue_h4_other(&c[3]);                    /* no increment */
        want("ue_h4", i, c[3], (uint32_t)i);
        ue_strad(&c[4]);
        want("ue_strad", i, c[4], (uint32_t)i);
        ue_ij2(&c[5], 0);
        ue_ij2(&c[5], 1);                      /* skips the increment */
        want("ue_ij2", i, c[5], (uint32_t)i);
    }
    return errors;
}

int main(int arg)
{
    switch (arg >> 16) {
    case 0: return counts(arg & 0xFFFF);
    case 1: ue_badcall(); break;
    case 2: ue_long(NULL); break;
    case 3: ue_int3long(); break;
    case 4: ue_int81(); break;
    case 5: ue_int82(); break;
    case 6: ue_rocall(); break;
    default: return 2;
    }
    printf("uedge: survived mode %d\n", arg >> 16);
    return 77;
}
