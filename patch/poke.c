/* The int3 bypass protocol (see poke.h).  While a batch is published, a CPU
 * that hits one of its int3s runs the NEW instruction out of line (patch/
 * ool.c), so every execution sees the old or the new instruction, never a mix
 * of their bytes.  After the last sync the batch is unpublished and we wait
 * for every int3 handler that may still hold it (int3_sync_refs, H7). */
#include "patch/poke.h"
#include "patch/int3.h"
#include "patch/kprobe.h"
#include "patch/reserve.h"
#include "kernel/ipi.h"
#include "kernel/cpu.h"
#include "kernel/mem.h"
#include "kernel/spinlock.h"
#include "kernel/fmt.h"
#include "kernel/param.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/clock.h"

int poke_strategy = POKE_BYPASS;
KPARAM_ENUM("poke", poke_strategy, "bypass|plain|head_first",
            "text patching protocol (broken ones are negative controls)");

int poke_bug;
KPARAM_ENUM("poke_bug", poke_bug, "none|sync_noserial|sync_skip_cpu|sync_nowait|one_write|head_early|no_tail_sync",
            "a break of the core syncs only the xmc checker sees (negative controls, docs/xmc.md)");
void (*poke_written_hook)(void);

struct poke_stats poke_stats;
static struct spinlock text_spin = SPINLOCK_INIT("text");
struct poke_batch { struct poke_site *s; int n; };
static struct poke_batch *volatile poke_active;

void sync_cores(void) __attribute__((weak));   /* smp/: IPI + serialize on every CPU */
void sync_cores_bug(enum sync_bug bug) __attribute__((weak));

/* The holder sends IPIs and waits for every CPU (core syncs) and for every
 * int3 reference, so the lock may be taken only where those can complete.
 * The per-CPU rules are read with interrupts off: a thread preempted between
 * cpu_id() and the read would judge the CPU it left (the anywhere-torture
 * saw that: another thread's handler held that CPU's int3 reference). */
void text_lock(void)
{
    const char *rule = NULL;
    uint32_t f = read_eflags();
    cli();
    if (int3_ref_held())
        rule = "with an int3 reference held (the reference wait would wait for itself)";
    else if (mycpu()->irq_depth)
        rule = "from an interrupt or exception handler (its CPU cannot answer the core-sync IPIs)";
    else if (rendezvous_mine())
        rule = "inside a rendezvous (the other CPUs are parked with interrupts off)";
    else if (!(f & EFLAGS_IF))
        rule = "with interrupts off (this CPU could not answer another holder's core-sync IPIs)";
    if (rule)
        panic("text_lock: taken %s", rule);
    sti();
    spin_lock(&text_spin);
}
void text_unlock(void) { spin_unlock(&text_spin); }
bool text_lock_held(void) { return spin_held_by_me(&text_spin); }

/* QEMU's multi-threaded TCG can translate a block from a code page while
 * another vCPU writes it and keep that stale translation for good (seen here:
 * a removed int3 kept trapping, 12 million times).  A write to a page that
 * already holds translations does invalidate them, so every range written
 * since the last core sync is written again, same bytes, after the sync,
 * when any racing translation has been linked.  On real CPUs this second
 * write changes nothing. */
static int poke_rewrite = 1;
KPARAM_INT("poke_rewrite", poke_rewrite, 0, 1,
           "write every range again after each core sync (QEMU's stale translations, docs/fidelity.md)");
#define NDIRTY TEXT_PATCH_MAX
static struct { uint8_t *addr; uint8_t len; } dirty[NDIRTY];
static int ndirty;

NOPROBE void text_patch_store(void *dst, const void *src, int len)
{
    if (ndirty == NDIRTY)
        panic("text_patch_store: %d writes without a core sync", NDIRTY);
    text_store(dst, src, (size_t)len);
    dirty[ndirty].addr = dst;
    dirty[ndirty++].len = (uint8_t)len;
}

/* text_patch_store of an aligned quadword in one atomic store (text_store8). */
void text_patch_store8(void *dst, const uint8_t old[8], const uint8_t new[8])
{
    if (ndirty == NDIRTY)
        panic("text_patch_store: %d writes without a core sync", NDIRTY);
    text_store8(dst, old, new);
    dirty[ndirty].addr = dst;
    dirty[ndirty++].len = 8;
}

void text_patch_write(void *dst, const void *src, int len)
{
    ASSERT(spin_held_by_me(&text_spin) && len > 0 && len <= POKE_MAX_LEN * 2);
    if (ndirty == NDIRTY)
        text_sync_cores();
    text_patch_store(dst, src, len);
}

/* Drop pending rewrites inside [a, a+len): the bytes are about to change
 * outside this batch (a slot being poisoned on release). */
void text_patch_forget(void *a, int len)
{
    int i, k = 0;
    ASSERT(text_lock_held());
    for (i = 0; i < ndirty; i++)
        if (dirty[i].addr + dirty[i].len <= (uint8_t *)a || dirty[i].addr >= (uint8_t *)a + len)
            dirty[k++] = dirty[i];
    ndirty = k;
}

