/* Live patches (see livepatch.h): the entry sites listed in __mcount_loc, a
 * stack of versions per site (the newest enabled patch's on top), and the
 * stop-machine models: kpatch (the exact unwind of every thread and
 * interrupted frame) and ksplice (the same with the word scan), each try a
 * pre-scan of the stopped threads with every CPU running, then one
 * rendezvous that rescans only what ran since and writes (docs/quiesce.md).
 * A frame in a function being replaced, old or active version, means retry
 * with backoff, then an abort that names the thread and the function.
 * tests/model/lptrans.pml: lp_kpatch (rv_switch), lp_naive; its lp_pop is
 * lp_sites_push(p, false) in trans_complete (lp_trans.c). */
#include "patch/lp_int.h"
#include "patch/codehome.h"
#include "patch/poke.h"
#include "kernel/ksym.h"
#include "kernel/ipi.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/clock.h"
#include "kernel/param.h"
#include "kernel/panic.h"
#include "kernel/sleeplock.h"

extern const uint32_t __lp_entry_start[], __lp_entry_end[];
const uint8_t lp_nop5[5] = { 0x0F, 0x1F, 0x44, 0x00, 0x00 };

int lp_model = LP_LIVEPATCH;
KPARAM_ENUM("lp_model", lp_model, "kpatch|ksplice|kgraft|livepatch|naive",
            "live patches' consistency model when a patch names none (naive: a negative control)");
int lp_tries = 8;
KPARAM_INT("lp_tries", lp_tries, 1, 1000, "kpatch/ksplice: stack checks before a patch is aborted");
struct lp_stats lp_stats;

static struct lp_site *sites;
struct lp_site *lp_stub_site[LP_STUBS];
static int nstubs;
static char resv_owner;               /* every entry a live patch holds */
static struct lp_patch *enabled;      /* newest first */
static struct sleeplock lp_lock = SLEEPLOCK_INIT("livepatch");

const char *lp_model_name(int m)
{
    static const char *const names[LP_MODEL_N] = { "kpatch", "ksplice", "kgraft", "livepatch", "naive" };
    return m >= 0 && m < LP_MODEL_N ? names[m] : "?";
}

extern struct lp_patch *const __lpatch_start[], *const __lpatch_end[];
int lp_patch_count(void) { return (int)(__lpatch_end - __lpatch_start); }
struct lp_patch *lp_patch_at(int i) { return i >= 0 && i < lp_patch_count() ? __lpatch_start[i] : NULL; }

struct lp_patch *lp_patch_find(const char *name)
{
    int i;
    for (i = 0; i < lp_patch_count(); i++)
        if (!kstrcmp(__lpatch_start[i]->name, name))
            return __lpatch_start[i];
    return NULL;
}

bool lp_entry_patchable(void *fn)
{
    const uint32_t *e;
    for (e = __lp_entry_start; e < __lp_entry_end; e++)
        if (*e == (uint32_t)fn)
            return true;
    return false;
}

static struct lp_site *site_of(uint32_t addr)
{
    struct lp_site *s;
    for (s = sites; s; s = s->next)
        if (s->addr == addr)
            return s;
    return NULL;
}

void *lp_active(void *fn)
{
    struct lp_site *s = site_of((uint32_t)fn);
    return s && s->top ? s->top->new_fn : fn;
}

/* [lo, hi) of the code a version runs: the original function or a new one. */
void lp_version_range(const struct lp_site *s, const struct lp_func *v, struct dj_range *r)
{
    const struct ksym *k;
    if (!v || v->nop) {
        *r = (struct dj_range){ s->addr, s->addr + s->size, false, { 0 } };
        return;
    }
    k = ksym_lookup((uint32_t)v->new_fn);
    *r = (struct dj_range){ (uint32_t)v->new_fn, k ? k->addr + k->size : (uint32_t)v->new_fn + 1, false, { 0 } };
}

