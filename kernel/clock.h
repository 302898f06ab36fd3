/* Calibrated time: TSC frequency and LAPIC timer rate measured against the
 * PIT; a monotonic nanosecond clock from the TSC; busy delays timed by it. */
#ifndef CLOCK_H
#define CLOCK_H
#include "kernel/types.h"
extern uint32_t clock_tsc_khz;        /* TSC ticks per ms */
extern uint32_t clock_lapic_khz;      /* LAPIC timer counts per ms, divide-by-16 */
void clock_init(void);                /* BSP, after lapic_init(), before APs */
uint64_t clock_ns(void);              /* ns since clock_init, monotonic */
uint64_t clock_tsc_to_ns(uint64_t tsc);
void clock_delay_us(uint32_t us);     /* spin at least us microseconds */
#endif
