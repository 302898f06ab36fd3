/* The cross-modifying-code rules over a shadow of physical memory: Intel SDM
 * Vol. 3A, "Handling Self- and Cross-Modifying Code" (a CPU must serialize
 * between another CPU's change of code and its execution of it) and the
 * int3 exception Intel's errata allow (docs/xmc.md).  One clock orders
 * stores and serializations; each CPU remembers the clock of its last
 * serializing instruction, each code byte its last XMC_HIST changes. */
#include <stdlib.h>
#include <string.h>
#include "tools/xmc/xmc_state.h"

#define PAGE 4096u
#define LINE 64u
#define NLINE (PAGE / LINE)
#define L1_BITS (XMC_PHYS_BITS - 24)
#define WRING (1u << 18)           /* write records kept (older ones: details lost) */

struct xhist {                     /* one code byte's last changes, oldest first */
    struct { uint64_t id; uint32_t widx; uint8_t old, new, old_known; } e[XMC_HIST];
    int n;
};

/* Stores to a line while no CPU had fetched from its page, in generations:
 * a store by the same CPU through the same mapping at the same clock (no
 * serialization in between) joins the newest; otherwise a new one starts.
 * A byte belongs to the newest generation that wrote it (older ones lose
 * it).  A line that needs a fourth generation with bytes keeps its bytes
 * one by one from then on (over[line]): exact, at 3 KiB a line. */
#define PREGEN 3
#define PRE_KEY (1ull << 63)       /* a generation's key in a scan: apart from clock ids */
struct xpre {
    uint64_t at;                   /* the clock of its stores */
    uint64_t mask;                 /* bytes of the line they wrote (unused in over[]) */
    uint64_t pc, map;              /* the latest store's pc; vaddr - phys */
    uint64_t seq;                  /* tells generations apart (the clock may not); 0: none */
    int cpu;
};

struct xpage {
    uint64_t chg[NLINE];           /* clock of the last store that may have changed the line */
    struct xpre pre[NLINE][PREGEN];   /* newest first */
    struct xpre *over[NLINE];      /* NULL, or LINE bytes' own generations */
    uint8_t prelock;               /* guards pre[]: stores to unwatched pages take no other lock */
    uint64_t watched_at;           /* 0: never translated from */
    uint8_t stored;                /* a store has reached it */
    uint8_t *shadow;               /* PAGE bytes: memory as the checker last knew it */
    uint8_t *known;                /* PAGE/8: bit set where shadow holds memory's value */
    int nknown;                    /* bits set */
    struct xhist **hist;           /* PAGE pointers, NULL until the byte changes */
};

struct xcpu {
    uint64_t serial_at;            /* clock of its last serializing instruction */
    uint32_t nser;
    bool started;
    uint64_t stale_tb;             /* the translation whose run went stale, and where */
    int stale_idx;
};

struct xmc_state {
    uint64_t clock;
    struct xpage **l2[1u << L1_BITS];
    struct xcpu cpu[XMC_MAXCPU];
    int ncpu;
    struct xmc_write *ring;        /* WRING records, by wseq % WRING */
    uint64_t wseq;
    uint64_t preseq;               /* pre-fetch generations started */
    uint64_t *seen;                /* reported keys (open addressing, 0 = empty) */
    size_t nseen, capseen;
    struct xmc_counts c;
};

struct xmc_state *xmc_new(void)
{
    struct xmc_state *st = calloc(1, sizeof(*st));
    if (!st)
        return NULL;
    st->ring = calloc(WRING, sizeof(*st->ring));
    st->capseen = 1024;
    st->seen = calloc(st->capseen, sizeof(*st->seen));
    st->clock = 1;
    if (!st->ring || !st->seen) {
        xmc_free(st);
        return NULL;
    }
    return st;
}

static void page_free(struct xpage *p)
{
    size_t i;
    for (i = 0; i < NLINE; i++)
        free(p->over[i]);
    if (p->hist)
        for (i = 0; i < PAGE; i++)
            free(p->hist[i]);
    free(p->hist);
    free(p->shadow);
    free(p->known);
    free(p);
}

