/* Scheduler: per-CPU run queues, time slices, load balancing, and the three
 * preemption models (preempt=none: switches only where a thread blocks or
 * yields; voluntary: also at cond_resched; full: also on interrupt return). */
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
void sched_kick(int cpu);             /* reschedule that CPU soon (an IPI if not this one) */
void cond_resched(void);                /* voluntary resched point */
int sched_nr_running(int cpu);
void sched_dump(void);                  /* debug: run queues and their locks */
/* Landing hooks: sched_irq_hook sees every interrupt a (non-idle) thread
 * takes, at its outermost exit; sched_preempt_hook every involuntary switch
 * under preempt=full, called once the preempted thread runs again (so only
 * when another thread really ran in its place). */
extern void (*volatile sched_preempt_hook)(struct trapframe *tf);
extern void (*volatile sched_irq_hook)(struct trapframe *tf);
/* Negative controls (sched_bug=), each acting once in sched_bug_n occasions,
 * only sched_bug_delay ms after sched_bug_t0 (0: boot), at most sched_bug_max
 * times (0: no limit):
 *   drop_wakeup         a waitq wakeup is lost and the sleeper dequeued
 *   drop_wakeup_queued  a waitq wakeup is lost, the sleeper left queued
 *   clobber_flags       a preempted thread's saved EFLAGS ^= sched_bug_flags
 *   clobber_reg         a preempted thread's saved sched_bug_reg ^= 0x1000
 *   stale_eip           a preemption is not recorded in the registry (no trap
 *                       frame, saved EIP of the last voluntary switch)
 *   skip_switch         a due preemption does not switch */
extern int sched_bug, sched_bug_n, sched_bug_flags, sched_bug_reg, sched_bug_delay, sched_bug_max;
uint32_t sched_bug_fired(void);        /* times a bug acted (counted when sched_bug_max is set) */
extern uint64_t sched_bug_t0;
/* The bugs that damage or skip a preemption act only on preemptions with
 * EIP in [lo, hi) when hi != 0: the torture aims them at the code whose
 * result it checks, so the damage cannot crash unrelated code first. */
extern uint32_t sched_bug_lo, sched_bug_hi;
enum { SCHED_BUG_NONE, SCHED_BUG_DROP_WAKEUP, SCHED_BUG_CLOBBER_FLAGS, SCHED_BUG_DROP_WAKEUP_QUEUED,
       SCHED_BUG_CLOBBER_REG, SCHED_BUG_STALE_EIP, SCHED_BUG_SKIP_SWITCH };
bool sched_bug_fire(int which);
/* kernel/idle.S: sti; hlt.  An idle thread interrupted there has EIP idle_halt_ret. */
void idle_halt(void);
extern char idle_halt_ret[];
#endif
