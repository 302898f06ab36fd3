/* Jump-optimized probes (djprobe): an int3 probe whose site allows it is
 * turned into a 5-byte jmp rel32 to a detour buffer (patch/tramp.h) by the
 * optimizer thread, in batches, after the quiescence check of its strategy
 * (patch/strategy.c; the hazards H1-H12 are the cells of tests/kernel/hazard.c).
 * States and transitions carry the names of the Spin model (tests/model/). */
#ifndef DJPROBE_H
#define DJPROBE_H
#include "kernel/types.h"
#include "patch/djprobe_fsm.h"     /* enum dj_state, enum dj_event, dj_next() */

enum dj_strategy {
    DJS_DEFAULT,        /* the boot parameter djprobe= */
    DJS_NAIVE, DJS_STOP_MACHINE, DJS_INT3_BYPASS, DJS_INT3_IPSCAN,
    DJS_INT3_STACKSCAN, DJS_INT3_TASKSRCU, DJS_SAFE, DJS_N,
};

struct djprobe_stats {
    uint32_t batches, optimized, unoptimized, forced, refused, deferred, retries;
    uint32_t commits, commit_syncs, buffers_freed, kept;   /* kept: for the optimizer to free */
    uint32_t orphaned, reclaimed;  /* of kept: past the release bound; kept ones freed later */
    uint32_t ip_hits, stack_hits, false_pos, tasks_waits;   /* threads found inside */
    uint32_t stacks, unreliable;   /* stacks scanned; of them, unwinds that did not reach the bottom */
};
extern struct djprobe_stats djprobe_stats;
/* The last stack a scan could not unwind to its bottom (kernel/unwind.h UNWIND_*). */
struct quiesce_unreliable { uint32_t pc, bad; int err, tid; };   /* bad: a return address outside text */
extern struct quiesce_unreliable quiesce_unreliable;

const char *dj_state_name(int state);
const char *dj_strategy_name(int strategy);
int dj_strategy_parse(const char *name);   /* DJS_*, or -1 */
/* A strategy as seen from outside the optimizer (patch/strategy.c); DJS_DEFAULT
 * or a value out of range reads the boot default, djprobe=. */
struct dj_strategy_info {
    const char *name, *why;
    bool analysis;             /* region analysis and relocation (else a blind copy) */
    bool mid_calls;            /* a call may be other than the region's last */
    bool broken;               /* a negative control: neither stack nor tasks check */
};
void dj_strategy_get(int strategy, struct dj_strategy_info *out);
int djprobe_default_strategy(void);        /* djprobe= as DJS_* */
void djprobe_set_default_strategy(int strategy);
#define DJ_REGION_MAX 32                   /* the longest region a jump replaces */
/* Keep queued probes for one batch while on (kprobe_register_many). */
void djprobe_hold(bool on);
/* Wait until every probe queued before the call has been processed. */
void djprobe_flush(void);
/* Build the analysis's kernel-wide tables now (the index of direct
 * branches, patch/xref.h: built once, at the first use otherwise). */
void djprobe_index(void);
/* Every site of the probes p[0..n) counted once: jump-optimized, an int3
 * probe with its hazard and reason, or pending and why; one console line
 * per reason class ("djprobe account TAG: ...").  Returns total, the
 * distinct sites (probes at one address share one). */
struct djprobe_account { int total, optimized, int3, pending, unexplained; };
struct kprobe;
int djprobe_account(struct kprobe *p, int n, const char *tag, struct djprobe_account *a);
/* For probes and reports: a probe's state and why it is not optimized. */
struct kprobe;
int kprobe_opt_state(struct kprobe *p);
const char *kprobe_opt_why(struct kprobe *p);
uint32_t kprobe_opt_copy(struct kprobe *p);  /* its buffer's copied region, or 0 */
uint32_t kprobe_opt_buffer(struct kprobe *p);   /* its buffer, or 0 */
/* Its optimized region [*lo, *hi) and buffer, all 0 if none (takes the probe lock). */
void kprobe_opt_region(struct kprobe *p, uint32_t *lo, uint32_t *hi, uint32_t *buf);
void kprobe_list(void);                    /* one console line per probe site */
/* Hazard tests only (H6): called after every store into an optimized site. */
extern void (*volatile djprobe_write_hook)(uint32_t addr, const uint8_t *orig, uint32_t buf);
/* Fault reports: the probe whose live or freed buffer holds addr. */
bool djprobe_describe(uint32_t addr, char *buf, size_t n);
#endif