bool text_patch_pending(void *a)
{
    int i;
    for (i = 0; i < ndirty; i++)
        if ((uint8_t *)a >= dirty[i].addr && (uint8_t *)a < dirty[i].addr + dirty[i].len)
            return true;
    return false;
}

void text_sync_cores(void)
{
    uint8_t same[POKE_MAX_LEN * 2];
    uint64_t t0 = clock_ns();
    int i;
    poke_stats.syncs++;
    if (poke_bug >= POKE_BUG_SYNC_NOSERIAL && poke_bug <= POKE_BUG_SYNC_NOWAIT && sync_cores_bug)
        sync_cores_bug(poke_bug == POKE_BUG_SYNC_NOSERIAL ? SYNC_BUG_NOSERIAL :
                       poke_bug == POKE_BUG_SYNC_SKIP_CPU ? SYNC_BUG_SKIP_CPU : SYNC_BUG_NOWAIT);
    else if (sync_cores)
        sync_cores();
    else
        serialize();                           /* only this CPU is running */
    for (i = 0; i < ndirty && poke_rewrite; i++) {
        kmemcpy(same, dirty[i].addr, dirty[i].len);
        text_store(dirty[i].addr, same, dirty[i].len);
    }
    serialize();
    ndirty = 0;
    poke_stats.sync_ns += clock_ns() - t0;
}

NOPROBE bool poke_int3(uint32_t addr, struct trapframe *tf, struct int3_hit *h)
{
    struct poke_batch *d = __atomic_load_n(&poke_active, __ATOMIC_ACQUIRE);
    int lo = 0, hi, i;
    (void)tf;
    if (!d)
        return false;
    for (hi = d->n - 1; lo <= hi; ) {                /* sites are sorted */
        i = (lo + hi) / 2;
        if ((uint32_t)d->s[i].addr < addr) { lo = i + 1; continue; }
        if ((uint32_t)d->s[i].addr > addr) { hi = i - 1; continue; }
        __atomic_fetch_add(&d->s[i].hits, 1, __ATOMIC_RELAXED);
        h->ool = &d->s[i].ool;
        h->owner = &d->s[i];
        h->post = NULL;
        return true;
    }
    return false;
}

/* What is wrong with site i, or NULL.  The site must be one whole original
 * instruction (probed bytes restored) of exactly the new length, at an
 * instruction boundary: a thread preempted after a shorter old instruction
 * would resume inside the new one (that is the jump optimizer's job, with
 * its quiescence check).  Probed or optimized text is refused (H10).
 * prepare: also the new instruction's out-of-line copy (else decoded only). */
static const char *site_why(struct poke_site *s, int i, struct text_walk *w, bool prepare,
                            const void *owner, const char **hz, char *buf, size_t n)
{
    uint8_t *a = s[i].addr, orig[15];
    const char *why;
    uint32_t avail;
    struct text_resv *r;
    *hz = "H12";
    if (s[i].len < 1 || s[i].len > POKE_MAX_LEN)
        return "bad length";
    if (i && a < s[i - 1].addr + s[i - 1].len)
        return "overlaps the previous site or is unsorted";
    if (a < (uint8_t *)__text_start || a + s[i].len > (uint8_t *)__text_end)
        return "outside kernel text";
    if ((r = text_reserved((uint32_t)a, (uint32_t)a + s[i].len)) && !(owner && r->owner == owner &&
            r->start <= (uint32_t)a && (uint32_t)a + s[i].len <= r->end)) {
        *hz = "H10";
        ksnprintf(buf, n, "overlaps the %s at %08x", text_user_name(r->user), r->start);
        return buf;
    }
    if (text_walk_boundary(w, (uint32_t)a, orig, &avail, buf, n))
        return buf;
    if (w->at.len != s[i].len) {
        ksnprintf(buf, n, "the old instruction there is %d bytes, not %d: a thread stopped "
                  "after it would resume inside the new one", w->at.len, s[i].len);
        return buf;
    }
    if (prepare ? ool_prepare(&s[i].ool, (uint32_t)a, s[i].new, s[i].len, hz, &why)
                : ool_decide(&s[i].ool, (uint32_t)a, s[i].new, s[i].len, hz, &why))
        return why;
    if (s[i].ool.len != s[i].len) {
        ool_release(&s[i].ool);
        *hz = "H12";
        return "new bytes are not exactly one instruction";
    }
    return NULL;
}

static int site_error(struct poke_site *s, int i, struct text_walk *w, bool prepare, const void *owner,
                      char *err, size_t errlen)
{
    const char *hz, *why;
    char buf[128];
    if (!(why = site_why(s, i, w, prepare, owner, &hz, buf, sizeof buf)))
        return 0;
    ksnprintf(err, errlen, "%s: site %d at %p (%d bytes): %s", hz, i, s[i].addr, s[i].len, why);
    return -1;
}

