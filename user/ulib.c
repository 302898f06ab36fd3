/* The user-program library (user/ulib.h): freestanding C11 string functions
 * (7.24) and printf over kernel/fmt.c's kvsnprintf, written with one SYS_write.
 * Built with -fno-tree-loop-distribute-patterns so that memset and memcpy do
 * not become calls to themselves. */
#include "user/ulib.h"

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

int strcmp(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return (unsigned char)*a - (unsigned char)*b;
}

void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    while (n--)
        *p++ = (unsigned char)c;
    return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--)
        *p++ = *q++;
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}

/* One write per call, so that lines of concurrent processes do not mix;
 * longer output is cut at 255 bytes. */
int printf(const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = kvsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > (int)sizeof buf - 1)
        n = sizeof buf - 1;
    return write(buf, n);
}

/* A check of a call's result: prints "prog: FAIL what: got X want Y" and
 * returns 1 when got != want, else 0 (callers add it to their error count). */
int expect(const char *prog, const char *what, int got, int want)
{
    if (got == want)
        return 0;
    printf("%s: FAIL %s: got %d want %d\n", prog, what, got, want);
    return 1;
}
