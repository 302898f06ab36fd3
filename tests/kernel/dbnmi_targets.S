/* Probe targets for the #DB-window NMI self-test (tests/kernel/test_dbnmi.c).
 * dbn_icr_write's store is probed and single-stepped: writing the LAPIC ICR
 * from the copy sends this CPU an NMI that becomes pending together with the
 * step's #DB trap (SDM Vol. 3, 6.9: the #DB is delivered first).  cdecl. */
#define KP_OFF(sym, fn, lbl)  .globl sym; .set sym, lbl - fn
#include "kernel/asm.h"

    .text
/* void dbn_icr_write(volatile uint32_t *icr_lo, uint32_t v): *icr_lo = v */
FUNC(dbn_icr_write)
    mov 4(%esp), %edx
    mov 8(%esp), %eax
1:  mov %eax, (%edx)            /* 89 02: the probed, single-stepped store */
    ret
END(dbn_icr_write)
KP_OFF(dbn_icr_write_mov, dbn_icr_write, 1b)

/* int dbn_leaf(void): 7; probed at its first instruction from the NMI */
FUNC(dbn_leaf)
    mov $7, %eax
    ret
END(dbn_leaf)
