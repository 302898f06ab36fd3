/* Sleeping locks (see sleeplock.h).  The waitq checks "free, so take it"
 * under its own lock, so a release that clears the flag and then wakes a
 * waiter cannot be missed. */
#include "kernel/sleeplock.h"
#include "kernel/x86.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"

static bool take(void *arg)
{
    struct sleeplock *l = arg;
    if (l->locked)
        return false;
    l->locked = 1;
    return true;
}

void sleeplock_acquire(struct sleeplock *l)
{
    ASSERT((read_eflags() & EFLAGS_IF) && mycpu()->irq_depth == 0 && !sleeplock_held(l));
    waitq_wait(&l->wq, take, l);
    l->holder = thread_current();
}

void sleeplock_release(struct sleeplock *l)
{
    ASSERT(sleeplock_held(l));
    l->holder = NULL;
    __atomic_store_n(&l->locked, 0, __ATOMIC_SEQ_CST);
    waitq_wake(&l->wq, 1);
}

bool sleeplock_held(struct sleeplock *l)
{
    return l->locked && l->holder == thread_current();
}
