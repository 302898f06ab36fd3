/* Formatted printing into a buffer (pure; also built on the host). */
#ifndef FMT_H
#define FMT_H
#include <stddef.h>
#include <stdarg.h>
int kvsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int ksnprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#endif
