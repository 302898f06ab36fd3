/* Targets of the exact hit-cost benchmark (tests/kernel/hit_bench.c):
 * hit_calib0 returns at once, hit_calib100 runs 100 nops first, so the
 * benchmark must read exactly 100 more for the second. */
#include "kernel/asm.h"
    .text
FUNC(hit_calib0)
    ret
END(hit_calib0)

FUNC(hit_calib100)
    .rept 100
    nop
    .endr
    ret
END(hit_calib100)
