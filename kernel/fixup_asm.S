/* Fault-tolerant memory accesses for self-tests and the patcher's checks.
 * mem_try_write8(dst, v): returns 0, or -1 if the store faulted (the #PF
 * handler in kernel/fixup.c moves EIP from mem_try_write8_insn to
 * mem_try_fault).  cdecl: 4(%esp) dst, 8(%esp) value. */
    .section .noprobe.text, "ax"
    .globl mem_try_write8, mem_try_write8_insn, mem_try_read8, mem_try_read8_insn, mem_try_fault
mem_try_write8:
    movl 4(%esp), %edx
    movl 8(%esp), %eax
mem_try_write8_insn:
    movb %al, (%edx)
    xorl %eax, %eax
    ret

/* mem_try_read8(src): the byte (0..255), or -1 if the load faulted. */
mem_try_read8:
    movl 4(%esp), %edx
    xorl %eax, %eax
mem_try_read8_insn:
    movb (%edx), %al
    ret

mem_try_fault:
    movl $-1, %eax
    ret
