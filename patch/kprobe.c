/* int3 probes (see kprobe.h).  Pre-handlers run with the probed code's
 * interrupt flag, so a slow handler does not hold off IPIs; a core sync then
 * does not imply that every handler has finished, which is why removal waits
 * for the int3 references (H7).  Probes at one address share a site: the
 * original first byte, the displaced instruction out of line, the list of
 * probes and, when jump-optimized, its djprobe (patch/djprobe.c).  Sites
 * live in a hash table that int3 handlers read without locks; writers hold
 * kprobe_mutex and the text lock, and memory a handler could have reached is
 * freed only after int3_sync_refs() (H7).  Arming writes one byte (0xCC), so
 * it needs no bypass protocol, only a core sync. */
#include "patch/kprobe_int.h"
#include "patch/djprobe_int.h"
#include "patch/int3.h"
#include "patch/poke.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/console.h"
#include "kernel/panic.h"
#include "kernel/x86.h"
#include "kernel/trap.h"
#include "kernel/cpu.h"
#include "kernel/param.h"

static int reentry_bug;
enum { REENTRY_BUG_NONE, REENTRY_BUG_IN_PLACE, REENTRY_BUG_NO_GUARD };
KPARAM_ENUM("reentry_bug", reentry_bug, "none|in_place|no_guard",
            "negative controls: in_place steps a reentrant hit of a published "
            "djprobe in the text; no_guard runs handlers inside handlers (H11)");

#define NBUCKET 1024
static struct kprobe_site *volatile buckets[NBUCKET];
static int nprobes;
struct sleeplock kprobe_mutex = SLEEPLOCK_INIT("kprobe");


/* By 16-byte granule: the sites in a range are in the buckets of its granules. */
#define GRANULE 16
static unsigned bucket(uint32_t a) { return (a / GRANULE) % NBUCKET; }

NOPROBE static struct kprobe_site *site_find(uint32_t addr)
{
    struct kprobe_site *s = __atomic_load_n(&buckets[bucket(addr)], __ATOMIC_ACQUIRE);
    for (; s; s = __atomic_load_n(&s->next, __ATOMIC_ACQUIRE))
        if (s->addr == addr)
            return s;
    return NULL;
}

/* Out of a handler: running = 0, then gen++ (the order int3_sync_refs
 * relies on: a gen that moved means running was 0 in between). */
static inline void running_end(struct cpu *c)
{
    c->probe.running = 0;
    __asm__ volatile("incl %0" : "+m"(c->probe.gen));
}

NOPROBE static void site_post(void *owner, struct trapframe *tf)
{
    struct kprobe_site *s = owner;
    struct kprobe *p;
    struct cpu *c = mycpu();
    c->probe.running = 1;
    for (p = s->probes; p; p = p->next)
        if (!(p->flags & KPROBE_DISABLED) && p->post_handler)
            p->post_handler(p, tf);
    running_end(c);
}

/* Pre-handlers with the probed code's IF; entered and left with IF=0.
 * running = rec while they run (1, or a detour's return address).
 * Returns 1 if one changed EIP; *post says whether post-handlers exist. */
static inline __attribute__((always_inline)) int
run_pre(struct kprobe_site *s, struct trapframe *tf, int *post, struct cpu *c, uint32_t rec)
{
    struct kprobe *p;
    int skip = 0, me = c->id;
    if ((c->probe.running && reentry_bug != REENTRY_BUG_NO_GUARD) ||
        console_panic_cpu >= 0) {              /* reentered (H11), or a panic report */
        for (p = s->probes; p; p = p->next)
            __atomic_fetch_add(&p->nmissed, 1, __ATOMIC_RELAXED);
        return -1;
    }
    c->probe.running = rec;
    if (tf->eflags & EFLAGS_IF)
        sti();
    for (p = s->probes; p; p = p->next) {
        if (p->flags & KPROBE_DISABLED)
            continue;
        __asm__ volatile("incl %0" : "+m"(p->nhit_cpu[me]));   /* this CPU's count: no lock */
        if (p->pre_handler && p->pre_handler(p, tf))
            skip = 1;
        if (post)                               /* NULL: a detour (its site has none) */
            *post |= p->post_handler != NULL;
    }
    cli();
    running_end(c);
    return skip;
}

