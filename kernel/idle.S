/* idle_halt(): an idle CPU enables interrupts and halts until one arrives
 * (SDM Vol. 2, STI: interrupts are taken only after the next instruction,
 * so none is lost between sti and hlt).  No-probe: tasks-RCU counts an idle
 * thread stopped at idle_halt_ret as outside every region (patch/quiesce.c). */
#include "kernel/asm.h"
    .section .noprobe.text, "ax"
    .globl idle_halt, idle_halt_ret
idle_halt:
    .cfi_startproc
    sti
    hlt
idle_halt_ret:
    ret
    .cfi_endproc
