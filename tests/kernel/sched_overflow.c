/* sched-stack-overflow: negative control for thread stack guard pages.  A
 * thread recurses until it runs into the unmapped page below its stack; the
 * #DF task gate (kernel/tss.c) must report "kernel stack overflow" naming the
 * thread instead of the machine triple-faulting. */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/fmt.h"

static __attribute__((noinline)) uint32_t sched_overflow_recurse(volatile uint32_t *depth)
{
    volatile uint8_t pad[256];
    pad[0] = (uint8_t)*depth;
    if (++*depth == 0)                /* never true before the guard page is hit */
        return pad[0];
    return sched_overflow_recurse(depth) + pad[0];
}

static void overflow_thread(void *arg) { sched_overflow_recurse(arg); }

static int scenario_stack_overflow(char *why, size_t n)
{
    static volatile uint32_t depth;
    struct thread *t = thread_create("overflow", overflow_thread, (void *)&depth, CPUMASK_ALL);
    if (t) thread_join(t);
    ksnprintf(why, n, "recursion to depth %u returned: no overflow detected", depth);
    return 1;
}
KSCENARIO("sched-stack-overflow", scenario_stack_overflow, "negative control: stack overflow hits the guard page");
