/* Edge-case targets for user probes (tests/kernel/test_uedge.c, user/uedge.c):
 * a region longer than 16 bytes, a region across a text page boundary, an
 * indirect jump and a direct branch from another function into a region, a
 * relative call with no stack, a two-byte int $3 and stray int $0x81/0x82,
 * and an indirect jump in the function after one that ends in data bytes.
 * Each probed instruction has a global label (ue_*_site). cdecl. */
#include "kernel/usys.h"

#include "user/uasm.h"

    .text
/* void ue_opt(uint32_t *c): ++*c (room for a jump: incl, 5-byte mov) */
FUNC ue_opt
    movl 4(%esp), %eax
SITE ue_opt_site
    incl (%eax)
    movl $3, %edx
    ret
    .size ue_opt, . - ue_opt

/* void ue_long(uint32_t *c): ++*c through a 15-byte instruction after the
 * 4-byte load: the region is 19 bytes (lock ds ds ds addl $1, 0(%eax,%ecx)) */
FUNC ue_long
    xorl %ecx, %ecx
SITE ue_long_site
    movl 4(%esp), %eax
    .byte 0xF0, 0x3E, 0x3E, 0x3E, 0x81, 0x84, 0x08
    .long 0, 1
    ret
    .size ue_long, . - ue_long

/* void ue_ij(uint32_t *c, int skip): ++*c unless skip, which jumps through
 * %ecx past the increment, into the region's interior (H5) */
FUNC ue_ij
    movl 4(%esp), %eax
    movl 8(%esp), %ecx
    testl %ecx, %ecx
    jnz 2f
SITE ue_ij_site
    incl (%eax)
1:  movl $4, %edx
    ret
2:  movl $1b, %ecx
    jmp *%ecx
    .size ue_ij, . - ue_ij

/* void ue_h4(uint32_t *c): ++*c; ue_h4_other(c) jumps into its region past
 * the increment (H4 from another function) */
FUNC ue_h4
    movl 4(%esp), %eax
SITE ue_h4_site
    incl (%eax)
3:  movl $5, %edx
    ret
    .size ue_h4, . - ue_h4
FUNC ue_h4_other
    movl 4(%esp), %eax
    jmp 3b
    .size ue_h4_other, . - ue_h4_other

/* void ue_badcall(void): a relative call with ESP outside user memory (the
 * emulated call's push faults) */
FUNC ue_badcall
    movl $0x10, %esp
SITE ue_badcall_site
    call 4f
4:  ret
    .size ue_badcall, . - ue_badcall

/* void ue_rocall(void): the same with ESP in the program's own text, which
 * is read-only: the push must fault there too.  A push that went through
 * would write the shared text page and come back to 4, which returns */
FUNC ue_rocall
    movl %esp, %ecx
    movl $ue_rocall_stack, %esp
SITE ue_rocall_site
    call 4f
4:  movl %ecx, %esp
    ret
    .size ue_rocall, . - ue_rocall
    .p2align 4
    .skip 16, 0xcc
ue_rocall_stack:
    .skip 4, 0xcc

/* Stray interrupt instructions, each labelled */
FUNC ue_int3long
SITE ue_int3long_site
    .byte 0xCD, 0x03                   /* int $3, two-byte form */
    .byte 0xC0                         /* "add %eax, %eax" if resumed at the 03 */
    ret
    .size ue_int3long, . - ue_int3long
FUNC ue_int81
SITE ue_int81_site
    int $0x81
    ret
    .size ue_int81, . - ue_int81
FUNC ue_int82
SITE ue_int82_site
    int $T_UPROBE
    ret
    .size ue_int82, . - ue_int82

/* A function that ends in int $3 and a data byte (as a function ending in a
 * trap and a table would), then one whose indirect jump lands inside its
 * region (H5).  Decoded straight through, the data byte ("add $imm8, %al")
 * takes ue_ij2's first byte, and a decode resumed there never sees ue_ij2's
 * jump: each function's decode must start at its own symbol (issue 39 item 17). */
FUNC ue_trapdata
    int3
    .byte 0x04
    .size ue_trapdata, . - ue_trapdata

/* void ue_ij2(uint32_t *c, int skip): ue_ij's twin after ue_trapdata */
FUNC ue_ij2
    movl 4(%esp), %eax
    movl 8(%esp), %ecx
    testl %ecx, %ecx
    jnz 2f
SITE ue_ij2_site
    incl (%eax)
1:  movl $7, %edx
    ret
2:  movl $1b, %ecx
    jmp *%ecx
    .size ue_ij2, . - ue_ij2

/* void ue_strad(uint32_t *c): ++*c; the region (incl, 5-byte mov) starts 2
 * bytes before a page boundary: the jump spans two text pages */
    .p2align 12
    .skip 4096 - 6
FUNC ue_strad
    movl 4(%esp), %eax
SITE ue_strad_site
    incl (%eax)
    movl $6, %edx
    ret
    .size ue_strad, . - ue_strad
