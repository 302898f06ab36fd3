/* Sleeping locks (xv6's sleeplock): a holder may sleep, so they guard slow
 * sequences such as the probe layer's quiescence waits.  Thread context
 * only, never with interrupts off or a spinlock held. */
#ifndef SLEEPLOCK_H
#define SLEEPLOCK_H
#include "kernel/thread.h"

struct sleeplock {
    struct waitq wq;
    volatile int locked;
    struct thread *holder;
};
#define SLEEPLOCK_INIT(n) { WAITQ_INIT(n), 0, 0 }

void sleeplock_acquire(struct sleeplock *l);
void sleeplock_release(struct sleeplock *l);
bool sleeplock_held(struct sleeplock *l);      /* by the calling thread */
#endif
