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

/* Every sized symbol's analysis: pass 0 counts its branches, pass 1 stores
 * them (the analyses kept by pass 0: no decode); false if out of memory. */
static bool gather(int pass, int *n)
{
    int i, j;
    for (i = 0; i < ksym_count(); i++) {
        const struct ksym *k = ksym_at(i);
        const uint8_t *code;
        const struct analyze_fn *fn;
        if (!k->size)
            continue;
        if (!(code = dj_fn_code(k)))
            return false;
        fn = dj_fn_analysis(k, code);
        for (j = 0; pass && j < fn->ntargets; j++) {
            ASSERT(ntab < *n);
            tab[ntab].target = fn->targets[j];
            tab[ntab++].src = fn->target_src[j];
        }
        *n += pass ? 0 : fn->ntargets;
    }
    return true;
}

/* Whole pages for n entries, filled at once (no kmalloc: it checks every
 * byte it hands out for the poison, costlier than the gathering). */
static struct sites_xref *pages_for(int n)
{
    return palloc_contig_raw(ALIGN_UP((n + 1) * sizeof(struct sites_xref), PAGE_SIZE) / PAGE_SIZE);
}

static void pages_free(struct sites_xref *t, int n)
{
    uint32_t i;
    for (i = 0; t && i < ALIGN_UP((n + 1) * sizeof *t, PAGE_SIZE); i += PAGE_SIZE)
        pfree((uint8_t *)t + i);
}

/* Text lock held. */
static void build(void)
{
    struct sites_xref *tmp = NULL;
    int n = 0;
    bool ok;
    dj_fn_bulk(true);                     /* every function's analysis is kept for good */
    ok = gather(0, &n);
    dj_fn_bulk(false);
    if (!ok || !(tab = pages_for(n)) || !(tmp = pages_for(n)) || (ntab = 0, !gather(1, &n))) {
        pages_free(tab, n);
        pages_free(tmp, n);
        tab = NULL;
        pr_info("xref: out of memory: every region is refused (H4)\n");
        state = -1;
        return;
    }
    ASSERT(ntab == n && sites_xref_sort(tab, tmp, ntab));
    if (xref_bug == XREF_BUG_EMPTY)
        ntab = 0;
    pages_free(tmp, n);
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
