/* Sizes that cannot wrap: each computes in 32 bits (the kernel's size_t)
 * and says whether the result fits; an allocation asks these first, and a
 * size that does not fit is refused, never wrapped or rounded to a small
 * one.  Pure: host-tested by tests/host/test_size.c. */
#ifndef SIZE_H
#define SIZE_H
#include <stdint.h>
#include <stdbool.h>

static inline bool size_mul(uint32_t a, uint32_t b, uint32_t *r) { return !__builtin_mul_overflow(a, b, r); }
static inline bool size_add(uint32_t a, uint32_t b, uint32_t *r) { return !__builtin_add_overflow(a, b, r); }
/* hdr + n * each: a struct with a flexible array of n elements. */
static inline bool size_flex(uint32_t hdr, uint32_t n, uint32_t each, uint32_t *r)
{
    uint32_t m;
    return size_mul(n, each, &m) && size_add(hdr, m, r);
}
/* x rounded up to a multiple of a (a power of two). */
static inline bool size_align(uint32_t x, uint32_t a, uint32_t *r)
{
    if (!size_add(x, a - 1, r))
        return false;
    *r &= ~(a - 1);
    return true;
}
/* The last byte of [addr, addr + len): false for an empty range; a range
 * past 2^32 ends at 0xFFFFFFFF, not wrapped to the bottom. */
static inline bool size_last(uint32_t addr, uint32_t len, uint32_t *last)
{
    if (!len)
        return false;
    if (!size_add(addr, len - 1, last))
        *last = UINT32_MAX;
    return true;
}
#endif
