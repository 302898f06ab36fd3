/* spin: a register-only loop, hand-written (no crt0, no C).  The argument
 * (at (%esp) on entry, kernel/usys.h) is the iteration count; the loop between
 * spin_loop and spin_loop_end keeps five running sums in eax ebx esi ebp ecx,
 * checked afterwards against their closed forms.  Exit 0 if all match, else 1. */
#include "kernel/usys.h"

    .text
    .globl _start
    .type _start, @function
_start:
    movl (%esp), %edx           /* n, kept unchanged */
    xorl %eax, %eax             /* sum of i           = n(n-1)/2 */
    xorl %ebx, %ebx             /* sum of 2i+1        = n*n      */
    xorl %ecx, %ecx             /* i                  = n        */
    xorl %esi, %esi             /* xor of i                      */
    xorl %ebp, %ebp             /* sum of 3           = 3n       */
    movl %edx, %edi             /* iterations left    = 0        */
    testl %edi, %edi
    jz spin_loop_end

    .globl spin_loop
spin_loop:
    addl %ecx, %eax
    leal 1(%ebx,%ecx,2), %ebx
    xorl %ecx, %esi
    addl $3, %ebp
    incl %ecx
    decl %edi
    jnz spin_loop
    .globl spin_loop_end
spin_loop_end:

    cmpl (%esp), %edx           /* n unchanged, i == n, nothing left */
    jne fail
    cmpl %edx, %ecx
    jne fail
    testl %edi, %edi
    jnz fail
    leal (%edx,%edx,2), %edi    /* 3n */
    cmpl %edi, %ebp
    jne fail
    movl %edx, %edi             /* n*n mod 2^32 */
    imull %edx, %edi
    cmpl %edi, %ebx
    jne fail
    movl %eax, %ebp             /* n(n-1)/2 mod 2^32, from the 64-bit product */
    movl %edx, %eax
    leal -1(%edx), %edi
    mull %edi
    shrdl $1, %edx, %eax
    cmpl %eax, %ebp
    jne fail

    movl (%esp), %eax           /* xor of 0..m, m = n-1: m, 1, m+1, 0 by m mod 4 */
    decl %eax
    movl %eax, %ecx
    andl $3, %ecx
    movl %eax, %edi
    cmpl $1, %ecx
    jne 1f
    movl $1, %edi
1:  cmpl $2, %ecx
    jne 2f
    incl %edi
2:  cmpl $3, %ecx
    jne 3f
    xorl %edi, %edi
3:  cmpl %edi, %esi
    jne fail

    xorl %ebx, %ebx
    jmp done
fail:
    movl $1, %ebx
done:
    movl %ebx, spin_result
    movl $SYS_exit, %eax
    int $T_SYSCALL
    ud2
    .size _start, . - _start

/* The exit code, also kept here: the writable segment (user/user.ld). */
    .data
    .balign 4
    .globl spin_result
spin_result: .long -1

    .section .note.GNU-stack, "", @progbits