/* A site whose detour buffer is published runs it instead of a single-step,
 * reentries too (the buffer's handler call counts them as missed): once the
 * buffer is published the jump's tail may already be in the text, so the
 * instruction after the first is no longer there to resume at (found by the
 * anywhere-torture: an IPI inside a handler hit an optimizing spin_unlock). */
NOPROBE bool kprobe_int3(uint32_t addr, struct trapframe *tf, struct int3_hit *h)
{
    struct kprobe_site *s = site_find(addr);
    struct djprobe *d;
    int post = 0, r;
    if (!s)
        return false;
    h->ool = &s->ool;
    h->owner = s;
    h->post = NULL;
    d = __atomic_load_n(&s->dj, __ATOMIC_ACQUIRE);
    if (d && reentry_bug != REENTRY_BUG_IN_PLACE) {
        int st = __atomic_load_n(&d->state, __ATOMIC_ACQUIRE);
        if (st == DJ_PREPARED || st == DJ_OPTIMIZED) {
            tf->eip = (uint32_t)d->buf;
            h->ool = NULL;
            return true;
        }
    }
    r = run_pre(s, tf, &post, mycpu(), 1);
    if (r > 0)
        h->ool = NULL;
    else if (r == 0 && post)
        h->post = site_post;
    return true;
}

bool kprobe_unguarded(void) { return reentry_bug == REENTRY_BUG_NO_GUARD; }

/* A detour handler's return address into its buffer is this CPU's running
 * (set with IF=0, read by the EIP scan of parked CPUs).  A thread preempted
 * at a buffer's pushfl passes the reference wait, then runs its handler
 * with EIP outside the buffer: only this shows it (found by the model,
 * tests/model/djopt.pml). */
bool kprobe_detour_ret_in(int cpu, uint32_t lo, uint32_t hi)
{
    uint32_t r = cpus[cpu].probe.running;
    return r >= lo && r < hi;
}

/* Called from a detour buffer with IF=0 (contract in patch/tramp.h) when
 * its fast path does not apply: reentered (H11, counted as missed), after
 * a panic, or a site without exactly one enabled probe.  Preemption is off
 * throughout (a thread is preempted in a buffer only before its cli or in
 * its copied instructions, where its saved EIP shows it); running covers
 * the handlers for the reference wait (H7) and the EIP scan (H8).  Per-CPU
 * state only, plain stores: no locked instruction on this path. */
NOPROBE int kprobe_detour(void *site, struct trapframe *tf)
{
    struct cpu *c = mycpu();
    int r;
    preempt_disable();
    r = run_pre(site, tf, NULL, c, (uint32_t)__builtin_return_address(0));
    preempt_enable_no_resched();
    return r > 0;
}

/* Inside a batch (kprobe_*_many, kprobe_mutex held throughout) the int3
 * bytes are written and the one core sync comes at the batch's end: each is
 * a single-byte store over an instruction's first byte, which another CPU
 * sees whole or not at all; the sync makes them all seen (and lets QEMU
 * retranslate) before the batch returns or waits for references. */
static bool batching, batch_dirty;
static struct kprobe_site *batch_arm;   /* to arm at the batch's end */

static void site_write(struct kprobe_site *s, bool on)
{
    uint8_t b = on ? 0xCC : s->orig;
    text_patch_write((void *)s->addr, &b, 1);
    s->armed = on;
}

/* Removing an int3 is written at once (before its site can be unlinked: an
 * int3 with no owner is fatal), adding one at the batch's end, all together
 * (so the batch's own work does not hit the probes it has armed so far). */
