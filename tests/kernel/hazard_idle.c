/* H2-idle: an idle CPU interrupted inside a region, not at its hlt.  An IPI
 * taken by cpu 1's idle thread straight from its hlt calls dj_add, which a
 * debug-register breakpoint stops at the region's second instruction (the
 * #DB handler spins with interrupts on); the rendezvous then parks cpu 1
 * three interrupts deep, its idle thread current.  tasks-RCU counts an idle
 * CPU as quiet only straight from its hlt (one interrupt deep, at
 * idle_halt_ret); wherever else it stopped it may be inside a region. */
#include "tests/kernel/hazard.h"
#include "tests/kernel/hazard_park.h"
#include "tests/kernel/dj_targets.h"
#include "patch/kprobe.h"
#include "kernel/ksym.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/ipi.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"

static struct park idle_pk;
static volatile int idle_state;                 /* 0 asked, 1 ran parked, 2 not idle */
static int idle_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

/* On cpu 1, interrupts off, in the IPI handler: only straight from hlt. */
static void idle_ipi(void *arg)
{
    struct cpu *c = mycpu();
    (void)arg;
    if (!thread_current()->is_idle || c->irq_depth != 1 || c->intr_eips[0] != (uint32_t)idle_halt_ret) {
        idle_state = 2;
        return;
    }
    idle_state = 1;
    park_call(&idle_pk);
}

/* cpu 1's idle thread stopped at `at` in an interrupt: 0, or -1 (cell error). */
static int park_idle(struct cell *c, uint32_t at)
{
    int i, ms;
    idle_pk = (struct park){ at, PARK_SPIN, 1, dj_add, 20 };
    park_register();                             /* from this thread: not in an interrupt */
    for (i = 0; i < 200; i++) {
        idle_state = 0;
        smp_call_one(1, idle_ipi, NULL, false);
        for (ms = 0; ms < 1000 && !idle_state; ms++)
            thread_sleep_ns(1000000);
        if (idle_state == 1)
            break;
        thread_sleep_ns(1000000);              /* something ran on cpu 1: again */
    }
    for (ms = 0; idle_state == 1 && ms < 1000 && !(idle_pk.hit && cpus[1].irq_depth >= 2 &&
                                                  cpus[1].intr_eips[1] == at); ms++)
        thread_sleep_ns(1000000);
    if (idle_state == 1 && idle_pk.hit && cpus[1].intr_eips[1] == at && cpus[1].thread->is_idle)
        return 0;
    cell_error(c, "cpu 1's idle thread did not stop at %08x in an interrupt (state %d, depth %d)",
               at, idle_state, cpus[1].irq_depth);
    idle_pk.release = true;
    return -1;
}

void hz_h2_idle(struct cell *c)
{
    struct kprobe p = { .addr = DJ_AT(dj_add, dj_add_mov), .pre_handler = idle_nothing,
                        .flags = KPROBE_OPTIMIZE };
    uint32_t at = DJ_AT(dj_add, dj_add_mov) + 3;   /* the add after the 3-byte mov */
    char err[160], b[96];
    int ms;
    if (park_idle(c, at))
        return;
    p.strategy = c->strategy;
    if (kprobe_register(&p, err, sizeof err))
        cell_error(c, "kprobe_register: %s", err);
    else {
        djprobe_flush();
        if (kprobe_opt_state(&p) == DJ_OPTIMIZED && at > p.addr && at < p.addr + 5) {
            ksym_format(at, b, sizeof b);
            cell_caught(c, "cpu 1's idle thread, interrupted at %s in a nested handler (depth %d), "
                        "inside the jump written there", b, cpus[1].irq_depth);
        }
        kprobe_unregister(&p);                   /* the original bytes back before it goes on */
    }
    idle_pk.release = true;
    for (ms = 0; ms < 1000 && !idle_pk.done; ms++)
        thread_sleep_ns(1000000);
    if (!idle_pk.done || idle_pk.result != 45)
        cell_error(c, "the interrupted dj_add on cpu 1 %s %d, not 45", idle_pk.done ? "returned" : "has not returned:",
                   idle_pk.result);
}
