/* Kernel threads: creation with a guarded stack (the page below the stack is
 * unmapped, so an overflow faults; the #DF task gate in kernel/tss.c reports
 * it), exit/join, yield, timed sleep, affinity, and the thread registry.
 * Preconditions (ASSERT): no sleeping with interrupts or preemption off
 * except through the primitives here, never in interrupt context. */
#include "patch/livepatch.h"
#include "patch/kretprobe.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/cpu.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/clock.h"
#include "kernel/fmt.h"
#include "kernel/ipi.h"

static struct spinlock reg_lock = SPINLOCK_INIT("threads");
static struct thread *all_threads;
static int nthreads, next_tid = 1;
static uint32_t nfreed;              /* registry removals: a chunked walk's cursor is still listed */

struct sleepq { struct spinlock lock; struct thread *head; };
static struct sleepq sleepqs[NCPU_MAX];

void thread_init(void)
{
    int i;
    for (i = 0; i < NCPU_MAX; i++)
        sleepqs[i].lock = (struct spinlock)SPINLOCK_INIT("sleepq");
}

struct thread *thread_current(void)
{
    struct thread *t;
    __asm__ volatile("movl %%fs:%c1, %0" : "=r"(t) : "i"(__builtin_offsetof(struct cpu, thread)));
    return t;
}

static void reg_add(struct thread *t)
{
    uint32_t f = spin_lock_irqsave(&reg_lock);
    t->tid = next_tid++;
    lp_thread_init(t);                /* thread start is a live patch's safe point */
    t->all_next = all_threads;
    all_threads = t;
    nthreads++;
    spin_unlock_irqrestore(&reg_lock, f);
}

static void reg_del(struct thread *t)
{
    uint32_t f = spin_lock_irqsave(&reg_lock);
    struct thread **pp;
    for (pp = &all_threads; *pp && *pp != t; pp = &(*pp)->all_next)
        ;
    ASSERT(*pp == t);
    *pp = t->all_next;
    nthreads--;
    nfreed++;
    spin_unlock_irqrestore(&reg_lock, f);
}

struct thread *thread_alloc(const char *name, uint32_t affinity)
{
    struct thread *t = kzalloc(sizeof *t);
    uint8_t *stk;
    uint32_t *sp;
    if (!t)
        return NULL;
    stk = palloc_contig(THREAD_STACK_PAGES + 1);
    if (!stk) { kfree(t); return NULL; }
    paging_unmap((uint32_t)stk);                   /* guard page */
    if (ncpu > 1)
        tlb_shootdown((uint32_t)stk);
    ksnprintf(t->name, sizeof t->name, "%s", name);
    t->stack_lo = (uint32_t)stk + PAGE_SIZE;
    t->stack_hi = t->stack_lo + THREAD_STACK_PAGES * PAGE_SIZE;
    t->affinity = affinity;
    t->cpu = -1;
    completion_init(&t->exited);
    sp = (uint32_t *)t->stack_hi;
    *--sp = 0;                                     /* fake return for backtraces */
    *--sp = (uint32_t)thread_start_asm;            /* swtch's ret */
    *--sp = 0; *--sp = 0; *--sp = 0; *--sp = 0;    /* ebp ebx esi edi */
    t->esp = (uint32_t)sp;
    t->saved_eip = (uint32_t)thread_start_asm;
    t->saved_esp = t->esp;
    reg_add(t);
    return t;
}

void thread_free(struct thread *t)
{
    uint32_t guard = t->stack_lo - PAGE_SIZE;
    ASSERT(t->state == TS_ZOMBIE && !READ_ONCE(t->on_cpu));
    reg_del(t);
    paging_map(guard, guard, PTE_W);
    for (int i = 0; i <= THREAD_STACK_PAGES; i++)
        pfree((void *)(guard + i * PAGE_SIZE));
    kfree(t);
}

/* First code of every thread (kernel/swtch.S thread_start_asm). */
void __attribute__((noreturn)) thread_start(struct thread *last)
{
    struct thread *t;
    sched_finish(last);
    sti();
    t = thread_current();
    t->fn(t->arg);
    thread_exit();
}

struct thread *thread_create(const char *name, void (*fn)(void *), void *arg, uint32_t affinity)
{
    struct thread *t;
    ASSERT(fn && sched_running);
    t = thread_alloc(name, affinity);
    if (!t)
        return NULL;
    t->fn = fn;
    t->arg = arg;
    sched_enqueue(t);
    return t;
}

void thread_exit(void)
{
    struct thread *t = thread_current();
    ASSERT(!t->is_idle);
    kretprobe_thread_exit(t);          /* return probes pending in frames that never return */
    complete_all(&t->exited);
    cli();
    t->state = TS_ZOMBIE;
    sched_block();
    panic("thread_exit: zombie %s was scheduled", t->name);
}

void thread_join(struct thread *t)
{
    ASSERT(t != thread_current());
    wait_for_completion(&t->exited);
    while (READ_ONCE(t->state) != TS_ZOMBIE || READ_ONCE(t->on_cpu))
        pause();                                   /* its last switch-out */
    thread_free(t);
}