/* The entry's bytes for a jump to target, or its nop (target 0). */
void lp_entry_bytes(const struct lp_site *s, uint32_t target, uint8_t b[5])
{
    uint32_t rel = target - (s->addr + 5);
    if (!target) {
        kmemcpy(b, lp_nop5, 5);
        return;
    }
    b[0] = 0xE9; b[1] = rel; b[2] = rel >> 8; b[3] = rel >> 16; b[4] = rel >> 24;
}

static uint32_t version_addr(const struct lp_func *v)
{
    return v && !v->nop ? (uint32_t)v->new_fn : 0;
}

/* The enabled patch whose version v is (for a refusal's message). */
static const char *patch_name_of(const struct lp_func *v)
{
    struct lp_patch *q;
    for (q = enabled; q; q = q->next)
        if (v >= q->funcs && v < q->funcs + q->nfuncs)
            return q->name;
    return "?";
}

/* Where calls of f are sent: the first byte of a function in kernel text,
 * not inside a function p replaces (f's own included: its entry would jump
 * to itself, or into its own body), and not an entry a patch redirects
 * (calls would go on to that version; two such patches would send calls
 * round for ever).  Only a new function that starts like an entry (the nop
 * or a jump) or lies inside a function is compared with every function p
 * replaces: a patch of 100 checks no 10,000 pairs.  Text lock held. */
static int check_new(struct lp_patch *p, struct lp_func *f, char *err, size_t n)
{
    uint32_t v = (uint32_t)f->new_fn, in;
    const uint8_t *b = f->new_fn;
    const struct ksym *k = ksym_lookup(v), *o = ksym_lookup(v - 1);
    struct lp_site *s;
    bool entry;
    int i;
    if (!k)
        return ksnprintf(err, n, "patch %s: the new %s at %p is not kernel text", p->name, f->name,
                         f->new_fn), -1;
    if (k->addr != v)
        return ksnprintf(err, n, "patch %s: the new %s at %p is not the first byte of a function (it is "
                         "%s+%#x)", p->name, f->name, f->new_fn, k->name, v - k->addr), -1;
    if (ksym_part_owner(v))                                       /* X.cold: it jumps back into X */
        return ksnprintf(err, n, "patch %s: the new %s at %p is not the first byte of a function (it is %s, "
                         "a part the compiler split off a function)", p->name, f->name, f->new_fn, k->name), -1;
    in = o && o->addr < v && v - o->addr < o->size ? o->addr : 0;   /* v is a label inside o */
    entry = !kmemcmp(b, lp_nop5, 5) || b[0] == 0xE9;               /* v may be a patchable entry */
    for (i = 0; (entry || in) && i < p->nfuncs; i++) {
        struct lp_func *g = &p->funcs[i];
        if (v == (uint32_t)g->old_fn)
            return ksnprintf(err, n, "patch %s: the new %s is %s%s", p->name, f->name,
                             g == f ? "the old one" : g->name,
                             g == f ? " (its entry would jump to itself)" : ", which this patch replaces"), -1;
        if (in == (uint32_t)g->old_fn)
            return ksnprintf(err, n, "patch %s: the new %s at %p is inside the old %s", p->name, f->name,
                             f->new_fn, g->name), -1;
    }
    if (in)                                                       /* a label inside a function */
        return ksnprintf(err, n, "patch %s: the new %s at %p is not the first byte of a function (it is %s, "
                         "inside %s)", p->name, f->name, f->new_fn, k->name, o->name), -1;
    if (entry && (s = site_of(v)) && s->top)
        return ksnprintf(err, n, "patch %s: the new %s is %s, whose entry patch %s redirects", p->name, f->name,
                         s->name, patch_name_of(s->top)), -1;
    return 0;
}

