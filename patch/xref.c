/* Cross-function branch targets (see xref.h).  Built once, under the text
 * lock, from every text function's analysis (patch/djprobe_fncache.c keeps
 * them, made from the original bytes, probes restored): its direct branches
 * (analyze_fn targets and target_src), radix-sorted by target (patch/sites.c,
 * as tools/kanalyze's index).  Text never gains new direct branches at run
 * time, so the table stays valid. */
#include "patch/xref.h"
#include "patch/sites.h"
#include "patch/djprobe_int.h"
#include "patch/kprobe.h"
#include "patch/poke.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/size.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "kernel/panic.h"
#include "patch/insn/insn_analyze.h"

static int jtab_bug;
KPARAM_ENUM("jtab_bug", jtab_bug, "none|first",
            "first: every jump table entry is read as the table's first (a negative control: the "
            "other entries' regions are no longer refused, H4)");
enum { JTAB_BUG_NONE, JTAB_BUG_FIRST };

static int xref_bug;
KPARAM_ENUM("xref_bug", xref_bug, "none|empty",
            "empty: the branch index is built with no branch in it (a negative control: a branch from "
            "another function into a region is no longer refused, H4; neg-djprobe-xref-empty)");
enum { XREF_BUG_NONE, XREF_BUG_EMPTY };

static struct sites_xref *tab;
static int ntab;
static volatile int state;                /* 0 not built, 1 built, -1 out of memory */

/* Whole pages for n entries, filled as they come (no kmalloc: it checks
 * every byte it hands out for the poison, costlier than the gathering). */
static uint32_t bytes_for(int n)
{
    uint32_t b;
    return size_flex(sizeof(struct sites_xref), (uint32_t)n, sizeof(struct sites_xref), &b) &&
           size_align(b, PAGE_SIZE, &b) ? b : 0;   /* 0: no pages (palloc_contig_raw(0) is NULL) */
}

static struct sites_xref *pages_for(int n)
{
    return palloc_contig_raw(bytes_for(n) / PAGE_SIZE);
}

/* The pages of t (for n entries) from byte from on. */
static void pages_free(struct sites_xref *t, int n, uint32_t from)
{
    uint32_t i;
    for (i = from; t && i < bytes_for(n); i += PAGE_SIZE)
        pfree((uint8_t *)t + i);
}

/* fn's direct branches into tab (room for *cap), doubled when full. */
static bool add(const struct analyze_fn *fn, int *cap)
{
    struct sites_xref *t;
    int j;
    for (j = 0; j < fn->ntargets; j++) {
        if (ntab == *cap) {
            if (!(t = pages_for(2 * *cap)))
                return false;
            kmemcpy(t, tab, ntab * sizeof *t);
            pages_free(tab, *cap, 0);
            tab = t;
            *cap *= 2;
        }
        tab[ntab].target = fn->targets[j];
        tab[ntab++].src = fn->target_src[j];
    }
    return true;
}

/* Every sized symbol's analysis (made now and kept for good, in bulk), its
 * branches into tab; false if out of memory. */
static bool gather(int *cap)
{
    int i;
    for (i = 0; i < ksym_count(); i++) {
        const struct ksym *k = ksym_at(i);
        const uint8_t *code;
        if (k->size && (!(code = dj_fn_code(k)) || !add(dj_fn_analysis(k, code), cap)))
            return false;
    }
    return true;
}

/* Text lock held.  The first guess of the table's length: a direct branch
 * every 16 bytes of text (this kernel has one every 27). */
static void build(void)
{
    struct sites_xref *tmp = NULL;
    int i, cap = 1;
    bool ok;
    for (i = 0; i < ksym_count(); i++)
        cap += (int)(ksym_at(i)->size / 16);
    ntab = 0;
    dj_fn_bulk(true);
    ok = (tab = pages_for(cap)) && gather(&cap) && (tmp = pages_for(ntab));
    dj_fn_bulk(false);
    if (!ok) {
        pages_free(tab, cap, 0);
        tab = NULL;
        pr_info("xref: out of memory: every region is refused (H4)\n");
        state = -1;
        return;
    }
    pages_free(tab, cap, bytes_for(ntab));        /* the guess's unused pages */
    ASSERT(sites_xref_sort(tab, tmp, ntab));
    pages_free(tmp, ntab, 0);
    if (xref_bug == XREF_BUG_EMPTY)
        ntab = 0;
    pr_info("xref: %d direct branches in kernel text\n", ntab);
    state = 1;
}

void xref_build(void)
{
    bool held = text_lock_held();
    if (state)
        return;
    if (!held)
        text_lock();
    if (!state)
        build();
    if (!held)
        text_unlock();
}

uint32_t xref_branch_into(uint32_t a, uint32_t b, uint32_t lo, uint32_t hi)
{
    const struct sites_xref *x;
    xref_build();
    if (state < 0)
        return XREF_UNKNOWN;
    x = sites_xref_into(tab, ntab, a, b, lo, hi);
    return x ? x->src : 0;
}

/* Text and rodata are read-only: a table there is what runs. */
static int image_read(void *ctx, uint32_t addr, void *buf, uint32_t n)
{
    static uint32_t run_start, run_next;       /* the bug's consecutive run */
    (void)ctx;
    if (addr < (uint32_t)__text_start || addr >= (uint32_t)__rodata_end ||
        n > (uint32_t)__rodata_end - addr)
        return -1;
    if (jtab_bug == JTAB_BUG_FIRST) {
        if (addr != run_next)
            run_start = addr;
        run_next = addr + n;
        addr = run_start;
    }
    kmemcpy(buf, (const void *)addr, n);
    return 0;
}

void xref_tables(struct analyze_fn *fn)
{
    fn->read = image_read;
    fn->read_ctx = NULL;
}
