/* Benchmark targets (never executed unless said otherwise).
 * bench_sled: 100 five-byte nops (0f 1f 44 00 00) that the patching
 * benchmark flips to `jmp .+5` (e9 00 00 00 00) and back, for batches of 1,
 * 10 and 100 sites.  bench_sled1k_0..9: ten more functions of 100 such nops,
 * a batch of 1,000 sites spread over ten functions (a site is checked by
 * decoding its function up to it, so one 1,000-site function would charge
 * the batch for an unrealistic quadratic decode). */
#include "kernel/asm.h"
    .text
FUNC(bench_sled)
    .rept 100
    .byte 0x0f, 0x1f, 0x44, 0x00, 0x00
    .endr
    ret
END(bench_sled)

#define SLED100(f) FUNC(f); .rept 100; .byte 0x0f, 0x1f, 0x44, 0x00, 0x00; .endr; ret; END(f)
SLED100(bench_sled1k_0)
SLED100(bench_sled1k_1)
SLED100(bench_sled1k_2)
SLED100(bench_sled1k_3)
SLED100(bench_sled1k_4)
SLED100(bench_sled1k_5)
SLED100(bench_sled1k_6)
SLED100(bench_sled1k_7)
SLED100(bench_sled1k_8)
SLED100(bench_sled1k_9)

/* Quiescence benchmark (tests/kernel/quiesce_bench.c), executed:
 * int bq_mid_call(void): bq_callee() + 1 through `call *%edx` in the middle
 * of the region at 1: nop (1) + call *%edx (2) + add (3); a thread asleep in
 * the callee holds the return address 1b+3, inside (addr, addr+5) (H3).
 * int bq_sled(void): 100 five-byte nops then return 7, a batch of probes. */
FUNC(bq_mid_call)
    PUSH_EBP
    SET_FP
    mov $bq_callee, %edx
1:  nop
    call *%edx
    add $1, %eax
    POP_FP
    ret
END(bq_mid_call)
    .globl bq_mid_call_nop
    .set bq_mid_call_nop, 1b - bq_mid_call

FUNC(bq_sled)
    .rept 100
    .byte 0x0f, 0x1f, 0x44, 0x00, 0x00
    .endr
    mov $7, %eax
    ret
END(bq_sled)

/* Return-probe benchmark (tests/kernel/rp_bench.c), executed:
 * int rpb_f(int x): x * 5 + 1 in a frame that saves ebx, esi and edi, so
 * that its entry (push, mov, push, push: 5 bytes) and its epilogue (four
 * pops and the ret: 5 bytes) each leave room for a jump. */
FUNC(rpb_f)
    PUSH_EBP
    SET_FP
    pushl %ebx; .cfi_offset %ebx, -12
    pushl %esi; .cfi_offset %esi, -16
    pushl %edi; .cfi_offset %edi, -20
    movl 8(%ebp), %eax
    leal 1(%eax,%eax,4), %eax
    popl %edi; .cfi_restore %edi
    popl %esi; .cfi_restore %esi
    popl %ebx; .cfi_restore %ebx
    POP_FP
    ret
END(rpb_f)
