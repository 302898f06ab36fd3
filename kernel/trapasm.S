/* Common trap entry: every stub in build/gen/vectors.S pushes an error code
 * (real or 0) and the vector, then jumps here.  Contract with struct trapframe
 * (kernel/trap.h): pushal order edi..eax below trapno, err, then the CPU's
 * eip, cs, eflags (ring 0 to ring 0: no esp/ss).  SDM Vol. 3, 6.12.1.
 * On the way out, if trapno has TRAP_PUSH set (trap_push_on_return(), used by
 * a handler emulating a call, patch/ool.c), err is pushed onto the
 * interrupted stack: the frame is moved down one word and the value stored
 * in the freed top word.
 * trap() may switch threads (kernel/sched.c, preempt=full): the frame stays
 * on the preempted thread's stack and this same trapret restores it later,
 * possibly on another CPU (%fs is per CPU and deliberately not saved). */
#define TF_WORDS 13                 /* sizeof(struct trapframe) / 4, checked in trap.c */
#define TF_TRAPNO 32                /* offsetof(struct trapframe, trapno), checked in trap.c */
#define TRAP_PUSH 0x80000000        /* as in kernel/trap.h */
    .section .noprobe.text, "ax"
    .globl alltraps
alltraps:
    .cfi_startproc simple     /* unwind: the trap frame (see the vector stubs) */
    .cfi_signal_frame
    .cfi_def_cfa %esp, 20     /* trapno err eip cs eflags; CFA = interrupted ESP */
    .cfi_offset %eip, -12
    pushal
    .cfi_adjust_cfa_offset 32
    .cfi_offset %ebp, -44     /* pushal: ebp above esi and edi */
    cld
    pushl %esp                /* struct trapframe * */
    .cfi_adjust_cfa_offset 4
    call trap
    .globl alltraps_ret       /* trap()'s return address: stack walkers find the frame */
alltraps_ret:
    addl $4, %esp
    .cfi_adjust_cfa_offset -4
    .globl trapret
trapret:
    testl $TRAP_PUSH, TF_TRAPNO(%esp)
    jnz 2f
1:  popal
    .cfi_adjust_cfa_offset -32
    .cfi_restore %ebp
    addl $8, %esp             /* trapno, err */
    .cfi_adjust_cfa_offset -8
    iret
    .cfi_endproc
/* Undescribed (kernel/unwind.undescribed): the frame is being moved. */
2:  movl TF_TRAPNO + 4(%esp), %edx   /* err: the value to push */
    subl $4, %esp             /* move the frame down one word */
    movl %esp, %edi
    leal 4(%esp), %esi
    movl $TF_WORDS, %ecx
    rep movsl
    movl %edx, TF_WORDS * 4(%esp)   /* just above the moved frame: interrupted esp - 4 */
    jmp 1b
