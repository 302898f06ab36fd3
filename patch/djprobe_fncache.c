/* Per-function analyses (patch/insn/insn_analyze.h analyze_function) kept by
 * function start for the jump optimizer, each with a hash of the function's
 * original bytes (probes restored) it was computed from: the analysis is a
 * pure function of those bytes, so an entry whose hash still matches is the
 * analysis a new decode would give; one that does not is redone.  Filled
 * for the whole text by djprobe_index() (once, like the branch index), and
 * on a miss.  Text lock held throughout (the optimizer's callers). */
#include "patch/djprobe_int.h"
#include "patch/insn/insn_analyze.h"
#include "patch/poke.h"
#include "kernel/mem.h"
#include "kernel/panic.h"
#include "kernel/param.h"

static int fncache_trust;
KPARAM_ENUM("djprobe_fncache", fncache_trust, "check|trust",
            "kept function analyses: used while the hash of the function's bytes matches, or "
            "trusted whatever the bytes are now (a negative control: neg-djprobe-fncache-trust)");

#define NBUCKET 1024
struct fc {
    uint32_t hash;
    struct analyze_fn fn;      /* its arrays follow the struct */
    struct fc *next;
};
static struct fc *buckets[NBUCKET];

/* FNV-1a over the bytes. */
static uint32_t hash_of(const uint8_t *code, uint32_t n)
{
    uint32_t h = 2166136261u, i;
    for (i = 0; i < n; i++)
        h = (h ^ code[i]) * 16777619u;
    return h;
}

static struct fc **slot_of(uint32_t start)
{
    struct fc **pp = &buckets[(start / 16) % NBUCKET];
    while (*pp && (*pp)->fn.start != start)
        pp = &(*pp)->next;
    return pp;
}

/* The kept analysis of the function at start whose original bytes are
 * code[0..size), pointed at code, or NULL. */
const struct analyze_fn *dj_fn_cached(uint32_t start, uint32_t size, const uint8_t *code)
{
    struct fc *c;
    ASSERT(text_lock_held());
    c = *slot_of(start);
    if (!c || c->fn.size != size || (!fncache_trust && c->hash != hash_of(code, size)))
        return NULL;
    c->fn.code = code;
    return &c->fn;
}

/* Keep a copy of fn (just analysed from fn->code), replacing a stale one. */
void dj_fn_keep(const struct analyze_fn *fn)
{
    struct fc **pp = slot_of(fn->start), *c;
    uint32_t words = (uint32_t)fn->ninsn + 2 * (uint32_t)fn->ntargets;
    ASSERT(text_lock_held());
    if (*pp) {
        c = *pp;
        *pp = c->next;
        kfree(c);
    }
    if (!(c = kmalloc(sizeof *c + words * 4)))
        return;                                   /* not kept: analysed again next time */
    c->hash = hash_of(fn->code, fn->size);
    c->fn = *fn;
    c->fn.insn_off = (uint32_t *)(c + 1);
    c->fn.targets = c->fn.insn_off + fn->ninsn;
    c->fn.target_src = c->fn.targets + fn->ntargets;
    c->fn.insn_cap = fn->ninsn;
    c->fn.target_cap = fn->ntargets;
    kmemcpy(c->fn.insn_off, fn->insn_off, fn->ninsn * 4);
    kmemcpy(c->fn.targets, fn->targets, fn->ntargets * 4);
    kmemcpy(c->fn.target_src, fn->target_src, fn->ntargets * 4);
    c->next = *pp;
    *pp = c;
}
