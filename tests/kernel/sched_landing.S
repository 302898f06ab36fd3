/* Preemption-landing target for sched-torture: a straight-line block of 16
 * flag-chained instructions (add/adc/sub/sbb/rcl carry state from one to the
 * next) run n times.  If a preemption anywhere in the block lost or changed a
 * register or EFLAGS.CF, the result differs from the C model in
 * tests/kernel/sched_torture.c.  Contract with C:
 *   void sched_landing_run(uint32_t st[4], uint32_t n)   (cdecl)
 *   st = {eax, ebx, edx, esi} in and out;
 *   sched_landing_start..sched_landing_end is the block (no branches inside);
 *   sched_landing_offsets[SCHED_LANDING_NINSN] are the instruction offsets. */
    .section .text
    .globl sched_landing_run, sched_landing_start, sched_landing_end
sched_landing_run:
    pushl %ebp
    movl %esp, %ebp
    pushl %ebx
    pushl %esi
    pushl %edi
    movl 8(%ebp), %ecx
    movl 12(%ebp), %edi
    movl 0(%ecx), %eax
    movl 4(%ecx), %ebx
    movl 8(%ecx), %edx
    movl 12(%ecx), %esi
    pushl %ecx
    testl %edi, %edi
    jz 2f
1:
sched_landing_start:
i0:  addl %edx, %eax
i1:  adcl %eax, %ebx
i2:  roll $5, %ebx
i3:  xorl %ebx, %edx
i4:  addl $0x9e3779b9, %esi
i5:  adcl $0, %edx
i6:  subl %edx, %eax
i7:  sbbl %esi, %ebx
i8:  rorl $3, %eax
i9:  leal 1(%eax,%ebx,2), %esi
i10: addl %esi, %edx
i11: adcl %edx, %eax
i12: xorl %eax, %esi
i13: negl %ebx
i14: adcl %esi, %ebx
i15: rcll $1, %edx
sched_landing_end:
    decl %edi
    jnz 1b
2:  popl %ecx
    movl %eax, 0(%ecx)
    movl %ebx, 4(%ecx)
    movl %edx, 8(%ecx)
    movl %esi, 12(%ecx)
    popl %edi
    popl %esi
    popl %ebx
    popl %ebp
    ret

    .section .rodata
    .globl sched_landing_offsets
    .p2align 2
sched_landing_offsets:
    .long i0 - i0, i1 - i0, i2 - i0, i3 - i0, i4 - i0, i5 - i0, i6 - i0, i7 - i0
    .long i8 - i0, i9 - i0, i10 - i0, i11 - i0, i12 - i0, i13 - i0, i14 - i0, i15 - i0
