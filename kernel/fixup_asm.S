/* Fault-tolerant memory accesses (exception-table entries in kernel/fixup.c,
 * whose #PF handler moves EIP from a listed instruction to its fixup).
 * cdecl.  mem_try_write8(dst, v): 0, or -1 if the store faulted.
 * mem_try_read8(src): the byte (0..255), or -1.  mem_try_copy(dst, src, n):
 * 0, or -1 if a load or store faulted (SDM Vol. 3, 6.15: #PF is a fault, so
 * rep movsb stops with ECX/ESI/EDI at the faulting byte). */
#include "kernel/asm.h"
    .section .noprobe.text, "ax"
    .globl mem_try_write8, mem_try_write8_insn, mem_try_read8, mem_try_read8_insn, mem_try_fault
    .globl mem_try_copy, mem_try_copy_insn, mem_try_copy_fault
mem_try_write8:
    .cfi_startproc
    movl 4(%esp), %edx
    movl 8(%esp), %eax
mem_try_write8_insn:
    movb %al, (%edx)
    xorl %eax, %eax
    ret
    .cfi_endproc

mem_try_read8:
    .cfi_startproc
    movl 4(%esp), %edx
    xorl %eax, %eax
mem_try_read8_insn:
    movb (%edx), %al
    ret
    .cfi_endproc

mem_try_fault:
    .cfi_startproc
    movl $-1, %eax
    ret
    .cfi_endproc

mem_try_copy:
    .cfi_startproc
    PUSH(%esi)
    PUSH(%edi)
    movl 12(%esp), %edi
    movl 16(%esp), %esi
    movl 20(%esp), %ecx
    cld
mem_try_copy_insn:
    rep movsb
    xorl %eax, %eax
    POP(%edi)
    POP(%esi)
    ret
    .cfi_endproc
/* Entered from the #PF handler in place of mem_try_copy_insn: the same stack. */
mem_try_copy_fault:
    .cfi_startproc
    .cfi_def_cfa_offset 12
    movl $-1, %eax
    POP(%edi)
    POP(%esi)
    ret
    .cfi_endproc
