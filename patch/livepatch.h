/* Live patches: whole functions replaced while the kernel runs.  A patch is a
 * set of (old function, new function) pairs applied and reverted as one unit.
 * The redirect is written at the old function's entry, a 5-byte nop that
 * files built with Makefile's LP_FENTRY start every function with (Linux's
 * ftrace site; SDM Vol. 2B NOP 0F 1F /0).  Consistency models: docs/livepatch.md. */
#ifndef LIVEPATCH_H
#define LIVEPATCH_H
#include "kernel/types.h"

/* Entry marker for live-patchable functions: no interprocedural analysis, so
 * every call goes through the entry (no inlined or .constprop copies that a
 * redirect at the entry would miss). */
#define LP_TARGET __attribute__((noipa))

struct lp_site;
struct lp_func {
    const char *name;                 /* the old function's, for reports */
    void *old_fn, *new_fn;
    /* state (patch/lp_core.c) */
    struct lp_site *site;             /* set while its patch is on */
    struct lp_func *below;            /* the version this one replaced; NULL: the original */
};

enum lp_model { LP_MODEL_BOOT = -1, LP_KPATCH, LP_KSPLICE, LP_KGRAFT, LP_LIVEPATCH, LP_MODEL_N };
enum lp_state { LP_OFF, LP_ON };

struct lp_patch {
    const char *name;
    struct lp_func *funcs;
    int nfuncs;
    int model;                        /* enum lp_model; LP_MODEL_BOOT: lp_model= */
    /* callbacks, each optional: a pre_patch that returns nonzero refuses the patch */
    int (*pre_patch)(struct lp_patch *);
    void (*post_patch)(struct lp_patch *);
    void (*pre_unpatch)(struct lp_patch *);
    void (*post_unpatch)(struct lp_patch *);
    /* state */
    int state;                        /* enum lp_state */
    struct lp_patch *next;            /* enabled patches, newest first */
};

extern int lp_model;                  /* boot parameter lp_model= */
extern int lp_tries;                  /* kpatch/ksplice: checks before an abort */
const char *lp_model_name(int model);

/* Apply or revert p.  0, or -1 with err set and every byte of text as it was
 * (a refused entry, a conflict with a probe, a failing pre_patch callback, or
 * a thread that stayed inside a function being replaced: err names both).
 * Only the newest enabled patch of a function may be reverted. */
int lp_enable(struct lp_patch *p, char *err, size_t errlen);
int lp_disable(struct lp_patch *p, char *err, size_t errlen);

/* The function that runs when fn is called now (fn itself when unpatched). */
void *lp_active(void *fn);
bool lp_entry_patchable(void *fn);    /* fn starts with a listed 5-byte nop */
/* The site whose 5-byte entry overlaps [start, end) (for the probes' H10
 * check): its function's name, or NULL. */
const char *lp_entry_redirected(uint32_t start, uint32_t end);

struct lp_stats { uint32_t enabled, disabled, refused, aborted, retries; uint64_t stopped_ns; };
extern struct lp_stats lp_stats;
#endif
