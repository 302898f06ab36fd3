/* Probe targets for user probes (tests/kernel/test_uprobe.c, uprobe-torture):
 * one function per way a displaced instruction runs, each with a global
 * label on the probed instruction (ut_*_site).  cdecl; the C side
 * (user/utarget.c) checks every result against its model. */
#include "kernel/usys.h"

#include "user/uasm.h"

    .text
/* int ut_mov(int x): x + 1 (a plain instruction, stepped: FIX_EIP) */
FUNC ut_mov
SITE ut_mov_site
    movl 4(%esp), %eax
    addl $1, %eax
    ret
    .size ut_mov, . - ut_mov

/* int ut_jcc(int x): x ? x + 2 : 0 (jz, emulated) */
FUNC ut_jcc
    movl 4(%esp), %eax
    testl %eax, %eax
SITE ut_jcc_site
    jz 1f
    addl $2, %eax
1:  ret
    .size ut_jcc, . - ut_jcc

/* int ut_call(int x): ut_mov(x) through a relative call (emulated: the
 * return address goes to the user stack) */
FUNC ut_call
    pushl 4(%esp)
SITE ut_call_site
    call ut_mov
    addl $4, %esp
    ret
    .size ut_call, . - ut_call

/* int ut_icall(int x): ut_mov(x) through call *%ecx (stepped: FIX_CALL) */
FUNC ut_icall
    pushl 4(%esp)
    movl $ut_mov, %ecx
SITE ut_icall_site
    call *%ecx
    addl $4, %esp
    ret
    .size ut_icall, . - ut_icall

/* int ut_pushf(int x): x + the TF bit its pushf saw (must be 0: FIX_PUSHF) */
FUNC ut_pushf
SITE ut_pushf_site
    pushfl
    popl %eax
    andl $0x100, %eax
    addl 4(%esp), %eax
    ret
    .size ut_pushf, . - ut_pushf

/* int ut_ret(int x): x * 3 (the ret is probed: FIX_NONE) */
FUNC ut_ret
    movl 4(%esp), %eax
    leal (%eax,%eax,2), %eax
SITE ut_ret_site
    ret
    .size ut_ret, . - ut_ret

/* int ut_rep(int x): copies x bytes (<= 64) with rep movsb, returns the
 * checksum of the copy (stepped, one #DB per iteration) */
FUNC ut_rep
    pushl %esi
    pushl %edi
    movl 12(%esp), %ecx
    movl $ut_rep_src, %esi
    movl $ut_rep_dst, %edi
    cld
SITE ut_rep_site
    rep movsb
    movl 12(%esp), %ecx
    xorl %eax, %eax
2:  testl %ecx, %ecx
    jz 3f
    decl %ecx
    movzbl ut_rep_dst(%ecx), %edx
    addl %edx, %eax
    jmp 2b
3:  popl %edi
    popl %esi
    ret
    .size ut_rep, . - ut_rep

/* int ut_sys(void): getpid through int $0x80 (an int cannot run out of
 * line: a probe here is refused) */
FUNC ut_sys
    pushl %ebx
    movl $SYS_getpid, %eax
SITE ut_sys_site
    int $T_SYSCALL
    popl %ebx
    ret
    .size ut_sys, . - ut_sys

/* void ut_countN(uint32_t *counter): the probed instruction is the
 * increment itself, so "hit" and "counted" are one event (uprobe-torture) */
.macro COUNT n
FUNC ut_count\n
    movl 4(%esp), %eax
SITE ut_count\n\()_site
    incl (%eax)
    ret
    .size ut_count\n, . - ut_count\n
.endm
    COUNT 0
    COUNT 1
    COUNT 2
    COUNT 3

/* void ut_optN(uint32_t *counter): the same with room for a jump: the
 * increment and a 5-byte mov form the region an optimized probe replaces */
.macro OPT n
FUNC ut_opt\n
    movl 4(%esp), %eax
SITE ut_opt\n\()_site
    incl (%eax)
    movl $\n, %edx
    ret
    .size ut_opt\n, . - ut_opt\n
.endm
    OPT 0
    OPT 1

/* void ut_nap(void): sleeps 1 ms (a callee the H3 cell parks a process in) */
FUNC ut_nap
    pushl %ebx
    movl $1, %ebx
    movl $SYS_sleep, %eax
    int $T_SYSCALL
    popl %ebx
    ret
    .size ut_nap, . - ut_nap

/* int ut_h3(int x): x + 5 after an indirect call of ut_nap; the region at
 * ut_h3_site holds the 2-byte call and the load after it, so a process in
 * ut_nap has a return address inside it (H3) */
FUNC ut_h3
    movl $ut_nap, %ecx
SITE ut_h3_site
    call *%ecx
    movl 4(%esp), %eax
    addl $5, %eax
    ret
    .size ut_h3, . - ut_h3

    .data
    .globl ut_rep_src
ut_rep_src:
    .byte 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32
    .byte 33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64
    .bss
ut_rep_dst:
    .space 64
