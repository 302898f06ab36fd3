/* The return probes' trampoline (patch/kretprobe.c): a probed function's
 * return comes here, with the slot it popped just below ESP.  The first
 * instruction puts a word back in that slot (the trampoline's own address,
 * which stack readers recover through the thread's list); then a struct
 * trapframe (kernel/trap.h) is built below it for the handler, which writes
 * the real return address into the slot; `ret` goes there.
 * Contract with kernel/trap.h: eflags, cs, eip, err, trapno, then pushal's
 * eax..edi, from high addresses to low; tf + 1 is the slot.  The first
 * instruction has no unwind description (kernel/unwind.undescribed). */
#include "kernel/asm.h"

#define KRETPROBE_TRAPNO 0x1DF          /* tf->trapno seen by return handlers */

    .section .noprobe.text, "ax"
    .globl kretprobe_trampoline
    .type kretprobe_trampoline, @function
kretprobe_trampoline:
    pushl $kretprobe_trampoline        /* the slot again: CFA = ESP + 4, as at a function's entry */
    .cfi_startproc
    pushfl
    .cfi_adjust_cfa_offset 4
    cli
    PUSH(%cs)
    PUSH($kretprobe_trampoline)        /* tf->eip: the handler sets the real one */
    PUSH($0)                           /* err */
    PUSH($KRETPROBE_TRAPNO)
    pushal
    .cfi_adjust_cfa_offset 32
    PUSH(%esp)                         /* tf */
    call kretprobe_tramp_handler
    addl $4, %esp
    .cfi_adjust_cfa_offset -4
    popal                              /* EAX as the handler left it: the return value */
    .cfi_adjust_cfa_offset -32
    addl $16, %esp                     /* trapno, err, eip, cs */
    .cfi_adjust_cfa_offset -16
    popfl
    .cfi_adjust_cfa_offset -4
    ret                                /* to the real return address, in the slot */
    .cfi_endproc
    .size kretprobe_trampoline, . - kretprobe_trampoline
