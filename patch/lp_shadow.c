/* Shadow variables (Linux's kernel/livepatch/shadow.c): data a patch attaches
 * to an object it cannot change, found by (object, id).  lp_shadow_get takes
 * no lock: it walks a bucket with interrupts off.  A free unlinks under the
 * lock and then waits until every CPU has run a cross-call (taken with
 * interrupts on), so no walk that could still see the entry is left; only
 * then is the memory freed (an RCU-sched grace period). */
#include "patch/livepatch.h"
#include "kernel/spinlock.h"
#include "kernel/ipi.h"
#include "kernel/cpu.h"
#include "kernel/mem.h"
#include "kernel/size.h"
#include "kernel/x86.h"
#include "kernel/panic.h"

#define BUCKETS 64

struct lp_shadow {
    struct lp_shadow *next;           /* in its bucket; left as it was once unlinked */
    struct lp_shadow *gone;           /* unlinked, waiting for the grace period */
    void *obj;
    uint32_t id;
    uint8_t data[];                   /* 16-byte aligned after the kheap header */
};

static struct lp_shadow *buckets[BUCKETS];
static struct spinlock shlock = SPINLOCK_INIT("lp_shadow");
bool lp_shadow_no_grace;              /* self-test control: free at once */

static struct lp_shadow **bucket(const void *obj, uint32_t id)
{
    return &buckets[((uint32_t)obj >> 4 ^ id * 2654435761u) % BUCKETS];
}

void *lp_shadow_get(void *obj, uint32_t id)
{
    uint32_t f = read_eflags();
    struct lp_shadow *e;
    void *d = NULL;
    cli();
    for (e = __atomic_load_n(bucket(obj, id), __ATOMIC_ACQUIRE); e; e = __atomic_load_n(&e->next, __ATOMIC_ACQUIRE))
        if (e->obj == obj && e->id == id) {
            d = e->data;
            break;
        }
    if (f & EFLAGS_IF) sti();
    return d;
}

void *lp_shadow_alloc(void *obj, uint32_t id, size_t size, void (*ctor)(void *data, void *arg), void *arg)
{
    struct lp_shadow *e, **b = bucket(obj, id), *x;
    uint32_t f, sz;
    if (!size_add(sizeof *e, size, &sz) || !(e = kmalloc(sz)))
        return NULL;                      /* a size whose header would wrap it: refused */
    kmemset(e, 0, sizeof *e + size);
    e->obj = obj;
    e->id = id;
    if (ctor)
        ctor(e->data, arg);               /* before any reader can find it */
    f = spin_lock_irqsave(&shlock);
    for (x = *b; x && !(x->obj == obj && x->id == id); x = x->next)
        ;
    if (!x) {
        e->next = *b;
        __atomic_store_n(b, e, __ATOMIC_RELEASE);      /* published once whole */
    }
    spin_unlock_irqrestore(&shlock, f);
    if (x) {
        kfree(e);
        return NULL;                  /* one per (object, id) */
    }
    return e->data;
}

static void grace_cb(void *arg) { (void)arg; }

/* Unlink every entry of id (for obj, or any object if obj is NULL), then free
 * them after a grace period.  Thread context. */
static void free_matching(void *obj, uint32_t id)
{
    struct lp_shadow *gone = NULL, **pp, *e;
    uint32_t f;
    int i;
    if (mycpu()->irq_depth)
        panic("lp_shadow_free: from an interrupt handler (it waits for every CPU)");
    f = spin_lock_irqsave(&shlock);
    for (i = 0; i < BUCKETS; i++)
        for (pp = &buckets[i]; (e = *pp); ) {
            if (e->id == id && (!obj || e->obj == obj)) {
                __atomic_store_n(pp, e->next, __ATOMIC_RELEASE);
                e->gone = gone;           /* e->next stays: a reader on e walks on */
                gone = e;
                continue;
            }
            pp = &e->next;
        }
    spin_unlock_irqrestore(&shlock, f);
    if (gone && !lp_shadow_no_grace)
        smp_call_all(grace_cb, NULL, true);
    while ((e = gone)) {
        gone = e->gone;
        kfree(e);
    }
}

void lp_shadow_free(void *obj, uint32_t id) { free_matching(obj, id); }
void lp_shadow_free_all(uint32_t id) { free_matching(NULL, id); }
