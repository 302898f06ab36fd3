/* crt0: the entry point of every C user program.  At entry ESP points at one
 * word, the argument given to SYS_spawn (kernel/usys.h); calls main(arg) with
 * a 16-byte aligned stack (i386 psABI 2.2.2), then exit(main's result). */

    .section .text.entry, "ax"
    .globl _start
    .type _start, @function
_start:
    xorl %ebp, %ebp             /* end of the frame-pointer chain */
    movl (%esp), %eax           /* the spawn argument */
    movl %eax, uarg
    andl $-16, %esp
    subl $12, %esp
    pushl %eax
    call main                   /* int main(int arg) */
    movl %eax, (%esp)
    call exit                   /* void exit(int code): does not return */
    ud2
    .size _start, . - _start

/* Every program has a writable segment (user/user.ld: two PT_LOADs), even
 * one whose C code has no data: crt0 keeps the argument here. */
    .bss
    .balign 4
    .globl uarg
uarg: .long 0

    .section .note.GNU-stack, "", @progbits
