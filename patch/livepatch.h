/* Live patches: whole functions replaced while the kernel runs.  A patch is a
 * set of (old function, new function) pairs applied and reverted as one unit.
 * The redirect is written at the old function's entry, a 5-byte nop that
 * files built with Makefile's LP_FENTRY start every function with (Linux's
 * ftrace site; SDM Vol. 2B NOP 0F 1F /0).  The consistency models: patch/lp_core.c (kpatch, ksplice) and
 * patch/lp_trans.c (kgraft, livepatch). */
#ifndef LIVEPATCH_H
#define LIVEPATCH_H
#include "kernel/types.h"

struct thread;

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
    volatile bool transition;         /* its patch is in transition (the dispatcher decides) */
    bool nop;                         /* atomic replace: back to the original (new_fn unused) */
};

/* LP_NAIVE, a negative control: every entry redirected at once, nothing checked. */
enum lp_model { LP_MODEL_BOOT = -1, LP_KPATCH, LP_KSPLICE, LP_KGRAFT, LP_LIVEPATCH, LP_NAIVE, LP_MODEL_N };
enum lp_state { LP_OFF, LP_ON };

struct lp_patch {
    const char *name;
    struct lp_func *funcs;
    int nfuncs;
    int model;                        /* enum lp_model; LP_MODEL_BOOT: lp_model= */
    bool replace;                     /* atomic replace: every other patch's functions it does not
                                       * name go back to their originals in the same transition,
                                       * and the other patches are gone once it is on (their
                                       * callbacks are not run) */
    /* callbacks, each optional: a pre_patch that returns nonzero refuses the patch */
    int (*pre_patch)(struct lp_patch *);
    void (*post_patch)(struct lp_patch *);
    void (*pre_unpatch)(struct lp_patch *);
    void (*post_unpatch)(struct lp_patch *);
    /* state */
    int state;                        /* enum lp_state */
    bool forced;                      /* completed by lp_force: never reverted */
    struct lp_func *nops;             /* replace: the functions it takes back to their originals */
    int nnops;
    struct lp_patch *next;            /* enabled patches, newest first */
};

/* Initializers: LP_FUNC(old, new) and LP_PATCH_INIT(name, funcs, model). */
#define LP_FUNC(old, new) { .name = #old, .old_fn = (void *)(old), .new_fn = (void *)(new) }
#define LP_PATCH_INIT(nm, f, m) { .name = (nm), .funcs = (f), .nfuncs = sizeof(f) / sizeof((f)[0]), .model = (m) }

/* Patches the shell can name (`lp`): LP_PATCH(p) lists p in .lpatch. */
#define LP_PATCH(p) \
    static struct lp_patch *const lp_ref_##p __attribute__((used, section(".lpatch"), aligned(4))) = &(p)
int lp_patch_count(void);
struct lp_patch *lp_patch_at(int i);
struct lp_patch *lp_patch_find(const char *name);
struct lp_patch *lp_in_transition(void);           /* or NULL */
int lp_thread_universe(const struct thread *t);    /* 0 unpatched, 1 patched */
int lp_transition_target(void);

extern int lp_model;                  /* boot parameter lp_model= */
extern int lp_tries;                  /* kpatch/ksplice: checks before an abort */
extern int lp_wait_ms;                /* kgraft/livepatch: guest ms before a transition is reported */
const char *lp_model_name(int model);

/* Apply or revert p (thread context).  0: done; -1: err says why and every
 * byte of text is as it was (a refused entry, a conflict with a probe, a
 * failing pre_patch callback, a kpatch/ksplice abort: a thread stayed inside
 * a function being replaced).  Only the newest patch of a function may be
 * reverted.  kgraft/livepatch: 1 when the transition is not complete after
 * lp_wait_ms of guest progress (err names a straggler; every straggler's
 * frames are printed); it stays in progress: lp_continue() tries again,
 * lp_force() completes it, and lp_enable/lp_disable of the same patch
 * reverse it.  Under kgraft the caller switches at once: it must not call
 * from inside a function its patch replaces. */
int lp_enable(struct lp_patch *p, char *err, size_t errlen);
int lp_disable(struct lp_patch *p, char *err, size_t errlen);
int lp_continue(char *err, size_t errlen);
int lp_force(char *err, size_t errlen);

/* A safe point: the calling thread holds no function of any patch on its
 * stack (the idle loop, the return to user mode, a kernel thread's main
 * loop); under kgraft and livepatch it switches to the target universe. */
void lp_safe_point(void);
/* kernel/sched.c, an interrupt's exit to kernel code with a reschedule
 * pending (the kick's IPI; interrupts off), under every preemption model:
 * under livepatch, a thread not yet switched checks its own stack and
 * switches if it holds no version it leaves (a CPU-bound thread the kick
 * leaves on its CPU). */
void lp_preempt_point(void);
/* A kernel thread's main-loop wait: a safe point for as long as it sleeps
 * there (kGraft's kthread freezer point), so kgraft switches it asleep. */
struct waitq;
void lp_safe_wait(struct waitq *wq, bool (*cond)(void *), void *arg);
struct thread;
void lp_thread_init(struct thread *t);   /* kernel/thread.c, registry lock held */

/* The function that runs when fn is called now (fn itself when unpatched). */
void *lp_active(void *fn);
bool lp_entry_patchable(void *fn);    /* fn starts with a listed 5-byte nop */

/* Shadow variables: data attached to an object a patch cannot change.
 * alloc: zeroed, then ctor(data, arg) if given, before it can be found;
 * NULL if (obj, id) has one already or memory is out; get:
 * lock-free, from any context, NULL if none; free and free_all: thread
 * context, they wait for every CPU (the memory is gone when they return). */
void *lp_shadow_alloc(void *obj, uint32_t id, size_t size, void (*ctor)(void *data, void *arg), void *arg);
void *lp_shadow_get(void *obj, uint32_t id);
void lp_shadow_free(void *obj, uint32_t id);
void lp_shadow_free_all(uint32_t id);
extern bool lp_shadow_no_grace;       /* self-test control: free with no grace period */

/* Self-test hook (lp-cells L10): kpatch's and ksplice's rendezvous calls it
 * after each store to an entry, with how many of its 5 bytes are written. */
extern void (*lp_entry_store_hook)(void *entry, int written);
/* Self-test hook (lp-cells L15): livepatch's check of a stopped thread
 * calls it between the thread's unwind and its compare-and-swap. */
extern void (*lp_check_hook)(struct thread *t);

struct lp_stats {
    uint32_t enabled, disabled, refused, aborted, retries;   /* patches; kpatch/ksplice checks */
    uint32_t stuck, reversed, forced, nudged;                /* transitions (kgraft/livepatch) */
    uint32_t self;                    /* livepatch: threads that switched themselves (lp_preempt_point) */
    uint64_t stopped_ns;                                     /* other CPUs parked (kpatch/ksplice) */
    uint32_t passes;                  /* kgraft/livepatch: passes over every thread */
    uint64_t pass_ns;                 /* the patcher's time in them (not the sleeps between) */
};
extern struct lp_stats lp_stats;
#endif
