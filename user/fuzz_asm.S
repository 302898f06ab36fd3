/* The fuzz program's two pieces of assembly (user/fuzz.c).
 * fz_enter(regs[7], addr): loads eax ebx ecx edx esi edi ebp from regs and
 * jumps to addr (random bytes, a trapping instruction); never returns.
 * fz_segs(out[4]): a getpid system call made with null %ds %es %fs %gs;
 * out = those four selectors as the kernel returned them (read before %ds
 * and %es are restored from %ss, so a kernel that left one null is seen
 * here, not by a #GP in the store). */
#include "kernel/usys.h"

    .text
    .globl fz_enter
    .type fz_enter, @function
fz_enter:
    movl 8(%esp), %eax
    movl %eax, fz_target
    movl 4(%esp), %eax
    movl 4(%eax), %ebx
    movl 8(%eax), %ecx
    movl 12(%eax), %edx
    movl 16(%eax), %esi
    movl 20(%eax), %edi
    movl 24(%eax), %ebp
    movl 0(%eax), %eax
    jmp *fz_target
    .size fz_enter, . - fz_enter

    .globl fz_segs
    .type fz_segs, @function
fz_segs:
    pushl %ebx
    pushl %esi
    pushl %edi
    movl 16(%esp), %edi         /* out */
    xorl %eax, %eax
    movw %ax, %ds
    movw %ax, %es
    movw %ax, %fs
    movw %ax, %gs
    movl $SYS_getpid, %eax
    int $T_SYSCALL
    xorl %eax, %eax
    xorl %ebx, %ebx
    xorl %ecx, %ecx
    xorl %edx, %edx
    movw %ds, %ax
    movw %es, %bx
    movw %fs, %cx
    movw %gs, %dx
    movw %ss, %si
    movw %si, %ds
    movw %si, %es
    movl %eax, 0(%edi)
    movl %ebx, 4(%edi)
    movl %ecx, 8(%edi)
    movl %edx, 12(%edi)
    popl %edi
    popl %esi
    popl %ebx
    ret
    .size fz_segs, . - fz_segs

    .bss
    .balign 4
fz_target: .long 0

    .section .note.GNU-stack, "", @progbits