void thread_yield(void)
{
    uint32_t f = read_eflags();
    cli();
    sched_block();
    if (f & EFLAGS_IF) sti();
}

bool thread_wake(struct thread *t)
{
    int exp = TS_SLEEPING;
    uint32_t f = read_eflags();
    bool ok;
    cli();
    ok = __atomic_compare_exchange_n(&t->state, &exp, TS_RUNNABLE, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
    if (ok) {
        while (READ_ONCE(t->on_cpu))               /* still switching out */
            pause();
        sched_enqueue(t);
    }
    if (f & EFLAGS_IF) sti();
    return ok;
}

void thread_sleep_ns(uint64_t ns)
{
    uint32_t f = read_eflags();
    struct thread *me;
    struct sleepq *q;
    cli();
    me = thread_current();
    q = &sleepqs[cpu_id()];
    me->wake_ns = clock_ns() + ns;
    spin_lock(&q->lock);
    me->sl_next = q->head;
    q->head = me;
    me->state = TS_SLEEPING;
    spin_unlock(&q->lock);
    sched_block();
    if (f & EFLAGS_IF) sti();
}

/* Timer tick: wake this CPU's sleepers whose deadline passed. */
void thread_sleep_expire(int cpu)
{
    struct sleepq *q = &sleepqs[cpu];
    struct thread **pp, *t, *due = NULL;
    uint64_t now;
    if (!q->head)
        return;
    now = clock_ns();
    spin_lock(&q->lock);
    for (pp = &q->head; (t = *pp);) {
        if (t->wake_ns <= now) {
            *pp = t->sl_next;
            t->sl_next = due;
            due = t;
        } else
            pp = &t->sl_next;
    }
    spin_unlock(&q->lock);
    while ((t = due)) {
        due = t->sl_next;
        thread_wake(t);
    }
}

void thread_set_affinity(uint32_t mask)
{
    struct thread *me = thread_current();
    ASSERT(mask != 0);
    me->affinity = mask;
    if (!(mask & (1u << cpu_id())))
        thread_yield();                            /* sched_switch moves us */
}

void thread_foreach(void (*fn)(struct thread *t, void *arg), void *arg)
{
    uint32_t f = spin_lock_irqsave(&reg_lock);
    struct thread *t;
    for (t = all_threads; t; t = t->all_next)
        fn(t, arg);
    spin_unlock_irqrestore(&reg_lock, f);
}

bool thread_foreach_chunked(void (*fn)(struct thread *t, void *arg), void *arg, int chunk)
{
    uint32_t f = spin_lock_irqsave(&reg_lock), freed;
    struct thread *t;
    int k = 0;
    ASSERT(chunk > 0);
    for (t = all_threads; t; t = t->all_next) {
        fn(t, arg);
        if (++k % chunk || !t->all_next)
            continue;
        freed = nfreed;
        spin_unlock_irqrestore(&reg_lock, f);
        f = spin_lock_irqsave(&reg_lock);
        if (nfreed != freed)            /* t may be gone: stop here */
            break;
    }
    spin_unlock_irqrestore(&reg_lock, f);
    return !t;
}

void thread_reg_mark(struct thread_reg_mark *m)
{
    uint32_t f = spin_lock_irqsave(&reg_lock);
    m->next_tid = next_tid;
    m->nfreed = nfreed;
    spin_unlock_irqrestore(&reg_lock, f);
}

bool thread_reg_freed_since(const struct thread_reg_mark *m) { return READ_ONCE(nfreed) != m->nfreed; }

void thread_foreach_newer(const struct thread_reg_mark *m, void (*fn)(struct thread *t, void *arg), void *arg)
{
    uint32_t f = spin_lock_irqsave(&reg_lock);
    struct thread *t;
    for (t = all_threads; t && t->tid >= m->next_tid; t = t->all_next)
        fn(t, arg);
    spin_unlock_irqrestore(&reg_lock, f);
}

struct foreach_args { void (*fn)(struct thread *, void *); void *arg; };
static int foreach_rv(void *a)
{
    struct foreach_args *fa = a;
    thread_foreach(fa->fn, fa->arg);
    return 0;
}

/* The patcher's walk: every other CPU parked with interrupts off, so no
 * thread runs, switches or moves while fn looks at it. */
void thread_foreach_stopped(void (*fn)(struct thread *t, void *arg), void *arg)
{
    struct foreach_args fa = { fn, arg };
    rendezvous_run(foreach_rv, &fa);
}

int thread_count(void) { return nthreads; }

/* Lock-free walk for fault reports (may race with creation; reads only). */
struct thread *thread_owning_stack(uint32_t addr, bool *in_guard)
{
    struct thread *t;
    for (t = all_threads; t; t = t->all_next) {
        if (addr >= t->stack_lo - PAGE_SIZE && addr < t->stack_hi) {
            *in_guard = addr < t->stack_lo;
            return t;
        }
    }
    return NULL;
}

const char *panic_thread_name(void)
{
    struct thread *t = thread_current();
    return t ? t->name : "-";
}
