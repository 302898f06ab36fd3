/* Per-CPU periodic tick from the LAPIC timer (hz= boot parameter). */
#ifndef TIMER_H
#define TIMER_H
#include "kernel/types.h"
extern int timer_hz;
void timer_init_cpu(void);     /* every CPU, after clock_init() on the BSP */
#endif
