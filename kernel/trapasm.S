/* Common trap entry: every stub in build/gen/vectors.S pushes an error code
 * (real or 0) and the vector, then jumps here.  Contract with struct trapframe
 * (kernel/trap.h): pushal order edi..eax below trapno, err, then the CPU's
 * eip, cs, eflags, and from ring 3 also esp, ss.  SDM Vol. 3, 6.12.1.
 * From ring 3: %ds/%es get the flat data selector again and %fs this CPU's
 * segment (its selector follows from TR's, kernel/gdt.h).  The CR3 found on
 * entry is kept in %ebx (saved by pushal, callee-saved across trap()); under
 * uspace=split (kernel/entry.h) the kernel's page directory is loaded, and
 * trapret loads %ebx back whenever CR3 differs, so a return to user mode or
 * into the few instructions after that load (an NMI there) finds its own
 * page tables.  trapret does not look at entry_split: a trap taken before
 * uvm_init set it returns after (a preempted thread's frame waits).
 * This file is entry text: until the CR3 load it may touch only the stack
 * and entry data.
 * On the way out, if trapno has TRAP_PUSH set (trap_push_on_return(), used by
 * a handler emulating a call, patch/ool.c), err is pushed onto the
 * interrupted stack: the frame is moved down one word and the value stored
 * in the freed top word.
 * trap() may switch threads (kernel/sched.c, preempt=full): the frame stays
 * on the preempted thread's stack and this same trapret restores it later,
 * possibly on another CPU (%fs is per CPU and deliberately not saved). */
#define TF_WORDS 13                 /* sizeof(struct trapframe) / 4, checked in trap.c */
#define TF_TRAPNO 32                /* offsetof(struct trapframe, trapno), checked in trap.c */
#define TF_CS 44                    /* offsetof(struct trapframe, cs), checked in trap.c */
#define SEL_UDATA 0x12b             /* kernel/gdt.h, checked in trap.c */
#define SEL_TR_TO_FS 0x80           /* kernel/gdt.h, checked in trap.c */
#define TRAP_PUSH 0x80000000        /* as in kernel/trap.h */
    .section .entry.text, "ax"
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
    testl $3, TF_CS(%esp)
    jz 1f
    movl $SEL_UDATA, %eax     /* from ring 3: the kernel's segments */
    movl %eax, %ds
    movl %eax, %es
    str %eax
    subl $SEL_TR_TO_FS, %eax
    movl %eax, %fs
1:  movl %cr3, %ebx           /* the CR3 to return on, kept in %ebx */
    cmpl $0, entry_split
    je 2f
    movl entry_kernel_cr3, %eax   /* uspace=split: the kernel's page tables */
    cmpl %eax, %ebx
    je 2f
    movl %eax, %cr3
2:  pushl %esp                /* struct trapframe * */
    .cfi_adjust_cfa_offset 4
    call trap
    .globl alltraps_ret       /* trap()'s return address: stack walkers find the frame */
alltraps_ret:
    addl $4, %esp
    .cfi_adjust_cfa_offset -4
    .globl trapret
trapret:
    movl %cr3, %eax           /* not entry_split: it may have changed since alltraps */
    cmpl %eax, %ebx
    je 3f
    movl %ebx, %cr3           /* from here on only the stack and entry area */
3:  testl $TRAP_PUSH, TF_TRAPNO(%esp)
    jnz 2f
1:  popal
    .cfi_adjust_cfa_offset -32
    .cfi_restore %ebp
    addl $8, %esp             /* trapno, err */
    .cfi_adjust_cfa_offset -8
    iret
    .cfi_endproc
/* Undescribed (kernel/unwind.undescribed): the frame is being moved.  Only
 * for ring-0 frames (trap_push_on_return), which need no CR3 change. */
2:  movl TF_TRAPNO + 4(%esp), %edx   /* err: the value to push */
    subl $4, %esp             /* move the frame down one word */
    movl %esp, %edi
    leal 4(%esp), %esi
    movl $TF_WORDS, %ecx
    rep movsl
    movl %edx, TF_WORDS * 4(%esp)   /* just above the moved frame: interrupted esp - 4 */
    jmp 1b

/* First entry into user mode (kernel/uspace.c): uspace_enter(tf, cr3) loads
 * ESP with a ring-3 trap frame built at the top of the thread's kernel stack
 * and returns through trapret with %ebx = the page directory to run on. */
    .globl uspace_enter
uspace_enter:
    .cfi_startproc
    .cfi_undefined %eip       /* a new thread's last kernel frame */
    movl 8(%esp), %ebx
    movl 4(%esp), %esp
    jmp trapret
    .cfi_endproc

    .section .entry.data, "aw"
    .align 4
    .globl entry_split, entry_kernel_cr3
entry_split:      .long 0
entry_kernel_cr3: .long 0
