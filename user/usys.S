/* System-call stubs: one cdecl function per call in kernel/usys.h (i386 psABI
 * 2.2: arguments on the stack, result in %eax, %ebx %esi %edi %ebp preserved).
 * Each loads its arguments into %ebx %ecx and does int $0x80; the kernel
 * preserves every register but %eax.  The C prototypes are in user/ulib.h;
 * nargs here must match them (user/regs.S makes any other call). */
#include "kernel/usys.h"

/* STUB name, number, nargs (0..2): reads only the nargs words the caller pushed. */
.macro STUB name, num, nargs
    .globl \name
    .type \name, @function
\name:
    pushl %ebx
    .if \nargs >= 1
    movl 8(%esp), %ebx
    .endif
    .if \nargs >= 2
    movl 12(%esp), %ecx
    .endif
    movl $\num, %eax
    int $T_SYSCALL
    popl %ebx
    ret
    .size \name, . - \name
.endm

    .text
    STUB write,  SYS_write,  2      /* int write(const void *buf, uint32_t len) */
    STUB exit,   SYS_exit,   1      /* void exit(int code), noreturn */
    STUB yield,  SYS_yield,  0      /* int yield(void) */
    STUB sleep,  SYS_sleep,  1      /* int sleep(uint32_t ms) */
    STUB getpid, SYS_getpid, 0      /* int getpid(void) */
    STUB map,    SYS_map,    2      /* int map(uint32_t addr, uint32_t npages) */
    STUB unmap,  SYS_unmap,  2      /* int unmap(uint32_t addr, uint32_t npages) */
    STUB spawn,  SYS_spawn,  2      /* int spawn(const char *name, int arg) */
    STUB wait,   SYS_wait,   1      /* int wait(int pid) */
    STUB report, SYS_report, 2      /* int report(uint32_t slot, uint32_t value) */
    STUB uptime, SYS_uptime, 0      /* uint32_t uptime(void) */

    .section .note.GNU-stack, "", @progbits
