/* The live-patch benchmark's old functions (tests/kernel/lp_bench.h), built
 * with Makefile's LP_FENTRY: each starts with the 5-byte nop a patch
 * redirects; LP_TARGET keeps every call going through it. */
#include "tests/kernel/lp_bench.h"
#include "patch/livepatch.h"
#include "kernel/thread.h"

#define LPB_OLD(i) LP_TARGET int lpb_f##i(int x) { return x + i; }
LPB_EACH(LPB_OLD)

LP_TARGET int lpb_hold(volatile int *leave)
{
    waitq_wait(&lpb_hold_wq, lpb_hold_left, (void *)(uintptr_t)leave);
    return lpb_f0(0);
}
