/* Cross-CPU function calls (the Linux smp_call_function shape, written from
 * scratch): one request node per target inside a call_data, per-CPU queues,
 * one V_CALL IPI per target.  The target runs fn with interrupts off, then
 * acknowledges (a locked decrement: SDM Vol. 3, 8.2.2, stores before it are
 * visible first).  ipi_bug=no_ack_barrier acknowledges before fn has run, a
 * negative control that ipi-torture must catch. */
#include "kernel/ipi.h"
#include "kernel/lapic.h"
#include "kernel/cpu.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "kernel/mem.h"
#include "kernel/panic.h"
#include "kernel/param.h"
#include "kernel/spinlock.h"

struct call_data;
struct call_req { struct call_data *cd; struct call_req *next; };
struct call_data {
    smp_call_fn fn;
    void *arg;
    volatile int pending;             /* targets that have not acknowledged */
    bool heap;                        /* no waiter: last acknowledger frees */
    struct call_req req[NCPU_MAX];
};
struct callq { struct spinlock lock; struct call_req *head, *tail; };
static struct callq callqs[NCPU_MAX];

int ipi_bug;
volatile int smp_call_waiters;        /* callers in smp_call_mask's wait loop */
KPARAM_ENUM("ipi_bug", ipi_bug, "none|no_ack_barrier", "IPI negative control");

uint32_t smp_online_mask(void)
{
    uint32_t m = 0;
    int i;
    for (i = 0; i < NCPU_MAX; i++)
        if (cpus[i].online) m |= 1u << i;
    return m;
}

/* Read heap first: once pending hits 0 a waiting caller may return, and its
 * call_data (on its stack) is gone. */
static void ack(struct call_data *cd)
{
    bool heap = cd->heap;
    if (__atomic_sub_fetch(&cd->pending, 1, __ATOMIC_RELEASE) == 0 && heap)
        kfree(cd);
}

NOPROBE void smp_call_poll(void)
{
    struct callq *q;
    struct call_req *r;
    uint32_t f = read_eflags();
    cli();
    q = &callqs[cpu_id()];
    while (READ_ONCE(q->head)) {
        struct call_data *cd;
        smp_call_fn fn;
        void *arg;
        spin_lock(&q->lock);
        r = q->head;
        if (r) {
            q->head = r->next;
            if (!q->head) q->tail = NULL;
        }
        spin_unlock(&q->lock);
        if (!r)
            break;
        cd = r->cd;
        fn = cd->fn;
        arg = cd->arg;
        if (ipi_bug == IPI_BUG_NO_ACK_BARRIER && !cd->heap) {
            ack(cd);                  /* BUG on purpose: caller may go on too early */
            fn(arg);
        } else {
            fn(arg);
            ack(cd);
        }
    }
    if (f & EFLAGS_IF) sti();
}

static NOPROBE bool call_intr(struct trapframe *tf)
{
    (void)tf;
    lapic_eoi();
    smp_call_poll();
    return true;
}

void smp_call_init(void)
{
    int i;
    for (i = 0; i < NCPU_MAX; i++)
        callqs[i].lock = (struct spinlock)SPINLOCK_INIT("callq");
    trap_register(V_CALL, call_intr);
}

static void enqueue(int cpu, struct call_req *r)
{
    struct callq *q = &callqs[cpu];
    uint32_t f = spin_lock_irqsave(&q->lock);
    r->next = NULL;
    if (q->tail) q->tail->next = r; else q->head = r;
    q->tail = r;
    spin_unlock_irqrestore(&q->lock, f);
}

int smp_call_mask(uint32_t mask, smp_call_fn fn, void *arg, bool wait)
{
    struct call_data local, *cd = &local;
    uint32_t others, f;
    int me, i, n;
    preempt_disable();
    me = cpu_id();
    mask &= smp_online_mask();
    others = mask & ~(1u << me);
    n = __builtin_popcount(others);
    if (n && !wait && !(cd = kmalloc(sizeof *cd)))
        panic("smp_call_mask: out of memory");
    cd->fn = fn;
    cd->arg = arg;
    cd->heap = cd != &local;
    cd->pending = n;
    for (i = 0; i < NCPU_MAX; i++) {
        if (!(others & (1u << i))) continue;
        cd->req[i].cd = cd;
        enqueue(i, &cd->req[i]);
    }
    if (n && others == (smp_online_mask() & ~(1u << me)) && n > 1)
        ipi_send_others(V_CALL);
    else
        for (i = 0; i < NCPU_MAX; i++)
            if (others & (1u << i)) ipi_send(i, V_CALL);
    if (mask & (1u << me)) {
        f = read_eflags();
        cli();
        fn(arg);
        if (f & EFLAGS_IF) sti();
    }
    if (wait)
        __atomic_fetch_add(&smp_call_waiters, 1, __ATOMIC_SEQ_CST);
    while (wait && READ_ONCE(cd->pending)) {
        smp_call_poll();
        pause();
    }
    if (wait)
        __atomic_fetch_sub(&smp_call_waiters, 1, __ATOMIC_SEQ_CST);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    preempt_enable_no_resched();
    return n + !!(mask & (1u << me));
}

int smp_call_one(int cpu, smp_call_fn fn, void *arg, bool wait)
{
    ASSERT(cpu >= 0 && cpu < NCPU_MAX);
    return smp_call_mask(1u << cpu, fn, arg, wait);
}

int smp_call_all(smp_call_fn fn, void *arg, bool wait)
{
    return smp_call_mask(0xFFFFFFFFu, fn, arg, wait);
}

int smp_call_others(smp_call_fn fn, void *arg, bool wait)
{
    int n;
    preempt_disable();
    n = smp_call_mask(~(1u << cpu_id()), fn, arg, wait);
    preempt_enable_no_resched();
    return n;
}

static void serialize_fn(void *arg) { (void)arg; serialize(); }
void sync_cores(void) { smp_call_all(serialize_fn, NULL, true); }

/* sync_cores broken one way (poke_bug=, patch/poke.h): controls of the
 * cross-modifying-code checker.  The skipped CPU is the highest other one. */
static void nothing_fn(void *arg) { (void)arg; }
void sync_cores_bug(enum sync_bug bug)
{
    uint32_t others;
    switch (bug) {
    case SYNC_BUG_NOSERIAL:
        smp_call_all(nothing_fn, NULL, true);
        break;
    case SYNC_BUG_SKIP_CPU:
        others = smp_online_mask() & ~(1u << cpu_id());
        if (others)
            others &= ~(1u << (31 - __builtin_clz(others)));
        smp_call_mask(others | (1u << cpu_id()), serialize_fn, NULL, true);
        break;
    case SYNC_BUG_NOWAIT:
        smp_call_all(serialize_fn, NULL, false);
        break;
    default:
        panic("sync_cores_bug: %d", bug);
    }
}

static void invlpg_fn(void *arg) { invlpg(arg); }
void tlb_shootdown(uint32_t va)
{
    if (!ipi_ready) { invlpg((void *)va); return; }
    smp_call_all(invlpg_fn, (void *)va, true);
}
