/* Lock-free per-CPU report buffer for the probe path (kernel/plog.c). */
#ifndef PLOG_H
#define PLOG_H
#include "kernel/types.h"

/* Record fmt (a string literal: only its pointer is kept) and up to four
 * 32-bit arguments (%u %d %x %08x %s of literals only); never blocks, never
 * takes a lock, never formats.  level is KL_* (kernel/console.h). */
void plog(int level, const char *fmt, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3);
int plog_drain(void);              /* format and print what is recorded: count */
uint32_t plog_dropped(void);       /* records lost to a full ring, all CPUs */
#endif
