/* AP startup trampoline (Intel SDM Vol. 3, 8.4.4.1 and 9.9: real mode to
 * protected mode).  The bytes ap_start..ap_start_end live in .rodata and are
 * copied by smp/smp_boot.c to AP_TRAMPOLINE (a 4 KiB page below 1 MiB; the
 * SIPI vector is its page number).  The AP starts at CS:IP = (page << 8):0.
 * Contract with struct ap_params (smp/smp.h): three longs at ap_params:
 * stack top, entry address, cpu index; entry is called as entry(cpu index)
 * with paging off, on that stack, with flat segments from a private GDT. */
#include "smp/smp.h"

    .section .rodata
    .globl ap_start, ap_start_end, ap_params
    .code16
ap_start:
    cli
    cld
    xorw %ax, %ax
    movw %ax, %ds
    lgdtl AP_TRAMPOLINE + (ap_gdtdesc - ap_start)
    movl %cr0, %eax
    orl $1, %eax                     /* CR0.PE */
    movl %eax, %cr0
    ljmpl $8, $(AP_TRAMPOLINE + (ap_start32 - ap_start))

    .code32
ap_start32:
    movw $0x10, %ax
    movw %ax, %ds
    movw %ax, %es
    movw %ax, %ss
    movw %ax, %fs
    movw %ax, %gs
    movl AP_TRAMPOLINE + (ap_params - ap_start), %esp
    xorl %ebp, %ebp
    pushl AP_TRAMPOLINE + (ap_params - ap_start) + 8     /* cpu index */
    pushl $0                                             /* no return */
    jmp *AP_TRAMPOLINE + (ap_params - ap_start) + 4

    .p2align 3
ap_gdt:
    .quad 0
    .quad 0x00CF9A000000FFFF         /* 0x08: flat code, 32-bit, 4 KiB granular */
    .quad 0x00CF92000000FFFF         /* 0x10: flat data */
ap_gdtdesc:
    .word 3 * 8 - 1
    .long AP_TRAMPOLINE + (ap_gdt - ap_start)
    .p2align 2
ap_params:
    .long 0, 0, 0
ap_start_end:
