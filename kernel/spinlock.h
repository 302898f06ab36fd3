/* Ticket spinlocks with owner information, and interrupt-saving variants.
 * Ordering follows Intel SDM Vol. 3, 8.2 (locked instructions are full
 * barriers; plain stores are released in program order). */
#ifndef SPINLOCK_H
#define SPINLOCK_H
#include "kernel/types.h"

struct spinlock {
    volatile uint16_t next, owner_ticket;
    volatile int owner_cpu;    /* -1 when free */
    const char *name;
    uint32_t locked_at;        /* return address of the acquirer */
};

#define SPINLOCK_INIT(n) { 0, 0, -1, (n), 0 }

void spin_lock(struct spinlock *l);
void spin_unlock(struct spinlock *l);
bool spin_trylock(struct spinlock *l);
uint32_t spin_lock_irqsave(struct spinlock *l);
void spin_unlock_irqrestore(struct spinlock *l, uint32_t flags);
bool spin_held_by_me(struct spinlock *l);
#endif