void xmc_free(struct xmc_state *st)
{
    size_t i, j;
    if (!st)
        return;
    for (i = 0; i < (1u << L1_BITS); i++) {
        if (!st->l2[i])
            continue;
        for (j = 0; j < 4096; j++)
            if (st->l2[i][j])
                page_free(st->l2[i][j]);
        free(st->l2[i]);
    }
    free(st->ring);
    free(st->seen);
    free(st);
}

/* The page holding phys; created when make (lock-free: stores that need no
 * lock create pages too), else NULL if never stored to or translated from
 * (or beyond XMC_PHYS_BITS). */
static struct xpage *page_get(const struct xmc_state *st, uint64_t phys, bool make)
{
    uint64_t pn = phys >> 12;
    struct xmc_state *w = (struct xmc_state *)st;
    struct xpage **l2, *p, *none = NULL;
    if (phys >> XMC_PHYS_BITS)
        return NULL;
    l2 = __atomic_load_n(&w->l2[pn >> 12], __ATOMIC_ACQUIRE);
    if (!l2) {
        struct xpage **fresh, **was = NULL;
        if (!make || !(fresh = calloc(4096, sizeof(*fresh))))
            return NULL;
        if (!__atomic_compare_exchange_n(&w->l2[pn >> 12], &was, fresh, false, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE)) {
            free(fresh);
            fresh = was;
        }
        l2 = fresh;
    }
    p = __atomic_load_n(&l2[pn & 4095], __ATOMIC_ACQUIRE);
    if (!p && make) {
        struct xpage *fresh = calloc(1, sizeof(*fresh));
        if (!fresh)
            abort();
        if (!__atomic_compare_exchange_n(&l2[pn & 4095], &none, fresh, false, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE)) {
            free(fresh);
            fresh = none;
        }
        p = fresh;
    }
    return p;
}

static void cpu_note(struct xmc_state *st, int cpu)
{
    if (cpu < XMC_MAXCPU && cpu >= st->ncpu)
        st->ncpu = cpu + 1;
}

void xmc_cpu_start(struct xmc_state *st, int cpu)
{
    if (cpu < 0 || cpu >= XMC_MAXCPU || st->cpu[cpu].started)
        return;
    cpu_note(st, cpu);
    st->cpu[cpu].started = true;
    st->cpu[cpu].serial_at = ++st->clock;
}

void xmc_serialize(struct xmc_state *st, int cpu)
{
    if (cpu < 0 || cpu >= XMC_MAXCPU)
        return;
    cpu_note(st, cpu);
    st->cpu[cpu].started = true;
    st->cpu[cpu].serial_at = ++st->clock;
    st->cpu[cpu].nser++;
    st->c.serial[cpu]++;
}

static bool known(const struct xpage *p, uint32_t off)
{
    return p->known[off / 8] >> (off % 8) & 1;
}

static void learn(struct xpage *p, uint32_t off, uint8_t b)
{
    if (!known(p, off)) {
        p->known[off / 8] |= (uint8_t)(1u << (off % 8));
        p->nknown++;
        p->shadow[off] = b;
    }
}

static struct xpage *watch(struct xmc_state *st, uint64_t phys)
{
    struct xpage *p = page_get(st, phys, true);
    if (p && !p->watched_at) {
        p->shadow = calloc(PAGE, 1);
        p->known = calloc(PAGE / 8, 1);
        p->hist = calloc(PAGE, sizeof(*p->hist));
        if (!p->shadow || !p->known || !p->hist)
            abort();
        __atomic_store_n(&p->watched_at, st->clock, __ATOMIC_RELEASE);
    }
    return p;
}

/* Bytes a store never changed keep what they were first known to be; a
 * translation teaches the checker only bytes it did not know yet (its bytes
 * may predate a store in flight). */
