/* Parking threads at chosen instructions (see hazard_park.h).  The worker
 * arms DR0 on its own CPU (it is pinned there) and calls the target; the #DB
 * handler disarms it, then either marks the thread to stay asleep at its
 * next preemption and sends itself a reschedule IPI, taken on the way back
 * before the instruction runs (preempt=full), or spins with IF=1. */
#include "tests/kernel/hazard_park.h"
#include "kernel/thread.h"
#include "kernel/trap.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "kernel/ipi.h"
#include "kernel/lapic.h"
#include "kernel/fmt.h"
#include "kernel/panic.h"

#define EFLAGS_RF 0x10000
static struct park *volatile armed[NCPU_MAX];

static bool park_db(struct trapframe *tf)
{
    uint32_t dr6 = tf->err;              /* DR6 at #DB entry (kernel/dr6.h) */
    struct park *p = armed[cpu_id()];
    if (!(dr6 & DR6_B0) || !p || tf->eip != p->at)
        return false;
    write_dr7(0);
    armed[cpu_id()] = NULL;
    tf->eflags |= EFLAGS_RF;
    p->hit = 1;
    if (p->mode == PARK_PREEMPT) {
        thread_current()->park = true;
        mycpu()->need_resched = 1;
        ipi_send(cpu_id(), V_RESCHED);
        return true;
    }
    sti();                                       /* an interrupt handler, interrupted at p->at */
    while (!p->release)
        pause();
    cli();
    return true;
}

void park_register(void)
{
    static bool registered;
    if (!registered) { trap_register(T_DB, park_db); registered = true; }
}

void park_call(struct park *p)
{
    uint32_t f = read_eflags();
    cli();                                       /* arm on this CPU, then run the target */
    armed[cpu_id()] = p;
    write_dr0(p->at);
    write_dr7(0x1);                              /* L0, execute, 1 byte */
    if (f & EFLAGS_IF) sti();
    p->result = p->fn(p->arg);
    write_dr7(0);
    armed[cpu_id()] = NULL;
    p->done = 1;
}

static void worker(void *arg) { park_call(arg); }

int park_start(struct park *p, char *why, size_t n)
{
    int i;
    park_register();
    p->result = p->done = p->hit = p->released = 0;
    p->release = false;
    if (!(p->t = thread_create("hz-worker", worker, p, 1u << p->cpu)))
        return ksnprintf(why, n, "out of memory"), -1;
    for (i = 0; i < 1000; i++) {
        if (p->done)
            return ksnprintf(why, n, "the worker never stopped at %08x", p->at), -1;
        if (p->hit && park_eip(p) == p->at)
            return 0;
        thread_sleep_ns(1000000);
    }
    return ksnprintf(why, n, "the worker did not park at %08x (EIP %08x)", p->at, park_eip(p)), -1;
}

uint32_t park_eip(struct park *p)
{
    struct thread *t = p->t;
    if (p->mode == PARK_PREEMPT)          /* asleep and off its CPU: swtch saved its ESP */
        return t->state == TS_SLEEPING && !__atomic_load_n(&t->on_cpu, __ATOMIC_ACQUIRE) && t->tf ?
               t->tf->eip : 0;
    return cpus[p->cpu].irq_depth > 0 ? cpus[p->cpu].intr_eips[0] : 0;
}

void park_release(struct park *p)
{
    if (__atomic_exchange_n(&p->released, 1, __ATOMIC_SEQ_CST))
        return;
    if (p->mode == PARK_PREEMPT)
        while (!thread_wake(p->t))               /* it may still be switching out */
            thread_sleep_ns(100000);
    else
        p->release = true;
}

void park_finish(struct park *p)
{
    park_release(p);
    thread_join(p->t);
}

void park_abandon(struct park *p)
{
    p->t->tf->eip = (uint32_t)thread_exit;       /* it never returns anywhere */
    thread_wake(p->t);
    thread_join(p->t);
}
