/* Live-patch targets the compiler would not make (tests/kernel/lp_cells.c,
 * test_livepatch.c): a patchable entry that crosses an 8-byte boundary (its
 * 5-byte nop at 4 mod 8, listed in __mcount_loc as gcc lists its own), and
 * code no CFI describes, where lp-cells L12 parks a thread above old A: the
 * exact unwind of that thread is unreliable before it reaches A's frame. */
#include "kernel/asm.h"

    .text
    .balign 8
/* int lpa_pad4(void): 1, in four bytes, so that lpa_crossing starts at
 * 4 mod 8: the first entry that crosses */
FUNC(lpa_pad4)
    xorl %eax, %eax
    incl %eax
    ret
END(lpa_pad4)

/* int lpa_crossing(void): 1; its entry's nop covers bytes 4-8 mod 8 */
FUNC(lpa_crossing)
    .byte 0x0f, 0x1f, 0x44, 0x00, 0x00
    movl $1, %eax
    ret
END(lpa_crossing)
    .pushsection __mcount_loc, "a"
    .long lpa_crossing
    .popsection

/* void lpa_undescribed(volatile int *stop): no CFI (kernel/unwind.undescribed);
 * spins until *stop unless stop is NULL.  L12 parks a thread at its second
 * instruction, lpa_undescribed + 4 (no nops here: the unwind table's audit
 * takes them for padding), and runs another in its loop. */
    .globl lpa_undescribed
    .type lpa_undescribed, @function
lpa_undescribed:
    movl 4(%esp), %ecx
    testl %ecx, %ecx
    jz 2f
1:  pause
    cmpl $0, (%ecx)
    je 1b
2:  ret
    .size lpa_undescribed, . - lpa_undescribed
