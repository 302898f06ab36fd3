/* Serial console: formatted output with log levels.  A kprintf call is written
 * whole under the console lock, so lines from different CPUs never mix. */
#ifndef CONSOLE_H
#define CONSOLE_H
#include "kernel/types.h"

enum { KL_ERR = 0, KL_WARN = 1, KL_INFO = 2, KL_DEBUG = 3 };
extern int console_loglevel;

void console_init(void);
void kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void kvprintf(const char *fmt, va_list ap);
void klog(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void console_write(const char *s, size_t n);
void console_lock(void);       /* hold across a multi-line report */
extern volatile int console_panic_cpu;
void console_unlock(void);
/* The line editor (kernel/readline.c) claims the console while it waits for
 * a line; console_foreign() then counts what others print (other threads,
 * interrupts, NMIs: a line that lands after the prompt), so that it can
 * redraw its prompt and line after them; console_at_line_start(): the last
 * byte written ended a line. */
void console_reader(bool on);
uint32_t console_foreign(void);
extern void (*console_tap)(const char *s, size_t n);   /* self-tests: sees every write */
bool console_at_line_start(void);

#define pr_err(...)   klog(KL_ERR, __VA_ARGS__)
#define pr_warn(...)  klog(KL_WARN, __VA_ARGS__)
#define pr_info(...)  klog(KL_INFO, __VA_ARGS__)
#define pr_debug(...) klog(KL_DEBUG, __VA_ARGS__)
#endif
