/* Wait queues and completions.  waitq_wait checks its condition under the
 * queue lock and enqueues itself before dropping it, so a waker that changes
 * the condition and then takes the lock cannot be missed (no lost wakeups).
 * sched_bug=drop_wakeup deliberately loses a wakeup (the sleeper leaves the
 * queue and sleeps forever); drop_wakeup_queued loses one but leaves the
 * sleeper queued, so a later wakeup of the queue heals it. */
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/x86.h"
#include "kernel/panic.h"

#define COMPLETE_ALL 0x40000000
volatile uint32_t waitq_dropped;          /* negative control: wakeups lost on purpose */

void waitq_init(struct waitq *wq, const char *name)
{
    wq->lock = (struct spinlock)SPINLOCK_INIT(name);
    wq->head = wq->tail = NULL;
}

void waitq_wait(struct waitq *wq, bool (*cond)(void *), void *arg)
{
    struct thread *me = thread_current();
    for (;;) {
        uint32_t f = spin_lock_irqsave(&wq->lock);
        if (cond(arg)) {
            spin_unlock_irqrestore(&wq->lock, f);
            return;
        }
        me->wq_next = NULL;
        if (wq->tail) wq->tail->wq_next = me; else wq->head = me;
        wq->tail = me;
        me->state = TS_SLEEPING;
        spin_unlock(&wq->lock);           /* interrupts stay off */
        sched_block();
        if (f & EFLAGS_IF) sti();
    }
}

int waitq_wake(struct waitq *wq, int max)
{
    uint32_t f = spin_lock_irqsave(&wq->lock);
    struct thread *t;
    int n = 0;
    while (n < max && (t = wq->head)) {
        if (sched_bug_fire(SCHED_BUG_DROP_WAKEUP_QUEUED)) {
            __atomic_add_fetch(&waitq_dropped, 1, __ATOMIC_RELAXED);
            n++;                          /* BUG on purpose: "woken", still queued, asleep */
            break;
        }
        wq->head = t->wq_next;
        if (!wq->head) wq->tail = NULL;
        if (sched_bug_fire(SCHED_BUG_DROP_WAKEUP)) {   /* BUG on purpose: t sleeps forever */
            __atomic_add_fetch(&waitq_dropped, 1, __ATOMIC_RELAXED);
            continue;
        }
        thread_wake(t);
        n++;
    }
    spin_unlock_irqrestore(&wq->lock, f);
    return n;
}

bool waitq_holds(struct waitq *wq, struct thread *t)
{
    uint32_t f = spin_lock_irqsave(&wq->lock);
    struct thread *q;
    for (q = wq->head; q && q != t; q = q->wq_next)
        ;
    spin_unlock_irqrestore(&wq->lock, f);
    return q && READ_ONCE(t->state) == TS_SLEEPING && !__atomic_load_n(&t->on_cpu, __ATOMIC_ACQUIRE);
}

void completion_init(struct completion *c)
{
    waitq_init(&c->wq, "completion");
    c->done = 0;
}

void complete(struct completion *c)
{
    uint32_t f = spin_lock_irqsave(&c->wq.lock);
    if (c->done < COMPLETE_ALL) c->done++;
    spin_unlock_irqrestore(&c->wq.lock, f);
    waitq_wake(&c->wq, 1);
}

void complete_all(struct completion *c)
{
    uint32_t f = spin_lock_irqsave(&c->wq.lock);
    c->done = COMPLETE_ALL;
    spin_unlock_irqrestore(&c->wq.lock, f);
    waitq_wake(&c->wq, 1 << 30);
}

static bool completion_take(void *arg)
{
    struct completion *c = arg;
    if (c->done <= 0)
        return false;
    if (c->done < COMPLETE_ALL) c->done--;
    return true;
}

void wait_for_completion(struct completion *c)
{
    waitq_wait(&c->wq, completion_take, c);
}
