/* Return-probe self-test targets (tests/kernel/test_kretprobe.c), executed.
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
