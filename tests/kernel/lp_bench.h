/* The live-patch benchmark's targets (lp_bench_targets.c, built with
 * LP_FENTRY) and their new versions (lp_bench.c): LPB_N functions lpb_fI
 * (x + I; new: x + 1000 + I) and lpb_hold, which blocks inside on
 * lpb_hold_wq until *leave (a transition that cannot complete while it does). */
#ifndef LP_BENCH_H
#define LP_BENCH_H
#include "kernel/types.h"
#define LPB_N 100
#define LPB_D10(X, t) X(t##0) X(t##1) X(t##2) X(t##3) X(t##4) X(t##5) X(t##6) X(t##7) X(t##8) X(t##9)
#define LPB_EACH(X) LPB_D10(X, ) LPB_D10(X, 1) LPB_D10(X, 2) LPB_D10(X, 3) LPB_D10(X, 4) \
                    LPB_D10(X, 5) LPB_D10(X, 6) LPB_D10(X, 7) LPB_D10(X, 8) LPB_D10(X, 9)
#define LPB_DECL(i) int lpb_f##i(int x); int lpbn_f##i(int x);
LPB_EACH(LPB_DECL)
int lpb_hold(volatile int *leave);
int lpbn_hold(volatile int *leave);
struct waitq;
extern struct waitq lpb_hold_wq;
bool lpb_hold_left(void *leave);
#endif
