/* Live-patch targets: built with Makefile's LP_FENTRY, so each function
 * starts with the 5-byte nop a patch turns into its jump (patch/livepatch.h).
 * LP_TARGET keeps every call going through that entry. */
#include "tests/kernel/lp_targets.h"
#include "patch/livepatch.h"
#include "kernel/thread.h"

LP_TARGET int lpt_version(void) { return 1; }

LP_TARGET int lpt_add(int a, int b) { return a + b; }

/* Sleeps inside until *leave, then calls on: the version it sees. */
LP_TARGET int lpt_hold(volatile int *leave)
{
    while (!*leave)
        thread_sleep_ns(1000000);
    return lpt_version();
}

LP_TARGET int lpt_hold_forced(volatile int *leave)
{
    while (!*leave)
        thread_sleep_ns(1000000);
    return lpt_version();
}
