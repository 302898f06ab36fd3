/* Rendezvous (stop-machine): the caller asks every other online CPU, through
 * a no-wait call, to park with interrupts off; when all are parked it runs fn
 * with its own interrupts off, then releases them.  Each parked CPU's
 * interrupted EIPs stay in struct cpu (intr_eips[], one per nesting depth,
 * written by trap()) so fn can ask whether any CPU was stopped inside a
 * region (hazard H2).  Callers wait by polling their call queue, so racing
 * rendezvous and calls resolve (the loser parks).  Lock rule this relies on:
 * a lock ever taken with interrupts off is always taken with them off. */
#include "kernel/ipi.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/spinlock.h"
#include "kernel/unwind.h"

static struct spinlock rv_lock = SPINLOCK_INIT("rendezvous");
static volatile int rv_parked, rv_go, rv_left, rv_owner = -1;
uint32_t rendezvous_eip[NCPU_MAX];
struct unwind_regs rendezvous_regs[NCPU_MAX];   /* where each parked CPU spins: an exact unwind starts here */

static NOPROBE void rv_park(void *arg)
{
    struct cpu *c = mycpu();
    (void)arg;
    rendezvous_eip[c->id] = c->irq_depth > 0 && c->irq_depth <= INTR_NEST_MAX ?
                            c->intr_eips[c->irq_depth - 1] : 0;
    unwind_regs(&rendezvous_regs[c->id]);
    c->parked = 1;
    __atomic_add_fetch(&rv_parked, 1, __ATOMIC_SEQ_CST);
    while (!READ_ONCE(rv_go))
        pause();
    serialize();                      /* text may have changed: SDM Vol. 3, 8.1.3 */
    c->parked = 0;
    __atomic_add_fetch(&rv_left, 1, __ATOMIC_SEQ_CST);
}

int rendezvous_run(int (*fn)(void *), void *arg)
{
    uint32_t f, others;
    int n, ret;
    preempt_disable();
    while (!spin_trylock(&rv_lock)) {
        smp_call_poll();              /* we may be asked to park meanwhile */
        pause();
    }
    others = smp_online_mask() & ~(1u << cpu_id());
    n = __builtin_popcount(others);
    rv_parked = rv_left = rv_go = 0;
    rv_owner = cpu_id();
    if (n)
        smp_call_mask(others, rv_park, NULL, false);
    while (READ_ONCE(rv_parked) < n) {
        smp_call_poll();
        pause();
    }
    f = read_eflags();
    cli();
    ret = fn(arg);
    serialize();                      /* fn may have stored text (text_patch_store) */
    __atomic_store_n(&rv_go, 1, __ATOMIC_SEQ_CST);
    while (READ_ONCE(rv_left) < n)
        pause();
    rv_owner = -1;
    spin_unlock(&rv_lock);
    if (f & EFLAGS_IF) sti();
    preempt_enable_no_resched();
    return ret;
}

bool rendezvous_mine(void)
{
    return READ_ONCE(rv_owner) == cpu_id();
}

bool rendezvous_interrupted_in(uint32_t a, uint32_t b, int *cpu, uint32_t *eip)
{
    int i, d;
    ASSERT(rv_owner == cpu_id());
    for (i = 0; i < NCPU_MAX; i++) {
        struct cpu *c = &cpus[i];
        if (!c->online || !c->parked)
            continue;
        for (d = 0; d < c->irq_depth && d < INTR_NEST_MAX; d++) {
            if (c->intr_eips[d] >= a && c->intr_eips[d] < b) {
                *cpu = i;
                *eip = c->intr_eips[d];
                return true;
            }
        }
    }
    return false;
}
