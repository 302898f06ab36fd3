/* Patch targets for the foundation self-tests (kernel/textwrite.c).
 * text_target_imm() is `movl $imm32, %eax; ret`: the imm32 sits at
 * text_target_imm+1 (opcode B8 is one byte, SDM Vol. 2, MOV). */
    .text
    .globl text_target_imm
    .type text_target_imm, @function
text_target_imm:
    .cfi_startproc
    movl $0x11111111, %eax
    ret
    .cfi_endproc
    .size text_target_imm, . - text_target_imm

/* text_target_cross_page: the 4 bytes around the next page boundary are
 * padding plus the head of a function no one calls, so a self-test may
 * rewrite them with a write that crosses a page. */
    .globl text_target_cross_page
    .type text_target_cross_page, @function
    .p2align 12, 0x90
    .skip 4094, 0x90
text_target_cross_page:
    .cfi_startproc
    nop
    nop
    nop
    nop
    ret
    .cfi_endproc
    .size text_target_cross_page, . - text_target_cross_page