void xmc_translate(struct xmc_state *st, uint64_t phys, const uint8_t *b, size_t len,
                   const uint8_t *(*page_now)(uint64_t page, void *arg), void *arg)
{
    size_t i;
    for (i = 0; i < len; i++) {
        struct xpage *p = watch(st, phys + i);
        uint64_t page = (phys + i) & ~(uint64_t)(PAGE - 1);
        const uint8_t *now;
        uint32_t k;
        if (!p)
            continue;
        if (p->nknown < (int)PAGE && page_now && (now = page_now(page, arg)))
            for (k = 0; k < PAGE; k++)
                learn(p, k, now[k]);
        learn(p, (uint32_t)((phys + i) & (PAGE - 1)), b[i]);
    }
}

static uint32_t write_record(struct xmc_state *st, int cpu, uint64_t pc, uint64_t vaddr,
                             uint64_t phys, uint64_t id)
{
    uint32_t widx = (uint32_t)(st->wseq++ % WRING);
    struct xmc_write *w = &st->ring[widx];
    int k;
    w->id = id;
    w->pc = pc;
    w->vaddr = vaddr;
    w->phys = phys;
    w->cpu = cpu;
    for (k = 0; k < XMC_MAXCPU; k++)
        w->nser[k] = st->cpu[k].nser;
    return widx;
}

static void hist_push(struct xhist *h, uint64_t id, uint32_t widx, uint8_t old, uint8_t new,
                      bool old_known)
{
    if (h->n == XMC_HIST) {
        memmove(&h->e[0], &h->e[1], sizeof(h->e[0]) * (XMC_HIST - 1));
        h->n--;
    }
    h->e[h->n].id = id;
    h->e[h->n].widx = widx;
    h->e[h->n].old = old;
    h->e[h->n].new = new;
    h->e[h->n].old_known = old_known;
    h->n++;
}

static void pre_lock(struct xpage *p)
{
    while (__atomic_test_and_set(&p->prelock, __ATOMIC_ACQUIRE))
        ;
}

static void pre_unlock(struct xpage *p)
{
    __atomic_clear(&p->prelock, __ATOMIC_RELEASE);
}

/* A line's generations spilled byte by byte, oldest first (the newest
 * write of each byte wins): the line needs a fourth. */
static void pre_spill(struct xpage *p, uint32_t line)
{
    struct xpre *g = p->pre[line], *o = calloc(LINE, sizeof(*o));
    int k, b;
    if (!o)
        abort();
    for (k = PREGEN - 1; k >= 0; k--)
        for (b = 0; b < (int)LINE; b++)
            if (g[k].mask >> b & 1)
                o[b] = g[k];
    p->over[line] = o;
}

/* A store's byte in a page no CPU has fetched from: only when, by whom,
 * through which mapping (its old value is not kept). */
static void store_pre(struct xmc_state *st, struct xpage *p, uint32_t off, int cpu, uint64_t pc,
                      uint64_t vaddr, uint64_t phys)
{
    uint32_t line = off / LINE;
    uint64_t now = __atomic_load_n(&st->clock, __ATOMIC_RELAXED), bit = 1ull << (off % LINE);
    struct xpre *g = p->pre[line];
    if (!p->stored)
        __atomic_store_n(&p->stored, 1, __ATOMIC_RELEASE);
    pre_lock(p);
    if (!g[0].seq || g[0].at != now || g[0].cpu != cpu || g[0].map != vaddr - phys) {
        if (!p->over[line] && g[0].mask) {
            if (!g[1].mask)
                g[1] = g[0];
            else if (!g[2].mask)
                g[2] = g[1], g[1] = g[0];
            else
                pre_spill(p, line);
        }
        g[0] = (struct xpre){ .at = now, .cpu = cpu, .map = vaddr - phys,
                              .seq = __atomic_add_fetch(&st->preseq, 1, __ATOMIC_RELAXED) };
    }
    g[0].pc = pc;
    if (p->over[line]) {
        p->over[line][off % LINE] = g[0];
        g[0].mask = g[1].mask = g[2].mask = 0;
    } else {
        g[0].mask |= bit;
        g[1].mask &= ~bit;
        g[2].mask &= ~bit;
    }
    pre_unlock(p);
    if (p->chg[line] < now)
        __atomic_store_n(&p->chg[line], now, __ATOMIC_RELEASE);
}

