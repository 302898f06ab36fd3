/* anywhere-torture (tests/kernel/anywhere_torture.c), run inside the
 * djprobe-torture with djt_anywhere=1. */
#ifndef ANYWHERE_H
#define ANYWHERE_H
#include "kernel/types.h"
int anywhere_start(void);                    /* probes, workers, churn: 0 or -1 */
int anywhere_finish(char *why, size_t n);    /* stop, remove, check: 0 or 1 */
#endif
