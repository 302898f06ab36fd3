/* unwind_regs(r): the caller's registers as they will be right after this
 * call returns, the first frame of an exact unwind of the running stack
 * (kernel/unwind.h struct unwind_regs: pc, sp, bp at offsets 0, 4, 8).
 * No-probe: the parked CPUs of a rendezvous call it (smp/rendezvous.c). */
#include "kernel/asm.h"
    .section .noprobe.text, "ax"
FUNC(unwind_regs)
    movl 4(%esp), %eax
    movl (%esp), %ecx
    movl %ecx, 0(%eax)               /* pc: the return address */
    leal 4(%esp), %ecx
    movl %ecx, 4(%eax)               /* sp: once it is popped */
    movl %ebp, 8(%eax)
    ret
END(unwind_regs)
