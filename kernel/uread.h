/* probe_read_user (kernel/uread.c): lock-free reads of any process's user
 * memory for probe handlers, NMI context included, through per-CPU alias PTEs
 * (the 2005 dprobes discussion's alias-PTE idea; Intel SDM Vol. 3, 4.10.4), and
 * uread_sync, the grace period before a cleared entry's frame or table is freed. */
#ifndef UREAD_H
#define UREAD_H
#include "kernel/types.h"

/* Alias slots per CPU: a read nests in another only from an exception or an
 * NMI (reads run with interrupts off); deeper reads are refused (-1). */
#define UREAD_LEVELS 4

struct proc;
/* Copy [uaddr, uaddr+len) of p's user memory to dst: 0, or -1 for a range
 * not inside [USER_BASE, USER_TOP) (or that wraps), or a page not present or
 * not user-accessible (counted: probe_read_user_faults), dst then holding an
 * unspecified prefix.  Never pages in, faults, sleeps or takes a lock.  p must
 * not be reaped meanwhile (a NULL p->pgdir reads as -1). */
int probe_read_user(void *dst, struct proc *p, uint32_t uaddr, uint32_t len);
uint32_t probe_read_user_faults(void);   /* refused reads so far, all CPUs */

/* Returns once every read that could have loaded a page-table entry cleared
 * before the call has finished.  Not from inside a read (NMI, probe handler). */
void uread_sync(void);

struct uread_stats {
    uint32_t reads;        /* calls with a valid range */
    uint32_t pages;        /* page parts copied */
    uint32_t refused;      /* reads ended by a page not present or not user */
    uint32_t nested;       /* page parts run inside another read on the same CPU */
    uint32_t too_deep;     /* reads refused at nesting level >= UREAD_LEVELS */
    uint32_t syncs;        /* uread_sync calls */
    uint32_t sync_waits;   /* ... that found a read in progress and waited */
};
void uread_stats(struct uread_stats *s);   /* sums over all CPUs */
uint32_t uread_depth(void);                /* reads in progress on this CPU */
uint32_t uread_slot(int cpu, uint32_t level);   /* that slot's alias address */

/* Negative controls (uread_bug=): no_invlpg keeps the slot's old
 * translation; lock makes every page walk take one global lock. */
enum { UREAD_BUG_NONE, UREAD_BUG_NO_INVLPG, UREAD_BUG_LOCK };
extern int uread_bug;
/* lock: who holds it and who last began to wait, each (cpu + 1) << 8 | level, 0: nobody */
void uread_bug_lock_state(uint32_t *holder, uint32_t *waiter);
#endif
