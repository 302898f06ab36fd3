/* The user-space ABI, shared by the kernel and the user programs in user/:
 * address layout, system-call numbers and error numbers.  A system call is
 * `int $0x80` (a DPL-3 gate, Intel SDM Vol. 3, 6.12.1.1): number in %eax,
 * arguments in %ebx %ecx %edx %esi %edi, result in %eax (negative: -errno).
 * Every other register, EFLAGS included, is preserved; the segment registers
 * are reset to the flat user selectors on every return to user mode. */
#ifndef USYS_H
#define USYS_H

#define T_SYSCALL      0x80

/* Virtual layout of a process (both uspace= layouts): */
#define USER_BASE      0x40000000u   /* programs are linked here (user/user.ld) */
#define USER_MAP_BASE  0x80000000u   /* SYS_map/SYS_unmap work in [BASE, TOP) */
#define USER_MAP_TOP   0xB0000000u
#define USER_STACK_TOP 0xBFFF0000u   /* initial ESP; the stack grows down */
#define USER_STACK_PAGES 16
#define USER_XOL       0xBFFF8000u   /* the kernel's out-of-line slot page (uprobes): read-only */
#define USER_UBUF      0xBFFF9000u   /* the program's detour buffers (optimized uprobes): read-only */
#define T_UPROBE       0x82          /* int $0x82: an optimized uprobe's buffer enters the kernel */
#define USER_TOP       0xC0000000u   /* first address above user space */

/* At entry ESP points at one word: the argument given to SYS_spawn. */

#define SYS_write   1   /* (buf, len): len, or -EFAULT / -EINVAL (len > 4096) */
#define SYS_exit    2   /* (code): does not return */
#define SYS_yield   3   /* (): 0 */
#define SYS_sleep   4   /* (ms): 0; ms <= 10000 else -EINVAL */
#define SYS_getpid  5   /* (): pid */
#define SYS_map     6   /* (addr, npages): 0; zeroed, user-writable pages;
                           -EINVAL (unaligned, outside the map range, npages 0
                           or > 64), -EEXIST (a page already mapped), -ENOMEM */
#define SYS_unmap   7   /* (addr, npages): 0, or -EINVAL (as above, or a page
                           not mapped: then nothing was unmapped) */
#define SYS_spawn   8   /* (name, arg): pid of a new process running the
                           built-in program name, or -ENOENT / -EFAULT / -ENOMEM */
#define SYS_wait    9   /* (pid): that child's exit code once it has exited
                           (killed: -1000 - vector), or -ECHILD */
#define SYS_report 10   /* (slot, value): 0; test support: the kernel keeps
                           value in the process's report[slot], slot < 4, else -EINVAL */
#define SYS_uptime 11   /* (): milliseconds since boot */
#define NSYSCALL   12

#define ENOENT  2
#define ECHILD 10
#define ENOMEM 12
#define EFAULT 14
#define EEXIST 17
#define EINVAL 22
#define ENOSYS 38
#endif
