/* Probe targets for the kprobe self-tests: hand-written so that every probed
 * instruction is known.  KP_OFF(name, label) exports the offset of a label
 * inside its function as an absolute symbol (not a text symbol, so it does not
 * split the function in the symbol table).  cdecl, int arguments. */
#define KP_OFF(sym, fn, lbl)  .globl sym; .set sym, lbl - fn
#include "kernel/asm.h"

    .text
/* int kp_add(int x): 2x + 5 */
FUNC(kp_add)
    PUSH_EBP
    SET_FP
1:  mov 8(%ebp), %eax           /* 8b 45 08 */
    add %eax, %eax
2:  add $5, %eax                /* 83 c0 05 */
3:  POP_FP
    ret
END(kp_add)
KP_OFF(kp_add_mov, kp_add, 1b)
KP_OFF(kp_add_add5, kp_add, 2b)
KP_OFF(kp_add_pop, kp_add, 3b)

/* int kp_branch(int x): x > 10 ? 1 : 0, through a jg rel8 */
FUNC(kp_branch)
    mov 4(%esp), %eax
    cmp $10, %eax
1:  jg 2f
    xor %eax, %eax
    ret
2:  mov $1, %eax
    ret
END(kp_branch)
KP_OFF(kp_branch_jg, kp_branch, 1b)

/* int kp_call(void): kp_leaf() + 1 = 42, through a call rel32 */
FUNC(kp_call)
1:  call kp_leaf
    add $1, %eax
    ret
END(kp_call)
KP_OFF(kp_call_call, kp_call, 1b)

FUNC(kp_leaf)
    mov $41, %eax
    ret
END(kp_leaf)

/* int kp_icall(int (*f)(void)): f() + 1, through call *%eax */
FUNC(kp_icall)
    mov 4(%esp), %eax
1:  call *%eax
    add $1, %eax
    ret
END(kp_icall)
KP_OFF(kp_icall_call, kp_icall, 1b)

/* uint32_t kp_pushf(void): EFLAGS as pushed by pushf */
FUNC(kp_pushf)
1:  pushf
    .cfi_adjust_cfa_offset 4
    POP(%eax)
    ret
END(kp_pushf)
KP_OFF(kp_pushf_pushf, kp_pushf, 1b)

/* never called: a forced (guru-mode) probe may go mid-instruction here */
FUNC(kp_never)
    mov $0x12345678, %eax
    ret
END(kp_never)

/* has an instruction that cannot run out of line */
FUNC(kp_ud)
1:  ud2
    ret
END(kp_ud)
KP_OFF(kp_ud_ud2, kp_ud, 1b)

/* int kp_sled(void): 1100 one-byte nops then return 7: a thousand probe sites */
FUNC(kp_sled)
    .rept 1100
    nop
    .endr
    mov $7, %eax
    ret
END(kp_sled)

/* int kp_rep_stos(void *dst, int n, int val): rep stosb over n bytes, returns
 * the count left in ecx (0).  With TF set the CPU traps after every
 * iteration with EIP still at the rep instruction (SDM Vol. 2, REP). */
FUNC(kp_rep_stos)
    PUSH(%edi)
    .cfi_offset %edi, -8
    mov 8(%esp), %edi
    mov 12(%esp), %ecx
    mov 16(%esp), %eax
1:  rep stosb
    mov %ecx, %eax
    POP(%edi)
    .cfi_restore %edi
    ret
END(kp_rep_stos)
KP_OFF(kp_rep_stos_rep, kp_rep_stos, 1b)
