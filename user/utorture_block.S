/* utorture_run(in[8], out[8]) (user/utorture.c): the torture block on a whole
 * register state (user/regs.h).  43 straight-line ALU instructions between
 * the global labels utorture_block and utorture_block_end (the kernel counts
 * preemptions landing there), every general register live, DF set by std;
 * out's EFLAGS is captured at utorture_block_end.  Intel SDM Vol. 2 semantics;
 * the C model in user/utorture.c numbers the same instructions. */
#include "user/regs.h"

    .text
    .globl utorture_run, utorture_block, utorture_block_end
    .type utorture_run, @function
utorture_run:
    REGS_ENTER
utorture_block:
    addl %ebp, %eax                     /* 1 */
    adcl %ebx, %ecx
    std
    sbbl %edx, %esi
    xorl %edi, %ebx                     /* 5 */
    roll $7, %edx
    imull %esi, %edi
    leal 0x1234567(%eax,%ecx,4), %ebp
    negl %ebx
    adcl %eax, %edx                     /* 10 */
    shll $3, %esi
    subl %ebp, %ecx
    setb %al
    xorl %ecx, %edi
    roll %cl, %ebx                      /* 15 */
    imull $0x9e3779b1, %ebp, %esi
    leal (%ebx,%edx,8), %eax
    shll %cl, %eax
    cmpl %edi, %edx
    setl %cl                            /* 20 */
    sete %ch
    addl %esi, %ebp
    sbbl %ebx, %edi
    seto %dl
    xorl %eax, %esi                     /* 25 */
    addl %edx, %ebx
    adcl $0x7fffffff, %ebp
    sets %bl
    roll $13, %edi
    negl %ecx                           /* 30 */
    sbbl %eax, %edx
    imull %edx, %eax
    leal -0x55(%ecx,%edi,2), %ecx
    xorl %ebp, %edx
    cmpl %eax, %ebx                     /* 35 */
    seta %al
    setg %ah
    addl %edi, %esi
    subl %ecx, %ebp
    adcl %esi, %ebx                     /* 40 */
    xorl %ebx, %eax
    addl %ebp, %edi
    sbbl %edx, %ecx
utorture_block_end:
    REGS_LEAVE
    .size utorture_run, . - utorture_run

    .section .note.GNU-stack, "", @progbits