/* Is p's function f refused?  Text lock held.  Reserves a first entry. */
static int check_func(struct lp_patch *p, struct lp_func *f, char *err, size_t n)
{
    uint32_t a = (uint32_t)f->old_fn;
    struct lp_site *s = site_of(a);
    struct text_resv *r;
    if (!f->old_fn || !f->new_fn)
        return ksnprintf(err, n, "patch %s: %s: no %s function", p->name, f->name, f->old_fn ? "new" : "old"), -1;
    if (!lp_entry_patchable(f->old_fn))
        return ksnprintf(err, n, "patch %s: %s has no patchable entry (not built with LP_FENTRY)",
                         p->name, f->name), -1;
    if ((a & 7) > 3)                          /* entry_store: one aligned 8-byte store */
        return ksnprintf(err, n, "patch %s: the entry of %s at %08x crosses an 8-byte boundary: it cannot be "
                         "written in one store, which an NMI cannot see half done", p->name, f->name, a), -1;
    if (check_new(p, f, err, n))
        return -1;
    r = text_reserved(a, a + 5);
    if (!s && nstubs == LP_STUBS)
        return ksnprintf(err, n, "patch %s: %s would be patched function %d of at most %d", p->name, f->name,
                         LP_STUBS + 1, LP_STUBS), -1;
    if (r && (r->user != TEXT_LIVEPATCH || !s || r != &s->resv))
        return ksnprintf(err, n, "patch %s: the entry of %s is held by an %s (at %08x)", p->name, f->name,
                         text_user_name(r->user), r->start), -1;
    if (!r && kmemcmp((void *)a, lp_nop5, 5))
        return ksnprintf(err, n, "patch %s: the entry of %s is not its 5-byte nop", p->name, f->name), -1;
    return 0;
}

static int check_patch(struct lp_patch *p, char *err, size_t n)
{
    int i, k;
    if (p->nfuncs < 1 || !p->funcs)
        return ksnprintf(err, n, "patch %s: no functions", p->name), -1;
    for (i = 0; i < p->nfuncs; i++) {
        for (k = 0; k < i; k++)
            if (p->funcs[k].old_fn == p->funcs[i].old_fn)
                return ksnprintf(err, n, "patch %s: %s is replaced twice", p->name, p->funcs[i].name), -1;
        if (check_func(p, &p->funcs[i], err, n))
            return -1;
    }
    return 0;
}

static struct lp_site *site_get(struct lp_func *f)
{
    uint32_t a = (uint32_t)f->old_fn;
    struct lp_site *s = site_of(a);
    const struct ksym *k = ksym_lookup(a);
    if (s)
        return s;
    s = kmalloc(sizeof *s);
    if (!s)
        panic("livepatch: out of memory for a site");
    ASSERT(nstubs < LP_STUBS);
    *s = (struct lp_site){ a, k ? k->addr + k->size - a : 5, f->name, NULL, { 0 }, nstubs, sites };
    lp_stub_site[nstubs++] = s;
    sites = s;
    return s;
}

/* One stop-machine switch: with every other CPU parked, no thread or frame
 * inside a range (else nothing is written), then every entry rewritten. */
struct lp_switch {
    struct lp_patch *p;
    bool enable;
    int scan;                         /* DJ_SCAN_* */
    struct dj_range *r;
    int nr;
    uint8_t (*bytes)[5];
};

void (*lp_entry_store_hook)(void *entry, int written);

/* An entry's five bytes, inside the rendezvous.  The other CPUs are parked
 * with interrupts off, but NMIs still arrive, and one that calls the
 * function must not run a half-written entry (before: the bytes went one at
 * a time, and L10's NMI read e9 1f 44 00 00).  So one atomic store of the
 * aligned quadword that holds them (check_func: an entry never crosses
 * one): an NMI on any CPU runs the old entry or the new one. */
static void entry_store(void *entry, const uint8_t b[5])
{
    uint32_t a = (uint32_t)entry, q = a & ~7u;
    uint8_t old[8], new[8];
    ASSERT(a - q <= 3);
    kmemcpy(old, (void *)q, 8);
    kmemcpy(new, old, 8);
    kmemcpy(new + (a - q), b, 5);
    text_patch_store8((void *)q, old, new);
    if (lp_entry_store_hook)
        lp_entry_store_hook(entry, 5);
}

