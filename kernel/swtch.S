/* Context switch between kernel threads (the xv6 swtch shape).  Saves the
 * callee-saved registers of prev on its stack, stores esp in prev->esp
 * (struct thread offset 0, kernel/thread.h), loads next->esp and pops.
 * Returns prev in %eax on the new stack: the thread that ran before. */
#include "kernel/asm.h"
    .section .noprobe.text, "ax"
    .globl swtch, swtch_resume
swtch:
    .cfi_startproc
    movl 4(%esp), %eax               /* prev */
    movl 8(%esp), %edx               /* next */
    PUSH_EBP
    PUSH(%ebx)
    PUSH(%esi)
    PUSH(%edi)
    movl %esp, (%eax)
    movl (%edx), %esp                /* every switched-out stack has this frame */
/* Unwind: a switched-out thread is stopped here with ESP = thread->esp
 * (kernel/unwind.c unwind_thread), CFA = ESP + 20, its EBP at CFA - 8. */
swtch_resume:
    POP(%edi)
    POP(%esi)
    POP(%ebx)
    popl %ebp
    .cfi_adjust_cfa_offset -4
    .cfi_restore %ebp
    ret
    .cfi_endproc

/* A new thread's first switch "returns" here with %eax = previous thread.
 * Unwind: the bottom of every thread stack (return address undefined); the
 * nop keeps the byte before the label inside this description, since a
 * return address is looked up one byte back. */
    .cfi_startproc
    .cfi_undefined %eip
    nop
    .globl thread_start_asm
thread_start_asm:
    PUSH(%eax)
    call thread_start                /* never returns */
    ud2
    .cfi_endproc
