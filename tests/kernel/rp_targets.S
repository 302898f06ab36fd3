/* Return-probe self-test targets (tests/kernel/test_kretprobe.c and
 * test_kretprobe_edges.c), executed.
 * int rpt_epi_join(int x): x ? 7 : 9.  Both paths end in one epilogue (four
 * pops and the ret), but the x == 0 path pops %edi itself and jumps to the
 * second pop: a ret-site probe moved to the first pop would not see its
 * returns, so the probe must stay on the ret (the branch into the epilogue,
 * found in the cross-function branch index). */
#include "kernel/asm.h"
    .text
FUNC(rpt_epi_join)
    PUSH_EBP
    SET_FP
    pushl %ebx
    pushl %esi
    pushl %edi
    movl 8(%ebp), %eax
    testl %eax, %eax
    jnz 1f
    movl $9, %eax
    popl %edi
    jmp 2f
1:  movl $7, %eax
    popl %edi
2:  popl %esi
    popl %ebx
    POP_FP
    ret
END(rpt_epi_join)

/* int rpt_epi_ret(int x): x ? 7 : 9.  The x == 0 path pops everything
 * itself and jumps to the ret: a branch that lands on the ret itself, so an
 * optimized ret-site probe must stay on the ret (moved to the first pop of
 * the other path, it would not see those returns). */
FUNC(rpt_epi_ret)
    PUSH_EBP
    SET_FP
    pushl %ebx
    pushl %esi
    pushl %edi
    movl 8(%ebp), %eax
    testl %eax, %eax
    jnz 1f
    movl $9, %eax
    popl %edi
    popl %esi
    popl %ebx
    .cfi_remember_state
    POP_FP
    jmp 2f
    .cfi_restore_state
1:  movl $7, %eax
    popl %edi
    popl %esi
    popl %ebx
    POP_FP
2:  ret
END(rpt_epi_ret)

/* int rpt_label(int x): x + 2, with %ebx saved.  rpt_label_mid is a global
 * label inside it, after the push: the word at ESP there is the saved %ebx,
 * not a return address, so no return probe may take it for an entry. */
FUNC(rpt_label)
    PUSH_EBP
    SET_FP
    pushl %ebx
    movl 8(%ebp), %ebx
    .globl rpt_label_mid
rpt_label_mid:
    leal 2(%ebx), %eax
    popl %ebx
    POP_FP
    ret
END(rpt_label)

/* int rpt_tail_block(struct completion *c, int v): a tail call (jmp) to
 * rpt_block, which blocks on c and returns v + 1 (test_kretprobe_edges.c). */
FUNC(rpt_tail_block)
    jmp rpt_block
END(rpt_tail_block)
