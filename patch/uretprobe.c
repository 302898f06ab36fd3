/* User return probes (patch/uprobe.h).  Entry: the uprobe's pre-handler at
 * the function's first instruction reads the return address at the user
 * ESP, lists an instance on the process, then writes the trampoline's
 * address there (SDM Vol. 1, 6.2.4.1: near call and return).  Return: the
 * process's `ret` lands on the int3 at USER_URET_TRAMP (written into every
 * process's slot page at spawn); the instance whose slot the `ret` popped
 * gives the real return address.  One lock for every pool: the trap paths
 * run with interrupts off and never nest on it. */
#include "patch/uprobe_int.h"
#include "kernel/proc.h"
#include "kernel/uvm.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/spinlock.h"
#include "kernel/sleeplock.h"
#include "kernel/console.h"
#include "kernel/uspace.h"
#include "kernel/ipi.h"
#include "kernel/param.h"

struct uret_pool {
    struct uretprobe *volatile r;     /* NULL once unregistered */
    struct uretprobe_instance *free;
    int nused;
    struct uret_pool *retired_next;
    struct uretprobe_instance inst[];
};

struct uretprobe_stats uretprobe_stats;
static struct spinlock uret_lock = SPINLOCK_INIT("uretprobe");
static struct sleeplock uret_mutex = SLEEPLOCK_INIT("uretprobe-reg");
static struct uret_pool *retired;

static struct uretprobe_instance *get(struct uret_pool *p)
{
    struct uretprobe_instance *ri;
    uint32_t f = spin_lock_irqsave(&uret_lock);
    if ((ri = p->free)) {
        p->free = ri->next;
        p->nused++;
        if (!p->r)                        /* taken while its probe goes: counted back by put */
            uretprobe_stats.pending_at_unregister++;
    }
    spin_unlock_irqrestore(&uret_lock, f);
    return ri;
}

/* uret_lock held. */
static void put_locked(struct uretprobe_instance *ri)
{
    struct uret_pool *p = ri->pool;
    ri->next = p->free;
    p->free = ri;
    p->nused--;
    if (!p->r)
        uretprobe_stats.reclaimed++;
}

static int uret_entry(struct uprobe *u, struct trapframe *tf, struct proc *p)
{
    struct uretprobe *r = (struct uretprobe *)u;      /* u is its first member */
    uint32_t esp = TF_USER(tf)->esp, ra, tramp = USER_URET_TRAMP, f;
    struct uretprobe_instance *ri;
    if (copy_from_user(&ra, esp, 4))
        return __atomic_add_fetch(&r->nrefused, 1, __ATOMIC_RELAXED), 0;
    if (!(ri = get(r->pool)))
        return __atomic_add_fetch(&r->nmissed, 1, __ATOMIC_RELAXED), 0;
    ri->ret_addr = ra;
    ri->slot = esp;
    f = spin_lock_irqsave(&uret_lock);
    ri->next = p->uret_pending;
    p->uret_pending = ri;                         /* listed first, */
    if (copy_to_user(esp, &tramp, 4)) {           /* then hidden */
        p->uret_pending = ri->next;
        put_locked(ri);
        spin_unlock_irqrestore(&uret_lock, f);
        return __atomic_add_fetch(&r->nrefused, 1, __ATOMIC_RELAXED), 0;
    }
    spin_unlock_irqrestore(&uret_lock, f);
    __atomic_add_fetch(&r->nentry, 1, __ATOMIC_RELAXED);
    return 0;
}

/* #BP at USER_URET_TRAMP (tf->eip just after it): the `ret` popped the word
 * at ESP - 4.  Newer instances below it were left without a return. */
bool uretprobe_trap(struct proc *p, struct trapframe *tf)
{
    uint32_t slot = TF_USER(tf)->esp - 4, f;
    struct uretprobe_instance *ri;
    struct uretprobe *r;
    if (tf->eip - 1 != USER_URET_TRAMP)
        return false;
    f = spin_lock_irqsave(&uret_lock);
    while ((ri = p->uret_pending) && ri->slot < slot) {
        p->uret_pending = ri->next;
        uretprobe_stats.abandoned++;
        put_locked(ri);
    }
    if (!ri || ri->slot != slot) {
        spin_unlock_irqrestore(&uret_lock, f);
        uretprobe_stats.no_instance++;
        kprintf("process %s (pid %d) killed: returned through the user return probes' trampoline at "
                "stack %08x with no instance there\n", p->name, p->pid, slot);
        p->kill_vec = T_BP;
        p->killed = true;
        __atomic_add_fetch(&uspace_nkills, 1, __ATOMIC_RELAXED);
        return true;
    }
    p->uret_pending = ri->next;
    tf->eip = ri->ret_addr;
    r = ri->pool->r;
    put_locked(ri);
    spin_unlock_irqrestore(&uret_lock, f);
    if (r && !(r->u.flags & UPROBE_DISABLED)) {   /* unregister waits for this (uprobe_mutex sync) */
        if (r->handler)
            r->handler(r, tf, p);
        __atomic_add_fetch(&r->nreturn, 1, __ATOMIC_RELAXED);
    }
    return true;
}

