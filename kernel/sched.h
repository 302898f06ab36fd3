/* Scheduler: per-CPU run queues, time slices, load balancing, and the three
 * preemption models of DESIGN.md (preempt=none|voluntary|full). */
#ifndef SCHED_H
#define SCHED_H
#include "kernel/types.h"

enum { PREEMPT_NONE, PREEMPT_VOLUNTARY, PREEMPT_FULL };
extern int sched_preempt_model;
extern volatile int sched_running;      /* threads exist: switching allowed */
extern volatile uint32_t sched_preempt_migrations;   /* preempted here, resumed elsewhere */

struct thread;
struct trapframe;
void sched_init(void);                  /* BSP: kmain becomes thread "main" */
void sched_init_ap(int id, struct thread *idle);   /* AP: become its idle thread */
void sched_idle_loop(void) __attribute__((noreturn));
void sched_tick(void);                  /* timer interrupt */
void sched_irq_exit(struct trapframe *tf);   /* trap(): outermost interrupt exit */
void sched_enqueue(struct thread *t);   /* RUNNABLE thread onto a run queue */
void sched_block(void);                 /* irqs off, state set: leave the CPU */
void sched_yield_voluntary(void);
void cond_resched(void);                /* voluntary resched point */
int sched_nr_running(int cpu);
void sched_dump(void);                  /* debug: run queues and their locks */
/* Preemption landing hook: called on every preemption under preempt=full. */
extern void (*volatile sched_preempt_hook)(struct trapframe *tf);
/* Negative controls, one action in sched_bug_n: drop_wakeup loses a waitq
 * wakeup; clobber_flags flips CF in a preempted thread's saved EFLAGS. */
extern int sched_bug, sched_bug_n;
/* clobber_flags acts only on preemptions with EIP in [lo, hi) when hi != 0:
 * the torture aims it at the code whose result it checks, so the broken
 * flags cannot crash unrelated code before the check reports them. */
extern uint32_t sched_bug_lo, sched_bug_hi;
enum { SCHED_BUG_NONE, SCHED_BUG_DROP_WAKEUP, SCHED_BUG_CLOBBER_FLAGS };
#endif