static void site_arm(struct kprobe_site *s, bool on)
{
    struct kprobe_site **pp;
    if (s->armed == on)
        return;
    if (batching && on) {
        s->arm_next = batch_arm;
        batch_arm = s;
        s->armed = true;
        return;
    }
    for (pp = &batch_arm; *pp; pp = &(*pp)->arm_next)
        if (*pp == s) {                 /* armed and disarmed in one batch: never written */
            *pp = s->arm_next;
            s->armed = false;
            return;
        }
    site_write(s, on);
    if (batching)
        batch_dirty = true;
    else
        text_sync_cores();
}

static void batch_begin(void)
{
    ASSERT(sleeplock_held(&kprobe_mutex) && !batching);
    batching = true;
    batch_dirty = false;
    batch_arm = NULL;
}

/* The jump optimizations the batch queued are prepared first (their
 * buffers built while none of its int3 bytes is there to be hit by the
 * analysis) and published after the one core sync, with every int3. */
static void batch_end(void)
{
    struct kprobe_site *s;
    int built;
    batching = false;
    built = djprobe_prepare_queued();
    if (!batch_dirty && !batch_arm && !built)
        return;
    text_lock();
    for (s = batch_arm; s; s = s->arm_next) {
        s->armed = false;
        site_write(s, true);
    }
    text_sync_cores();
    text_unlock();
    batch_arm = NULL;
    if (built)
        djprobe_publish_queued();
}

bool kprobe_site_enabled(struct kprobe_site *s)
{
    struct kprobe *p;
    for (p = s->probes; p; p = p->next)
        if (!(p->flags & KPROBE_DISABLED))
            return true;
    return false;
}

bool kprobe_site_has_post(struct kprobe_site *s)
{
    struct kprobe *p;
    for (p = s->probes; p; p = p->next)
        if (p->post_handler)
            return true;
    return false;
}

static struct kprobe *wants_opt(struct kprobe_site *s)
{
    struct kprobe *p;
    for (p = s->probes; p; p = p->next)
        if (!(p->flags & KPROBE_DISABLED) && (p->flags & KPROBE_OPTIMIZE))
            return p;
    return NULL;
}

int kprobe_site_strategy(struct kprobe_site *s)
{
    struct kprobe *p = wants_opt(s);
    return p && p->strategy > DJS_DEFAULT && p->strategy < DJS_N ? p->strategy : djprobe_default + 1;
}

/* After any change to s's probes (kprobe_mutex held, text lock not): a
 * jump leaves before the int3 does, and is requested after it is armed. */
/* The probe a detour buffer calls itself: the site's only enabled one,
 * with a pre-handler; NULL sends hits to kprobe_detour. */
static struct kprobe *fast_probe(struct kprobe_site *s)
{
    struct kprobe *p, *one = NULL;
    for (p = s->probes; p; p = p->next)
        if (!(p->flags & KPROBE_DISABLED)) {
            if (one || !p->pre_handler)
                return NULL;
            one = p;
        }
    return one;
}

/* After a change to s's probes.  A buffer still in use reads the new list
 * or fast probe only after a core sync: a CPU that read the old one with
 * IF=0 answers it only from inside the handler, where running shows it to
 * int3_sync_refs (H7). */
static void site_update(struct kprobe_site *s)
{
    bool on = kprobe_site_enabled(s), opt = on && wants_opt(s) && !kprobe_site_has_post(s);
    if (s->dj && s->dj->state != DJ_INT3 && !opt)
        djprobe_unoptimize(s, false);
    __atomic_store_n(&s->fast, fast_probe(s), __ATOMIC_RELEASE);
    text_lock();
    site_arm(s, on);
    if (s->dj && s->dj->state != DJ_INT3) {
        if (batching)
            batch_dirty = true;
        else
            text_sync_cores();
    }
    text_unlock();
    if (opt)
        djprobe_request(s);
}

/* A region of an optimized site starts at most 4 bytes before the range:
 * visit the granules from there to its end (all buckets if it is longer). */