static int rv_switch(void *arg)
{
    struct lp_switch *w = arg;
    int i;
    if (quiesce_scan_parked())               /* what ran since the pre-scan, the parked CPUs */
        return 1;
    for (i = 0; i < lp_nall(w->p); i++)
        entry_store(lp_fn(w->p, i)->old_fn, w->bytes[i]);
    return 0;
}

/* The ranges being replaced (old and active versions) and the new entries. */
static void switch_prepare(struct lp_switch *w)
{
    int i;
    struct lp_patch *p = w->p;
    w->nr = 0;
    for (i = 0; i < lp_nall(p); i++) {
        struct lp_func *f = lp_fn(p, i);
        struct lp_site *s = w->enable ? site_get(f) : f->site;
        lp_version_range(s, s->top, &w->r[w->nr++]);
        if (!w->enable)
            lp_version_range(s, f->below, &w->r[w->nr++]);
        lp_entry_bytes(s, version_addr(w->enable ? f : f->below), w->bytes[i]);
    }
}

struct tid_name { int tid; char name[20]; };
static void match_tid(struct thread *t, void *arg)
{
    struct tid_name *q = arg;
    if (t->tid == q->tid)
        kmemcpy(q->name, t->name, sizeof q->name);
}

/* The busy range's holder, for the abort's message. */
static void busy_why(struct lp_switch *w, char *err, size_t n, int tries)
{
    int i;
    char at[96] = "?";
    struct tid_name q = { -1, "?" };
    const struct ksym *k = NULL;
    for (i = 0; i < w->nr && !w->r[i].busy; i++)
        ;
    if (i < w->nr) {
        k = ksym_lookup(w->r[i].lo);
        code_home_format(w->r[i].f.v, at, sizeof at);
        q.tid = w->r[i].f.tid;
        thread_foreach(match_tid, &q);
    }
    ksnprintf(err, n, "patch %s: %s: thread %d (%s) is inside %s (%s %s) after %d checks; aborted",
              w->p->name, lp_model_name(w->p->model), q.tid, q.name, k ? k->name : "?",
              i < w->nr ? w->r[i].f.how : "?", at, tries);
}

/* One try: the pre-scan of every stopped thread with every CPU running
 * (docs/quiesce.md), then, unless it found a thread inside already, the
 * recheck of what ran since and the write in one rendezvous.  1: busy. */
static int switch_try(struct lp_switch *w)
{
    uint64_t t0, stall = 0;
    int busy = quiesce_prescan_parked(w->r, w->nr, DJC_IPSCAN | DJC_STACK, w->scan) != 0;
    if (!busy) {
        text_lock();
        text_sync_cores();
        t0 = clock_ns();
        busy = rendezvous_run(rv_switch, w);
        stall = clock_ns() - t0;
        lp_stats.stopped_ns += stall;
        text_sync_cores();
        text_unlock();
    }
    quiesce_parked_done(stall);
    return busy;
}

/* Check and write, up to lp_tries times with a growing sleep between (1, 2,
 * 4 ... 64 ms), each try with a fresh pre-scan.  0 once written. */
static int switch_stop_machine(struct lp_switch *w, char *err, size_t n)
{
    int t, busy = 1;
    for (t = 0; t < lp_tries && busy; t++) {
        if (t) {
            lp_stats.retries++;
            thread_sleep_ns((uint64_t)(1u << (t < 7 ? t - 1 : 6)) * 1000000u);
        }
        busy = switch_try(w);
    }
    if (busy)
        busy_why(w, err, n, t);
    return busy ? -1 : 0;
}

