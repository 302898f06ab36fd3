/* Scheduler core: per-CPU FIFO run queues, time slices from the tick, idle
 * threads that halt, load balancing by stealing, and preemption from the
 * trap frame under preempt=full (the preempted thread's trap frame stays on
 * its stack; it resumes through trapret/iret at the interrupted instruction).
 * Invariant: a thread with on_cpu set is only ever on its own CPU's queue
 * (as that CPU's prev); wakers wait for on_cpu == 0 before enqueueing, and
 * stealers skip on_cpu threads, so no CPU ever waits for another in a switch.
 * Preemption rule: an interrupt switches out the thread it interrupted only
 * when the CPU's preemption count is 0, whatever the thread: user mode under
 * every model, kernel mode under preempt=full, and idle threads too (an idle
 * thread may run code with the count raised: an optimized probe's handler
 * runs with preemption off and interrupts on; switched out there, it left
 * the count raised for the next thread, whose first block panicked, issue
 * 39).  A raised count defers the switch: need_resched stays set, and the
 * idle loop or the next interrupt after the count drops takes it. */
#include "kernel/sched.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/param.h"
#include "kernel/lapic.h"
#include "kernel/ipi.h"
#include "kernel/console.h"
#include "kernel/uvm.h"
#include "kernel/clock.h"
#include "patch/livepatch.h"
#include "patch/kretprobe.h"

struct runq {
    struct spinlock lock;
    struct thread *head, *tail;
    volatile int n;
};
static struct runq rqs[NCPU_MAX];
static int slice_ticks[NCPU_MAX];

int sched_preempt_model = PREEMPT_FULL;
int sched_slice = 1;
int sched_bug, sched_bug_n = 64, sched_bug_flags = EFLAGS_CF, sched_bug_reg, sched_bug_delay, sched_bug_max;
volatile int sched_running;
volatile uint32_t sched_preempt_migrations;
uint32_t sched_bug_lo, sched_bug_hi;
uint64_t sched_bug_t0;
void (*volatile sched_preempt_hook)(struct trapframe *tf);
void (*volatile sched_irq_hook)(struct trapframe *tf);
KPARAM_ENUM("preempt", sched_preempt_model, "none|voluntary|full", "preemption model");
KPARAM_INT("slice", sched_slice, 1, 1000, "time slice in ticks");
KPARAM_ENUM("sched_bug", sched_bug,
            "none|drop_wakeup|clobber_flags|drop_wakeup_queued|clobber_reg|stale_eip|skip_switch",
            "scheduler negative control");
KPARAM_INT("sched_bug_n", sched_bug_n, 1, 1000000, "sched_bug: act once in N");
KPARAM_INT("sched_bug_flags", sched_bug_flags, 1, EFLAGS_ARITH,
           "clobber_flags: EFLAGS bits to flip (CF 0x1 PF 0x4 AF 0x10 ZF 0x40 SF 0x80 OF 0x800)");
KPARAM_ENUM("sched_bug_reg", sched_bug_reg, "eax|ebx|ecx|edx|esi|edi|ebp", "clobber_reg: register to change");
KPARAM_INT("sched_bug_delay", sched_bug_delay, 0, 10000000, "sched_bug: act only this many ms after the run starts");
KPARAM_INT("sched_bug_max", sched_bug_max, 0, 1000000, "sched_bug: act at most this many times (0: no limit)");

/* Negative controls: does bug `which` act on this occasion?  Once in
 * sched_bug_n occasions, from sched_bug_delay ms after sched_bug_t0 on, at
 * most sched_bug_max times.  Every bug site asks here, so all share the knobs. */
static volatile uint32_t sched_bug_fired_n;
uint32_t sched_bug_fired(void) { return sched_bug_fired_n; }

bool sched_bug_fire(int which)
{
    static volatile uint32_t occasions;
    if (sched_bug != which)
        return false;
    if (sched_bug_delay && clock_ns() < sched_bug_t0 + (uint64_t)sched_bug_delay * 1000000u)
        return false;
    if (__atomic_add_fetch(&occasions, 1, __ATOMIC_RELAXED) % (uint32_t)sched_bug_n)
        return false;
    return !sched_bug_max || __atomic_add_fetch(&sched_bug_fired_n, 1, __ATOMIC_RELAXED) <= (uint32_t)sched_bug_max;
}

