/* regs_syscall(in[8], out[8]) (user/ulib.h): int $0x80 on a whole register
 * state (user/regs.h), so a program can make any call, with any number, and
 * see every register and EFLAGS after it (kernel/usys.h: all but eax kept). */
#include "user/regs.h"
#include "kernel/usys.h"

    .text
    .globl regs_syscall
    .type regs_syscall, @function
regs_syscall:
    REGS_ENTER
    int $T_SYSCALL
    REGS_LEAVE
    .size regs_syscall, . - regs_syscall

    .section .note.GNU-stack, "", @progbits
