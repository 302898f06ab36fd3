/* New versions of the live-patch targets (lp_targets.c), built as usual: a
 * new function needs no patchable entry of its own. */
#include "tests/kernel/lp_targets.h"
#include "patch/livepatch.h"
#include "kernel/thread.h"

LP_TARGET int lpt_plain(void) { return 7; }

int lpn_version2(void) { return 2; }
int lpn_version3(void) { return 3; }
int lpn_add(int a, int b) { return a + b + 100; }
int lpn_hold(volatile int *leave)
{
    while (!*leave)
        thread_sleep_ns(1000000);
    return 10 + lpt_version();
}
