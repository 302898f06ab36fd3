/* Bounds in guest progress.  Under QEMU's TCG the clock follows the host's
 * wall clock, so a virtual CPU the host does not run sees time pass without
 * running: a bound in wall time alone trips on a busy host.  A CPU's timer
 * ticks count only the periods it ran (QEMU coalesces the ticks a vCPU
 * misses while the host runs something else: one pending LAPIC interrupt),
 * so a gbound expires when its wall time has passed AND the watched CPUs
 * have taken the ticks that time holds at hz=, or when its hard wall bound
 * (a generous multiple) has passed: a CPU with interrupts off takes no
 * ticks, and nothing here may wait for ever. */
#ifndef GBOUND_H
#define GBOUND_H
#include "kernel/types.h"
#include "kernel/cpu.h"

#define GBOUND_ALL (-1)        /* every online CPU must have taken the ticks */
struct gbound {
    uint64_t t0;               /* clock_ns() at the start */
    uint32_t ms, hard_ms;      /* the bound, and the wall-time backstop */
    uint32_t ticks;            /* ticks that ms holds at hz= */
    int cpu;                   /* the watched CPU, or GBOUND_ALL */
    uint32_t tick0[NCPU_MAX];
};
/* hard_ms >= ms; 0 means 10 x ms (at least 10 s). */
void gbound_start(struct gbound *b, int cpu, uint32_t ms, uint32_t hard_ms);
bool gbound_expired(const struct gbound *b);
bool gbound_hard(const struct gbound *b);      /* expired by the backstop alone */
uint32_t gbound_ticks(const struct gbound *b);  /* the fewest ticks a watched CPU took */
uint32_t gbound_ms(const struct gbound *b);     /* wall ms since the start */
/* One line at the end of a run: wall time, and each CPU's ticks as a share
 * of the ticks that time holds (how much the host let it run). */
void guest_progress_mark(void);      /* the run starts: before the scenario */
void guest_progress_report(void);
#endif
