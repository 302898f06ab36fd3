/* Traps from user mode (kernel/uspace.c, called by trap()): system calls,
 * exceptions that end the process, and the way back to ring 3. */
#ifndef USPACE_H
#define USPACE_H
#include "kernel/types.h"
struct trapframe;
void uspace_init(void);                  /* boot CPU, after threads exist: the layout */
void uspace_syscall(struct trapframe *tf);
bool uspace_fault(struct trapframe *tf); /* reports and marks the process killed: true */
void uspace_return(struct trapframe *tf);
void uspace_uprobe(struct trapframe *tf); /* int $T_UPROBE: an optimized user probe */
/* Kernel counters: system calls and user-mode kills, all CPUs. */
extern volatile uint32_t uspace_nsyscalls, uspace_nkills;
#endif
