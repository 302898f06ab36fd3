/* Return probes (patch/kretprobe.h).  Entry: a kprobe pre-handler takes an
 * instance from the probe's pool, lists it on the thread (newest first),
 * then writes the trampoline's address over the return address: a reader
 * that sees the trampoline finds the instance.  Return: the trampoline
 * (kretprobe_tramp.S) calls kretprobe_tramp_handler, which runs the return
 * handler, puts the real return address back in the slot, then unlists the
 * instance: a reader sees one or the other, never neither.  A pool outlives
 * its probe until every instance came back (kretprobe_unregister). */
#include "patch/kretprobe.h"
#include "patch/int3.h"
#include "patch/insn/insn.h"
#include "kernel/thread.h"
#include "kernel/trap.h"
#include "kernel/gdt.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/size.h"
#include "kernel/fmt.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/param.h"
#include "kernel/noprobe.h"
#include "kernel/sleeplock.h"
#include "patch/xref.h"

struct rp_pool {
    struct kretprobe *volatile rp;    /* NULL once unregistered: no handler runs */
    int lock;                         /* free list: 0, or its holder's CPU + 1; held
                                       * with IF=0 (no spinlock: its debug paths
                                       * would all join the no-probe set) */
    struct kretprobe_instance *free;
    volatile int nused;
    struct rp_pool *retired_next;     /* unregistered with instances out */
    struct kretprobe_instance inst[];
};

struct kretprobe_stats kretprobe_stats;
static struct rp_pool *retired;       /* rp_mutex */
static struct sleeplock rp_mutex = SLEEPLOCK_INIT("kretprobe");

static int rp_bug;
KPARAM_ENUM("kretprobe_bug", rp_bug, "none|no_recover|lifo|epilogue_join",
            "no_recover: stack readers take the trampoline's address as it is; lifo: a return takes "
            "the newest instance, whatever its slot; epilogue_join: an optimized ret-site probe moves to "
            "its epilogue even where a branch lands inside it (negative controls)");
enum { RP_BUG_NONE, RP_BUG_NO_RECOVER, RP_BUG_LIFO, RP_BUG_EPILOGUE_JOIN };

/* IF=0.  The lock holds its owner's CPU number + 1: false if this CPU holds
 * it already (an NMI on top of the holder), else spin (another CPU holds it
 * for a few instructions). */
