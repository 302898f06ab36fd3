/* Common trap entry: every stub in build/gen/vectors.S pushes an error code
 * (real or 0) and the vector, then jumps here.  Contract with struct trapframe
 * (kernel/trap.h): pushal order edi..eax below trapno, err, then the CPU's
 * eip, cs, eflags (ring 0 to ring 0: no esp/ss).  SDM Vol. 3, 6.12.1.
 * trap() may switch threads (kernel/sched.c, preempt=full): the frame stays
 * on the preempted thread's stack and this same trapret restores it later,
 * possibly on another CPU (%fs is per CPU and deliberately not saved). */
    .section .noprobe.text, "ax"
    .globl alltraps
alltraps:
    pushal
    cld
    pushl %esp                /* struct trapframe * */
    call trap
    addl $4, %esp
    .globl trapret
trapret:
    popal
    addl $8, %esp             /* trapno, err */
    iret
