/* Fatal errors: panic reports, trap reports, and ending the run. */
#ifndef PANIC_H
#define PANIC_H
#include "kernel/types.h"

struct trapframe;
void panic(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void panic_trap(struct trapframe *tf) __attribute__((noreturn));
void panic_nmi(struct trapframe *tf) __attribute__((noreturn));
void backtrace_print(uint32_t ebp, int max);
void panic_describe_addr(uint32_t eip);     /* a faulting EIP in patched code? (patch/describe.c) */

/* Preconditions: ASSERT(cond) panics naming the condition and the place. */
#define ASSERT(c) do { if (!(c)) panic("assertion failed: %s at %s:%d", #c, __FILE__, __LINE__); } while (0)
#endif