void kprobe_orig_bytes(uint8_t *buf, uint32_t addr, uint32_t len)
{
    uint32_t g, g0 = (addr - 4) / GRANULE, g1 = (addr + len - 1) / GRANULE;
    struct kprobe_site *s;
    int i;
    kmemcpy(buf, (void *)addr, len);
    if (g1 - g0 >= NBUCKET)
        g1 = g0 + NBUCKET - 1;
    for (g = g0; g <= g1; g++) {
        for (s = buckets[g % NBUCKET]; s; s = s->next) {
            struct djprobe *d = s->dj;
            if (s->addr >= addr && s->addr < addr + len)
                buf[s->addr - addr] = s->orig;
            for (i = 1; d && d->state == DJ_OPTIMIZED && i < 5; i++)
                if (s->addr + i >= addr && s->addr + i < addr + len)
                    buf[s->addr + i - addr] = d->orig[i];
        }
    }
}

static uint32_t resolve(struct kprobe *p, char *err, size_t n)
{
    const struct ksym *k;
    if (p->addr)
        return p->addr;
    if (!p->symbol || !(k = ksym_by_name(p->symbol))) {
        ksnprintf(err, n, "H12: unknown symbol %s", p->symbol ? p->symbol : "(none)");
        return 0;
    }
    if (p->offset >= k->size) {
        ksnprintf(err, n, "H12: offset %#x is past the end of %s (%#x bytes)", p->offset, k->name, k->size);
        return 0;
    }
    return k->addr + p->offset;
}

/* Text lock held.  Returns the new site, or NULL with err set; *optimized
 * is the site whose jump-optimized region covers addr (H10: the caller
 * unoptimizes it and tries again). */
static struct kprobe_site *site_new(uint32_t addr, char *err, size_t n, struct kprobe_site **optimized)
{
    struct kprobe_site *s = kzalloc(sizeof *s);
    uint32_t avail = (uint32_t)__text_end - addr;
    const char *hz, *why;
    struct text_resv *o;
    uint8_t code[15];
    if (!s)
        return ksnprintf(err, n, "out of memory"), NULL;
    s->addr = addr;
    s->orig = *(uint8_t *)addr;
    kprobe_orig_bytes(code, addr, avail < 15 ? avail : 15);
    if (ool_prepare(&s->ool, addr, code, avail < 15 ? avail : 15, &hz, &why)) {
        ksnprintf(err, n, "%s: instruction at %08x cannot run out of line: %s", hz, addr, why);
        kfree(s);
        return NULL;
    }
    if (text_reserve(&s->resv, addr, addr + s->ool.len, TEXT_KPROBE, s)) {
        o = text_reserved(addr, addr + s->ool.len);
        if (o->user == TEXT_DJPROBE)
            *optimized = ((struct djprobe *)o->owner)->site;
        ksnprintf(err, n, "H10: %08x overlaps the %s at %08x", addr, text_user_name(o->user), o->start);
        ool_release(&s->ool);
        kfree(s);
        return NULL;
    }
    s->next = buckets[bucket(addr)];
    __atomic_store_n(&buckets[bucket(addr)], s, __ATOMIC_RELEASE);
    return s;
}

/* kprobe_mutex held: find or make the site for addr, unoptimizing a site
 * whose region covers addr (forced, H10). */
static struct kprobe_site *site_get(struct kprobe *p, uint32_t addr, char *err, size_t n)
{
    const char *hz;
    char why[160], sym[96];
    struct kprobe_site *s, *opt;
    for (;;) {
        opt = NULL;
        text_lock();
        if (!(p->flags & KPROBE_FORCE) && kprobe_check_addr(addr, &hz, why, sizeof why)) {
            text_unlock();
            return ksnprintf(err, n, "%s: %s", hz, why), NULL;
        }
        if (p->flags & KPROBE_FORCE) {
            ksym_format(addr, sym, sizeof sym);
            pr_warn("kprobe: FORCED probe at %08x %s: safety checks skipped (guru mode)\n", addr, sym);
        }
        if (!(s = site_find(addr)))
            s = site_new(addr, err, n, &opt);
        text_unlock();
        if (s || !opt)
            return s;
        djprobe_unoptimize(opt, true);
    }
}

