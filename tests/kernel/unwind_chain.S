/* The assembly links of the unwinder's ground-truth chain (tests/kernel/
 * test_unwind.c):  uw_drive -> uw_c_top (C) -> uw_asm_frame (EBP frame) ->
 * uw_asm_noframe (no frame, pushes) -> uw_c_vla (C, variable stack
 * adjustment) -> uw_asm_tail (tail call) -> uw_c_leaf (C, frameless fast
 * path) [-> uw_c_helper].  uw_drive runs it with EFLAGS.TF set. */
#include "kernel/asm.h"
    .text
/* int uw_drive(int x): uw_c_top(x), single-stepped from its first
 * instruction; the #DB handler clears TF at uw_drive_ret. */
FUNC(uw_drive)
    PUSH_EBP
    SET_FP
    pushl 8(%ebp)
    pushfl
    orl $0x100, (%esp)               /* EFLAGS.TF: #DB after each instruction */
    popfl
    call uw_c_top
    .globl uw_drive_ret
uw_drive_ret:
    addl $4, %esp
    POP_FP
    ret
END(uw_drive)

/* int uw_asm_frame(int a, int b): uw_asm_noframe(a + b) + 1, EBP frame */
FUNC(uw_asm_frame)
    PUSH_EBP
    SET_FP
    pushl %ebx
    movl 8(%ebp), %ebx
    addl 12(%ebp), %ebx
    pushl %ebx
    call uw_asm_noframe
    addl $4, %esp
    addl $1, %eax
    popl %ebx
    POP_FP
    ret
END(uw_asm_frame)

/* int uw_asm_noframe(int x): uw_c_vla(x, x & 7) * 2, no frame (EBP is the
 * caller's throughout) */
FUNC(uw_asm_noframe)
    PUSH(%esi)
    movl 8(%esp), %esi
    movl %esi, %eax
    andl $7, %eax
    PUSH(%eax)
    PUSH(%esi)
    call uw_c_vla
    addl $8, %esp
    .cfi_adjust_cfa_offset -8
    addl %eax, %eax
    POP(%esi)
    ret
END(uw_asm_noframe)

/* int uw_asm_tail(int x): uw_leaf_x = x + 3, then a tail call of uw_c_leaf() */
FUNC(uw_asm_tail)
    PUSH(%ebx)
    movl 8(%esp), %ebx
    addl $3, %ebx
    movl %ebx, uw_leaf_x
    POP(%ebx)
    jmp uw_c_leaf
END(uw_asm_tail)
