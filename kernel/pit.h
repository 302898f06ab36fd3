/* 8254 PIT channel 2 as a one-shot reference for clock calibration
 * (Intel 8254 datasheet: mode 0, gate through port 0x61). */
#ifndef PIT_H
#define PIT_H
#include "kernel/types.h"
#define PIT_HZ 1193182u
void pit_oneshot_start(uint16_t count);
bool pit_oneshot_done(void);
#endif