/* kprobe_mutex held. */
static int register_locked(struct kprobe *p, char *err, size_t n)
{
    uint32_t addr = resolve(p, err, n);
    struct kprobe_site *s;
    if (!addr)
        return -1;
    if (addr < (uint32_t)__text_start || addr >= (uint32_t)__text_end)
        return ksnprintf(err, n, "H12: %08x is outside kernel text", addr), -1;
    if (!(s = site_get(p, addr, err, n)))
        return -1;
    if (s->dj && s->dj->state != DJ_INT3 && p->post_handler)
        djprobe_unoptimize(s, false);            /* post-handlers need the int3 */
    p->addr = addr;
    p->site = s;
    kmemset((void *)p->nhit_cpu, 0, sizeof p->nhit_cpu);
    p->nmissed = 0;
    p->next = s->probes;
    __atomic_store_n(&s->probes, p, __ATOMIC_RELEASE);
    nprobes++;
    site_update(s);
    return 0;
}

int kprobe_register(struct kprobe *p, char *err, size_t n)
{
    int r;
    sleeplock_acquire(&kprobe_mutex);
    r = register_locked(p, err, n);
    sleeplock_release(&kprobe_mutex);
    return r;
}

/* Register n probes; those to be jump-optimized go as one batch (one set of
 * core syncs).  Returns how many registered; the first error is in err. */
int kprobe_register_many(struct kprobe *p, int n, char *err, size_t errlen)
{
    int i, ok = 0;
    char e[160];
    err[0] = 0;
    djprobe_hold(true);
    sleeplock_acquire(&kprobe_mutex);
    batch_begin();
    for (i = 0; i < n; i++) {
        if (!register_locked(&p[i], e, sizeof e))
            ok++;
        else if (!err[0])
            ksnprintf(err, errlen, "%s", e);
    }
    batch_end();
    sleeplock_release(&kprobe_mutex);
    djprobe_hold(false);
    return ok;
}

static void site_unlink(struct kprobe_site *s)
{
    struct kprobe_site *volatile *pp = &buckets[bucket(s->addr)];
    while (*pp != s)
        pp = &(*pp)->next;
    __atomic_store_n(pp, s->next, __ATOMIC_RELEASE);
}

/* kprobe_mutex held: unlink p; its site too if that was its last probe
 * (returned: free it once no handler can see it). */
static struct kprobe_site *unlink_locked(struct kprobe *p)
{
    struct kprobe_site *s = p->site;
    struct kprobe *volatile *pp;
    ASSERT(s != NULL);
    for (pp = &s->probes; *pp != p; pp = &(*pp)->next)
        ASSERT(*pp != NULL);
    __atomic_store_n(pp, p->next, __ATOMIC_RELEASE);
    nprobes--;
    site_update(s);
    if (s->probes)
        return NULL;
    text_lock();
    site_unlink(s);
    text_unreserve(&s->resv);
    text_unlock();
    return s;
}

static void site_free(struct kprobe_site *s)
{
    text_lock();                       /* slots are written under the text lock */
    ool_release(&s->ool);
    text_unlock();
    kfree(s->dj);
    kfree(s);
}

void kprobe_unregister(struct kprobe *p)
{
    struct kprobe_site *s;
    sleeplock_acquire(&kprobe_mutex);
    s = unlink_locked(p);
    int3_sync_refs();                  /* no handler can still see p or s */
    if (s)
        site_free(s);
    p->site = NULL;
    sleeplock_release(&kprobe_mutex);
}

/* Internal, for a batched removal: the probe counts as gone already. */
#define KPROBE_GOING 0x80000000u

/* Will s stay optimized once the batch is done?  (site_update's test,
 * without the probes going.) */
