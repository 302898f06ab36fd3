/* kprobe-torture targets.  Every instruction listed in kt_sites executes
 * exactly once per call of its function, so a probe armed for a whole window
 * must count exactly the calls made in it.  Models in kprobe_torture.c:
 *   kt_a(x) = ((x + 3) * 2 ^ 0x55) + 7, minus 1000 if that is >= 1000
 *   kt_b(x) = (x * 9 >> 2) + (x != 0), for 0 <= x < 65536
 * Sites cover stepped (ALU, push/pop, ret) and emulated (call, jcc) kinds.
 * The C side calls them through kt_call, which sets every register and the
 * arithmetic flags from a state vector and stores all of them afterwards,
 * so each model covers the whole result: eax, the registers the target
 * changes or must keep, and the flags it leaves. */
#include "tests/kernel/regstate.h"
#include "kernel/asm.h"

    .text
FUNC(kt_a)
.La0: PUSH_EBP
.La1: SET_FP
.La2: mov 8(%ebp), %eax
.La3: add $3, %eax
.La4: add %eax, %eax
.La5: xor $0x55, %eax
.La6: call kt_leaf
.La7: cmp $1000, %eax
.La8: jl 1f
      sub $1000, %eax
1:
.La9: POP_FP
.La10: ret
END(kt_a)

FUNC(kt_leaf)
.Ll0: lea 7(%eax), %eax
.Ll1: ret
END(kt_leaf)

FUNC(kt_b)
.Lb0: mov 4(%esp), %ecx
.Lb1: lea (%ecx, %ecx, 8), %eax
.Lb2: shr $2, %eax
.Lb3: test %ecx, %ecx
.Lb4: setne %dl
.Lb5: movzbl %dl, %edx
.Lb6: add %edx, %eax
.Lb7: ret
END(kt_b)

/* void kt_call(int (*fn)(int), uint32_t x, uint32_t st[8])   (cdecl)
 * st = {eax, ebx, ecx, edx, esi, edi, ebp, eflags}: loaded (arithmetic flags
 * only; IF and the rest stay as they are), fn(x) called, all stored back. */
FUNC(kt_call)                       /* no frame: the CFA stays ESP-based */
    PUSH_EBP
    PUSH(%ebx)
    PUSH(%esi)
    PUSH(%edi)
    PUSH(28(%esp))                  /* st (pushes address with the old esp) */
    PUSH(24(%esp))                  /* fn */
    PUSH(32(%esp))                  /* x: the target's argument; now x, fn, st */
    pushfl
    .cfi_adjust_cfa_offset 4
    movl 12(%esp), %eax
    REGSTATE_LOAD                   /* pops the flags */
    .cfi_adjust_cfa_offset -4
    call *4(%esp)
    pushfl
    .cfi_adjust_cfa_offset 4
    PUSH(%eax)
    movl 16(%esp), %eax             /* st */
    REGSTATE_STORE                  /* pops eax */
    .cfi_adjust_cfa_offset -4
    popl 28(%eax)
    .cfi_adjust_cfa_offset -4
    addl $12, %esp
    .cfi_adjust_cfa_offset -12
    POP(%edi)
    POP(%esi)
    POP(%ebx)
    popl %ebp
    .cfi_adjust_cfa_offset -4
    .cfi_restore %ebp
    cld                             /* REGSTATE_LOAD lets st's DF through */
    ret
END(kt_call)

/* struct kt_site { uint32_t addr, fn; }: fn 0 counts kt_a calls, 1 kt_b */
    .section .rodata
    .align 4
    .globl kt_sites, kt_nsites
kt_sites:
    .long .La0, 0, .La1, 0, .La2, 0, .La3, 0, .La4, 0, .La5, 0, .La6, 0, .La7, 0
    .long .La8, 0, .La9, 0, .La10, 0, .Ll0, 0, .Ll1, 0
    .long .Lb0, 1, .Lb1, 1, .Lb2, 1, .Lb3, 1, .Lb4, 1, .Lb5, 1, .Lb6, 1, .Lb7, 1
kt_nsites:
    .long (kt_nsites - kt_sites) / 8
