/* Internal to the jump optimizer (patch/djprobe*.c, patch/quiesce.c): one
 * optimized site, the strategy table and the steps of the protocol. */
#ifndef DJPROBE_INT_H
#define DJPROBE_INT_H
#include "patch/djprobe.h"
#include "patch/kprobe_int.h"
#include "patch/tramp.h"

/* Which checks a strategy combines (the table in patch/strategy.c). */
#define DJC_IPSCAN   0x1       /* saved and interrupted EIPs */
#define DJC_STACK    0x2       /* stack words or frames (djprobe_scan=) */
#define DJC_TASKS    0x4       /* every thread passed a voluntary switch */
enum dj_write { DJW_PLAIN, DJW_STOP_MACHINE, DJW_INT3 };

struct dj_strategy_desc {
    const char *name;
    int write;                 /* enum dj_write */
    bool analysis;             /* region analysis and relocation (else blind copy) */
    bool mid_calls;            /* a call may be other than the region's last */
    unsigned checks;           /* DJC_* before the jump is written */
    bool wait_free;            /* int3 refs and the checks before a buffer is freed */
    const char *why;
    int scan;                  /* DJC_STACK: DJ_SCAN_*, or -1 for djprobe_scan= */
};
extern const struct dj_strategy_desc dj_strategies[DJS_N];
extern int djprobe_default;    /* boot parameter djprobe= */
extern int djprobe_scan;       /* words | frames */
enum { DJ_SCAN_WORDS, DJ_SCAN_FRAMES };
extern int djprobe_unwind;     /* frames: exact | fp (the old walk, a negative control) */
enum { DJ_UNWIND_EXACT, DJ_UNWIND_FP };

/* What a check found inside a range (reports of a long wait or an orphan);
 * self: the scanning thread's own stack. */
struct quiesce_found { int tid, cpu; uint32_t v, at; const char *how; bool self; };

struct djprobe {
    volatile int state;        /* enum dj_state */
    int strategy;              /* resolved DJS_* (never DJS_DEFAULT) */
    struct kprobe_site *site;
    uint32_t addr, len;        /* region [addr, addr + len) */
    uint8_t orig[DJ_REGION_MAX];
    uint8_t *buf;              /* detour buffer (slots), or NULL */
    struct tramp_layout lay;
    struct text_resv resv;     /* the region, TEXT_DJPROBE, while optimized */
    struct djprobe *qnext;     /* optimizer queue / batch */
    uint32_t tries;
    bool busy;                 /* the last scan found a thread inside its range */
    struct quiesce_found found;     /* ... and what it found there, last */
    char why[128];             /* last refusal or deferral */
};

/* A range no thread may be inside: (addr, addr+5) of a site being
 * optimized, or a buffer being freed. */
struct dj_range { uint32_t lo, hi; bool busy; struct quiesce_found f; };  /* f: what made it busy, last */
/* Run the strategy's checks over n ranges; sets busy and returns how many.
 * *self_busy (if given): the calling thread's own stack is inside one. */
int quiesce_scan(struct dj_range *r, int n, unsigned checks, int scan, bool *self_busy);
/* The same check split for a caller that runs its own rendezvous (a check
 * and a write with no CPU moving in between: the live patcher's
 * stop-machine models).  quiesce_prescan_parked: the pre-scan, every CPU
 * running (sleeps; takes the check's lock; returns the busy ranges found so
 * far); quiesce_scan_parked: from the caller's rendezvous fn, the threads
 * that ran since and the parked CPUs (returns every busy range);
 * quiesce_parked_done: after the rendezvous (or instead of it), the costs
 * (stall_ns: how long the caller held the other CPUs) and the lock back. */
int quiesce_prescan_parked(struct dj_range *r, int n, unsigned checks, int scan);
int quiesce_scan_parked(void);
void quiesce_parked_done(uint64_t stall_ns);
/* What the last scan found inside a range last (for a report of a long wait). */
extern struct quiesce_found quiesce_found;
/* What the last quiesce_scan cost: the pre-scan (threads scanned before the
 * rendezvous, with every CPU running) and the stall (the rendezvous, every
 * other CPU parked); of the threads, how many were pre-scanned, on a CPU,
 * switched in during their pre-scan (torn) and scanned in the rendezvous;
 * walked: the rendezvous walked every thread (what ran since was not known). */
struct quiesce_cost { uint64_t pre_ns, stall_ns; int threads, prescanned, running, torn, rechecked, walked, checks; };
extern struct quiesce_cost quiesce_cost, quiesce_totals;   /* the last check's; every check's sums */
extern void (*volatile quiesce_prescan_hook)(void);   /* tests: runs between the two */
extern int quiesce_prescan;    /* djprobe_prescan=on|off (off: every thread scanned in the rendezvous) */
enum { QUIESCE_PRESCAN_ON, QUIESCE_PRESCAN_OFF };
/* tasks-RCU style wait: 0 once every thread passed a voluntary switch
 * (else quiesce_found names the first thread that did not). */
bool quiesce_quiet_now(struct thread *t);   /* in a rendezvous: t is outside every region now */
int quiesce_tasks(int max_ms);

/* patch/djprobe.c, for patch/kprobe.c (kprobe_mutex held) */
void djprobe_request(struct kprobe_site *s);                 /* queue for optimization */
void djprobe_unoptimize(struct kprobe_site *s, bool forced); /* back to int3; sleeps */
void djprobe_unoptimize_many(struct kprobe_site **s, int n);  /* the same, batched */
/* A kprobe batch's end: build the queued probes' buffers before its int3
 * bytes are written (how many), and publish them after its core sync. */
int djprobe_prepare_queued(void);
void djprobe_publish_queued(void);

/* patch/kprobe.c: the probe whose live detour buffer holds addr (lock-free) */
struct djprobe *kprobe_buffer_dj(uint32_t addr);

/* patch/djprobe_fncache.c: a function's original bytes, and its analysis,
 * kept by start with a hash of the bytes it was made from (text lock held) */
struct analyze_fn;
struct ksym;
const uint8_t *dj_fn_code(const struct ksym *k);
const struct analyze_fn *dj_fn_analysis(const struct ksym *k, const uint8_t *code);
void dj_fn_bulk(bool on);               /* the index's pass: entries in chunks */

/* patch/djprobe_prep.c */
int dj_prepare(struct djprobe *d);      /* analysis, buffer; 0 or -1 with d->why */
/* Under the text lock: poison and remember it, or (keep) hand it to the
 * optimizer thread as an orphan, kept intact until the same check finds it
 * free (dj_reap_orphans, checks and scan of its strategy's release). */
void dj_free_buffer(struct djprobe *d, bool keep, unsigned checks, int scan);
int dj_reap_orphans(void);
bool dj_orphans(void);
/* patch/djprobe_write.c: the strategy's writes, text lock held by caller */
void dj_write_jumps(struct djprobe **v, int n, int write);
void dj_write_restore(struct djprobe **v, int n, int write);
#endif
