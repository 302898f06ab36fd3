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
    waitq_wait(&lpt_hold_wq, lpt_hold_left, (void *)(uintptr_t)leave);
    __asm__ volatile("" ::: "memory");         /* the call is not the last instruction */
    return lpt_version();
}

/* Blocked inside (it never runs) until go completes: the pre-scan cells. */
LP_TARGET int lpt_wait(struct completion *go)
{
    wait_for_completion(go);
    __asm__ volatile("" ::: "memory");         /* the call is not the last instruction */
    return lpt_version();
}

LP_TARGET int lpt_hold_forced(volatile int *leave)
{
    waitq_wait(&lpt_hold_wq, lpt_hold_left, (void *)(uintptr_t)leave);
    __asm__ volatile("" ::: "memory");
    return lpt_version();
}

/* The cells' chain (tests/kernel/lp_cells.c): A's result carries its own
 * version in bits 8-15 and B's in bits 0-7, so a chain that ran old A and
 * new B (or the reverse) shows both.  lpc_a_mid is where a cell parks a
 * thread inside A before A calls B. */
LP_TARGET int lpc_b(void) { return 1; }

LP_TARGET int lpc_a(void)
{
    __asm__ volatile(".globl lpc_a_mid\nlpc_a_mid:");
    return 1 << 8 | lpc_b();
}

/* A calls an unpatched callee first, then B: parked at the callee's first
 * instruction, the thread's only frame in A is the return address the call
 * pushed (the old frame-pointer walk does not see it). */
LP_TARGET int lpc_a2(void)
{
    lpc_callee();
    return 1 << 8 | lpc_b();
}

/* lpc_a2 with a callee a return probe can hide A's return address in (L8). */
LP_TARGET int lpc_a3(void)
{
    lpc_callee2();
    return 1 << 8 | lpc_b();
}

/* lpc_a2 with a callee in code no CFI describes (lp_asm_targets.S): a
 * thread stopped or spinning there has an unreliable stack above A (L12). */
LP_TARGET int lpc_a4(volatile int *stop)
{
    lpa_undescribed(stop);
    return 1 << 8 | lpc_b();
}

/* Always on a stack: loops calling B until *stop, failing on a B of the
 * other version; returns the number of calls, or -(B's result). */
LP_TARGET int lpc_forever(volatile int *stop)
{
    int n = 0, b;
    while (!*stop) {
        if ((b = lpc_b()) != 1)
            return -b;
        n++;
        thread_sleep_ns(1000000);
    }
    return n;
}

/* Runs inside A until *stop, with interrupts on (the irq cell). */
LP_TARGET int lpc_spin_a(volatile int *stop)
{
    while (!*stop)
        __asm__ volatile("pause");
    return 1 << 8 | lpc_b();
}

/* lp-torture's chain (tests/kernel/lp_torture.c): each function ORs its
 * version's bit (1 here) into its callee's result, c1 in bits 0-3, c2 in
 * 4-7, c3 in 8-11, so a chain that mixed versions shows which ran which.  Before each call a spin window (and now and
 * then a sleep) keeps threads inside: preempted there under -singlestep,
 * asleep there when a patch or a revert comes. */
static void lpt_window(int x)
{
    int i;
    for (i = 0; i < (x & 7); i++)
        __asm__ volatile("" ::: "memory");
    if ((x & 63) == 17)
        thread_sleep_ns(200000);
}

LP_TARGET int lpt_c3(int x) { lpt_window(x >> 6); return 1 << 8; }
LP_TARGET int lpt_c2(int x) { lpt_window(x >> 3); return 1 << 4 | lpt_c3(x); }
LP_TARGET int lpt_c1(int x) { lpt_window(x); return 1 | lpt_c2(x); }
