/* int3 probes (see kprobe.h).  Pre-handlers run with the probed code's
 * interrupt flag, so a slow handler does not hold off IPIs; a core sync then
 * does not imply that every handler has finished, which is why removal waits
 * for the int3 references (H7).  Probes at one address share a site: the
 * original first byte, the displaced instruction out of line, the list of
 * probes.  Sites live in a hash table that int3 handlers read without locks;
 * writers hold the text lock, and memory a handler could have reached is
 * freed only after int3_sync_refs() (H7).  Arming writes one byte (0xCC), so
 * it needs no bypass protocol, only a core sync. */
#include "patch/kprobe.h"
#include "patch/int3.h"
#include "patch/poke.h"
#include "patch/reserve.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/console.h"
#include "kernel/panic.h"
#include "kernel/x86.h"
#include "kernel/trap.h"

#define NBUCKET 64
struct kprobe_site {
    uint32_t addr;
    uint8_t orig;
    bool armed;
    struct ool ool;
    struct text_resv resv;             /* [addr, addr + ool.len) */
    struct kprobe *volatile probes;
    struct kprobe_site *volatile next;
};

static struct kprobe_site *volatile buckets[NBUCKET];
static int nprobes;
static volatile int running[NCPU_MAX];       /* H11: inside a probe handler */

static unsigned bucket(uint32_t a) { return (a ^ (a >> 6) ^ (a >> 12)) % NBUCKET; }

NOPROBE static struct kprobe_site *site_find(uint32_t addr)
{
    struct kprobe_site *s = __atomic_load_n(&buckets[bucket(addr)], __ATOMIC_ACQUIRE);
    for (; s; s = __atomic_load_n(&s->next, __ATOMIC_ACQUIRE))
        if (s->addr == addr)
            return s;
    return NULL;
}

NOPROBE static void site_post(void *owner, struct trapframe *tf)
{
    struct kprobe_site *s = owner;
    struct kprobe *p;
    int me = cpu_id();
    running[me] = 1;
    for (p = s->probes; p; p = p->next)
        if (!(p->flags & KPROBE_DISABLED) && p->post_handler)
            p->post_handler(p, tf);
    running[me] = 0;
}

NOPROBE bool kprobe_int3(uint32_t addr, struct trapframe *tf, struct int3_hit *h)
{
    struct kprobe_site *s = site_find(addr);
    struct kprobe *p;
    int me = cpu_id(), skip = 0, post = 0;
    if (!s)
        return false;
    h->ool = &s->ool;
    h->owner = s;
    h->post = NULL;
    if (running[me]) {                         /* reentered from a handler (H11) */
        for (p = s->probes; p; p = p->next)
            __atomic_fetch_add(&p->nmissed, 1, __ATOMIC_RELAXED);
        return true;
    }
    running[me] = 1;
    if (tf->eflags & EFLAGS_IF)
        sti();                                 /* handlers run with the probed code's IF */
    for (p = s->probes; p; p = p->next) {
        if (p->flags & KPROBE_DISABLED)
            continue;
        __atomic_fetch_add(&p->nhit, 1, __ATOMIC_RELAXED);
        if (p->pre_handler && p->pre_handler(p, tf))
            skip = 1;
        post |= p->post_handler != NULL;
    }
    cli();
    running[me] = 0;
    if (skip)
        h->ool = NULL;
    else if (post)
        h->post = site_post;
    return true;
}

static void site_arm(struct kprobe_site *s, bool on)
{
    uint8_t b = on ? 0xCC : s->orig;
    if (s->armed == on)
        return;
    text_patch_write((void *)s->addr, &b, 1);
    text_sync_cores();
    s->armed = on;
}

static bool any_enabled(struct kprobe_site *s)
{
    struct kprobe *p;
    for (p = s->probes; p; p = p->next)
        if (!(p->flags & KPROBE_DISABLED))
            return true;
    return false;
}