/* Bugs that corrupt a preempted thread act only inside [lo, hi) when hi != 0. */
static bool bug_aimed_at(const struct trapframe *tf)
{
    return !sched_bug_hi || (tf->eip >= sched_bug_lo && tf->eip < sched_bug_hi);
}

static void rq_push(struct runq *q, struct thread *t)
{
    t->rq_next = NULL;
    if (q->tail) q->tail->rq_next = t; else q->head = t;
    q->tail = t;
    q->n++;
}

/* First thread that may run on cpu and is off every CPU (or is self, the
 * thread this CPU is leaving); NULL if none. */
static struct thread *rq_take(struct runq *q, int cpu, struct thread *self)
{
    struct thread **pp, *t, *prev = NULL;
    for (pp = &q->head; (t = *pp); prev = t, pp = &t->rq_next) {
        if (!(t->affinity & (1u << cpu)) || (READ_ONCE(t->on_cpu) && t != self))
            continue;
        *pp = t->rq_next;
        if (q->tail == t) q->tail = prev;
        q->n--;
        return t;
    }
    return NULL;
}

int sched_nr_running(int cpu) { return rqs[cpu].n; }

/* Debug report of every run queue (lock state, queued threads); racy reads. */
void sched_dump(void)
{
    int i, k;
    struct thread *t;
    for (i = 0; i < ncpu; i++) {
        struct runq *q = &rqs[i];
        kprintf("  rq %d: n=%d lock next=%u owner=%u held by cpu %d from %08x; cur %s; queue:", i, q->n,
                q->lock.next, q->lock.owner_ticket, q->lock.owner_cpu, q->lock.locked_at,
                cpus[i].thread ? cpus[i].thread->name : "-");
        for (t = q->head, k = 0; t && k < 8; t = t->rq_next, k++)
            kprintf(" %s(aff %#x on_cpu %d st %d)", t->name, t->affinity, t->on_cpu, t->state);
        kprintf("\n");
    }
}

static int select_cpu(struct thread *t)
{
    int i, best = -1;
    if (t->cpu >= 0 && t->cpu < ncpu && (t->affinity & (1u << t->cpu)))
        best = t->cpu;
    for (i = 0; i < ncpu; i++) {
        if (!(t->affinity & (1u << i)) || !cpus[i].online)
            continue;
        if (best < 0 || (rqs[best].n > 0 && rqs[i].n == 0 && cpus[i].thread == cpus[i].idle))
            best = i;
    }
    if (best < 0)
        panic("sched: thread %s has no online CPU in affinity %#x", t->name, t->affinity);
    return best;
}

void sched_enqueue(struct thread *t)
{
    uint32_t f = read_eflags();
    int target, me;
    cli();
    ASSERT(!t->on_cpu && !t->is_idle);
    target = select_cpu(t);
    spin_lock(&rqs[target].lock);
    if (t->cpu != target) t->nmigrations++;
    t->cpu = target;
    t->state = TS_RUNNABLE;
    rq_push(&rqs[target], t);
    spin_unlock(&rqs[target].lock);
    me = cpu_id();
    cpus[target].need_resched = 1;
    if (target != me)
        ipi_send(target, V_RESCHED);
    if (f & EFLAGS_IF) sti();
}

/* Runs on the new thread right after swtch: the CPU has left last. */
void sched_finish(struct thread *last)
{
    bool requeue = last->migrate_pending;
    last->migrate_pending = false;
    __atomic_store_n(&last->on_cpu, 0, __ATOMIC_RELEASE);
    if (requeue)
        sched_enqueue(last);          /* affinity moved it away from this CPU */
}

/* Leave the CPU: requeue prev if still RUNNING, pick the next thread.
 * Returns whether another thread ran (false: prev was the only choice). */
