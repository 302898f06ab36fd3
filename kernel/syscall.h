/* System-call dispatch (kernel/syscall.c): the table of kernel/usys.h. */
#ifndef SYSCALL_H
#define SYSCALL_H
#include "kernel/types.h"
struct proc;
/* a[0..4] = ebx ecx edx esi edi; the result goes to the caller's eax. */
int syscall_dispatch(struct proc *p, uint32_t nr, const uint32_t *a);
#endif
