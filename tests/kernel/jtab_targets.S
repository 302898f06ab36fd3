/* jtab_targets.S - a bounded jump table for the jump-table self-test
 * (tests/kernel/jtab_test.c, issue 33): `cmp $2, %eax; ja; jmp *tbl(,%eax,4)`
 * as gcc emits for a switch.  Entry 1 lands strictly inside the region at
 * jt_a (H4); the region at jt_b holds no entry (optimizable once the table
 * is read; H5 before).  jt_fn(0) = 4, jt_fn(1) = 4, jt_fn(2) = 3, else 9.
 * jt_sfn is the same bounded by a signed `jg` (issue 39 item 19): -1 passes
 * the bound and reads the word before its table, which lands strictly
 * inside the region at jt_s (that no entry 0-2 lands in).  jt_sfn(0) = 4,
 * jt_sfn(1) = 4, jt_sfn(2) = -1, jt_sfn(-1) = -4, jt_sfn(3) = 9. */
#define JT_OFF(sym, fn, lbl)  .globl sym; .set sym, lbl - fn
#include "kernel/asm.h"

    .text
FUNC(jt_fn)
    mov 4(%esp), %eax
    cmp $2, %eax
    ja 3f
    jmp *jt_table(,%eax,4)
1:  add $1, %eax            /* jt_a: region add 1; add 2 (6 bytes) */
4:  add $2, %eax            /* entry 1, strictly inside jt_a's region */
5:  add $4, %eax            /* entry 2; jt_b: region add 4; add -1 */
    add $-1, %eax
    add $1, %eax
    sub $3, %eax
    ret
3:  mov $9, %eax
    ret
END(jt_fn)
JT_OFF(jt_a, jt_fn, 1b)
JT_OFF(jt_b, jt_fn, 5b)
    .section .rodata
    .align 4
    .globl jt_table
jt_table:
    .long 1b, 4b, 5b
    .text

FUNC(jt_sfn)
    mov 4(%esp), %eax
    cmp $2, %eax
    jg 3f                   /* signed: a negative index passes */
    jmp *jt_stable(,%eax,4)
1:  add $1, %eax            /* entry 0 */
2:  add $2, %eax            /* entry 1 */
5:  add $4, %eax            /* jt_s: region add 4; add -1 (6 bytes) */
6:  add $-1, %eax           /* entry -1, strictly inside jt_s's region */
    add $1, %eax
7:  sub $3, %eax            /* entry 2 */
    ret
3:  mov $9, %eax
    ret
END(jt_sfn)
JT_OFF(jt_s, jt_sfn, 5b)
    .section .rodata
    .align 4
    .long 6b                /* entry -1 */
    .globl jt_stable
jt_stable:
    .long 1b, 2b, 7b
    .text
