/* Code the shell's background load, `call` and `park` run, hand-written so
 * every region is known and no self-test or torture counts its hits.
 * SH_OFF(name, fn, label) exports a label's offset inside its function as
 * an absolute symbol (as tests/kernel/djprobe_targets.S does). */
#define SH_OFF(sym, fn, lbl)  .globl sym; .set sym, lbl - fn
#include "kernel/asm.h"

    .text
/* int sh_add(int x): 2x + 5; jump-optimizable at sh_add+3 (mov 3 + add 2) */
FUNC(sh_add)
    PUSH_EBP
    SET_FP
    mov 8(%ebp), %eax
    add %eax, %eax
    add $5, %eax
    POP_FP
    ret
END(sh_add)

/* int sh_sum(int n): 0 + 1 + ... + (n - 1); the loop head at 1 is a branch
 * target, so regions covering it are refused (H4) */
FUNC(sh_sum)
    PUSH_EBP
    SET_FP
    mov 8(%ebp), %ecx
    xor %eax, %eax
    test %ecx, %ecx
    jle 2f
1:  dec %ecx
    add %ecx, %eax
    test %ecx, %ecx
    jnz 1b
2:  POP_FP
    ret
END(sh_sum)

/* int sh_mid_call(int (*fn)(void)): fn() + 1 through `call *%edx` in the
 * middle of the region at 1: nop (1) + call *%edx (2) + add (3).  A thread
 * asleep in fn returns to 1b + 3, strictly inside (addr, addr + 5): H3;
 * from a detour buffer's copy it returns into the buffer: H8. */
FUNC(sh_mid_call)
    PUSH_EBP
    SET_FP
    mov 8(%ebp), %edx
1:  nop
    call *%edx
    add $1, %eax
    POP_FP
    ret
END(sh_mid_call)
SH_OFF(sh_mid_call_nop, sh_mid_call, 1b)

/* void sh_irqs(void): never called; cli cannot run out of line, so an int3
 * probe at sh_irqs+1 is refused (H12), a site for the bad-input scenario */
FUNC(sh_irqs)
    pushf
    .cfi_adjust_cfa_offset 4
    cli
    popf
    .cfi_adjust_cfa_offset -4
    ret
END(sh_irqs)