/* The newest generation holding the byte at off, copied out; false: none. */
static bool pre_find(struct xpage *p, uint32_t off, struct xpre *out)
{
    struct xpre *g = p->pre[off / LINE], *o = p->over[off / LINE];
    bool found = false;
    int k;
    pre_lock(p);
    if (o && o[off % LINE].seq)
        *out = o[off % LINE], found = true;
    for (k = 0; k < PREGEN && !found && !o; k++)
        if (g[k].mask >> (off % LINE) & 1) {
            *out = g[k];
            found = true;
        }
    pre_unlock(p);
    return found;
}

bool xmc_store_unwatched(struct xmc_state *st, int cpu, uint64_t pc, uint64_t vaddr, uint64_t phys,
                         size_t size)
{
    size_t i;
    for (i = 0; i < size; i++) {
        struct xpage *p = page_get(st, phys + i, true);
        if (p && __atomic_load_n(&p->watched_at, __ATOMIC_ACQUIRE))
            return false;
    }
    for (i = 0; i < size; i++) {
        struct xpage *p = page_get(st, phys + i, false);
        if (p)
            store_pre(st, p, (uint32_t)((phys + i) & (PAGE - 1)), cpu, pc, vaddr + i, phys + i);
    }
    return true;
}

void xmc_store(struct xmc_state *st, int cpu, uint64_t pc, uint64_t vaddr, uint64_t phys,
               const uint8_t *b, size_t size)
{
    uint64_t id = 0;
    uint32_t widx = 0;
    size_t i;
    cpu_note(st, cpu);
    for (i = 0; i < size; i++) {
        struct xpage *p = page_get(st, phys + i, true);
        uint32_t off = (uint32_t)((phys + i) & (PAGE - 1));
        if (!p)
            continue;
        if (!p->watched_at) {                  /* no CPU fetched from it yet */
            store_pre(st, p, off, cpu, pc, vaddr + i, phys + i);
            continue;
        }
        st->c.stores_code += (i == 0);
        p->stored = 1;
        if (known(p, off) && p->shadow[off] == b[i])
            continue;                          /* the same byte again: no change */
        if (!id) {
            id = ++st->clock;
            widx = write_record(st, cpu, pc, vaddr, phys, id);
            st->c.stores_changed++;
        }
        if (!p->hist[off] && !(p->hist[off] = calloc(1, sizeof(struct xhist))))
            abort();
        hist_push(p->hist[off], id, widx, p->shadow[off], b[i], known(p, off));
        learn(p, off, b[i]);
        p->shadow[off] = b[i];
        __atomic_store_n(&p->chg[off / LINE], id, __ATOMIC_RELEASE);
    }
}

bool xmc_page_stored(const struct xmc_state *st, uint64_t phys)
{
    const struct xpage *p = page_get(st, phys, false);
    return p && __atomic_load_n(&p->stored, __ATOMIC_ACQUIRE);
}

uint64_t xmc_clock(const struct xmc_state *st)
{
    return st->clock;
}

uint64_t xmc_translated_at(const struct xmc_state *st, uint64_t phys, const uint8_t *b, const uint8_t *mem,
                           size_t len)
{
    uint64_t at = st->clock;
    size_t i;
    int k;
    for (i = 0; i < len; i++) {
        const struct xpage *p = b[i] != mem[i] ? page_get(st, phys + i, false) : NULL;
        const struct xhist *h = p && p->hist ? p->hist[(phys + i) & (PAGE - 1)] : NULL;
        for (k = h ? h->n - 1 : -1; k >= 0; k--)
            if (h->e[k].old_known && h->e[k].old == b[i]) {
                if (h->e[k].id - 1 < at)
                    at = h->e[k].id - 1;
                break;
            }
    }
    return at;
}

bool xmc_exec_suspect(const struct xmc_state *st, int cpu, uint64_t phys, size_t len,
                      uint64_t translated_at)
{
    uint64_t s = cpu >= 0 && cpu < XMC_MAXCPU ? st->cpu[cpu].serial_at : 0;
    uint64_t a;
    if (translated_at < s)
        s = translated_at;
    for (a = phys & ~(uint64_t)(LINE - 1); a < phys + len; a += LINE) {
        const struct xpage *p = page_get(st, a, false);
        if (p && p->chg[(a & (PAGE - 1)) / LINE] >= s)
            return true;
    }
    return false;
}

