/* For user assembly: a cdecl function f(const uint32_t in[8], uint32_t out[8])
 * that runs straight-line code on a whole register state, in the layout of
 * tests/kernel/regstate.h: {eax, ebx, ecx, edx, esi, edi, ebp, eflags}.
 * REGS_ENTER loads every register, the arithmetic flags and DF from in;
 * REGS_LEAVE stores them all and EFLAGS into out, then clears DF and returns
 * (i386 psABI: ebx esi edi ebp restored, DF clear). */
#include "tests/kernel/regstate.h"

.macro REGS_ENTER
    pushl %ebp
    pushl %ebx
    pushl %esi
    pushl %edi
    pushfl
    movl 24(%esp), %eax         /* in: above the flags, 4 saves, the return */
    REGSTATE_LOAD               /* pops the flags */
.endm

.macro REGS_LEAVE
    pushfl
    cld
    pushl %eax
    movl 32(%esp), %eax         /* out: above eax, the flags, 4 saves, the return, in */
    REGSTATE_STORE              /* pops eax into out[0] */
    popl 28(%eax)
    popl %edi
    popl %esi
    popl %ebx
    popl %ebp
    ret
.endm