static bool stays_opt(struct kprobe_site *s)
{
    struct kprobe *p;
    bool on = false, want = false;
    for (p = s->probes; p; p = p->next) {
        if (p->flags & KPROBE_GOING)
            continue;
        if (p->post_handler)
            return false;
        if (!(p->flags & KPROBE_DISABLED)) {
            on = true;
            want = want || (p->flags & KPROBE_OPTIMIZE);
        }
    }
    return on && want;
}

/* Before a batch applies its changes to p[0..n) (flags already set): the
 * optimized sites it leaves without a reason to stay optimized go back to
 * int3 probes together (one restore and one release per strategy, instead
 * of one each); site_update then finds them unoptimized.  The jumps must go
 * before the int3 bytes do: a site is disarmed only as an int3 probe. */
static void unoptimize_ahead(struct kprobe *p, int n)
{
    struct kprobe_site **v = kmalloc_array(n ? (uint32_t)n : 1, sizeof *v);
    int i, nv = 0;
    if (!v)
        return;                         /* site_update does it one by one */
    for (i = 0; i < n; i++) {
        struct kprobe_site *s = p[i].site;
        ASSERT(s != NULL);              /* registered */
        if (s->dj && s->dj->state != DJ_INT3 && !s->mark && !stays_opt(s)) {
            s->mark = true;
            v[nv++] = s;
        }
    }
    for (i = 0; i < nv; i++)
        v[i]->mark = false;
    djprobe_unoptimize_many(v, nv);
    kfree(v);
}

/* n probes as one batch: optimized sites unoptimized together, one core
 * sync for every int3 removed, one wait for references.  A site is freed
 * once its last probe is gone. */
void kprobe_unregister_many(struct kprobe *p, int n)
{
    struct kprobe_site **dead = kmalloc_array(n ? (uint32_t)n : 1, sizeof *dead);
    int i, nd = 0;
    sleeplock_acquire(&kprobe_mutex);
    for (i = 0; i < n; i++)
        p[i].flags |= KPROBE_GOING;
    unoptimize_ahead(p, n);
    for (i = 0; i < n; i++)
        p[i].flags &= ~KPROBE_GOING;
    batch_begin();
    for (i = 0; i < n; i++) {
        struct kprobe_site *s = unlink_locked(&p[i]);
        if (s && dead)
            dead[nd++] = s;
        else if (s)
            kprintf("WARN: kprobe: out of memory: a site of %08x is leaked\n", s->addr);
    }
    batch_end();
    int3_sync_refs();
    for (i = 0; i < nd; i++)
        site_free(dead[i]);
    for (i = 0; i < n; i++)
        p[i].site = NULL;
    sleeplock_release(&kprobe_mutex);
    kfree(dead);
}

static void set_disabled(struct kprobe *p, bool off)
{
    ASSERT(p->site != NULL);
    sleeplock_acquire(&kprobe_mutex);
    if (off) p->flags |= KPROBE_DISABLED;
    else p->flags &= ~KPROBE_DISABLED;
    site_update(p->site);
    sleeplock_release(&kprobe_mutex);
}

void kprobe_enable(struct kprobe *p) { set_disabled(p, false); }
void kprobe_disable(struct kprobe *p) { set_disabled(p, true); }

/* n probes: optimized sites unoptimized together, then one core sync. */
void kprobe_set_disabled_many(struct kprobe *p, int n, bool off)
{
    int i;
    sleeplock_acquire(&kprobe_mutex);
    for (i = 0; i < n; i++) {
        ASSERT(p[i].site != NULL);
        if (off) p[i].flags |= KPROBE_DISABLED;
        else p[i].flags &= ~KPROBE_DISABLED;
    }
    unoptimize_ahead(p, n);
    batch_begin();
    for (i = 0; i < n; i++)
        site_update(p[i].site);
    batch_end();
    sleeplock_release(&kprobe_mutex);
}
int kprobe_count(void) { return nprobes; }

