/* kvsnprintf: a small printf for the kernel, pure and host-testable (C11 7.21.6.1
 * subset).  Supports %d %i %u %x %X %o %p %s %c %%, flags '-' '0', width,
 * '#' (0x prefix for %x), precision for %s (also .*), length modifiers l, ll, z.  Always NUL-terminates. */
#include "kernel/fmt.h"
#include <stdint.h>

struct out { char *buf; size_t size, n; };

static void put(struct out *o, char c)
{
    if (o->n + 1 < o->size)
        o->buf[o->n] = c;
    o->n++;
}

static void put_pad(struct out *o, const char *s, int len, int width, int left, char pad)
{
    int i;
    if (!left)
        for (i = len; i < width; i++) put(o, pad);
    for (i = 0; i < len; i++) put(o, s[i]);
    if (left)
        for (i = len; i < width; i++) put(o, ' ');
}

static int utoa(char *tmp, unsigned long long v, unsigned base, int upper)
{
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char rev[24];
    int n = 0, i;
    do { rev[n++] = dig[v % base]; v /= base; } while (v);
    for (i = 0; i < n; i++) tmp[i] = rev[n - 1 - i];
    return n;
}

static void put_num(struct out *o, unsigned long long v, int neg, unsigned base,
                    int upper, int width, int left, char pad)
{
    char tmp[26];
    int n = 0;
    if (neg && pad == '0') { put(o, '-'); if (width) width--; }
    else if (neg) tmp[n++] = '-';
    n += utoa(tmp + n, v, base, upper);
    put_pad(o, tmp, n, width, left, pad);
}

static unsigned long long get_uarg(va_list *ap, int lng)
{
    if (lng >= 2) return va_arg(*ap, unsigned long long);
    if (lng == 1) return va_arg(*ap, unsigned long);
    return va_arg(*ap, unsigned int);
}

static long long get_sarg(va_list *ap, int lng)
{
    if (lng >= 2) return va_arg(*ap, long long);
    if (lng == 1) return va_arg(*ap, long);
    return va_arg(*ap, int);
}

static void conv(struct out *o, char c, va_list *ap, int lng, int width, int prec, int left, char pad)
{
    long long s;
    const char *str;
    int len;
    switch (c) {
    case 'd': case 'i':
        s = get_sarg(ap, lng);
        put_num(o, s < 0 ? -(unsigned long long)s : (unsigned long long)s, s < 0, 10, 0, width, left, pad);
        break;
    case 'u': put_num(o, get_uarg(ap, lng), 0, 10, 0, width, left, pad); break;
    case 'x': put_num(o, get_uarg(ap, lng), 0, 16, 0, width, left, pad); break;
    case 'X': put_num(o, get_uarg(ap, lng), 0, 16, 1, width, left, pad); break;
    case 'o': put_num(o, get_uarg(ap, lng), 0, 8, 0, width, left, pad); break;
    case 'p':
        put(o, '0'); put(o, 'x');
        put_num(o, (uintptr_t)va_arg(*ap, void *), 0, 16, 0, 8, 0, '0');
        break;
    case 'c': { char ch = (char)va_arg(*ap, int); put_pad(o, &ch, 1, width, left, ' '); break; }
    case 's':
        str = va_arg(*ap, const char *);
        if (!str) str = "(null)";
        for (len = 0; str[len] && (prec < 0 || len < prec); len++) ;
        put_pad(o, str, len, width, left, ' ');
        break;
    case '%': put(o, '%'); break;
    default: put(o, '%'); put(o, c); break;
    }
}

int kvsnprintf(char *buf, size_t size, const char *fmt, va_list ap0)
{
    struct out o = { buf, size, 0 };
    va_list ap;
    va_copy(ap, ap0);
    for (; *fmt; fmt++) {
        int left = 0, width = 0, prec = -1, lng = 0, alt = 0;
        char pad = ' ';
        if (*fmt != '%') { put(&o, *fmt); continue; }
        fmt++;
        for (;; fmt++) {
            if (*fmt == '-') left = 1;
            else if (*fmt == '0') pad = '0';
            else if (*fmt == '#') alt = 1;
            else break;
        }
        if (*fmt == '*') { width = va_arg(ap, int); fmt++; }
        for (; *fmt >= '0' && *fmt <= '9'; fmt++) width = width * 10 + (*fmt - '0');
        if (*fmt == '.' && fmt[1] == '*') {
            prec = va_arg(ap, int);
            fmt += 2;
        } else if (*fmt == '.') {
            prec = 0;
            for (fmt++; *fmt >= '0' && *fmt <= '9'; fmt++) prec = prec * 10 + (*fmt - '0');
        }
        for (; *fmt == 'l' || *fmt == 'z'; fmt++) lng += (*fmt == 'l') ? 1 : (sizeof(size_t) > 4 ? 2 : 0);
        if (!*fmt) break;
        if (left) pad = ' ';
        if (alt && (*fmt == 'x' || *fmt == 'X')) { put(&o, '0'); put(&o, 'x'); }
        conv(&o, *fmt, &ap, lng, width, prec, left, pad);
    }
    va_end(ap);
    if (size) buf[o.n < size ? o.n : size - 1] = 0;
    return (int)o.n;
}

int ksnprintf(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = kvsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}