static bool sched_switch(void)
{
    struct cpu *c = mycpu();
    struct thread *prev = c->thread, *next, *last;
    struct runq *q = &rqs[c->id];
    ASSERT(!(read_eflags() & EFLAGS_IF));
    if (prev->tf && !prev->is_idle && sched_bug == SCHED_BUG_SKIP_SWITCH && bug_aimed_at(prev->tf) &&
        sched_bug_fire(SCHED_BUG_SKIP_SWITCH)) {
        c->need_resched = 0;
        return false;                 /* BUG on purpose: a due preemption does not switch */
    }
    spin_lock(&q->lock);
    if (prev->state == TS_RUNNING && !prev->is_idle) {
        prev->state = TS_RUNNABLE;
        if (prev->affinity & (1u << c->id))
            rq_push(q, prev);
        else
            prev->migrate_pending = true;         /* sched_finish enqueues it */
    }
    next = rq_take(q, c->id, prev);
    if (!next)
        next = c->idle;
    spin_unlock(&q->lock);
    c->need_resched = 0;
    if (next == prev) {
        prev->state = TS_RUNNING;
        return false;
    }
    ASSERT(!next->on_cpu || next == c->idle);
    next->state = TS_RUNNING;
    next->cpu = c->id;
    __atomic_add_fetch(&next->lp_word, LP_GEN_ONE, __ATOMIC_SEQ_CST);   /* before it runs: lp_trans.c */
    next->on_cpu = 1;
    c->thread = next;
    c->ran[c->nr_switches % CPU_RAN_RING] = next;   /* after the run count: a pre-scan's recheck */
    WRITE_ONCE(c->nr_switches, c->nr_switches + 1);
    slice_ticks[c->id] = 0;
    uspace_switch(c->id, next);       /* its ring-3 stack and page directory */
    last = swtch(prev, next);
    sched_finish(last);
    return true;
}

/* Voluntary switch: caller set its state (or left it RUNNING to yield). */
void sched_block(void)
{
    struct thread *t = thread_current();
    ASSERT(!(read_eflags() & EFLAGS_IF));
    ASSERT(mycpu()->preempt_count == 0 && mycpu()->irq_depth == 0);
    t->saved_esp = read_ebp();
    /* where it resumes: a return probe on sched_block hides it behind the
     * trampoline (the shell's threads, torture reports read this) */
    t->saved_eip = kretprobe_recover(t->saved_esp + 4, (uint32_t)__builtin_return_address(0));
    t->nvcsw += sched_switch();       /* counted only if another thread ran */
}

void sched_yield_voluntary(void) { thread_yield(); }

void sched_kick(int cpu)
{
    if (cpu < 0 || cpu >= NCPU_MAX || !cpus[cpu].online)
        return;
    cpus[cpu].need_resched = 1;
    if (cpu != cpu_id())
        ipi_send(cpu, V_RESCHED);
}

void cond_resched(void)
{
    if (sched_preempt_model != PREEMPT_NONE && READ_ONCE(mycpu()->need_resched))
        thread_yield();
}

/* A negative control's damage to a preempted thread's saved registers. */
static void bug_clobber(struct trapframe *tf)
{
    uint32_t *regs[] = { &tf->eax, &tf->ebx, &tf->ecx, &tf->edx, &tf->esi, &tf->edi, &tf->ebp };
    if (sched_bug == SCHED_BUG_CLOBBER_FLAGS && bug_aimed_at(tf) && sched_bug_fire(SCHED_BUG_CLOBBER_FLAGS)) {
        ASSERT((sched_bug_flags & ~EFLAGS_ARITH) == 0);
        tf->eflags ^= (uint32_t)sched_bug_flags;      /* BUG on purpose: flags change across preemption */
    }
    if (sched_bug == SCHED_BUG_CLOBBER_REG && bug_aimed_at(tf) && sched_bug_fire(SCHED_BUG_CLOBBER_REG)) {
        ASSERT(sched_bug_reg >= 0 && sched_bug_reg < 7);
        *regs[sched_bug_reg] ^= 0x1000;               /* BUG on purpose: a register changes */
    }
}

