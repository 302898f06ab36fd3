/* The assembly link of the realigned-stack unwind test (tests/kernel/
 * test_unwind_drap.c): uwd_drive calls uwd_realigned, a C function gcc
 * compiles with a realigned stack (DRAP), without a frame pointer of its
 * own, so its CFA is ESP-based: an unwinder that gets the realigned frame's
 * CFA wrong (its caller's ESP) reads a wrong return address here. */
#include "kernel/asm.h"
    .text
/* int uwd_drive(int x): uwd_realigned(x, x & 7) + 1; uwd_drive_sp is ESP
 * at the call, which is the caller's ESP the realigned frame must give back. */
FUNC(uwd_drive)
    PUSH(%ebx)
    movl 8(%esp), %ebx
    movl %ebx, %eax
    andl $7, %eax
    PUSH(%eax)
    PUSH(%ebx)
    movl %esp, uwd_drive_sp
    call uwd_realigned
    .globl uwd_drive_ret
uwd_drive_ret:
    addl $8, %esp
    .cfi_adjust_cfa_offset -8
    addl $1, %eax
    POP(%ebx)
    ret
END(uwd_drive)
