/* Cross-function branch targets (see xref.h).  Built under the caller's
 * lock (the jump optimizer holds kprobe_mutex) from the original bytes of
 * every text symbol (probed bytes restored); text never gains new direct
 * branches at run time, so the table stays valid. */
#include "patch/xref.h"
#include "patch/insn/insn.h"
#include "patch/kprobe.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "patch/insn/insn_analyze.h"

static int jtab_bug;
KPARAM_ENUM("jtab_bug", jtab_bug, "none|first",
            "first: every jump table entry is read as the table's first (a negative control: the "
            "other entries' regions are no longer refused, H4)");
enum { JTAB_BUG_NONE, JTAB_BUG_FIRST };

struct xr { uint32_t target, src; };
static struct xr *tab;
static int ntab;

static void collect(struct xr *t, int cap)
{
    int i;
    for (i = 0; i < ksym_count(); i++) {
        const struct ksym *k = ksym_at(i);
        uint8_t *code = k->size ? kmalloc(k->size) : NULL;
        uint32_t off;
        struct insn in;
        if (!code)
            continue;
        kprobe_orig_bytes(code, k->addr, k->size);
        for (off = 0; off < k->size; off += in.len) {
            if (insn_decode(&in, code + off, k->size - off) != INSN_OK)
                break;                          /* data or padding: stop this symbol */
            if (insn_is_rel(&in) && ntab < cap) {
                t[ntab].target = insn_rel_target(&in, k->addr + off);
                t[ntab++].src = k->addr + off;
            }
        }
        kfree(code);
    }
}

static void sort(struct xr *t, int n)
{
    int gap, i, j;
    for (gap = n / 2; gap > 0; gap /= 2)
        for (i = gap; i < n; i++)
            for (j = i; j >= gap && t[j - gap].target > t[j].target; j -= gap) {
                struct xr x = t[j]; t[j] = t[j - gap]; t[j - gap] = x;
            }
}

static void build(void)
{
    int cap = 0, i;
    for (i = 0; i < ksym_count(); i++)
        cap += (int)ksym_at(i)->size / 2 + 1;
    if (!(tab = kmalloc(cap * sizeof *tab)))
        return;
    collect(tab, cap);
    sort(tab, ntab);
    pr_info("xref: %d direct branches in kernel text\n", ntab);
}

uint32_t xref_branch_into(uint32_t a, uint32_t b, uint32_t lo, uint32_t hi)
{
    int l = 0, h;
    if (!tab)
        build();
    for (h = ntab; l < h; ) {                  /* first target > a */
        int m = (l + h) / 2;
        if (tab[m].target <= a) l = m + 1; else h = m;
    }
    for (; l < ntab && tab[l].target < b; l++)
        if (tab[l].src < lo || tab[l].src >= hi)
            return tab[l].src;
    return 0;
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
