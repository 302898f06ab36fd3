/* The "where code runs" cells (tests/kernel/lp_where.c, run by lp-cells)
 * and their targets (tests/kernel/lp_where_targets.c): code of a function
 * that runs outside its symbol, in old A (apply) and new A (revert). */
#ifndef LP_WHERE_H
#define LP_WHERE_H
#include "kernel/types.h"

int lpw_buf(void), lpwn_buf(void);         /* a probe region at fn + *_region */
extern char lpw_buf_region[], lpwn_buf_region[];   /* absolute: the region's offset */
int lpw_scrub(void);                        /* never called; a region at lpw_scrub_region */
extern char lpw_scrub_region[];
int lpw_cold(void), lpwn_cold(void);       /* call lpw_cold_callee from their .cold part */
__attribute__((cold)) void lpw_cold_callee(void);   /* cold: its caller's block goes to X.cold */
int lpw_tramp(void), lpwn_tramp(void);     /* call lpw_callee, then B */
void lpw_callee(void);

/* The cells (lp_cells.c lists them): true if the model kept the chain whole. */
bool lpw_cell_buf(char *why, size_t n), lpw_cell_buf_new(char *why, size_t n);
bool lpw_cell_cold(char *why, size_t n), lpw_cell_cold_new(char *why, size_t n);
bool lpw_cell_tramp(char *why, size_t n), lpw_cell_tramp_new(char *why, size_t n);

/* lp_cells.c's own steps, for these cells. */
struct lp_patch;
bool lp_cell_parked(struct lp_patch *p, uint32_t at, int (*fn)(int), char *why, size_t n);
void lp_cell_settle(struct lp_patch *p);
#endif