/* Seen before?  Marks it seen.  Keys are never 0. */
static bool seen_once(struct xmc_state *st, uint64_t key)
{
    size_t i;
    if (2 * (st->nseen + 1) > st->capseen) {
        uint64_t *old = st->seen;
        size_t cap = st->capseen, j;
        st->capseen *= 2;
        if (!(st->seen = calloc(st->capseen, sizeof(*st->seen))))
            abort();
        st->nseen = 0;
        for (j = 0; j < cap; j++)
            if (old[j])
                seen_once(st, old[j]);
        free(old);
    }
    for (i = key % st->capseen; st->seen[i]; i = (i + 1) % st->capseen)
        if (st->seen[i] == key)
            return true;
    st->seen[i] = key;
    st->nseen++;
    return false;
}

static uint64_t key_of(int cpu, uint64_t phys, uint64_t id)
{
    uint64_t k = (phys * 0x9e3779b97f4a7c15ull) ^ (id * 0xc2b2ae3d27d4eb4full) ^ ((uint64_t)cpu << 56);
    return k ? k : 1;
}

/* Did cpu write this byte through the linear address it now executes it at?
 * Then its own self-modifying-code detection covers it (SDM). */
static bool same_map(const struct xmc_write *w, uint64_t vaddr, uint64_t phys)
{
    return w->vaddr - w->phys == vaddr - phys;
}

struct xscan {                     /* the changes one execution is judged on */
    uint32_t changed, unknown;
    uint64_t ids[XMC_INSN_MAX * (XMC_HIST + 1)];
    int nids;
    uint64_t latest;
    struct xmc_write w;            /* the latest store's record (w.cpu -1: details lost) */
    bool w_counts;                 /* w.nser holds its serialization counts */
    bool cross, alias, before, int3_only;
    int nplain;                    /* first byte: values other than int3 it took */
    uint8_t plain;                 /* ... the first of them */
};

/* A store behind a change: w is its record, or NULL if it fell out of the ring. */
static void scan_note(struct xscan *s, int cpu, uint64_t id, uint64_t key, const struct xmc_write *w,
                      bool counts)
{
    int k;
    for (k = 0; k < s->nids && s->ids[k] != key; k++)
        ;
    if (k == s->nids)
        s->ids[s->nids++] = key;
    if (id >= s->latest) {
        s->latest = id;
        if (w)
            s->w = *w;
        else
            memset(&s->w, 0, sizeof(s->w)), s->w.id = id, s->w.cpu = -1;
        s->w_counts = w && counts;
    }
    if (w && w->cpu == cpu)
        s->alias = true;
    else
        s->cross = true;
}

/* The first byte took value x since the CPU serialized: 1 if it is a
 * second value other than int3 (Intel's exception is one change to or from
 * int3: the CPU may see the old or the new byte, never a third). */
static int plain_value(struct xscan *s, uint8_t x)
{
    if (x == 0xcc || (s->nplain && s->plain == x))
        return 0;
    if (!s->nplain++) {
        s->plain = x;
        return 0;
    }
    return 1;
}

/* Byte i of the instruction: the changes after the CPU's last serialization
 * that its own fetch would not have seen. */
