/* probe-all torture (issue 21): every kernel text function probed in turn
 * (tests/kernel/probeall.c) under a checked load with NMIs on every CPU
 * (tests/kernel/probeall_load.c). */
#ifndef PROBEALL_H
#define PROBEALL_H
#include "kernel/types.h"

enum { PA_BUG_NONE, PA_BUG_COUNT, PA_BUG_UNLOCKED, PA_BUG_NMI_LOST, PA_BUG_IPI_LOST };
extern int pa_bug;                     /* pa_bug= negative controls */
extern int pa_nmi_us;                  /* NMI period per CPU (0: none) */
extern int pa_nmi_timeout_ms;          /* an NMI not taken this long is an error */

struct pa_load_stats {
    uint32_t rounds, heap, locked, ipis, waits, errors;
    uint32_t nmis_sent, nmis_taken, nmi_timeouts;
    uint32_t nmi_in_db, nmi_in_slot;   /* NMIs that interrupted a #DB entry stub, a step's copy */
};
int pa_load_start(void);               /* workers and the NMI pinger: 0 or -1 */
/* The load's own checks, after each function: 0, or 1 with why. */
int pa_load_check(char *why, size_t n);
int pa_load_settle(char *why, size_t n);   /* before pa_load_stop: a stuck worker named */
void pa_load_stop(void);
void pa_load_stats(struct pa_load_stats *s);
uint32_t pa_nmi_in_db_count(void);    /* NMIs that interrupted a #DB entry so far */
#endif
