/* Live-patch targets (lp_targets.c, built with LP_FENTRY: each function
 * starts with the 5-byte nop a patch redirects) and their new versions
 * (lp_new.c, built as usual), for the live-patch self-tests. */
#ifndef LP_TARGETS_H
#define LP_TARGETS_H
#include "kernel/types.h"

int lpt_version(void);                /* 1 */
int lpt_add(int a, int b);            /* a + b */
int lpt_hold(volatile int *leave);    /* blocked inside until *leave, then lpt_version() */
int lpt_hold_forced(volatile int *leave);   /* the same, for the one test that forces a patch */
int lpt_plain(void);                  /* built without LP_FENTRY: no patchable entry */
struct completion;
int lpt_wait(struct completion *go);  /* blocked inside until go completes, then lpt_version() */

int lpn_version2(void);               /* 2 */
int lpn_version3(void);               /* 3 */
int lpn_add(int a, int b);            /* a + b + 100 */
int lpn_hold(volatile int *leave);    /* the same, then 10 + lpt_version() */
int lpn_wait(struct completion *go);  /* the same, then 10 + lpt_version() */
/* lpt_hold, lpt_hold_forced and lpn_hold block on lpt_hold_wq until *leave
 * (never on a CPU while a test looks at them); lpt_hold_release sets *leave
 * and wakes them. */
struct waitq;
extern struct waitq lpt_hold_wq;
bool lpt_hold_left(void *leave);
void lpt_hold_release(volatile int *leave);

/* The cells' chain (lp_cells.c): old versions here, new ones lpcn_*. */
int lpc_b(void);
int lpc_a(void);
int lpc_a2(void);
int lpc_forever(volatile int *stop);
int lpc_spin_a(volatile int *stop);
void lpc_callee(void);
int lpc_a3(void), lpcn_a3(void);
int lpcn3_a(void), lpcn3_b(void);     /* version 3 of A and B; A holds while lpc_hold3 */
extern volatile int lpc_hold3, lpc_in3;   /* lpc_in3: calls of lpcn3_a so far */
void lpc_callee2(void);
extern char lpc_callee2_mid[];
extern char lpc_a_mid[], lpcn_a_mid[];
int lpc_a4(volatile int *stop), lpcn_a4(volatile int *stop);   /* A calls lpa_undescribed(stop) first (L12) */
/* lp_asm_targets.S: code gcc would not make */
int lpa_crossing(void);               /* 1; a patchable entry at 4 mod 8 (crosses an 8-byte boundary) */
void lpa_undescribed(volatile int *stop);   /* no CFI: spins until *stop (if stop); unreliable inside */
int lpcn_b(void);
int lpcn_a(void);
int lpcn_a2(void);
int lpcn_forever(volatile int *stop);
int lpcn_spin_a(volatile int *stop);

/* lp-torture's chain (lp_torture.c): c1 calls c2 calls c3; each ORs its
 * version's bit: 1 here, 2 in lpn2_*, 4 in lpn3_*. */
int lpt_c1(int x), lpt_c2(int x), lpt_c3(int x);
int lpn2_c1(int x), lpn2_c2(int x), lpn2_c3(int x);
int lpn3_c1(int x), lpn3_c2(int x), lpn3_c3(int x);
#endif
