/* Preparing a jump optimization: choose and judge the region (the fewest
 * whole instructions from the probe address covering 5 bytes, patch/
 * insn_region.c: H3 H4 H5 H9 H12, plus labels inside, H10 against other
 * reserved text), then build the detour buffer in instruction slots. */
#include "patch/djprobe_int.h"
#include "kernel/unwind.h"
#include "patch/insn/insn_analyze.h"
#include "patch/slot.h"
#include "patch/xref.h"
#include "kernel/fixup.h"
#include "patch/poke.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/gdt.h"
#include "kernel/panic.h"
#include "kernel/console.h"
#include "kernel/cpu.h"

#define BUF_SLOTS (TRAMP_MAX / SLOT_SIZE)

static int refuse(struct djprobe *d, const char *fmt, const char *a, uint32_t at)
{
    char sym[96];
    ksym_format(at, sym, sizeof sym);
    ksnprintf(d->why, sizeof d->why, fmt, a, at, sym);
    return -1;
}

/* Mid-region calls are allowed (the strategy scans stacks, or is a broken
 * one): indirect calls are copied as they are and return into the copy;
 * judge every other instruction, then H4 and H5. */
static int judge_mid_calls(struct djprobe *d, const struct analyze_fn *fn, struct analyze_region *r)
{
    int i, t;
    for (i = 0; i < r->n; i++)
        if (r->insn[i].action == INSN_OOL_REFUSE && !(r->insn[i].in.flags & INSN_F_ICALL))
            return refuse(d, "%s: %08x %s cannot run out of line", r->insn[i].hazard, r->insn[i].addr);
    if ((t = analyze_target_inside(fn, r->addr, r->addr + r->len)) >= 0)
        return refuse(d, "%s: branch into the region from %08x %s", "H4", fn->target_src[t]);
    if (fn->has_ijmp)
        return refuse(d, "%s: indirect jump in the function at %08x %s", "H5", fn->ijmp_addr);
    return 0;
}

static int analyze(struct djprobe *d, const struct ksym *k, const uint8_t *code, bool mid_calls)
{
    const struct analyze_fn *fn = dj_fn_analysis(k, code);
    struct analyze_region r;
    int err = -1;
    if (fn->err != ANALYZE_OK)
        ksnprintf(d->why, sizeof d->why, "%s", fn->reason);
    else if ((err = analyze_region(fn, d->addr, &r)) && mid_calls &&
             (err == ANALYZE_ERR_CALL_NOT_LAST || (err == ANALYZE_ERR_INSN && r.hazard[0] == 'H' && r.hazard[1] == '3')))
        err = judge_mid_calls(d, fn, &r);
    else if (err != ANALYZE_OK)
        ksnprintf(d->why, sizeof d->why, "%s", r.reason);
    if (!err)
        d->len = r.len;
    return err ? -1 : 0;
}

/* Naive strategy: the instructions covering 5 bytes, nothing judged. */
static int blind_region(struct djprobe *d, const uint8_t *code, uint32_t avail)
{
    struct insn in;
    for (d->len = 0; d->len < 5; d->len += in.len)
        if (insn_decode(&in, code + d->len, avail - d->len) != INSN_OK)
            return refuse(d, "%s: undecodable at %08x %s", "H12", d->addr + d->len);
    return 0;
}

/* A symbol starting strictly inside (k's address a, b), k = ksym_lookup(a):
 * the next in the table (in address order, and ksym_lookup gives the last
 * symbol at or before a), or 0. */
static uint32_t label_inside(const struct ksym *k, uint32_t b)
{
    const struct ksym *next = ksym_at((int)(k - ksym_at(0)) + 1);
    return next && next->addr < b ? next->addr : 0;
}

