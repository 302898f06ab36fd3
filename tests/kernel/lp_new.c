/* New versions of the live-patch targets (lp_targets.c), built as usual: a
 * new function needs no patchable entry of its own. */
#include "tests/kernel/lp_targets.h"
#include "patch/livepatch.h"
#include "kernel/thread.h"

LP_TARGET int lpt_plain(void) { return 7; }

int lpn_version2(void) { return 2; }
int lpn_version3(void) { return 3; }
int lpn_add(int a, int b) { return a + b + 100; }
struct waitq lpt_hold_wq = WAITQ_INIT("lpt-hold");
bool lpt_hold_left(void *leave) { return *(volatile int *)leave; }
void lpt_hold_release(volatile int *leave)
{
    *leave = 1;
    waitq_wake(&lpt_hold_wq, 100);
}

int lpn_hold(volatile int *leave)
{
    waitq_wait(&lpt_hold_wq, lpt_hold_left, (void *)(uintptr_t)leave);
    return 10 + lpt_version();
}

int lpn_wait(struct completion *go)
{
    wait_for_completion(go);
    return 10 + lpt_version();
}

/* The cells' new versions: version 2 in A's byte and in B's. */
int lpcn_b(void) { return 2; }

int lpcn_a(void)
{
    __asm__ volatile(".globl lpcn_a_mid\nlpcn_a_mid:");
    return 2 << 8 | lpc_b();
}

int lpcn_a2(void)
{
    lpc_callee();
    return 2 << 8 | lpc_b();
}

int lpcn_forever(volatile int *stop)
{
    int n = 0, b;
    while (!*stop) {
        if ((b = lpc_b()) != 2)
            return -b;
        n++;
        thread_sleep_ns(1000000);
    }
    return n;
}

int lpcn_spin_a(volatile int *stop)
{
    while (!*stop)
        __asm__ volatile("pause");
    return 2 << 8 | lpc_b();
}

/* Not patched: the callee lpc_a2 calls first (a frame of its own). */
__attribute__((noipa)) void lpc_callee(void) { __asm__ volatile(""); }

/* A third version of the cells' chain (L9): A holds while lpc_hold3. */
volatile int lpc_hold3, lpc_in3;
int lpcn3_b(void) { return 3; }
int lpcn3_a(void)
{
    __atomic_add_fetch(&lpc_in3, 1, __ATOMIC_SEQ_CST);
    while (lpc_hold3)
        thread_sleep_ns(1000000);
    return 3 << 8 | lpc_b();
}

int lpcn_a4(volatile int *stop)
{
    lpa_undescribed(stop);
    return 2 << 8 | lpc_b();
}

int lpcn_a3(void)
{
    lpc_callee2();
    return 2 << 8 | lpc_b();
}

/* Not patched: lpc_a3's callee, with a point after its first instruction
 * (a return probe's int3 goes there) to park a thread at. */
__attribute__((noipa)) void lpc_callee2(void) { __asm__ volatile("nop\n.globl lpc_callee2_mid\nlpc_callee2_mid: nop"); }

/* Patches the shell names (`lp list`): the targets' new versions. */
static struct lp_func f_version2[] = { LP_FUNC(lpt_version, lpn_version2) };
static struct lp_func f_add100[] = { LP_FUNC(lpt_add, lpn_add) };
static struct lp_func f_version3[] = { LP_FUNC(lpt_version, lpn_version3) };
static struct lp_patch version2 = LP_PATCH_INIT("version2", f_version2, LP_MODEL_BOOT);
static struct lp_patch add100 = LP_PATCH_INIT("add100", f_add100, LP_MODEL_BOOT);
static struct lp_patch version3 = { .name = "version3-replace", .funcs = f_version3, .nfuncs = 1,
                                    .model = LP_MODEL_BOOT, .replace = true };
LP_PATCH(version2);
LP_PATCH(add100);
LP_PATCH(version3);

/* lp-torture's new versions: bit 2 (patch v2) and bit 4 (patch v3); each
 * calls on through the old entries, which the patch redirects. */
static void lpn_window(int x)
{
    int i;
    for (i = 0; i < (x & 7); i++)
        __asm__ volatile("" ::: "memory");
    if ((x & 63) == 17)
        thread_sleep_ns(200000);
}
int lpn2_c3(int x) { lpn_window(x >> 6); return 2 << 8; }
int lpn2_c2(int x) { lpn_window(x >> 3); return 2 << 4 | lpt_c3(x); }
int lpn2_c1(int x) { lpn_window(x); return 2 | lpt_c2(x); }
int lpn3_c3(int x) { lpn_window(x >> 6); return 4 << 8; }
int lpn3_c2(int x) { lpn_window(x >> 3); return 4 << 4 | lpt_c3(x); }
int lpn3_c1(int x) { lpn_window(x); return 4 | lpt_c2(x); }