uint32_t kprobe_nhit(const struct kprobe *p)
{
    uint32_t n = 0;
    int i;
    for (i = 0; i < NCPU_MAX; i++)
        n += p->nhit_cpu[i];
    return n;
}
const struct ool *kprobe_ool(const struct kprobe *p) { return p->site ? &p->site->ool : NULL; }

int kprobe_opt_state(struct kprobe *p)
{
    return p->site && p->site->dj ? p->site->dj->state : DJ_INT3;
}

uint32_t kprobe_opt_copy(struct kprobe *p)
{
    struct djprobe *d = p->site ? p->site->dj : NULL;
    return d && d->buf ? (uint32_t)d->buf + d->lay.copy_off : 0;
}

uint32_t kprobe_opt_buffer(struct kprobe *p)
{
    struct djprobe *d = p->site ? p->site->dj : NULL;
    return d ? (uint32_t)d->buf : 0;
}

void kprobe_opt_region(struct kprobe *p, uint32_t *lo, uint32_t *hi, uint32_t *buf)
{
    struct djprobe *d;
    *lo = *hi = *buf = 0;
    sleeplock_acquire(&kprobe_mutex);
    if (p->site && (d = p->site->dj) && d->buf) {
        *lo = d->addr;
        *hi = d->addr + d->len;
        *buf = (uint32_t)d->buf;
    }
    sleeplock_release(&kprobe_mutex);
}

const char *kprobe_opt_why(struct kprobe *p)
{
    return p->site && p->site->dj ? p->site->dj->why : "";
}

/* One line per site: address, state, region, buffer, hits and misses. */
void kprobe_list(void)
{
    struct kprobe_site *s;
    struct kprobe *p;
    char sym[96];
    int b;
    sleeplock_acquire(&kprobe_mutex);
    for (b = 0; b < NBUCKET; b++) {
        for (s = buckets[b]; s; s = s->next) {
            struct djprobe *d = s->dj;
            uint32_t hit = 0, miss = 0, np = 0;
            for (p = s->probes; p; p = p->next, np++) { hit += kprobe_nhit(p); miss += p->nmissed; }
            ksym_format(s->addr, sym, sizeof sym);
            kprintf("kprobe: %08x %s %s probes %u hits %u missed %u", s->addr, sym,
                    dj_state_name(d ? d->state : DJ_INT3), np, hit, miss);
            if (d && d->buf)
                kprintf(" region %08x-%08x buffer %p (%s)", d->addr, d->addr + d->len, d->buf,
                        dj_strategy_name(d->strategy));
            kprintf("%s%s\n", d && d->why[0] ? ": " : "", d ? d->why : "");
        }
    }
    sleeplock_release(&kprobe_mutex);
}

/* Fault reports: the probe whose jump (whole or partly written: the state
 * may lag the bytes) covers addr strictly inside. */
uint32_t kprobe_jump_owner(uint32_t addr)
{
    struct kprobe_site *s;
    int b;
    for (b = 0; b < NBUCKET; b++)
        for (s = buckets[b]; s; s = s->next)
            if (s->dj && s->dj->buf && addr > s->addr && addr < s->addr + 5 &&
                kmemcmp((void *)(s->addr + 1), s->dj->orig + 1, 4))   /* not the original now */
                return s->addr;
    return 0;
}

/* Fault reports and the unwinder: the probe whose live detour buffer holds addr. */
struct djprobe *kprobe_buffer_dj(uint32_t addr)
{
    struct kprobe_site *s;
    int b;
    for (b = 0; b < NBUCKET; b++)
        for (s = buckets[b]; s; s = s->next) {
            struct djprobe *d = __atomic_load_n(&s->dj, __ATOMIC_ACQUIRE);
            uint32_t buf = d ? (uint32_t)READ_ONCE(d->buf) : 0;
            if (buf && addr >= buf && addr < buf + TRAMP_MAX)
                return d;
        }
    return NULL;
}

uint32_t kprobe_buffer_owner(uint32_t addr)
{
    struct djprobe *d = kprobe_buffer_dj(addr);
    return d ? d->addr : 0;
}