static int choose_region(struct djprobe *d, const struct dj_strategy_desc *sd)
{
    const struct ksym *k = ksym_lookup(d->addr);
    const uint8_t *code;
    uint32_t a;
    int r;
    if (!k || !k->size)
        return refuse(d, "%s: %08x %s is not inside a known function", "H12", d->addr);
    if (sd->analysis)
        xref_build();                     /* first: it reuses the scratch code is in */
    if (!(code = dj_fn_code(k)))
        return ksnprintf(d->why, sizeof d->why, "out of memory analysing %s", k->name), -1;
    r = sd->analysis ? analyze(d, k, code, sd->mid_calls)
                     : blind_region(d, code + (d->addr - k->addr), k->addr + k->size - d->addr);
    if (!r && d->len > DJ_REGION_MAX)
        r = refuse(d, "%s: region too long at %08x %s", "H12", d->addr);
    if (!r)
        kmemcpy(d->orig, code + (d->addr - k->addr), d->len);
    if (!r && sd->analysis && (a = label_inside(k, d->addr + d->len)))   /* other code may jump to it */
        r = refuse(d, "%s: the symbol at %08x %s starts inside the region", "H4", a);
    if (!r && sd->analysis && (a = xref_branch_into(d->addr, d->addr + d->len, k->addr, k->addr + k->size)))
        r = a == XREF_UNKNOWN
            ? refuse(d, "%s: the branch index could not be built (out of memory), so no region at %08x %s is known free", "H4", d->addr)
            : refuse(d, "%s: a branch in another function, at %08x %s, lands inside the region", "H4", a);
    if (!r && fixup_in(d->addr, d->addr + d->len))
        r = refuse(d, "%s: an instruction with an exception fixup is inside, at %08x %s", "H12", d->addr);
    return r;
}

/* Swap the site's instruction reservation for the whole region (H10). */
static int reserve_region(struct djprobe *d)
{
    struct kprobe_site *s = d->site;
    struct text_resv *o;
    text_unreserve(&s->resv);
    if (!text_reserve(&d->resv, d->addr, d->addr + d->len, TEXT_DJPROBE, d))
        return 0;
    o = text_reserved(d->addr, d->addr + d->len);
    ksnprintf(d->why, sizeof d->why, "H10: region %08x-%08x overlaps the %s at %08x",
              d->addr, d->addr + d->len, text_user_name(o->user), o->start);
    ASSERT(text_reserve(&s->resv, s->addr, s->addr + s->ool.len, TEXT_KPROBE, s) == 0);
    return -1;
}

/* kernel/unwind.h unwind_foreign: a PC in a live detour buffer follows the
 * frame rule of its region's text (tramp_unwind).  Lock-free: it runs in
 * rendezvous and fault reports. */
static uint32_t dj_unwind_map(uint32_t pc, int *extra)
{
    struct djprobe *d = kprobe_buffer_dj(pc);
    uint32_t orig;
    int e;
    if (!d || (e = tramp_unwind(&d->lay, pc - (uint32_t)d->buf, &orig)) < 0)
        return 0;
    *extra = e;
    return d->addr + orig;
}

/* The fast path's side of its contract with struct cpu and struct kprobe
 * (patch/tramp.h struct tramp_fast). */
#define OFF(t, f) ((uint32_t)__builtin_offsetof(t, f))
static void fast_spec(struct tramp_fast *f, struct kprobe_site *s)
{
    f->probe_ptr = (uint32_t)&s->fast;
    f->panic_ptr = (uint32_t)&console_panic_cpu;
    f->cpu_running = OFF(struct cpu, probe.running);
    f->cpu_gen = OFF(struct cpu, probe.gen);
    f->cpu_preempt = OFF(struct cpu, preempt_count);
    f->cpu_id = OFF(struct cpu, id);
    f->kp_pre = OFF(struct kprobe, pre_handler);
    f->kp_nhit = OFF(struct kprobe, nhit_cpu);
    f->unguarded = kprobe_unguarded();
}
_Static_assert(sizeof(console_panic_cpu) == 4 && sizeof(((struct cpu *)0)->id) == 4 &&
               sizeof(((struct cpu *)0)->preempt_count) == 4 &&
               sizeof(((struct kprobe *)0)->nhit_cpu[0]) == 4, "tramp_fast: 32-bit fields");

static int build_buffer(struct djprobe *d, const struct dj_strategy_desc *sd)
{
    uint8_t code[TRAMP_MAX];
    struct reloc_result res;
    struct tramp_fast f;
    struct tramp_spec sp = { 0, d->addr, d->orig, d->len, (uint32_t)d->site,
                             (uint32_t)kprobe_detour, SEL_KCODE, !sd->analysis, sd->mid_calls, &f };
    fast_spec(&f, d->site);
    if (!(d->buf = slot_alloc_n(BUF_SLOTS)))
        return ksnprintf(d->why, sizeof d->why, "out of detour buffers"), -1;
    sp.buf = (uint32_t)d->buf;
    kmemset(code, 0xCC, sizeof code);
    if (tramp_build(&sp, code, &d->lay, &res)) {
        slot_free_n(d->buf, BUF_SLOTS);
        d->buf = NULL;
        return refuse(d, "%s: %08x %s cannot be relocated", res.hazard, res.fail_addr);
    }
    text_write(d->buf, code, d->lay.size);      /* unreachable until published */
    slot_set_owner(d->buf, BUF_SLOTS, d->addr); /* its code is the probed function's (patch/codehome.h) */
    unwind_foreign = dj_unwind_map;
    return 0;
}

