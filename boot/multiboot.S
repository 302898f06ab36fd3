/* Multiboot v1 header and kernel entry (Multiboot Specification 0.6.96, 3.1).
 * The loader enters in 32-bit protected mode, paging off, EAX=0x2BADB002,
 * EBX=physical address of the multiboot info.  We set up the boot stack and
 * call kmain(magic, info); kmain never returns. */
#define MB_MAGIC  0x1BADB002
#define MB_FLAGS  0x00000003          /* page-align modules, want memory map */

    .section .multiboot, "a"
    .align 4
    .long MB_MAGIC
    .long MB_FLAGS
    .long -(MB_MAGIC + MB_FLAGS)

    .section .text.entry, "ax"
    .globl _start
_start:
    .cfi_startproc
    .cfi_undefined %eip           /* unwind: the bottom of the boot stack */
    cli
    cld
    movl $boot_stack_top, %esp
    xorl %ebp, %ebp               /* terminates frame-pointer backtraces */
    pushl $0                      /* clear EFLAGS (AC, DF, NT...) */
    popfl
    pushl %ebx
    pushl %eax
    call kmain
1:  hlt
    jmp 1b
    .cfi_endproc
    .size _start, . - _start      /* the page alignment after it is not code */

    .section .bss
    .align 4096
    .globl boot_stack, boot_stack_top
boot_stack:
    .space 16384
boot_stack_top:
