/* user/umem.c's layout and content, shared with tests/kernel/test_uread.c:
 * every word is a function of (pid, address) with no zero byte, so a reader
 * tells a right byte from another page's or process's, and 0 means "mapped,
 * not refilled yet". */
#ifndef UMEM_H
#define UMEM_H
#include <stdint.h>
#include "kernel/usys.h"

#define UMEM_BASE  (USER_MAP_BASE + 0x4000000u)   /* first checked page */
#define UMEM_PAGES 16u                            /* [BASE, BASE + PAGES pages) */
#define UMEM_HOLE  5u                             /* static: this page is unmapped */

enum { UMEM_STATIC, UMEM_CHURN };
/* spawn argument: a mode and a duration (ms) after which it ends unasked */
#define UMEM_ARG(mode, ms) ((uint32_t)(mode) | (uint32_t)(ms) << 4)

/* SYS_report slots: ready (UMEM_BASE, written last), pages, churn steps
 * (unmap + map + refill) so far, the address of the stop word (the kernel
 * writes 1 there to end the program early). */
enum { UMEM_R_READY, UMEM_R_PAGES, UMEM_R_STEPS, UMEM_R_STOP };

static inline uint32_t umem_word(uint32_t pid, uint32_t addr)   /* addr: 4-aligned */
{
    uint32_t x = addr * 0x9E3779B1u ^ (pid + 1) * 0x85EBCA77u;
    x ^= x >> 15;
    x *= 0x2C1B3C6Du;
    x ^= x >> 12;
    return x | 0x01010101u;
}

static inline uint8_t umem_byte(uint32_t pid, uint32_t addr)
{
    return (uint8_t)(umem_word(pid, addr & ~3u) >> (8 * (addr & 3)));
}
#endif
