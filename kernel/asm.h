/* Assembly functions with DWARF call-frame information (DWARF 5, 6.4.2:
 * .cfi_* directives): every asm function says, at every instruction, where
 * its caller's frame is, for the exact unwinder (kernel/unwind.c).  The build
 * cross-checks each directive against the code (kernel/gen_unwind.py). */
#ifndef ASM_H
#define ASM_H
#ifdef __ASSEMBLY__
#define FUNC(f)  .globl f; .type f, @function; f: .cfi_startproc
#define END(f)   .cfi_endproc; .size f, . - f
#define PUSH(x)  pushl x; .cfi_adjust_cfa_offset 4
#define POP(x)   popl x; .cfi_adjust_cfa_offset -4
/* The usual frame: PUSH_EBP first (the caller's EBP at CFA-8), SET_FP, and
 * POP_FP when ESP is back at the saved EBP. */
#define PUSH_EBP pushl %ebp; .cfi_adjust_cfa_offset 4; .cfi_offset %ebp, -8
#define SET_FP   movl %esp, %ebp; .cfi_def_cfa_register %ebp
#define POP_FP   popl %ebp; .cfi_def_cfa %esp, 4; .cfi_restore %ebp
#endif
#endif
