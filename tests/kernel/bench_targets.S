/* Benchmark targets: 100 five-byte nops (0f 1f 44 00 00) that the patching
 * benchmark flips to `jmp .+5` (e9 00 00 00 00) and back; never executed. */
    .text
    .globl bench_sled
    .type bench_sled, @function
bench_sled:
    .rept 100
    .byte 0x0f, 0x1f, 0x44, 0x00, 0x00
    .endr
    ret
    .size bench_sled, . - bench_sled
