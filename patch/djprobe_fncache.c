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
#include "kernel/size.h"
#include "kernel/panic.h"
#include "kernel/param.h"

static int fncache_trust;
KPARAM_ENUM("djprobe_fncache", fncache_trust, "check|trust",
            "kept function analyses: used while the hash of the function's bytes matches, or "
            "trusted whatever the bytes are now (a negative control: neg-djprobe-fncache-trust)");

#define NBUCKET 1024
#define HEAD ((uint32_t)__builtin_offsetof(struct analyze_fn, reason))
_Static_assert(HEAD + ANALYZE_REASON == sizeof(struct analyze_fn), "fncache: the reason is analyze_fn's last field");
/* An analysis kept: fn's fields up to its reason, then its three arrays,
 * then the reason if it failed (most kept analyses have none: the entry is a
 * fifth of a whole struct analyze_fn, and a kmalloc checks every byte). */
struct fc {
    uint32_t hash;
    bool bulk;                 /* carved from a chunk: never freed */
    struct fc *next;
    union { struct analyze_fn fn; uint8_t head[HEAD]; } u;
};
#define FC_SIZE ((uint32_t)__builtin_offsetof(struct fc, u) + HEAD)
_Static_assert(FC_SIZE % 4 == 0, "fncache: the arrays after an entry are word-aligned");
static struct fc *buckets[NBUCKET];
static struct analyze_fn out;             /* the one handed out */

/* Bulk mode (the index's pass over the whole text): entries carved from
 * chunks of whole pages, written at once (a kmalloc checks every byte it
 * hands out for the poison, five instructions a byte: more than the rest of
 * keeping an analysis). */
#define CHUNK (16 * PAGE_SIZE)
static bool bulk;
static uint8_t *chunk;
static uint32_t chunk_left;

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
    const uint32_t *w = (const uint32_t *)code;
    uint32_t h = 2166136261u, i;
    for (i = 0; i + 16 <= n; i += 16, w += 4) {          /* 4 words a turn */
        h = (h ^ w[0]) * 16777619u;
        h = (h ^ w[1]) * 16777619u;
        h = (h ^ w[2]) * 16777619u;
        h = (h ^ w[3]) * 16777619u;
    }
    for (; i + 4 <= n; i += 4)
        h = (h ^ *(const uint32_t *)(code + i)) * 16777619u;
    for (; i < n; i++)
        h = (h ^ code[i]) * 16777619u;
    return h;
}

static struct fc **slot_of(uint32_t start)
{
    struct fc **pp = &buckets[(start / 16) % NBUCKET];
    while (*pp && (*pp)->u.fn.start != start)
        pp = &(*pp)->next;
    return pp;
}

static struct fc *fc_alloc(uint32_t n)
{
    struct fc *c;
    if (!size_align(n, 4, &n))
        return NULL;                      /* a size that would wrap to a small one */
    if (!bulk || n > CHUNK)
        return (c = kmalloc(n)) ? (c->bulk = false, c) : NULL;
    if (n > chunk_left) {
        if (!(chunk = palloc_contig_raw(CHUNK / PAGE_SIZE)))
            return chunk_left = 0, NULL;
        chunk_left = CHUNK;
    }
    c = (struct fc *)chunk;
    chunk += n;
    chunk_left -= n;
    c->bulk = true;
    return c;
}

void dj_fn_bulk(bool on)
{
    ASSERT(text_lock_held());
    bulk = on;
}

/* Keep a copy of fn (just analysed from fn->code), replacing a stale one. */
static void keep(const struct analyze_fn *fn)
{
    struct fc **pp = slot_of(fn->start), *c;
    uint32_t words = (uint32_t)fn->ninsn + 2 * (uint32_t)fn->ntargets;
    uint32_t rlen = fn->err ? kstrlen(fn->reason) + 1 : 0;
    uint32_t *arr;
    if (*pp) {
        c = *pp;
        *pp = c->next;
        if (!c->bulk)
            kfree(c);                             /* a chunk's: unlinked only */
    }
    if (!(c = fc_alloc(FC_SIZE + words * 4 + rlen)))
        return;                                   /* not kept: analysed again next time */
    c->hash = hash_of(fn->code, fn->size);
    kmemcpy(c->u.head, fn, HEAD);
    arr = (uint32_t *)((uint8_t *)c + FC_SIZE);
    kmemcpy(arr, fn->insn_off, fn->ninsn * 4);
    kmemcpy(arr + fn->ninsn, fn->targets, fn->ntargets * 4);
    kmemcpy(arr + fn->ninsn + fn->ntargets, fn->target_src, fn->ntargets * 4);
    kmemcpy(arr + words, fn->reason, rlen);
    c->next = *pp;
    *pp = c;
}

/* The kept c as a whole analysis (in out, valid until the next call). */
static const struct analyze_fn *unpack(const struct fc *c, const uint8_t *code)
{
    uint32_t *arr = (uint32_t *)((uint8_t *)c + FC_SIZE);
    uint32_t words = (uint32_t)c->u.fn.ninsn + 2 * (uint32_t)c->u.fn.ntargets;
    kmemcpy(&out, c->u.head, HEAD);
    out.code = code;
    out.insn_off = arr;
    out.targets = arr + c->u.fn.ninsn;
    out.target_src = arr + c->u.fn.ninsn + c->u.fn.ntargets;
    out.insn_cap = c->u.fn.ninsn;
    out.target_cap = c->u.fn.ntargets;
    out.reason[0] = 0;
    if (out.err)
        kmemcpy(out.reason, arr + words, kstrlen((const char *)(arr + words)) + 1);
    return &out;
}

/* k's original bytes (probes restored) in the scratch, or NULL (out of
 * memory); valid until the next call. */
const uint8_t *dj_fn_code(const struct ksym *k)
{
    uint8_t *code;
    ASSERT(text_lock_held() && k->size);
    if (k->size > scratch_fits) {
        kfree(scratch);
        scratch_fits = (scratch = kmalloc_array(k->size, 13)) ? k->size : 0;
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
    if (c && c->u.fn.size == k->size && (fncache_trust || c->hash == hash_of(code, k->size)))
        return unpack(c, code);
    kmemset(&made, 0, HEAD);              /* analyze_function sets the reason */
    xref_tables(&made);                   /* jump tables: H4, not H5 */
    made.insn_cap = made.target_cap = (int)k->size;
    made.insn_off = scratch;              /* three arrays, then the code */
    made.targets = scratch + k->size;
    made.target_src = scratch + 2 * k->size;
    analyze_function(&made, code, k->addr, k->size);
    keep(&made);
    return &made;
}
