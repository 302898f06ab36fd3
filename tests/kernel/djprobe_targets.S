/* Targets for the jump-optimized probe self-tests: hand-written so every
 * region is known.  DJ_OFF(name, fn, label) exports a label's offset inside
 * its function as an absolute symbol (it does not split the function).
 * Region = the fewest whole instructions from the probe covering 5 bytes. */
#define DJ_OFF(sym, fn, lbl)  .globl sym; .set sym, lbl - fn
#include "kernel/asm.h"

    .text
/* int dj_add(int x): 2x + 5; region at 1: mov (3) + add (2) */
FUNC(dj_add)
    PUSH_EBP
    SET_FP
1:  mov 8(%ebp), %eax
    add %eax, %eax
    add $5, %eax
    POP_FP
    ret
END(dj_add)
DJ_OFF(dj_add_mov, dj_add, 1b)

/* int dj_jcc(int x): x > 10 ? 1 : 0; region at 1: cmp (3) + jg rel8 (2),
 * widened to jg rel32 in the copy (H9) */
FUNC(dj_jcc)
    mov 4(%esp), %eax
1:  cmp $10, %eax
    jg 2f
    xor %eax, %eax
    ret
2:  mov $1, %eax
    ret
END(dj_jcc)
DJ_OFF(dj_jcc_cmp, dj_jcc, 1b)

/* int dj_call_last(void): dj_callee() + 1; region at 1: xor (2) + call (5),
 * the call last: run from a buffer as push region_end; jmp dj_callee */
FUNC(dj_call_last)
    PUSH_EBP
    SET_FP
1:  xor %eax, %eax
    call dj_callee
    add $1, %eax
    POP_FP
    ret
END(dj_call_last)
DJ_OFF(dj_call_last_xor, dj_call_last, 1b)

/* int dj_mid_call(void): dj_callee() + 1 through `call *%edx` in the middle
 * of the region at 1: nop (1) + call *%edx (2) + add (3).  A sleeper in the
 * callee returns to 1b+3, strictly inside (addr, addr+5): the seed's H3.
 * Refused unless the strategy allows mid-region calls (it returns into the
 * buffer's copy then, so buffers wait for stack scans too). */
FUNC(dj_mid_call)
    PUSH_EBP
    SET_FP
    mov $dj_callee, %edx
1:  nop
    call *%edx
    add $1, %eax
    POP_FP
    ret
END(dj_mid_call)
DJ_OFF(dj_mid_call_nop, dj_mid_call, 1b)

/* H4 and H5 beside a mid-region call: a strategy that allows the call
 * (safe) judges the region's branches itself (patch/djprobe_prep.c
 * judge_mid_calls).  int dj_h4call(int x): x ? dj_callee() + 1 : 1; region
 * at 1: nop (1) + call *%edx (2) + add (3), and the jz lands on the add */
FUNC(dj_h4call)
    PUSH_EBP
    SET_FP
    mov $dj_callee, %edx
    mov 8(%ebp), %eax
    test %eax, %eax
    jz 2f
1:  nop
    call *%edx
2:  add $1, %eax
    POP_FP
    ret
END(dj_h4call)
DJ_OFF(dj_h4call_nop, dj_h4call, 1b)

/* int dj_h5call(int x): dj_callee() + 1; the same region, and an indirect
 * jump after it */
FUNC(dj_h5call)
    PUSH_EBP
    SET_FP
    mov $dj_callee, %edx
1:  nop
    call *%edx
    add $1, %eax
    mov $2f, %ecx
    jmp *%ecx
2:  POP_FP
    ret
END(dj_h5call)
DJ_OFF(dj_h5call_nop, dj_h5call, 1b)

/* H4: a branch from elsewhere in the function lands inside the region at 1 */
FUNC(dj_h4)
    mov 4(%esp), %eax
    test %eax, %eax
    jz 2f
1:  add $1, %eax
2:  add $2, %eax
    ret
END(dj_h4)
DJ_OFF(dj_h4_add, dj_h4, 1b)

/* H5: an indirect jump in the function */
FUNC(dj_h5)
    mov 4(%esp), %eax
1:  add $1, %eax
    add $2, %eax
    mov $2f, %edx
    jmp *%edx
2:  ret
END(dj_h5)
DJ_OFF(dj_h5_add, dj_h5, 1b)

/* H12: the region would cross the function end (add 3 + ret 1) */
FUNC(dj_short)
    mov 4(%esp), %eax
1:  add $1, %eax
    ret
END(dj_short)
DJ_OFF(dj_short_add, dj_short, 1b)

/* A symbol starts inside the region at 1 (other code may jump there: H4) */
FUNC(dj_label)
    mov 4(%esp), %eax
1:  add %eax, %eax
    .globl dj_label_inner
    .type dj_label_inner, @function
dj_label_inner:
    add $3, %eax
    ret
    .size dj_label_inner, . - dj_label_inner
END(dj_label)
DJ_OFF(dj_label_add, dj_label, 1b)

/* int dj_sled(int i): 100 five-byte nops, then return 7: a batch of 100
 * optimized probes, one per nop */
FUNC(dj_sled)
    .rept 100
    .byte 0x0f, 0x1f, 0x44, 0x00, 0x00
    .endr
    mov $7, %eax
    ret
END(dj_sled)

/* H4 from another function: dj_xf_tail jumps into dj_xf's region at 1 */
FUNC(dj_xf)
    mov 4(%esp), %eax
1:  add %eax, %eax
2:  add $3, %eax
    ret
END(dj_xf)
DJ_OFF(dj_xf_add, dj_xf, 1b)

FUNC(dj_xf_tail)
    mov 4(%esp), %eax
    jmp 2b
END(dj_xf_tail)

/* H5: a jump table sends index 1 inside the region at 1 (to 2, at 1b+3):
 * dj_h5t(0) = 0+1+2 = 3, dj_h5t(1) = 1+2 = 3 */
FUNC(dj_h5t)
    mov 4(%esp), %eax
    jmp *dj_h5t_table(,%eax,4)
1:  add $1, %eax
2:  add $2, %eax
    ret
END(dj_h5t)
DJ_OFF(dj_h5t_add, dj_h5t, 1b)
    .section .rodata
    .globl dj_h5t_table
dj_h5t_table:
    .long 1b, 2b
    .text

/* int dj_sled_big(int i): 1100 five-byte nops, then return 7: a batch larger
 * than the optimizer's old 256 and than the old slot pool's 1024 buffers */
FUNC(dj_sled_big)
    .rept 1100
    .byte 0x0f, 0x1f, 0x44, 0x00, 0x00
    .endr
    mov $7, %eax
    ret
END(dj_sled_big)

/* int dj_fc(int x): x + 3, and x + 2 once the nop5 at 1 is poked into
 * `jmp 3f`, a branch into the region at 2 (add $1; add $2): an analysis
 * kept from before the poke must not be trusted after it (H4) */
FUNC(dj_fc)
    mov 4(%esp), %eax
1:  .byte 0x0f, 0x1f, 0x44, 0x00, 0x00
2:  add $1, %eax
3:  add $2, %eax
    ret
END(dj_fc)
DJ_OFF(dj_fc_nop, dj_fc, 1b)
DJ_OFF(dj_fc_add, dj_fc, 2b)
DJ_OFF(dj_fc_mid, dj_fc, 3b)