/* The branch index, and every text function's analysis kept (one pass:
 * the index is built from the analyses, patch/xref.c). */
void djprobe_index(void)
{
    sleeplock_acquire(&kprobe_mutex);             /* as the optimizer's own builds */
    xref_build();
    sleeplock_release(&kprobe_mutex);
}

/* Text lock held.  On failure the site is left exactly as it was. */
int dj_prepare(struct djprobe *d)
{
    const struct dj_strategy_desc *sd = &dj_strategies[d->strategy];
    if (kprobe_site_has_post(d->site))
        return ksnprintf(d->why, sizeof d->why, "has a post-handler: stays an int3 probe"), -1;
    if (choose_region(d, sd) || reserve_region(d))
        return -1;
    if (build_buffer(d, sd)) {
        text_unreserve(&d->resv);
        ASSERT(text_reserve(&d->site->resv, d->addr, d->addr + d->site->ool.len, TEXT_KPROBE, d->site) == 0);
        return -1;
    }
    return 0;
}

/* Recently freed buffers, for fault reports (H8). */
#define NFREED 32
static struct { uint32_t buf, addr; } freed[NFREED];
static int nfreed;

/* Orphans: buffers a release could not free (held by its remover's own
 * stack, or still busy past its bound), kept intact and reserved until the
 * optimizer thread's check, the releasing strategy's own, finds them free
 * (dj_reap_orphans).  A list: a thread may hold any number for ever. */
struct orphan { uint32_t buf, addr; unsigned checks; int scan; struct orphan *next; };
static struct orphan *orphans;
static int norphan;

static void forget(uint32_t buf, uint32_t addr)
{
    slot_free_n((uint8_t *)buf, BUF_SLOTS);         /* poisoned with ud2 at once */
    freed[nfreed % NFREED].buf = buf;
    freed[nfreed++ % NFREED].addr = addr;
    djprobe_stats.buffers_freed++;
}

static void orphan_add(struct djprobe *d, unsigned checks, int scan)
{
    struct orphan *o = kmalloc(sizeof *o);
    if (!o) {                                       /* never freed: safe, and said */
        pr_info("djprobe: out of memory: the orphaned buffer %08x of %08x is leaked\n", (uint32_t)d->buf, d->addr);
        return;
    }
    *o = (struct orphan){ (uint32_t)d->buf, d->addr, checks, scan, orphans };
    orphans = o;
    WRITE_ONCE(norphan, norphan + 1);
}

void dj_free_buffer(struct djprobe *d, bool keep, unsigned checks, int scan)
{
    ASSERT(text_lock_held() && d->buf);
    if (!keep)
        forget((uint32_t)d->buf, d->addr);
    else
        orphan_add(d, checks, scan);
    d->buf = NULL;
    text_unreserve(&d->resv);
    ASSERT(text_reserve(&d->site->resv, d->addr, d->addr + d->site->ool.len, TEXT_KPROBE, d->site) == 0);
}

/* Optimizer thread, kprobe_mutex held: free the orphans nobody is in (the
 * releasing strategy's check; this thread's own stack by its exact frames);
 * returns how many remain. */
int dj_reap_orphans(void)
{
    struct orphan **pp = &orphans, *o;
    while ((o = *pp)) {
        struct dj_range r = { o->buf, o->buf + TRAMP_MAX, false, { 0 } };
        if (quiesce_scan(&r, 1, o->checks, o->scan, NULL)) {
            pp = &o->next;
            continue;
        }
        text_lock();
        forget(o->buf, o->addr);
        *pp = o->next;
        WRITE_ONCE(norphan, norphan - 1);
        djprobe_stats.reclaimed++;
        text_unlock();
        kfree(o);
    }
    return norphan;
}

bool dj_orphans(void) { return READ_ONCE(norphan) != 0; }

bool djprobe_freed_buffer(uint32_t a, uint32_t *probe)
{
    int i;
    for (i = nfreed - 1; i >= 0 && i >= nfreed - NFREED; i--)
        if (a >= freed[i % NFREED].buf && a < freed[i % NFREED].buf + TRAMP_MAX) {
            *probe = freed[i % NFREED].addr;
            return true;
        }
    return false;
}
