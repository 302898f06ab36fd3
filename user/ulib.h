/* The user-program library: system-call stubs (user/usys.S, user/regs.S),
 * crt0's argument, string functions, ksnprintf (kernel/fmt.c) and printf
 * (ksnprintf, then one SYS_write).  i386 psABI cdecl calls; the stubs return
 * the kernel's result unchanged (negative: -errno, kernel/usys.h). */
#ifndef ULIB_H
#define ULIB_H
#include <stdint.h>
#include <stddef.h>
#include <stdarg.h>
#include "kernel/usys.h"
#include "kernel/fmt.h"             /* ksnprintf, kvsnprintf (kernel/fmt.c) */

#define PGSIZE 4096u

/* user/usys.S */
int write(const void *buf, uint32_t len);
void exit(int code) __attribute__((noreturn));
int yield(void);
int sleep(uint32_t ms);
int getpid(void);
int map(uint32_t addr, uint32_t npages);
int unmap(uint32_t addr, uint32_t npages);
int spawn(const char *name, int arg);
int wait(int pid);
int report(uint32_t slot, uint32_t value);
uint32_t uptime(void);

/* user/regs.S: int $0x80 with eax ebx ecx edx esi edi ebp and the arithmetic
 * flags and DF loaded from in = {eax, ebx, ecx, edx, esi, edi, ebp, eflags};
 * out: the same registers and EFLAGS after it (eax: the result). */
void regs_syscall(const uint32_t in[8], uint32_t out[8]);

/* user/crt0.S calls main(arg) with the spawn argument, also kept in uarg,
 * and then exit(main's result). */
int main(int arg);
extern int uarg;

/* user/ulib.c */
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int expect(const char *prog, const char *what, int got, int want);
#endif