NOPROBE static bool pool_lock(struct rp_pool *p)
{
    int me = cpu_id() + 1, free = 0;
    while (!__atomic_compare_exchange_n(&p->lock, &free, me, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        if (free == me)
            return false;
        free = 0;
        pause();
    }
    return true;
}
NOPROBE static void pool_unlock(struct rp_pool *p) { __atomic_store_n(&p->lock, 0, __ATOMIC_RELEASE); }

static struct kretprobe_instance *pool_get(struct rp_pool *p)
{
    struct kretprobe_instance *ri;
    if (!pool_lock(p))
        return NULL;                  /* nested on its holder: missed */
    if ((ri = p->free)) {
        p->free = ri->next;
        p->nused++;
    }
    pool_unlock(p);
    return ri;
}

/* IF=0, and this CPU's probe.running set: no entry nests on it here. */
NOPROBE static void pool_put(struct kretprobe_instance *ri)
{
    struct rp_pool *p = ri->pool;
    if (!pool_lock(p))
        panic("kretprobe: pool lock nested on its holder, cpu %d", cpu_id());
    ri->next = p->free;
    p->free = ri;
    p->nused--;
    if (!p->rp)
        kretprobe_stats.reclaimed++;
    pool_unlock(p);
}

/* The entry probe's pre-handler: at a function's first byte the return
 * address is the word at the probed code's ESP, just above the frame. */
static int rp_entry(struct kprobe *kp, struct trapframe *tf)
{
    struct kretprobe *rp = (struct kretprobe *)kp;      /* kp is its first member */
    struct thread *t = thread_current();
    uint32_t *slot = (uint32_t *)(tf + 1), fl = read_eflags();
    struct kretprobe_instance *ri;
    cli();
    if (!(ri = pool_get(rp->pool))) {
        __atomic_fetch_add(&rp->nmissed, 1, __ATOMIC_RELAXED);
    } else {
        ri->ret_addr = *slot;
        ri->slot = (uint32_t)slot;
        if (rp->entry_handler && rp->entry_handler(ri, tf)) {
            pool_put(ri);                 /* declined: the instance goes back */
        } else {
            __atomic_fetch_add(&rp->nentry, 1, __ATOMIC_RELAXED);
            ri->next = t->rp_pending;
            __atomic_store_n(&t->rp_pending, ri, __ATOMIC_RELEASE);   /* listed first, */
            __atomic_store_n(slot, (uint32_t)kretprobe_trampoline, __ATOMIC_RELEASE);   /* then hidden */
        }
    }
    if (fl & EFLAGS_IF)
        sti();
    return 0;
}

/* Called by the trampoline with IF=0 and tf built on the stack just below
 * the slot the return popped: the instance for that slot is the newest one
 * at or above it; newer ones below it belong to frames left without a
 * return (a fault fix-up unwound them) and are dropped. */
NOPROBE void kretprobe_tramp_handler(struct trapframe *tf)
{
    struct cpu *c = mycpu();
    struct thread *t = c->thread;
    uint32_t slot = (uint32_t)(tf + 1);
    struct kretprobe_instance *ri = t->rp_pending, *o;
    struct kretprobe *rp;
    uint32_t prev = c->probe.running, ra;
    c->probe.running = 1;                 /* nested probe hits are missed: the list is ours */
    while (ri && ri->slot < slot && rp_bug != RP_BUG_LIFO) {
        __atomic_store_n(&t->rp_pending, ri->next, __ATOMIC_RELEASE);
        kretprobe_stats.abandoned++;
        pool_put(ri);
        ri = t->rp_pending;
    }
    if (!ri || (ri->slot != slot && rp_bug != RP_BUG_LIFO))
        panic("kretprobe: thread %d (%s) returned through the trampoline at stack %08x with no "
              "instance there (newest at %08x): its real return address is lost", t->tid, t->name, slot,
              ri ? ri->slot : 0);
    /* The handler sees the real return address: ri's own, or, where ri saved
     * the trampoline's (its entry ran after another return probe's on the
     * same slot: a second probe on the function, or a tail call into it),
     * that of the next older instance of the same slot holding a real one.
     * The return itself goes to ri's, through the trampoline again. */
    for (ra = ri->ret_addr, o = ri->next; ra == (uint32_t)kretprobe_trampoline && o; o = o->next)
        if (o->slot == ri->slot)
            ra = o->ret_addr;
    tf->eip = ra;
    rp = __atomic_load_n(&ri->pool->rp, __ATOMIC_ACQUIRE);
    if (rp && !(rp->kp.flags & KPROBE_DISABLED)) {
        if (rp->handler)
            rp->handler(rp, ri, tf);
        __atomic_fetch_add(&rp->nreturn, 1, __ATOMIC_RELAXED);
    }
    __atomic_store_n((uint32_t *)slot, ri->ret_addr, __ATOMIC_RELEASE);   /* back first, */
    __atomic_store_n(&t->rp_pending, ri->next, __ATOMIC_RELEASE);          /* then unlisted */
    pool_put(ri);
    c->probe.running = prev;
    if (!prev)
        __asm__ volatile("incl %0" : "+m"(c->probe.gen));   /* int3_sync_refs' progress */
}

/* t's real return address listed for slot, or 0 (a tail call's instance
 * holds the trampoline's address again: the one below it has the real). */
static uint32_t listed(struct thread *t, uint32_t slot)
{
    struct kretprobe_instance *ri;
    for (ri = __atomic_load_n(&t->rp_pending, __ATOMIC_ACQUIRE); ri; ri = ri->next)
        if (ri->slot == slot && ri->ret_addr != (uint32_t)kretprobe_trampoline)
            return ri->ret_addr;
    return 0;
}

/* The trampoline's address at slot is a return address (the instance
 * listed for that slot), or the EIP of an interrupt frame taken on the
 * trampoline's first instruction: its `ret` popped the slot just below the
 * interrupted ESP, which the frame's EFLAGS now fill (SDM Vol. 3, 6.12.1:
 * EIP, CS, EFLAGS upward), so the instance is listed for slot + 8. */
/* Do the words at slot look like an interrupt frame taken on the
 * trampoline's first instruction: CS, then EFLAGS (bit 1 set, its reserved
 * bits clear: SDM Vol. 1, 3.4.3) where the popped slot was?  A live slot
 * there would hold the trampoline's address. */
static bool tramp_entry_frame(const struct thread *t, uint32_t slot)
{
    const uint32_t *w = (const uint32_t *)slot;
    return slot + 12 <= t->stack_hi && w[1] == SEL_KCODE && w[2] != (uint32_t)kretprobe_trampoline &&
           (w[2] & 0x2) && !(w[2] & 0xffc08028);
}

/* The frame is tried first: an instance listed at slot itself is then a
 * frame left without a return below the popped slot (the trampoline's
 * handler has not dropped it yet), not this word's. */
uint32_t kretprobe_recover_slow(uint32_t slot, uint32_t ra)
{
    struct thread *t;
    uint32_t v;
    bool guard;
    if (rp_bug == RP_BUG_NO_RECOVER)
        return ra;
    if (!(t = thread_owning_stack(slot, &guard)))
        return 0;
    if (!guard && tramp_entry_frame(t, slot) && (v = listed(t, slot + 8)))
        return v;
    return listed(t, slot);
}

uint32_t kretprobe_popped(uint32_t sp)
{
    struct thread *t;
    bool guard;
    if (rp_bug == RP_BUG_NO_RECOVER || !(t = thread_owning_stack(sp - 4, &guard)) || guard)
        return 0;
    return listed(t, sp - 4);
}

void kretprobe_thread_exit(struct thread *t)
{
    struct kretprobe_instance *ri;
    uint32_t fl = read_eflags();
    struct cpu *c;
    cli();
    c = mycpu();
    c->probe.running = 1;
    while ((ri = t->rp_pending)) {
        __atomic_store_n(&t->rp_pending, ri->next, __ATOMIC_RELEASE);
        kretprobe_stats.exited++;
        pool_put(ri);
    }
    c->probe.running = 0;
    __asm__ volatile("incl %0" : "+m"(c->probe.gen));
    if (fl & EFLAGS_IF)
        sti();
}

/* rp_mutex held: free the retired pools every instance came back to (no
 * handler still runs on one: int3_sync_refs). */
static void reclaim(void)
{
    struct rp_pool **pp = &retired, *p;
    bool synced = false;
    while ((p = *pp)) {
        if (__atomic_load_n(&p->nused, __ATOMIC_ACQUIRE)) {
            pp = &p->retired_next;
            continue;
        }
        if (!synced)
            int3_sync_refs(), synced = true;
        *pp = p->retired_next;
        kfree(p);
        kretprobe_stats.pools_freed++;
    }
}

/* ---- KRETPROBE_RET_SITES: a probe on every ret ------------------------- */
#define RP_SITES_MAX 16
#define RP_EPI_MAX 4                      /* epilogue instructions remembered (4 pops + ret: 5 bytes) */

static int rp_site_entry(struct kprobe *kp, struct trapframe *tf)
{
    (void)tf;
    __atomic_fetch_add(&((struct kretprobe *)kp)->nentry, 1, __ATOMIC_RELAXED);
    return 0;
}

/* A ret's probe.  The kretprobe's switch is its entry probe's
 * KPROBE_DISABLED (kprobe_enable and kprobe_disable on rp->kp, as for the
 * stack kind); the rets' own probes stay enabled.  The handler runs with
 * IF=0, as the stack kind's do. */
static int rp_site_ret(struct kprobe *kp, struct trapframe *tf)
{
    struct rp_site *s = (struct rp_site *)kp;
    struct kretprobe *rp = s->rp;
    uint32_t eip = tf->eip, fl;           /* after the int3 (a trap), or the region's start */
    if (__atomic_load_n(&rp->kp.flags, __ATOMIC_RELAXED) & KPROBE_DISABLED)
        return 0;                         /* disabled: no handler, no count */
    fl = read_eflags();
    cli();                                /* the handler runs with IF=0 */
    if (rp->handler) {
        tf->eip = s->ret;                 /* the handler sees the ret's address */
        rp->handler(rp, NULL, tf);
        tf->eip = eip;
    }
    __atomic_fetch_add(&rp->nreturn, 1, __ATOMIC_RELAXED);
    if (fl & EFLAGS_IF)
        sti();
    return 0;
}

/* An epilogue instruction: it writes neither eax nor edx (the return value)
 * and falls through: pop of ebx, ecx, esi, edi or ebp; leave; add to esp;
 * lea or mov into esp (SDM Vol. 2: POP 58+rd, LEAVE C9, ADD 81/83 /0, LEA
 * 8D, MOV 89/8B). */
static bool epilogue_insn(const struct insn *in)
{
    uint8_t m = in->modrm, op = in->opcode;
    if (in->nprefix || in->enc != INSN_ENC_LEGACY || in->map != INSN_MAP_1B)
        return false;
    if (op >= 0x58 && op <= 0x5f)
        return op != 0x58 && op != 0x5a && op != 0x5c;
    if (op == 0xc9)
        return true;
    if (op == 0x81 || op == 0x83)
        return m == 0xc4;                 /* add $imm, %esp */
    if (op == 0x8d)
        return (m >> 3 & 7) == 4;         /* lea ..., %esp */
    return (op == 0x89 && m == 0xec) || (op == 0x8b && m == 0xe5);   /* mov %ebp, %esp */
}

/* The epilogue start before a ret ending at end: the latest of the
 * epilogue instructions just before it that leaves a jump room (5 bytes
 * up to end), or 0. */
static uint32_t epilogue_start(const uint32_t *epi, int nepi, uint32_t end)
{
    while (nepi--)
        if (end - epi[nepi] >= 5)
            return epi[nepi];
    return 0;
}

/* The rets in [lo, hi), by a linear sweep of the original bytes, appended
 * to r[nr..]: each with the start of the epilogue before it, or 0.  The
 * new count, or -1 with why. */
struct ret_at { uint32_t ret, site; };
static int sweep_rets(const char *name, uint32_t lo, uint32_t hi, struct ret_at *r, int nr, bool *ijmp,
                      char *err, size_t n)
{
    uint8_t code[16];
    struct insn in;
    uint32_t a, epi[RP_EPI_MAX];
    int nepi = 0, i;
    for (a = lo; a < hi; a += in.len) {
        uint32_t len = hi - a < 15 ? hi - a : 15;
        kprobe_orig_bytes(code, a, len);
        if (insn_decode(&in, code, len) != INSN_OK)
            return ksnprintf(err, n, "kretprobe: %s: no instruction at %08x", name, a), -1;
        *ijmp |= insn_is_ijmp(&in);
        if (insn_is_ret(&in)) {
            if (nr == RP_SITES_MAX)
                return ksnprintf(err, n, "kretprobe: %s has more than %d rets", name, RP_SITES_MAX), -1;
            r[nr].ret = a;
            r[nr++].site = epilogue_start(epi, nepi, a + in.len);
        }
        if (!epilogue_insn(&in))
            nepi = 0;
        else if (nepi < RP_EPI_MAX)
            epi[nepi++] = a;
        else {
            for (i = 1; i < RP_EPI_MAX; i++)
                epi[i - 1] = epi[i];
            epi[RP_EPI_MAX - 1] = a;
        }
    }
    return nr;
}

/* The function's rets, its split parts' (gcc's X.cold: its code too, below
 * it) included, each with where its probe goes: the start of the epilogue
 * before it when there is a jump's room and no branch lands after that
 * start (an int3 there must see every return; an indirect jump may land
 * anywhere: H5), else the ret; without move, or in a part, every ret. */
static int find_rets(const struct ksym *k, bool move, struct ret_at *r, char *err, size_t n)
{
    const struct ksym *s;
    bool ijmp = false;
    int nr = sweep_rets(k->name, k->addr, k->addr + k->size, r, 0, &ijmp, err, n), i;
    for (i = 0; nr >= 0 && i < ksym_count(); i++)
        if ((s = ksym_at(i))->size && ksym_part_owner(s->addr) == k->addr)
            nr = sweep_rets(s->name, s->addr, s->addr + s->size, r, nr, &ijmp, err, n);
    if (nr < 0)
        return -1;
    for (i = 0; i < nr; i++)
        if (!move || ijmp || r[i].site <= k->addr || r[i].ret >= k->addr + k->size ||
            (rp_bug != RP_BUG_EPILOGUE_JOIN && xref_branch_into(r[i].site, r[i].ret + 1, 0, 0)))
            r[i].site = r[i].ret;
    if (!nr)
        return ksnprintf(err, n, "kretprobe: %s has no ret (it leaves by a tail call or not at all): "
                         "ret-site probes would see no return", k->name), -1;
    return nr;
}

/* A ret's probe's flags: never disabled (rp_site_ret follows the entry
 * probe's switch), jump-optimized only off the ret itself. */
static uint32_t site_flags(uint32_t f, bool on_ret)
{
    f &= ~KPROBE_DISABLED;
    return on_ret ? f & ~KPROBE_OPTIMIZE : f;
}

static int sites_register(struct kretprobe *rp, const struct ksym *k, char *err, size_t n)
{
    struct ret_at at[RP_SITES_MAX];
    int nr = find_rets(k, rp->kp.flags & KPROBE_OPTIMIZE, at, err, n), i;
    if (nr < 0)
        return -1;
    if (rp->entry_handler)
        return ksnprintf(err, n, "kretprobe: ret-site probes carry nothing from entry to return: no "
                         "entry_handler"), -1;
    if (!(rp->sites = kzalloc_array((uint32_t)nr, sizeof *rp->sites)))
        return ksnprintf(err, n, "kretprobe: no memory"), -1;
    rp->nentry = rp->nreturn = rp->nmissed = 0;
    rp->kp.addr = k->addr;
    rp->kp.symbol = NULL;
    rp->kp.pre_handler = rp_site_entry;
    for (i = 0; i < nr; i++)                 /* a ret alone has no room for a jump: int3 */
        rp->sites[i] = (struct rp_site){ .kp = { .addr = at[i].site, .pre_handler = rp_site_ret,
                          .flags = site_flags(rp->kp.flags, at[i].site == at[i].ret) }, .rp = rp, .ret = at[i].ret };
    for (i = 0; i <= nr; i++)
        if (kprobe_register(i < nr ? &rp->sites[i].kp : &rp->kp, err, n))
            break;
    if (i <= nr) {
        while (i--)
            kprobe_unregister(&rp->sites[i].kp);
        kfree(rp->sites);
        rp->sites = NULL;
        rp->kp.pre_handler = NULL;
        return -1;
    }
    rp->nsites = nr;
    return 0;
}

int kretprobe_register(struct kretprobe *rp, char *err, size_t n)
{
    const struct ksym *k = NULL, *in;
    struct rp_pool *p;
    uint32_t addr = rp->kp.addr, sz, owner;
    int i, max = rp->maxactive > 0 ? rp->maxactive : ncpu * 2 > 10 ? ncpu * 2 : 10;
    if (rp->kind != KRETPROBE_STACK && rp->kind != KRETPROBE_RET_SITES)
        return ksnprintf(err, n, "kretprobe: kind %d is neither KRETPROBE_STACK (%d) nor KRETPROBE_RET_SITES (%d)",
                         rp->kind, KRETPROBE_STACK, KRETPROBE_RET_SITES), -1;
    if (rp->kp.pre_handler || rp->kp.post_handler)
        return ksnprintf(err, n, "kretprobe: the entry probe's handlers are the kretprobe's own"), -1;
    if (!addr && rp->kp.symbol && !(k = ksym_by_name(rp->kp.symbol)))
        return ksnprintf(err, n, "kretprobe: no function named '%s'", rp->kp.symbol), -1;
    if (!addr && k)
        addr = k->addr + rp->kp.offset;
    if (!addr || !(k = ksym_lookup(addr)) || k->addr != addr) {
        char at[64];
        ksym_format(addr, at, sizeof at);
        return ksnprintf(err, n, "kretprobe: %08x %s is not a function's first byte: the return address "
                         "is at the stack pointer only there", addr, at), -1;
    }
    if ((in = ksym_enclosing(addr))) {
        char at[64], fn[64];
        ksym_format(addr, at, sizeof at);
        ksnprintf(fn, sizeof fn, "<%s+%#x/%#x>", in->name, addr - in->addr, in->size);
        return ksnprintf(err, n, "kretprobe: %08x %s is inside %s, not a function's entry: the word at the "
                         "stack pointer there need not be a return address", addr, at, fn), -1;
    }
    if ((owner = ksym_part_owner(addr))) {
        char at[64], fn[64];
        ksym_format(addr, at, sizeof at);
        ksym_format(owner, fn, sizeof fn);
        return ksnprintf(err, n, "kretprobe: %08x %s is a split part of %s, entered by a jump from its body: "
                         "not a function's entry", addr, at, fn), -1;
    }
    if (rp->kind != KRETPROBE_RET_SITES && !size_flex(sizeof *p, (uint32_t)max, sizeof p->inst[0], &sz))
        return ksnprintf(err, n, "kretprobe: maxactive %d: its instances (%u bytes each) do not fit in 32 "
                         "bits", max, (unsigned)sizeof p->inst[0]), -1;
    if (rp->kind == KRETPROBE_RET_SITES)
        return sites_register(rp, k, err, n);
    if (!(p = kzalloc(sz)))
        return ksnprintf(err, n, "kretprobe: no memory for %d instances", max), -1;
    for (i = 0; i < max; i++) {
        p->inst[i].pool = p;
        p->inst[i].next = p->free;
        p->free = &p->inst[i];
    }
    p->rp = rp;
    rp->pool = p;
    rp->nmissed = rp->nentry = rp->nreturn = 0;
    rp->kp.addr = addr;
    rp->kp.symbol = NULL;
    rp->kp.pre_handler = rp_entry;
    sleeplock_acquire(&rp_mutex);
    reclaim();
    sleeplock_release(&rp_mutex);
    if (kprobe_register(&rp->kp, err, n)) {
        rp->kp.pre_handler = NULL;
        rp->pool = NULL;
        kfree(p);
        return -1;
    }
    return 0;
}

void kretprobe_unregister(struct kretprobe *rp)
{
    struct rp_pool *p = rp->pool;
    uint32_t fl;
    int i;
    if (rp->kind == KRETPROBE_RET_SITES) {
        for (i = 0; i < rp->nsites; i++)
            kprobe_unregister(&rp->sites[i].kp);
        kprobe_unregister(&rp->kp);
        kfree(rp->sites);
        rp->sites = NULL;
        rp->nsites = 0;
        rp->kp.pre_handler = NULL;
        return;
    }
    kprobe_unregister(&rp->kp);           /* no new entry; its handlers are done */
    rp->kp.pre_handler = NULL;
    sleeplock_acquire(&rp_mutex);
    fl = read_eflags();
    cli();
    pool_lock(p);                         /* IF=0: nothing of this CPU's holds it */
    kretprobe_stats.pending_at_unregister += (uint32_t)p->nused;   /* each counted back by pool_put */
    __atomic_store_n(&p->rp, NULL, __ATOMIC_RELEASE);
    pool_unlock(p);
    if (fl & EFLAGS_IF)
        sti();
    int3_sync_refs();                     /* no return handler still runs with rp */
    p->retired_next = retired;
    retired = p;
    rp->pool = NULL;
    reclaim();
    sleeplock_release(&rp_mutex);
}