static int resolve_model(struct lp_patch *p, char *err, size_t n)
{
    if (p->model == LP_MODEL_BOOT)
        p->model = lp_model;
    if (p->model < 0 || p->model >= LP_MODEL_N)
        return ksnprintf(err, n, "patch %s: no model %d", p->name, p->model), -1;
    return 0;
}

static int run_switch(struct lp_patch *p, bool enable, char *err, size_t n)
{
    struct lp_switch w = { p, enable, p->model == LP_KSPLICE ? DJ_SCAN_WORDS : DJ_SCAN_FRAMES, NULL, 0, NULL };
    int rc;
    w.r = kmalloc_array((uint32_t)lp_nall(p), 2 * sizeof *w.r);
    w.bytes = kmalloc_array((uint32_t)lp_nall(p), 5);
    if (!w.r || !w.bytes)
        panic("livepatch: out of memory for a switch of %d functions", lp_nall(p));
    switch_prepare(&w);
    rc = switch_stop_machine(&w, err, n);
    kfree(w.r);
    kfree(w.bytes);
    return rc;
}

/* A first patch of a function reserves its entry (H10: no probe may take
 * it from now on); unreserve undoes that for a patch that did not go on. */
static void reserve_entries(struct lp_patch *p, bool take)
{
    int i;
    for (i = 0; i < p->nfuncs; i++) {             /* a nop's entry is reserved already */
        struct lp_site *s = site_get(&p->funcs[i]);
        if (s->top)
            continue;
        if (take)
            ASSERT(text_reserve(&s->resv, s->addr, s->addr + 5, TEXT_LIVEPATCH, &resv_owner) == 0);
        else
            text_unreserve(&s->resv);
    }
}

/* Push p's versions on their sites' stacks, or pop them (text lock taken). */
/* A stop-machine or naive switch: no transition (a popped version may keep
 * its flag from a per-thread transition: lp_trans.c). */
static void lp_flags_clear(struct lp_patch *p)
{
    int i;
    for (i = 0; i < lp_nall(p); i++)
        lp_fn(p, i)->transition = false;
}

void lp_sites_push(struct lp_patch *p, bool push)
{
    int i;
    text_lock();
    for (i = 0; i < lp_nall(p); i++) {
        struct lp_func *f = lp_fn(p, i);
        if (push) {
            f->site = site_get(f);
            f->below = f->site->top;
            __atomic_store_n(&f->site->top, f, __ATOMIC_RELEASE);
        } else {
            ASSERT(f->site->top == f);
            __atomic_store_n(&f->site->top, f->below, __ATOMIC_RELEASE);
            if (!f->below)
                text_unreserve(&f->site->resv);
            f->site = NULL;
        }
    }
    text_unlock();
}

/* p is on or off now: the list of enabled patches and the callback. */
void lp_set_state(struct lp_patch *p, bool on)
{
    struct lp_patch **pp;
    if (on) {
        p->next = enabled;
        enabled = p;
        lp_stats.enabled++;
    } else {
        for (pp = &enabled; *pp != p; pp = &(*pp)->next)
            ;
        *pp = p->next;
        lp_stats.disabled++;
    }
    p->state = on ? LP_ON : LP_OFF;
    if (on && p->post_patch)
        p->post_patch(p);
    if (!on && p->post_unpatch)
        p->post_unpatch(p);
}

static bool names(struct lp_patch *p, void *old_fn, int upto)
{
    int i;
    for (i = 0; i < upto; i++)
        if (lp_fn(p, i)->old_fn == old_fn)
            return true;
    return false;
}

/* Atomic replace: a nop for every function another enabled patch replaces
 * and p does not name (Linux's klp_add_nops). */
