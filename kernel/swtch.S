/* Context switch between kernel threads (the xv6 swtch shape).  Saves the
 * callee-saved registers of prev on its stack, stores esp in prev->esp
 * (struct thread offset 0, kernel/thread.h), loads next->esp and pops.
 * Returns prev in %eax on the new stack: the thread that ran before. */
    .section .noprobe.text, "ax"
    .globl swtch
swtch:
    movl 4(%esp), %eax               /* prev */
    movl 8(%esp), %edx               /* next */
    pushl %ebp
    pushl %ebx
    pushl %esi
    pushl %edi
    movl %esp, (%eax)
    movl (%edx), %esp
    popl %edi
    popl %esi
    popl %ebx
    popl %ebp
    ret

/* A new thread's first switch "returns" here with %eax = previous thread. */
    .globl thread_start_asm
thread_start_asm:
    pushl %eax
    call thread_start                /* never returns */
    ud2