static void scan_byte(struct xmc_state *st, struct xscan *s, struct xmc_violation *v, int cpu,
                      uint64_t serial_at, uint64_t vaddr, uint64_t phys, size_t i)
{
    struct xpage *p = page_get(st, phys + i, false);
    uint32_t off = (uint32_t)((phys + i) & (PAGE - 1));
    struct xhist *h;
    struct xpre g;
    bool first = true;
    int k;
    if (!p)
        return;
    if (pre_find(p, off, &g) && g.at >= serial_at) {
        struct xmc_write w = { .id = g.at, .pc = g.pc, .cpu = g.cpu, .phys = phys + i,
                               .vaddr = phys + i + g.map };
        if (!(w.cpu == cpu && same_map(&w, vaddr + i, phys + i))) {
            s->before = true;
            s->changed |= 1u << i;
            s->unknown |= 1u << i;
            s->int3_only = false;
            first = false;
            scan_note(s, cpu, w.id, PRE_KEY | g.seq, &w, false);
        }
    }
    h = p->hist ? p->hist[off] : NULL;
    for (k = 0; h && k < h->n; k++) {
        const struct xmc_write *w = &st->ring[h->e[k].widx];
        if (h->e[k].id < serial_at)
            continue;
        if (w->id == h->e[k].id && w->cpu == cpu && same_map(w, vaddr + i, phys + i))
            continue;
        if (first) {
            v->old[i] = h->e[k].old;
            if ((k == 0 && h->n == XMC_HIST) || !h->e[k].old_known)
                s->unknown |= 1u << i;     /* earlier changes may have fallen out */
            first = false;
        }
        s->changed |= 1u << i;
        if (v->ndetail < XMC_DETAIL) {
            struct xmc_change *d = &v->detail[v->ndetail++];
            bool rec = w->id == h->e[k].id;
            *d = (struct xmc_change){ h->e[k].id, rec ? w->pc : 0, rec ? w->vaddr : 0, rec ? w->cpu : -1,
                                      (uint8_t)i, h->e[k].old, h->e[k].new, h->e[k].old_known,
                                      rec ? w->nser[cpu] : 0 };
        }
        if (i != 0 || !h->e[k].old_known || (h->e[k].old != 0xcc && h->e[k].new != 0xcc))
            s->int3_only = false;
        else if (plain_value(s, h->e[k].old) + plain_value(s, h->e[k].new))
            s->int3_only = false;          /* 0f, cc, 90 unsynced: from 0f to 90, neither int3 */
        scan_note(s, cpu, h->e[k].id, h->e[k].id, w->id == h->e[k].id ? w : NULL, true);
    }
}

static void fill(struct xmc_state *st, struct xmc_violation *v, const struct xscan *s, int cpu)
{
    int k;
    v->rule = s->alias && !s->cross ? XR_X2 : s->nids >= 2 ? XR_X3 : XR_X1;
    v->changed = s->changed;
    v->unknown_old = s->unknown;
    v->nwrites = s->nids;
    v->before_code = s->before;
    v->ncpu = st->ncpu;
    v->cpu = cpu;
    v->w = s->w;
    v->since_known = s->w_counts;
    v->exec_nser = st->cpu[cpu].nser;
    for (k = 0; k < st->ncpu && s->w_counts; k++)
        v->since[k] = st->cpu[k].nser - s->w.nser[k];
}

/* Does the translation run hold a byte as it was before a change that the
 * CPU serialized after (translated before the change)?  Then the emulator
 * runs a stale translation (QEMU's multi-threaded TCG, docs/xmc.md): no CPU
 * could, and the guest's protocol is not judged on it. */
static bool ran_stale(struct xmc_state *st, uint64_t phys, const uint8_t *b, size_t len,
                      uint64_t translated_at, uint64_t serial_at)
{
    size_t i;
    int k;
    for (i = 0; i < len; i++) {
        struct xpage *p = page_get(st, phys + i, false);
        struct xhist *h = p && p->hist ? p->hist[(phys + i) & (PAGE - 1)] : NULL;
        for (k = 0; h && k < h->n; k++)
            if (h->e[k].id > translated_at && h->e[k].id < serial_at && h->e[k].old_known && b[i] == h->e[k].old)
                return true;
    }
    return false;
}

/* Was the first byte int3 when the CPU last serialized, and not changed
 * since?  Then a CPU that honoured that serialization trapped here: it ran
 * none of this instruction's other bytes, nor anything after it. */
static bool int3_since(struct xmc_state *st, uint64_t phys, uint64_t serial_at)
{
    struct xpage *p = page_get(st, phys, false);
    uint32_t off = (uint32_t)(phys & (PAGE - 1));
    struct xhist *h = p && p->hist ? p->hist[off] : NULL;
    struct xpre g;
    if (!p || !known(p, off) || (pre_find(p, off, &g) && g.at >= serial_at))
        return false;
    if (h && h->n && h->e[h->n - 1].id >= serial_at)
        return false;
    return p->shadow[off] == 0xcc;
}

