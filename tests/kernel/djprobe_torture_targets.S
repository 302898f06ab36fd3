/* Targets of djprobe-torture: each region (at the label djt_*_site) holds
 * what the 2005 debate worried about: a call in the middle whose callee may
 * sleep, a call as the last instruction, a rel8 conditional branch, a loop
 * back to before the region.  Results are checked on every call (C models
 * in djprobe_torture.c).  DJT_SITE exports a site's offset. */
#define DJT_SITE(sym, fn, lbl)  .globl sym; .set sym, lbl - fn
#include "kernel/asm.h"

    .text
/* int djt_mid(int x): djt_callee(x) + 1; region: nop, call *%edx, add */
FUNC(djt_mid)
    PUSH_EBP
    SET_FP
    push 8(%ebp)
    mov $djt_callee, %edx
1:  nop
    call *%edx
    add $1, %eax
    add $4, %esp
    POP_FP
    ret
END(djt_mid)
DJT_SITE(djt_mid_site, djt_mid, 1b)

/* int djt_last(int x): djt_callee(x) + 2; region: xor, call (last) */
FUNC(djt_last)
    PUSH_EBP
    SET_FP
    push 8(%ebp)
1:  xor %eax, %eax
    call djt_callee
    add $2, %eax
    add $4, %esp
    POP_FP
    ret
END(djt_last)
DJT_SITE(djt_last_site, djt_last, 1b)

/* int djt_callee(int x): 3x, asleep now and then (djt_callee_sleep, C)
 * first.  Hand-written so that preemptions land where a frame-pointer walk
 * cannot see its return address into djt_mid's or djt_last's region: before
 * and after its push %ebp (the return address at (%esp) or 4(%esp), EBP
 * still the caller's) and after its pop %ebp.  A short loop in each of these
 * windows holds threads there long enough for the landing histogram to
 * count them.  DJT_SITE exports the windows: [0, fp) and [epi, end). */
#define DJT_SPIN 128
FUNC(djt_callee)
    movl $DJT_SPIN, %ecx
1:  decl %ecx
    jnz 1b
    PUSH_EBP
    movl $DJT_SPIN, %ecx
2:  decl %ecx
    jnz 2b
3:  SET_FP
    pushl 8(%ebp)
    call djt_callee_sleep
    movl 8(%ebp), %eax
    leal (%eax,%eax,2), %eax
    add $4, %esp
    POP_FP
4:  movl $DJT_SPIN, %ecx
5:  decl %ecx
    jnz 5b
    ret
6:
END(djt_callee)
DJT_SITE(djt_callee_fp, djt_callee, 3b)
DJT_SITE(djt_callee_epi, djt_callee, 4b)
DJT_SITE(djt_callee_end, djt_callee, 6b)

/* int djt_branch(int x): x > 20 ? x - 20 : x + 100; region: cmp, jg rel8 */
FUNC(djt_branch)
    mov 4(%esp), %eax
1:  cmp $20, %eax
    jg 2f
    add $100, %eax
    ret
2:  sub $20, %eax
    ret
END(djt_branch)
DJT_SITE(djt_branch_site, djt_branch, 1b)

/* int djt_loop(int n): 4n (n >= 1); region: add $3 (3), loop (2) back to
 * before the region */
FUNC(djt_loop)
    mov 4(%esp), %ecx
    xor %eax, %eax
2:  inc %eax
1:  add $3, %eax
    loop 2b
    ret
END(djt_loop)
DJT_SITE(djt_loop_site, djt_loop, 1b)
