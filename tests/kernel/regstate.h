/* Shared by the torture targets that run code from a register state vector
 * st = {eax, ebx, ecx, edx, esi, edi, ebp, eflags} (sched_landing.S,
 * kprobe_torture_targets.S).  REGSTATE_LOAD: with EFLAGS pushed at (%esp) and
 * st in %eax, take st's arithmetic flags (OSZAPC, mask 0x8d5; IF and the rest
 * stay as pushed) and load every register from st; pops the flags.
 * REGSTATE_STORE: with the code's eax pushed at (%esp) and st in %eax, store
 * ebx..ebp into st and pop eax into st[0] (flags are the caller's). */
.macro REGSTATE_LOAD
    movl 28(%eax), %ecx
    andl $0xcd5, %ecx
    andl $~0xcd5, (%esp)
    orl %ecx, (%esp)
    movl 4(%eax), %ebx
    movl 8(%eax), %ecx
    movl 12(%eax), %edx
    movl 16(%eax), %esi
    movl 20(%eax), %edi
    movl 24(%eax), %ebp
    movl 0(%eax), %eax
    popfl
.endm

.macro REGSTATE_STORE
    movl %ebx, 4(%eax)
    movl %ecx, 8(%eax)
    movl %edx, 12(%eax)
    movl %esi, 16(%eax)
    movl %edi, 20(%eax)
    movl %ebp, 24(%eax)
    popl 0(%eax)
.endm