/* One forward sweep per function checks all its (sorted) sites. */
static int check_sites(struct poke_site *s, int n, bool prepare, const void *owner, char *err,
                       size_t errlen)
{
    struct text_walk w;
    int i;
    text_walk_init(&w);
    for (i = 0; i < n; i++) {
        s[i].ool.slot = NULL;
        s[i].hits = 0;
        if (site_error(s, i, &w, prepare, owner, err, errlen)) {
            while (i--)
                ool_release(&s[i].ool);
            text_walk_done(&w);
            return -1;
        }
    }
    text_walk_done(&w);
    return 0;
}

/* Write bytes [from, to) of every site's new instruction (clipped to its length). */
static void write_bytes(struct poke_site *s, int n, int from, int to)
{
    int i;
    for (i = 0; i < n; i++) {
        int end = to < s[i].len ? to : s[i].len;
        if (end > from)
            text_patch_write(s[i].addr + from, s[i].new + from, end - from);
    }
}

static void write_int3(struct poke_site *s, int n)
{
    static const uint8_t cc = 0xCC;
    int i;
    for (i = 0; i < n; i++)
        text_patch_write(s[i].addr, &cc, 1);
}

static void written(void)
{
    if (poke_written_hook)
        poke_written_hook();
}

/* The int3 protocol with one of poke_bug's breaks (never by default). */
static void protocol_bug(struct poke_site *s, int n)
{
    if (poke_bug == POKE_BUG_ONE_WRITE) {
        write_bytes(s, n, 0, POKE_MAX_LEN); written(); text_sync_cores();
        return;
    }
    write_int3(s, n);                       text_sync_cores();
    write_bytes(s, n, 1, POKE_MAX_LEN);
    if (poke_bug != POKE_BUG_HEAD_EARLY && poke_bug != POKE_BUG_NO_TAIL_SYNC)
        text_sync_cores();
    write_bytes(s, n, 0, 1);                written();
    if (poke_bug == POKE_BUG_HEAD_EARLY)
        text_sync_cores();                  /* the tail's, late */
    text_sync_cores();
}

static void protocol(struct poke_site *s, int n)
{
    struct poke_batch d = { s, n };
    uint64_t t0 = clock_ns(), s0 = poke_stats.sync_ns;
    int i;
    switch (poke_strategy) {
    case POKE_PLAIN:                        /* one ordinary store after another */
        for (i = 0; i < POKE_MAX_LEN; i++)
            write_bytes(s, n, i, i + 1);
        return;
    case POKE_HEAD_FIRST:
        write_bytes(s, n, 0, 1);            text_sync_cores();
        write_bytes(s, n, 1, POKE_MAX_LEN); text_sync_cores();
        return;
    }
    __atomic_store_n(&poke_active, &d, __ATOMIC_RELEASE);
    if (poke_bug != POKE_BUG_NONE) {
        protocol_bug(s, n);
    } else {
        write_int3(s, n);                   text_sync_cores();
        write_bytes(s, n, 1, POKE_MAX_LEN); text_sync_cores();
        write_bytes(s, n, 0, 1);            written(); text_sync_cores();
    }
    __atomic_store_n(&poke_active, NULL, __ATOMIC_SEQ_CST);
    poke_stats.write_ns += clock_ns() - t0 - (poke_stats.sync_ns - s0);
    t0 = clock_ns();
    int3_sync_refs();
    poke_stats.wait_ns += clock_ns() - t0;
}

int text_poke_batch_as(struct poke_site *s, int n, const void *owner, char *err, size_t errlen)
{
    uint64_t t0, s0;
    int i;
    text_lock();
    t0 = clock_ns();
    s0 = poke_stats.sync_ns;
    if (check_sites(s, n, true, owner, err, errlen)) {
        text_unlock();
        return -1;
    }
    poke_stats.check_ns += clock_ns() - t0 - (poke_stats.sync_ns - s0);
    for (i = 0; i < n; i++)
        kmemcpy(s[i].old, s[i].addr, s[i].len);
    protocol(s, n);
    for (i = 0; i < n; i++)
        ool_release(&s[i].ool);
    poke_stats.batches++;
    poke_stats.sites += n;
    text_unlock();
    return 0;
}

int text_poke_batch(struct poke_site *s, int n, char *err, size_t errlen)
{
    return text_poke_batch_as(s, n, NULL, err, errlen);
}

int text_poke_check(struct poke_site *s, int n, char *err, size_t errlen)
{
    ASSERT(text_lock_held());
    return check_sites(s, n, false, NULL, err, errlen);
}

int text_poke(void *addr, const void *new, int len, char *err, size_t errlen)
{
    struct poke_site s;
    if (len < 1 || len > POKE_MAX_LEN)
        return ksnprintf(err, errlen, "bad length %d", len), -1;
    s.addr = addr;
    s.len = (uint8_t)len;
    kmemcpy(s.new, new, len);
    return text_poke_batch(&s, 1, err, errlen);
}
