/* Targets of the hazard cells that park a thread at chosen instructions of
 * a mid-region call's callee (tests/kernel/hazard_callee.c): where a frame-
 * pointer walk cannot see the return address into the region (a callee's
 * first instruction, after its push %ebp, at its ret, or without a frame).
 * HZ_OFF(name, fn, label) exports a label's offset inside its function. */
#include "kernel/asm.h"
#define HZ_OFF(sym, fn, lbl)  .globl sym; .set sym, lbl - fn

    .text
/* int hz_mid_via(int x): hz_callee(x) + 1 through `call *%edx` in the middle
 * of the region at 1: nop (1) + call *%edx (2) + add (3); the callee is the
 * pointer hz_callee, its return address 1b + 3, inside (addr, addr + 5). */
FUNC(hz_mid_via)
    PUSH_EBP
    SET_FP
    pushl 8(%ebp)
    movl hz_callee, %edx
1:  nop
    call *%edx
    add $1, %eax
    add $4, %esp
    POP_FP
    ret
END(hz_mid_via)
HZ_OFF(hz_mid_via_nop, hz_mid_via, 1b)

/* int hz_framed(int x): 2x, with an EBP frame */
FUNC(hz_framed)
    PUSH_EBP
1:  SET_FP
    movl 8(%ebp), %eax
    addl %eax, %eax
    POP_FP
2:  ret
END(hz_framed)
HZ_OFF(hz_framed_pushed, hz_framed, 1b)
HZ_OFF(hz_framed_ret, hz_framed, 2b)

/* int hz_frameless(int x): 2x + 1, no frame (EBP is the caller's) */
FUNC(hz_frameless)
    PUSH(%ebx)
1:  movl 8(%esp), %ebx
    leal 1(%ebx,%ebx), %eax
    POP(%ebx)
    ret
END(hz_frameless)
HZ_OFF(hz_frameless_pushed, hz_frameless, 1b)

/* int hz_edge(int x): 2x + 3; region at 1: lea 0x0(%esi,%eiz,1),%esi (4) +
 * add %eax,%eax (2), so an instruction boundary lies at addr + 4, the last
 * byte the jump covers (a busy range one byte short misses it: H1-edge) */
FUNC(hz_edge)
    movl 4(%esp), %eax
1:  .byte 0x8d, 0x74, 0x26, 0x00    /* lea 0x0(%esi,%eiz,1),%esi */
2:  addl %eax, %eax
    addl $3, %eax
    ret
END(hz_edge)
HZ_OFF(hz_edge_lea, hz_edge, 1b)
HZ_OFF(hz_edge_add, hz_edge, 2b)

/* int hz_first(int x): 2x + 3; region at 1: nop (1) + lea 0x0(%esi,%eiz,1),%esi
 * (4), so an instruction boundary lies at addr + 1, the first byte the jump's
 * displacement covers (a busy range that starts one byte late misses it: H1-first) */
FUNC(hz_first)
    movl 4(%esp), %eax
1:  nop
2:  .byte 0x8d, 0x74, 0x26, 0x00    /* lea 0x0(%esi,%eiz,1),%esi */
    addl %eax, %eax
    addl $3, %eax
    ret
END(hz_first)
HZ_OFF(hz_first_nop, hz_first, 1b)
HZ_OFF(hz_first_lea, hz_first, 2b)
