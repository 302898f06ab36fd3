/* Ticket spinlocks (see spinlock.h).  They live in the no-probe section: the
 * patcher and the trap handlers take them, so a probe here would recurse (H11).
 * Preconditions (panic): no recursive acquisition, unlock only by the owner.
 * Holding a lock disables preemption (struct cpu preempt_count), so a thread
 * is never switched out with a lock held and the owner CPU stays valid. */
#include "kernel/spinlock.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/clock.h"
#include "kernel/ksym.h"
#include "patch/kretprobe.h"

/* Debug: a lock waited for over SPIN_STUCK_S seconds is a deadlock; say
 * which lock and where its holder took it (clock from kernel/clock.c). */
#define SPIN_STUCK_S 10
static void spin_check_stuck(struct spinlock *l, uint64_t *t0)
{
    if (!clock_tsc_khz)
        return;
    if (!*t0)
        *t0 = rdtsc();
    else if (rdtsc() - *t0 > (uint64_t)clock_tsc_khz * 1000 * SPIN_STUCK_S) {
        char sym[96];
        ksym_format(l->locked_at - 1, sym, sizeof sym);
        panic("spin_lock: waited over %d s for %s, held by cpu %d from %08x %s (deadlock?)",
              SPIN_STUCK_S, l->name, l->owner_cpu, l->locked_at, sym);
    }
}

/* The acquirer: the caller's return address, or under a return probe on
 * the lock function the real one behind the trampoline (patch/kretprobe.h). */
#define acquirer() kretprobe_recover((uint32_t)__builtin_frame_address(0) + 4, (uint32_t)__builtin_return_address(0))

void spin_lock(struct spinlock *l)
{
    uint16_t me;
    uint32_t spins = 0;
    uint64_t t0 = 0;
    preempt_disable();
    if (l->owner_cpu == cpu_id())
        panic("spin_lock: recursive acquisition of %s (held from %p)", l->name, (void *)l->locked_at);
    me = __atomic_fetch_add(&l->next, 1, __ATOMIC_ACQUIRE);
    while (READ_ONCE(l->owner_ticket) != me) {
        pause();
        if ((++spins & 0xFFFFF) == 0)
            spin_check_stuck(l, &t0);
    }
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    l->owner_cpu = cpu_id();
    l->locked_at = acquirer();
}

bool spin_trylock(struct spinlock *l)
{
    uint16_t t = READ_ONCE(l->owner_ticket);
    uint16_t exp = t;
    /* next (low half) and owner_ticket (high half) are one 32-bit word:
     * the lock is free iff they are equal; take a ticket only then. */
    uint32_t *word = (uint32_t *)&l->next;
    uint32_t cur = ((uint32_t)t << 16) | exp;
    uint32_t want = ((uint32_t)t << 16) | (uint16_t)(exp + 1);
    preempt_disable();
    if (!__atomic_compare_exchange_n(word, &cur, want, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        preempt_enable_no_resched();
        return false;
    }
    l->owner_cpu = cpu_id();
    l->locked_at = acquirer();
    return true;
}

void spin_unlock(struct spinlock *l)
{
    if (l->owner_cpu != cpu_id())
        panic("spin_unlock: %s not held by cpu %d (owner %d)", l->name, cpu_id(), l->owner_cpu);
    l->owner_cpu = -1;
    __atomic_store_n(&l->owner_ticket, (uint16_t)(l->owner_ticket + 1), __ATOMIC_RELEASE);
    preempt_enable_no_resched();
}

uint32_t spin_lock_irqsave(struct spinlock *l)
{
    uint32_t f = read_eflags();
    cli();
    spin_lock(l);
    return f;
}

void spin_unlock_irqrestore(struct spinlock *l, uint32_t flags)
{
    spin_unlock(l);
    if (flags & EFLAGS_IF)
        sti();
}

bool spin_held_by_me(struct spinlock *l)
{
    return l->owner_cpu == cpu_id();
}
