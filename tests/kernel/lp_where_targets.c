/* Targets of the "where code runs" cells (tests/kernel/lp_where.c): old
 * versions of A whose code also runs outside their symbol (a jump-optimized
 * probe's detour buffer, gcc's .cold part, the return trampoline) and their
 * new versions; B is the cells' lpc_b.  Built with LP_FENTRY (Makefile), so
 * every function here has a patchable entry; the new ones do not need it. */
#include "tests/kernel/lp_where.h"
#include "tests/kernel/lp_targets.h"
#include "patch/livepatch.h"

/* A probe region of two 3-byte nops (lea 0x0(%esi),%esi, 8D 76 00: the
 * assembler would drop a zero displacement), no branch into it:
 * its offset in the function is the absolute symbol `off` (not text, so no
 * symbol starts inside the function). */
#define REGION(fn, off) \
    __asm__ volatile("1: .byte 0x8d, 0x76, 0x00, 0x8d, 0x76, 0x00\n\t" \
                     ".globl " #off "\n\t.set " #off ", 1b - " #fn ::: "memory")

LP_TARGET int lpw_buf(void)
{
    REGION(lpw_buf, lpw_buf_region);
    return 1 << 8 | lpc_b();
}

LP_TARGET int lpwn_buf(void)
{
    REGION(lpwn_buf, lpwn_buf_region);
    return 2 << 8 | lpc_b();
}

/* Never called: a probe optimized here after the cells' own leaves the
 * optimizer thread's stack with this region's addresses, not A's (data
 * words a word scan cannot tell from return addresses). */
int lpw_scrub(void)
{
    REGION(lpw_scrub, lpw_scrub_region);
    return 0;
}

/* The call of a cold function puts its block in .text.unlikely (gcc's
 * hot/cold partitioning): lpw_cold.cold calls lpw_cold_callee, then jumps
 * back into lpw_cold, which calls B.  lpw_cold_path is 1: the compiler
 * cannot know it. */
volatile int lpw_cold_path = 1;

LP_TARGET int lpw_cold(void)
{
    if (lpw_cold_path)
        lpw_cold_callee();
    return 1 << 8 | lpc_b();
}

__attribute__((noipa)) void lpw_cold_callee(void) { __asm__ volatile(""); }

LP_TARGET int lpwn_cold(void)
{
    if (lpw_cold_path)
        lpw_cold_callee();
    return 2 << 8 | lpc_b();
}

/* A's callee under a return probe: it returns into A through the trampoline. */
__attribute__((noipa)) void lpw_callee(void) { __asm__ volatile(""); }

LP_TARGET int lpw_tramp(void)
{
    lpw_callee();
    return 1 << 8 | lpc_b();
}

LP_TARGET int lpwn_tramp(void)
{
    lpw_callee();
    return 2 << 8 | lpc_b();
}
