/* Memory accesses that report a fault instead of panicking (kernel/fixup_asm.S). */
#ifndef FIXUP_H
#define FIXUP_H
#include "kernel/types.h"
int mem_try_write8(void *dst, uint8_t v);   /* 0, or -1 on fault */
int mem_try_read8(const void *src);         /* byte, or -1 on fault */
int mem_try_copy(void *dst, const void *src, size_t n);   /* 0, or -1 on fault */
/* For probe handlers: copy len bytes of kernel memory, 0 or -1 (a fault,
 * counted); never faults the kernel, takes no lock. */
int probe_read(void *dst, const void *src, size_t len);
uint32_t probe_read_faults(void);           /* -1 returns so far, all CPUs */
void fixup_init(void);
bool fixup_in(uint32_t lo, uint32_t hi);    /* a fixup instruction inside? */
#endif