void uretprobe_proc_exit(struct proc *p)
{
    struct uretprobe_instance *ri;
    uint32_t f = spin_lock_irqsave(&uret_lock);
    while ((ri = p->uret_pending)) {
        p->uret_pending = ri->next;
        uretprobe_stats.exited++;
        put_locked(ri);
    }
    spin_unlock_irqrestore(&uret_lock, f);
}

static void uret_sync(void *arg) { (void)arg; }

static int uret_bug;
KPARAM_ENUM("uretprobe_bug", uret_bug, "none|drop_pending",
            "drop_pending: unregister takes back the instances still pending on user stacks "
            "(a negative control: their returns find none)");

/* The control: every process's instances of pool p dropped (the table
 * lock held: the order of proc_exit, table lock then uret_lock). */
static void drop_pending(struct proc *q, void *arg)
{
    struct uretprobe_instance **pp = &q->uret_pending, *ri;
    uint32_t f = spin_lock_irqsave(&uret_lock);
    while ((ri = *pp)) {
        if (ri->pool == arg) {
            *pp = ri->next;
            put_locked(ri);
        } else {
            pp = &ri->next;
        }
    }
    spin_unlock_irqrestore(&uret_lock, f);
}

/* uret_mutex held. */
static void reclaim(void)
{
    struct uret_pool **pp = &retired, *p;
    uint32_t f;
    while ((p = *pp)) {
        f = spin_lock_irqsave(&uret_lock);
        if (p->nused) {
            spin_unlock_irqrestore(&uret_lock, f);
            pp = &p->retired_next;
            continue;
        }
        *pp = p->retired_next;
        spin_unlock_irqrestore(&uret_lock, f);
        kfree(p);
    }
}

int uretprobe_register(struct uretprobe *r, char *err, size_t n)
{
    struct uret_pool *p;
    int i, max = r->maxactive > 0 ? r->maxactive : 16;
    if (!r->u.symbol || r->u.offset || r->u.pre_handler || r->u.post_handler)
        return ksnprintf(err, n, "uretprobe: give a function's symbol (offset 0) and no handlers of the "
                         "entry probe: the return address is at the stack pointer only at the entry"), -1;
    if (!(p = kzalloc(sizeof *p + (size_t)max * sizeof p->inst[0])))
        return ksnprintf(err, n, "uretprobe: no memory for %d instances", max), -1;
    for (i = 0; i < max; i++) {
        p->inst[i].pool = p;
        p->inst[i].next = p->free;
        p->free = &p->inst[i];
    }
    p->r = r;
    r->pool = p;
    r->nentry = r->nreturn = r->nmissed = r->nrefused = 0;
    r->u.pre_handler = uret_entry;
    sleeplock_acquire(&uret_mutex);
    reclaim();
    sleeplock_release(&uret_mutex);
    if (uprobe_register(&r->u, err, n)) {
        r->u.pre_handler = NULL;
        r->pool = NULL;
        kfree(p);
        return -1;
    }
    return 0;
}

void uretprobe_unregister(struct uretprobe *r)
{
    struct uret_pool *p = r->pool;
    uint32_t f;
    sleeplock_acquire(&uret_mutex);
    f = spin_lock_irqsave(&uret_lock);
    uretprobe_stats.pending_at_unregister += (uint32_t)p->nused;
    p->r = NULL;                          /* a return from now runs no handler */
    spin_unlock_irqrestore(&uret_lock, f);
    if (uret_bug)
        proc_foreach(drop_pending, p);
    uprobe_unregister(&r->u);             /* no entry from now; its handlers are done */
    smp_call_all(uret_sync, NULL, true);  /* a return handler that read r before has ended */
    p->retired_next = retired;
    retired = p;
    r->pool = NULL;
    r->u.pre_handler = NULL;
    reclaim();
    sleeplock_release(&uret_mutex);
}
