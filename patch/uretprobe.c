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
#include "kernel/size.h"
#include "kernel/elf.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
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

/* Does the user stack word at slot no longer hold the trampoline's address
 * (or cannot be read)?  Then its instance can never be returned through:
 * its frame was left without a return and the stack reused. */
static bool slot_gone(uint32_t slot)
{
    uint32_t w;
    return copy_from_user(&w, slot, 4) || w != USER_URET_TRAMP;
}

/* uret_lock held: take ri (at *pp) off p's list, back to its pool. */
static void drop(struct uretprobe_instance **pp, struct uretprobe_instance *ri)
{
    *pp = ri->next;
    uretprobe_stats.abandoned++;
    put_locked(ri);
}

/* #BP at USER_URET_TRAMP (tf->eip just after it): the `ret` popped the word
 * at ESP - 4.  Its instance is the newest one listed for that slot, wherever
 * it is in the list: a process may run on several stacks (a coroutine's
 * below main's), so a newer instance at a lower slot may be another stack's
 * live frame.  Newer ones whose slot no longer holds the trampoline's
 * address are frames left without a return (a longjmp; the stack reused)
 * and are dropped; so are older ones of the same slot once the real return
 * address is taken (the slot was reused by a newer call). */
bool uretprobe_trap(struct proc *p, struct trapframe *tf)
{
    uint32_t slot = TF_USER(tf)->esp - 4, f, ret, real;
    struct uretprobe_instance *ri, **pp, **op, *o;
    struct uretprobe *r;
    if (tf->eip - 1 != USER_URET_TRAMP)
        return false;
    f = spin_lock_irqsave(&uret_lock);
    for (pp = &p->uret_pending; (ri = *pp) && ri->slot != slot; )
        if (slot_gone(ri->slot))
            drop(pp, ri);                 /* a frame left without a return */
        else
            pp = &ri->next;
    if (!ri) {
        spin_unlock_irqrestore(&uret_lock, f);
        uretprobe_stats.no_instance++;
        kprintf("process %s (pid %d) killed: returned through the user return probes' trampoline at "
                "stack %08x with no instance there\n", p->name, p->pid, slot);
        p->kill_vec = T_BP;
        p->killed = true;
        __atomic_add_fetch(&uspace_nkills, 1, __ATOMIC_RELAXED);
        return true;
    }
    *pp = ri->next;
    ret = real = ri->ret_addr;
    for (op = pp; (o = *op); )            /* older instances of the same slot */
        if (o->slot != slot)
            op = &o->next;
        else if (real == USER_URET_TRAMP)
            real = o->ret_addr, op = &o->next;   /* ri's entry ran over o's: o's is the real one */
        else
            drop(op, o);                  /* left: the slot was reused by ri's call */
    r = ri->pool->r;
    put_locked(ri);
    spin_unlock_irqrestore(&uret_lock, f);
    tf->eip = real;                       /* the handler sees the real return address */
    if (r && !(r->u.flags & UPROBE_DISABLED)) {   /* unregister waits for this (uprobe_mutex sync) */
        if (r->handler)
            r->handler(r, tf, p);
        __atomic_add_fetch(&r->nreturn, 1, __ATOMIC_RELAXED);
    }
    if (ret == USER_URET_TRAMP)
        tf->eip = ret;                    /* through the trampoline again: o's return */
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

/* gcc's split part of a function X: X.cold or X.cold.N (as
 * kernel/gen_ksyms.py names them), entered by a jump from X's body. */
static bool split_part(const char *name)
{
    const char *c = NULL, *q;
    for (q = name; *q; q++)
        if (q[0] == '.' && q[1] == 'c' && q[2] == 'o' && q[3] == 'l' && q[4] == 'd' && (!q[5] || q[5] == '.'))
            c = q;
    if (!c || c == name)
        return false;
    if (!c[5])
        return true;
    for (q = c + 6; *q >= '0' && *q <= '9'; q++)
        ;
    return q > c + 6 && !*q;
}

/* Is the symbol a function's entry?  0, or -1 with why (a label inside a
 * function: the word at ESP there need not be a return address).  A
 * program or symbol that does not exist is left to uprobe_register. */
static int entry_check(const struct uretprobe *r, char *err, size_t n)
{
    int prog = uimage_find(r->u.prog ? r->u.prog : "");
    const struct uprog *up;
    const char *in;
    uint32_t addr, off;
    if (prog < 0)
        return 0;
    up = &uprogs[prog];
    if (elf_symbol(up->image, up->size, r->u.symbol, &addr))
        return 0;
    if (split_part(r->u.symbol))
        return ksnprintf(err, n, "uretprobe: %s:%s (at %08x) is a split part of a function, entered by a jump "
                         "from its body: not a function's entry", up->name, r->u.symbol, addr), -1;
    if (elf_func_entry(up->image, up->size, addr, &in, &off) != 1)
        return 0;
    if (in)
        return ksnprintf(err, n, "uretprobe: %s:%s is inside %s+%#x (at %08x), not a function's entry: the "
                         "word at the stack pointer there need not be a return address", up->name, r->u.symbol,
                         in, off, addr), -1;
    return ksnprintf(err, n, "uretprobe: %s:%s (at %08x) is not a function's entry: no function symbol "
                     "starts there", up->name, r->u.symbol, addr), -1;
}

int uretprobe_register(struct uretprobe *r, char *err, size_t n)
{
    struct uret_pool *p;
    int i, max = r->maxactive > 0 ? r->maxactive : 16;
    uint32_t sz;
    if (!r->u.symbol || r->u.offset || r->u.pre_handler || r->u.post_handler)
        return ksnprintf(err, n, "uretprobe: give a function's symbol (offset 0) and no handlers of the "
                         "entry probe: the return address is at the stack pointer only at the entry"), -1;
    if (entry_check(r, err, n))
        return -1;
    if (!size_flex(sizeof *p, (uint32_t)max, sizeof p->inst[0], &sz))
        return ksnprintf(err, n, "uretprobe: maxactive %d: its instances (%u bytes each) do not fit in 32 "
                         "bits", max, (unsigned)sizeof p->inst[0]), -1;
    if (!(p = kzalloc(sz)))
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