static void make_nops(struct lp_patch *p)
{
    struct lp_patch *q;
    int i, n = 0;
    for (q = enabled; q; q = q->next)
        n += q->nfuncs;
    p->nnops = 0;
    p->nops = n ? kmalloc_array((uint32_t)n, sizeof *p->nops) : NULL;
    if (n && !p->nops)
        panic("livepatch: out of memory for %d nops", n);
    for (q = enabled; q; q = q->next)
        for (i = 0; i < q->nfuncs; i++)
            if (!names(p, q->funcs[i].old_fn, lp_nall(p)))
                p->nops[p->nnops++] = (struct lp_func){ q->funcs[i].name, q->funcs[i].old_fn, NULL, NULL, NULL,
                                                        false, true };
}

/* p (replace) is on: the patches it replaced leave every stack and are off,
 * without their callbacks; its nops leave too (their entries are nops
 * already).  Or p did not go on: its nops are dropped.  The nops' memory is
 * kept for good: a thread preempted in lp_dispatch may still read one. */
void lp_replace_done(struct lp_patch *p, bool on)
{
    struct lp_patch *q, *next;
    struct lp_func **pp;
    int i;
    if (!p->replace)
        return;
    text_lock();
    for (q = enabled; on && q; q = next) {
        next = q->next;
        if (q == p)
            continue;
        for (i = 0; i < q->nfuncs; i++) {
            struct lp_func *f = &q->funcs[i];
            for (pp = &f->site->top; *pp != f; pp = &(*pp)->below)
                ASSERT(*pp);
            *pp = f->below;
            f->site = NULL;
        }
        q->state = LP_OFF;
        lp_stats.disabled++;
    }
    if (on)
        enabled = NULL;                       /* p is added back by lp_set_state */
    for (i = 0; on && i < p->nnops; i++) {
        struct lp_site *s = p->nops[i].site;
        ASSERT(s->top == &p->nops[i] && !p->nops[i].below);
        s->top = NULL;
        text_unreserve(&s->resv);
    }
    text_unlock();
    p->nops = NULL;
    p->nnops = 0;
}

/* Every entry of p to its stub, to p's versions or to the versions below
 * them: one batch through the int3 protocol, in address order (p's versions
 * on their sites' stacks; text lock not held). */
int lp_write_entries(struct lp_patch *p, int to, char *err, size_t n)
{
    struct poke_site *ps = kmalloc_array((uint32_t)lp_nall(p), sizeof *ps);
    int i, k, rc;
    if (!ps)
        panic("livepatch: out of memory for %d entry writes", lp_nall(p));
    for (i = 0; i < lp_nall(p); i++) {
        struct lp_func *f = lp_fn(p, i);
        struct lp_site *s = f->site;
        struct poke_site x = { .addr = (uint8_t *)s->addr, .len = 5 };
        lp_entry_bytes(s, to == LP_TO_STUBS ? (uint32_t)lp_stubs + s->stub * LP_STUB_SIZE :
                          version_addr(to == LP_TO_NEW ? f : f->below), x.new);
        for (k = i; k > 0 && ps[k - 1].addr > x.addr; k--)
            ps[k] = ps[k - 1];
        ps[k] = x;
    }
    rc = text_poke_batch_as(ps, lp_nall(p), &resv_owner, err, n);
    kfree(ps);
    return rc;
}

static bool per_thread(const struct lp_patch *p)
{
    return p->model == LP_KGRAFT || p->model == LP_LIVEPATCH;
}