void kprobe_orig_bytes(uint8_t *buf, uint32_t addr, uint32_t len)
{
    int b;
    struct kprobe_site *s;
    kmemcpy(buf, (void *)addr, len);
    for (b = 0; b < NBUCKET; b++)
        for (s = buckets[b]; s; s = s->next)
            if (s->addr >= addr && s->addr < addr + len)
                buf[s->addr - addr] = s->orig;
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

static struct kprobe_site *site_new(uint32_t addr, char *err, size_t n)
{
    struct kprobe_site *s = kzalloc(sizeof *s);
    const char *hz, *why;
    uint32_t avail = (uint32_t)__text_end - addr;
    struct text_resv *o;
    if (!s)
        return ksnprintf(err, n, "out of memory"), NULL;
    uint8_t code[15];
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
        ksnprintf(err, n, "H10: %08x overlaps the %s at %08x", addr, text_user_name(o->user), o->start);
        ool_release(&s->ool);
        kfree(s);
        return NULL;
    }
    s->next = buckets[bucket(addr)];
    __atomic_store_n(&buckets[bucket(addr)], s, __ATOMIC_RELEASE);
    return s;
}

int kprobe_register(struct kprobe *p, char *err, size_t n)
{
    uint32_t addr = resolve(p, err, n);
    const char *hz;
    char why[160], sym[96];
    struct kprobe_site *s;
    if (!addr)
        return -1;
    if (addr < (uint32_t)__text_start || addr >= (uint32_t)__text_end)
        return ksnprintf(err, n, "H12: %08x is outside kernel text", addr), -1;
    text_lock();
    if (!(p->flags & KPROBE_FORCE) && kprobe_check_addr(addr, &hz, why, sizeof why)) {
        text_unlock();
        return ksnprintf(err, n, "%s: %s", hz, why), -1;
    }
    if (p->flags & KPROBE_FORCE) {
        ksym_format(addr, sym, sizeof sym);
        pr_warn("kprobe: FORCED probe at %08x %s: safety checks skipped (guru mode)\n", addr, sym);
    }
    s = site_find(addr);
    if (!s && !(s = site_new(addr, err, n))) {
        text_unlock();
        return -1;
    }
    p->addr = addr;
    p->site = s;
    p->nhit = p->nmissed = 0;
    p->next = s->probes;
    __atomic_store_n(&s->probes, p, __ATOMIC_RELEASE);
    nprobes++;
    site_arm(s, any_enabled(s));
    text_unlock();
    return 0;
}

static void site_unlink(struct kprobe_site *s)
{
    struct kprobe_site *volatile *pp = &buckets[bucket(s->addr)];
    while (*pp != s)
        pp = &(*pp)->next;
    __atomic_store_n(pp, s->next, __ATOMIC_RELEASE);
}

void kprobe_unregister(struct kprobe *p)
{
    struct kprobe_site *s = p->site;
    struct kprobe *volatile *pp;
    bool empty;
    ASSERT(s != NULL);
    text_lock();
    for (pp = &s->probes; *pp != p; pp = &(*pp)->next)
        ASSERT(*pp != NULL);
    __atomic_store_n(pp, p->next, __ATOMIC_RELEASE);
    nprobes--;
    site_arm(s, any_enabled(s));
    empty = s->probes == NULL;
    if (empty) {
        site_unlink(s);
        text_unreserve(&s->resv);
    }
    text_unlock();
    int3_sync_refs();                  /* no handler can still see p or s */
    if (empty) {
        text_lock();                   /* slots are written under the text lock */
        ool_release(&s->ool);
        text_unlock();
        kfree(s);
    }
    p->site = NULL;
}

static void set_disabled(struct kprobe *p, bool off)
{
    ASSERT(p->site != NULL);
    text_lock();
    if (off) p->flags |= KPROBE_DISABLED;
    else p->flags &= ~KPROBE_DISABLED;
    site_arm(p->site, any_enabled(p->site));
    text_unlock();
}

void kprobe_enable(struct kprobe *p) { set_disabled(p, false); }
void kprobe_disable(struct kprobe *p) { set_disabled(p, true); }
int kprobe_count(void) { return nprobes; }
const struct ool *kprobe_ool(const struct kprobe *p) { return p->site ? &p->site->ool : NULL; }
