/* Per-function analyses (patch/insn/insn_analyze.h analyze_function) kept by
 * function start, for the jump optimizer and the branch index (patch/xref.c),
 * each with a hash of the function's original bytes (probes restored) it was
 * computed from: the analysis is a pure function of those bytes, so an entry
 * whose hash still matches is the analysis a new decode would give; one that
 * does not is redone.  Filled for the whole text when the branch index is
 * built (once), and on a miss.  Text lock held throughout. */
#include "patch/djprobe_int.h"
#include "patch/insn/insn_analyze.h"
#include "patch/xref.h"
#include "patch/poke.h"
#include "kernel/ksym.h"
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

/* Scratch for one function (text lock held): three arrays of one word per
 * byte, then its bytes, grown to the largest function seen and kept, so a
 * batch allocates nothing per site (a kmalloc checks and a kfree poisons
 * every byte: they cost more than the decode). */
static uint32_t *scratch;
static uint32_t scratch_fits;             /* function bytes */
static struct analyze_fn made;

/* FNV-1a over 32-bit words (then the last bytes): a word a step, as the
 * check runs at every site of a batch.  Each step is a bijection of the
 * hash, so a change in one word always changes it. */
static uint32_t hash_of(const uint8_t *code, uint32_t n)
{
    uint32_t h = 2166136261u, i;
    for (i = 0; i + 4 <= n; i += 4)
        h = (h ^ *(const uint32_t *)(code + i)) * 16777619u;
    for (; i < n; i++)
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

/* Keep a copy of fn (just analysed from fn->code), replacing a stale one. */
static void keep(const struct analyze_fn *fn)
{
    struct fc **pp = slot_of(fn->start), *c;
    uint32_t words = (uint32_t)fn->ninsn + 2 * (uint32_t)fn->ntargets;
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

/* k's original bytes (probes restored) in the scratch, or NULL (out of
 * memory); valid until the next call. */
const uint8_t *dj_fn_code(const struct ksym *k)
{
    uint8_t *code;
    ASSERT(text_lock_held() && k->size);
    if (k->size > scratch_fits) {
        kfree(scratch);
        scratch_fits = (scratch = kmalloc(k->size * 13)) ? k->size : 0;
    }
    if (!scratch)
        return NULL;
    code = (uint8_t *)(scratch + 3 * k->size);
    kprobe_orig_bytes(code, k->addr, k->size);
    return code;
}

/* The analysis of the function k from code = dj_fn_code(k): the one kept
 * for those bytes (their hash) (pointed at code), or made now in the scratch and kept. */
const struct analyze_fn *dj_fn_analysis(const struct ksym *k, const uint8_t *code)
{
    struct fc *c;
    ASSERT(text_lock_held() && code == (uint8_t *)(scratch + 3 * k->size));
    c = *slot_of(k->addr);
    if (c && c->fn.size == k->size && (fncache_trust || c->hash == hash_of(code, k->size))) {
        c->fn.code = code;
        return &c->fn;
    }
    kmemset(&made, 0, sizeof made);
    xref_tables(&made);                   /* jump tables: H4, not H5 */
    made.insn_cap = made.target_cap = (int)k->size;
    made.insn_off = scratch;              /* three arrays, then the code */
    made.targets = scratch + k->size;
    made.target_src = scratch + 2 * k->size;
    analyze_function(&made, code, k->addr, k->size);
    keep(&made);
    return &made;
}