int lp_enable(struct lp_patch *p, char *err, size_t n)
{
    int rc = -1;
    if (!p)
        return ksnprintf(err, n, "lp_enable: no patch (NULL)"), -1;
    sleeplock_acquire(&lp_lock);
    if (lp_transition == p) {                  /* reverse its disable */
        lp_trans_reverse();
        rc = lp_trans_finish(err, n);
        sleeplock_release(&lp_lock);
        return rc;
    }
    text_lock();
    if (lp_transition)
        ksnprintf(err, n, "patch %s: patch %s is in transition", p->name, lp_transition->name);
    else if (p->state != LP_OFF)
        ksnprintf(err, n, "patch %s is already enabled", p->name);
    else if (!resolve_model(p, err, n) && !check_patch(p, err, n))
        rc = 0;
    if (!rc)
        reserve_entries(p, true);
    text_unlock();
    if (rc) {
        lp_stats.refused++;
        sleeplock_release(&lp_lock);
        return -1;
    }
    if (p->replace)
        make_nops(p);
    if (p->pre_patch && p->pre_patch(p)) {
        ksnprintf(err, n, "patch %s: its pre-patch callback refused it", p->name);
        lp_stats.refused++;
        rc = -1;
    } else if (per_thread(p)) {
        rc = lp_trans_start(p, true, err, n);
    } else if (p->model == LP_NAIVE) {
        lp_sites_push(p, true);
        lp_flags_clear(p);
        if (lp_write_entries(p, LP_TO_NEW, err, n))
            panic("livepatch: naive entries refused: %s", err);
        lp_replace_done(p, true);
        lp_set_state(p, true);
    } else if ((rc = run_switch(p, true, err, n))) {
        lp_stats.aborted++;
        if (p->post_unpatch)
            p->post_unpatch(p);                /* undoes what pre_patch did */
    } else {
        lp_sites_push(p, true);
        lp_flags_clear(p);
        lp_replace_done(p, true);
        lp_set_state(p, true);
    }
    if (rc < 0) {
        lp_replace_done(p, false);
        text_lock();
        reserve_entries(p, false);
        text_unlock();
    }
    sleeplock_release(&lp_lock);
    return rc;
}

int lp_disable(struct lp_patch *p, char *err, size_t n)
{
    int i, rc = 0;
    if (!p)
        return ksnprintf(err, n, "lp_disable: no patch (NULL)"), -1;
    sleeplock_acquire(&lp_lock);
    if (lp_transition == p) {                  /* reverse its enable */
        lp_trans_reverse();
        rc = lp_trans_finish(err, n);
        sleeplock_release(&lp_lock);
        return rc;
    }
    if (lp_transition)
        rc = -1, ksnprintf(err, n, "patch %s: patch %s is in transition", p->name, lp_transition->name);
    else if (p->state != LP_ON)
        rc = -1, ksnprintf(err, n, "patch %s is not enabled", p->name);
    else if (p->forced)
        rc = -1, ksnprintf(err, n, "patch %s was forced: it can never be reverted", p->name);
    for (i = 0; !rc && i < p->nfuncs; i++)
        if (p->funcs[i].site->top != &p->funcs[i])
            rc = -1, ksnprintf(err, n, "patch %s: a newer patch replaces %s; revert that one first", p->name,
                               p->funcs[i].name);
    if (!rc && p->pre_unpatch)
        p->pre_unpatch(p);
    if (rc) {
    } else if (per_thread(p)) {
        rc = lp_trans_start(p, false, err, n);
    } else if (p->model == LP_NAIVE) {
        if (lp_write_entries(p, LP_TO_BELOW, err, n))
            panic("livepatch: naive entries refused: %s", err);
        lp_sites_push(p, false);
        lp_set_state(p, false);
    } else if ((rc = run_switch(p, false, err, n))) {
        lp_stats.aborted++;
        if (p->post_patch)
            p->post_patch(p);                  /* it stays on, as after its enable */
    } else {
        lp_sites_push(p, false);
        lp_set_state(p, false);
    }
    sleeplock_release(&lp_lock);
    return rc;
}

int lp_continue(char *err, size_t n)
{
    int rc = 0;
    sleeplock_acquire(&lp_lock);
    if (lp_transition)
        rc = lp_trans_finish(err, n);
    sleeplock_release(&lp_lock);
    return rc;
}

int lp_force(char *err, size_t n)
{
    int rc = -1;
    sleeplock_acquire(&lp_lock);
    if (!lp_transition)
        ksnprintf(err, n, "no patch is in transition");
    else
        rc = lp_trans_force(err, n);
    sleeplock_release(&lp_lock);
    return rc;
}
