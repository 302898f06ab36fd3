/* Internal to live patches (patch/lp_*.c): a patched function's site, the
 * per-thread universe word and the transition of the per-thread models.
 * Contract with patch/lp_dispatch.S: stub i is at lp_stubs + i * LP_STUB_SIZE
 * and pushes i; lp_dispatch(i) returns where the call goes on. */
#ifndef LP_INT_H
#define LP_INT_H
#define LP_STUB_SIZE 16
#define LP_STUBS     256
#ifndef __ASSEMBLY__
#include "patch/livepatch.h"
#include "patch/djprobe_int.h"
#include "patch/reserve.h"

struct lp_site {
    uint32_t addr, size;              /* the original function */
    const char *name;
    struct lp_func *top;              /* the active version; NULL: the original */
    struct text_resv resv;            /* [addr, addr + 5) while redirected */
    int stub;                         /* its dispatcher stub, for good (a thread may be inside) */
    struct lp_site *next;
};

/* thread->lp_word: the universe in the low byte, above it a count of the
 * times the thread was picked to run (kernel/sched.c adds LP_GEN_ONE before
 * it runs), so a check of a stopped thread can tell that it ran meanwhile. */
#define LP_U_MASK   0xFFu
enum { LP_U_UNPATCHED, LP_U_PATCHED };

/* A patch's functions and then its atomic-replace nops. */
static inline int lp_nall(const struct lp_patch *p) { return p->nfuncs + p->nnops; }
static inline struct lp_func *lp_fn(struct lp_patch *p, int i)
{
    return i < p->nfuncs ? &p->funcs[i] : &p->nops[i - p->nfuncs];
}

extern const uint8_t lp_nop5[5];
extern char lp_stubs[], lp_dispatch_end[];      /* the stubs, then lp_dispatch_common */
extern struct lp_patch *volatile lp_transition;   /* the patch in transition, or NULL */
extern struct lp_site *lp_stub_site[LP_STUBS];     /* stub i's site, for good */

/* lp_core.c */
void lp_entry_bytes(const struct lp_site *s, uint32_t target, uint8_t b[5]);
void lp_version_range(const struct lp_site *s, const struct lp_func *v, struct dj_range *r);
void lp_sites_push(struct lp_patch *p, bool push);
void lp_set_state(struct lp_patch *p, bool on);
void lp_replace_done(struct lp_patch *p, bool on);
enum { LP_TO_STUBS, LP_TO_NEW, LP_TO_BELOW };
int lp_write_entries(struct lp_patch *p, int to, char *err, size_t n);
/* lp_trans.c */
int lp_trans_start(struct lp_patch *p, bool enable, char *err, size_t n);
int lp_trans_finish(char *err, size_t n);
void lp_trans_reverse(void);
int lp_trans_force(char *err, size_t n);
uint32_t lp_dispatch(int i);
#endif
#endif