int xmc_exec(struct xmc_state *st, int cpu, uint64_t vaddr, uint64_t phys, const uint8_t *b,
             const uint8_t *mem, size_t len, uint64_t translated_at, struct xmc_violation *v)
{
    struct xscan s = { .int3_only = true };
    uint64_t serial_at;
    bool stale, trap;
    size_t i;
    if (cpu < 0 || cpu >= XMC_MAXCPU || len > XMC_INSN_MAX)
        return XE_NONE;
    cpu_note(st, cpu);
    serial_at = st->cpu[cpu].serial_at;
    memset(v, 0, sizeof(*v));
    v->vaddr = vaddr;
    v->phys = phys;
    v->len = len;
    memcpy(v->now, b, len);
    memcpy(v->old, b, len);
    st->c.checked++;
    for (i = 0; i < len; i++)
        scan_byte(st, &s, v, cpu, serial_at, vaddr, phys, i);
    stale = !s.changed || ran_stale(st, phys, b, len, translated_at, serial_at);
    trap = stale && int3_since(st, phys, serial_at);
    if (stale && s.changed && !trap)
        stale = false;         /* a CPU that honoured its serialization ran bytes changed since: judged */
    if (stale) {
        /* Bytes that differ from memory, translated before a change that
         * this CPU serialized after: the emulator runs a stale translation.
         * (Translated after every change it knows of: a store in flight,
         * not yet reported to the checker.) */
        if (!memcmp(b, mem, len))
            return XE_NONE;
        s = (struct xscan){ .int3_only = true };
        v->ndetail = 0;
        for (i = 0; i < len; i++)
            scan_byte(st, &s, v, cpu, 0, vaddr, phys, i);
        if (!s.changed || s.latest <= translated_at)
            return XE_NONE;
        __atomic_add_fetch(&st->c.artifact_runs, 1, __ATOMIC_RELAXED);   /* xmc_run_continues_stale adds outside the lock */
        v->stale_run = trap;
        if (seen_once(st, key_of(cpu, phys, s.latest) ^ 0xa5))
            return XE_STALE;
        st->c.artifact++;
        fill(st, v, &s, cpu);
        memcpy(v->old, mem, len);              /* for an artifact: memory now */
        v->unknown_old = 0;
        v->rule = 0;
        return XE_ARTIFACT;
    }
    if (s.changed == 1 && s.int3_only) {
        if (!seen_once(st, key_of(cpu, phys, s.latest)))
            st->c.int3_ok++;
        return XE_NONE;
    }
    if (seen_once(st, key_of(cpu, phys, s.latest)))
        return XE_NONE;
    fill(st, v, &s, cpu);
    st->c.rule[v->rule]++;
    return XE_VIOLATION;
}

bool xmc_run_continues_stale(struct xmc_state *st, int cpu, uint64_t tb, int idx)
{
    struct xcpu *c = cpu >= 0 && cpu < XMC_MAXCPU ? &st->cpu[cpu] : NULL;
    if (!c || !tb || c->stale_tb != tb || idx <= c->stale_idx) {
        if (c)
            c->stale_tb = 0;
        return false;
    }
    c->stale_idx = idx;
    __atomic_add_fetch(&st->c.artifact_runs, 1, __ATOMIC_RELAXED);
    return true;
}

void xmc_run_stale(struct xmc_state *st, int cpu, uint64_t tb, int idx)
{
    if (cpu >= 0 && cpu < XMC_MAXCPU)
        st->cpu[cpu].stale_tb = tb, st->cpu[cpu].stale_idx = idx;
}

const struct xmc_counts *xmc_counts(const struct xmc_state *st)
{
    return &st->c;
}

int xmc_ncpu(const struct xmc_state *st)
{
    return st->ncpu;
}

const char *xmc_rule_name(enum xmc_rule r)
{
    return r == XR_X1 ? "X1" : r == XR_X2 ? "X2" : r == XR_X3 ? "X3" : "artifact";
}