void sched_irq_exit(struct trapframe *tf)
{
    struct cpu *c = mycpu();
    struct thread *t = c->thread;
    int from = c->id;
    if (t && !t->is_idle && sched_irq_hook)
        sched_irq_hook(tf);           /* every interrupt a thread took (landing statistics) */
    if (!sched_running || !t || !c->need_resched)
        return;
    if (!t->is_idle && !tf_is_user(tf))
        lp_preempt_point();           /* livepatch: a thread the kick leaves here checks its own stack */
    if (c->preempt_count)
        return;                       /* the rule (top of file): idle threads too */
    if (!t->is_idle && !tf_is_user(tf) && sched_preempt_model != PREEMPT_FULL)
        return;                       /* user mode is preemptible under every model */
    if (!sched_bug_fire(SCHED_BUG_STALE_EIP)) {
        t->tf = tf;
        t->saved_eip = tf->eip;
        t->saved_esp = (uint32_t)(&tf->eflags + 1);
    }                                 /* else BUG on purpose: the registry still shows its last voluntary switch */
    if (t->park && !t->is_idle) {     /* preempted and kept off the CPU until thread_wake */
        t->park = false;
        t->state = TS_SLEEPING;
    }
    if (!sched_switch()) {            /* c is stale from here on */
        t->tf = NULL;
        return;                       /* nobody else ran: not a preemption */
    }
    t->tf = NULL;
    if (t->is_idle)
        return;
    t->nivcsw++;
    if (cpu_id() != from)
        __atomic_add_fetch(&sched_preempt_migrations, 1, __ATOMIC_RELAXED);
    if (sched_preempt_hook)
        sched_preempt_hook(tf);       /* after the switch: another thread ran while tf->eip waited */
    bug_clobber(tf);
}

/* Pull one thread from the busiest queue if it is clearly busier. */
static void sched_balance(int me)
{
    int i, busiest = -1;
    struct thread *t = NULL;
    for (i = 0; i < ncpu; i++)
        if (i != me && (busiest < 0 || rqs[i].n > rqs[busiest].n))
            busiest = i;
    if (busiest < 0 || rqs[busiest].n < rqs[me].n + (cpus[me].thread == cpus[me].idle ? 1 : 2))
        return;
    /* trylock: balancers must never queue behind each other on a busy CPU's
     * ticket lock (with overcommitted vCPUs that convoy starves its owner) */
    if (!spin_trylock(&rqs[busiest].lock))
        return;
    t = rq_take(&rqs[busiest], me, NULL);
    spin_unlock(&rqs[busiest].lock);
    if (!t)
        return;
    spin_lock(&rqs[me].lock);
    t->cpu = me;
    t->nmigrations++;
    rq_push(&rqs[me], t);
    spin_unlock(&rqs[me].lock);
    cpus[me].need_resched = 1;
}

void sched_tick(void)
{
    struct cpu *c = mycpu();
    if (!sched_running)
        return;
    thread_sleep_expire(c->id);
    if (rqs[c->id].n && (c->thread == c->idle || ++slice_ticks[c->id] >= sched_slice))
        c->need_resched = 1;
    if ((c->ticks & 3) == 0)
        sched_balance(c->id);
}

void sched_idle_loop(void)
{
    int me = cpu_id();                /* idle threads never migrate */
    for (;;) {
        lp_safe_point();              /* a live patch's safe point: nothing under the loop */
        cli();
        if (!rqs[me].n && sched_running)
            sched_balance(me);
        if (rqs[me].n) {
            sched_switch();
            sti();
            continue;
        }
        idle_halt();
    }
}

static bool resched_ipi(struct trapframe *tf)
{
    (void)tf;
    lapic_eoi();
    mycpu()->need_resched = 1;
    return true;
}

static void idle_main(void *arg) { (void)arg; sched_idle_loop(); }

void sched_init(void)
{
    int i;
    extern char boot_stack[], boot_stack_top[];
    struct thread *main, *idle;
    thread_init();
    main = thread_alloc("main", 1u);
    for (i = 0; i < NCPU_MAX; i++) {
        rqs[i].lock = (struct spinlock)SPINLOCK_INIT("runq");
    }
    ASSERT(main);
    main->stack_lo = (uint32_t)boot_stack;
    main->stack_hi = (uint32_t)boot_stack_top;
    main->state = TS_RUNNING;
    main->on_cpu = 1;
    main->cpu = 0;
    mycpu()->thread = main;
    idle = thread_alloc("idle0", 1u);
    ASSERT(idle);
    idle->is_idle = true;
    idle->fn = idle_main;
    mycpu()->idle = idle;
    trap_register(V_RESCHED, resched_ipi);
    sched_running = 1;
}

void sched_init_ap(int id, struct thread *idle)
{
    struct cpu *c = &cpus[id];
    ASSERT(c == mycpu() && idle->is_idle);
    idle->state = TS_RUNNING;
    idle->on_cpu = 1;
    idle->cpu = id;
    c->idle = idle;
    c->thread = idle;
}
