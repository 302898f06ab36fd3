/* Labels for the user programs' assembly targets (user/utarget_asm.S,
 * user/uedge_asm.S): FUNC name starts a global function, SITE name puts a
 * global label on a probed instruction (found by symbol: kernel/elf.c). */
#ifndef UASM_H
#define UASM_H
.macro FUNC name
    .globl \name
    .type \name, @function
\name:
.endm
.macro SITE name
    .globl \name
\name:
.endm
#endif
