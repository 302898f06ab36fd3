/* Targets of the return-probe review cells (tests/kernel/test_rp_review.c).
 * int rpr_outer(void): 7.  It calls rpr_leave right after its push %ebp, so
 * rpr_leave's return slot is 8 bytes below rpr_outer's; rpr_leave leaves
 * its frame without a return (it drops its return address and jumps back
 * into rpr_outer, as a longjmp would): under return probes on both, the
 * left instance sits 8 bytes below the live one when rpr_outer returns. */
#include "kernel/asm.h"
    .text
FUNC(rpr_outer)
    PUSH_EBP
    SET_FP
    call rpr_leave
.Lrpr_back:
    movl $7, %eax
    POP_FP
    ret
END(rpr_outer)

FUNC(rpr_leave)
    addl $4, %esp                      /* the return address dropped: the frame is left */
    .cfi_adjust_cfa_offset -4
    jmp .Lrpr_back
END(rpr_leave)

/* int rpr_cs_caller(void): rpr_cs_block(8) + 1, the argument pushed right
 * above rpr_cs_block's return slot: under return probes on both, the words
 * from that slot up read the trampoline's address, 8 (the kernel's CS) and
 * the trampoline's address again (rpr_cs_caller's own slot): an interrupt
 * frame's shape on the trampoline's first instruction, but not one. */
FUNC(rpr_cs_caller)
    pushl $8
    .cfi_adjust_cfa_offset 4
    call rpr_cs_block
    addl $4, %esp
    .cfi_adjust_cfa_offset -4
    incl %eax
    ret
END(rpr_cs_caller)

/* int rpr_split(int x): x ? 3 : 4.  With x != 0 it jumps to its split part
 * rpr_split.cold (in .text.unlikely, as gcc's hot/cold partitioning puts
 * it), which returns by a ret of its own: a return of rpr_split that a
 * sweep of rpr_split's symbol alone does not see. */
FUNC(rpr_split)
    PUSH_EBP
    SET_FP
    movl 8(%ebp), %eax
    testl %eax, %eax
    jnz rpr_split.cold
    movl $4, %eax
    POP_FP
    ret
END(rpr_split)

    .section .text.unlikely, "ax"
    .type rpr_split.cold, @function
rpr_split.cold:
    .cfi_startproc
    .cfi_def_cfa %ebp, 8
    .cfi_offset %ebp, -8
    movl $3, %eax
    POP_FP
    ret
    .cfi_endproc
    .size rpr_split.cold, . - rpr_split.cold
    .text
