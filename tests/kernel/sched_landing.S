/* Preemption-landing target for sched-torture: a straight-line block of 16
 * instructions, run n times, in which every register (eax ebx ecx edx esi
 * edi ebp), every arithmetic flag (CF PF AF ZF SF OF) and DF are live at every
 * instruction boundary: no instruction in the block writes the flags (they
 * are set from data before it and captured by three pushfl inside it), and
 * each one rewrites a register from its own old value (lea r,(r,x,s), xchg,
 * not, bswap), so a change to any of them at any boundary reaches the result
 * that tests/kernel/sched_torture.c compares with its C model.  Contract:
 *   void sched_landing_run(uint32_t st[8], uint32_t n)   (cdecl, n >= 0)
 *   st = {eax, ebx, ecx, edx, esi, edi, ebp, eflags} in and out; eflags in:
 *   the first pass's arithmetic flags; out: the last pass's third capture;
 *   sched_landing_start..sched_landing_end is the block (no branches). */
#include "tests/kernel/regstate.h"
#include "kernel/asm.h"
    .section .text
    .globl sched_landing_start, sched_landing_end
FUNC(sched_landing_run)             /* EBP is data in the block: the CFA stays ESP-based */
    PUSH_EBP
    movl %esp, %ebp
    PUSH(%ebx)
    PUSH(%esi)
    PUSH(%edi)
    movl 8(%ebp), %eax              /* st */
    movl 12(%ebp), %ecx             /* n */
    PUSH(%eax)                      /* 8(%esp): st */
    PUSH($0)                        /* 4(%esp): flags out */
    PUSH(%ecx)                      /* 0(%esp): passes left */
    testl %ecx, %ecx
    jz 3f
    pushfl                          /* IF and the rest as they are, arithmetic flags from st[7] */
    .cfi_adjust_cfa_offset 4
    REGSTATE_LOAD                   /* pops them */
    .cfi_adjust_cfa_offset -4
1:
sched_landing_start:
    leal 0x3b(%eax,%ebx,2), %eax
    bswapl %ecx
    leal (%edx,%esi,8), %edx
    pushfl                          /* capture 1 */
    .cfi_adjust_cfa_offset 4
    xchgl %esi, %edi
    leal 0x71(%ebp,%eax,4), %ebp
    notl %ebx
    leal (%ecx,%ecx,4), %ecx
    leal -0x15(%esi,%edx,2), %esi
    pushfl                          /* capture 2 */
    .cfi_adjust_cfa_offset 4
    bswapl %eax
    leal 0x9(%edi,%ebp,1), %edi
    xchgl %edx, %ebx
    leal (%ebx,%ebx,8), %ebx
    leal 0x5(%ecx,%edi,2), %ecx
    pushfl                          /* capture 3 */
    .cfi_adjust_cfa_offset 4
sched_landing_end:
    andl $0xcd5, 0(%esp)            /* keep the arithmetic flags and DF of each capture */
    andl $0xcd5, 4(%esp)
    andl $0xcd5, 8(%esp)
    xorl 8(%esp), %eax              /* fold capture 1 */
    addl 4(%esp), %esi              /* fold capture 2 */
    xorl 0(%esp), %ebp              /* fold capture 3 */
    popl 12(%esp)                   /* capture 3 -> flags out (address taken after the pop) */
    .cfi_adjust_cfa_offset -4
    addl $8, %esp
    .cfi_adjust_cfa_offset -8
    decl 0(%esp)
    jz 2f
    addl %ebp, %edx                 /* the next pass's flags, from data */
    jmp 1b
2:  PUSH(%eax)
    movl 12(%esp), %eax             /* st */
    REGSTATE_STORE                  /* pops eax */
    .cfi_adjust_cfa_offset -4
    movl 4(%esp), %ecx              /* flags out */
    movl %ecx, 28(%eax)
3:  addl $12, %esp
    .cfi_adjust_cfa_offset -12
    POP(%edi)
    POP(%esi)
    POP(%ebx)
    popl %ebp
    .cfi_adjust_cfa_offset -4
    .cfi_restore %ebp
    cld                             /* DF came from st: C expects it clear */
    ret
END(sched_landing_run)
