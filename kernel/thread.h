/* Kernel threads: own stacks with an unmapped guard page below, a registry
 * of all threads a patcher can walk, wait queues and completions.
 * Contract with kernel/swtch.S: struct thread's first field is the saved
 * stack pointer (offset THREAD_OFF_ESP == 0). */
#ifndef THREAD_H
#define THREAD_H
#include "kernel/types.h"
#include "kernel/spinlock.h"

#define THREAD_STACK_PAGES 4          /* 16 KiB usable, plus one guard page */
#define CPUMASK_ALL 0xFFFFFFFFu
#define LP_GEN_ONE  0x100u

enum thread_state { TS_RUNNABLE = 1, TS_RUNNING, TS_SLEEPING, TS_ZOMBIE };

struct waitq {
    struct spinlock lock;
    struct thread *head, *tail;
};
#define WAITQ_INIT(n) { SPINLOCK_INIT(n), 0, 0 }

struct completion {
    struct waitq wq;
    volatile int done;
};

struct trapframe;
struct proc;
struct kretprobe_instance;
struct thread {
    uint32_t esp;                     /* offset 0: saved by swtch */
    int tid;
    char name[20];
    volatile int state;               /* enum thread_state */
    volatile int on_cpu;              /* still on a CPU (switch-out not finished) */
    volatile int cpu;                 /* CPU it runs on or is queued on */
    volatile uint32_t affinity;       /* allowed CPUs (bit n = cpus[n]) */
    uint32_t stack_lo, stack_hi;      /* usable stack; guard page below stack_lo */
    struct trapframe *tf;             /* set while preempted: its trap frame */
    uint32_t saved_eip, saved_esp;    /* where it left the CPU */
    uint32_t nvcsw, nivcsw;           /* voluntary / involuntary switches */
    uint32_t nmigrations;
    uint64_t wake_ns;                 /* timed sleep deadline */
    struct thread *rq_next, *wq_next, *sl_next, *all_next;
    void (*fn)(void *);
    void *arg;
    struct completion exited;
    bool is_idle;
    volatile bool park;               /* next preemption leaves it asleep (hazard tests) */
    bool migrate_pending;             /* left a CPU its affinity no longer allows */
    struct proc *proc;                /* a process's thread (kernel/proc.h), else NULL */
    volatile uint32_t lp_word;        /* live patches' universe (low byte, patch/lp_int.h), plus
                                       * LP_GEN_ONE each time it is picked to run (kernel/sched.c) */
    volatile bool lp_safe;            /* asleep at its main loop's safe point (lp_safe_wait) */
    struct kretprobe_instance *volatile rp_pending;   /* return probes, newest first (patch/kretprobe.c) */
    uint32_t qs_id, qs_gen;           /* the quiescence pre-scan that saw it stopped, and its run
                                       * count then (patch/quiesce.c; under its lock) */
};

/* Create a runnable thread running fn(arg) on an allowed CPU; NULL if out of memory. */
struct thread *thread_create(const char *name, void (*fn)(void *), void *arg, uint32_t affinity);
void thread_exit(void) __attribute__((noreturn));
void thread_join(struct thread *t);   /* wait for exit, then free it */
struct thread *thread_current(void);
void thread_yield(void);
void thread_sleep_ns(uint64_t ns);
void thread_set_affinity(uint32_t mask);  /* moves the caller if needed */
bool thread_wake(struct thread *t);       /* SLEEPING -> RUNNABLE; false if not asleep */

/* Registry walk: fn is called for every live thread with the registry lock
 * held (interrupts off).  For threads to stay put, walk from a rendezvous. */
void thread_foreach(void (*fn)(struct thread *t, void *arg), void *arg);
void thread_foreach_stopped(void (*fn)(struct thread *t, void *arg), void *arg);   /* in a rendezvous */
/* The same, the lock dropped every `chunk` threads (interrupts and thread
 * creation go on); threads created meanwhile may be missed, and the walk
 * stops early (false) if a thread was freed while the lock was dropped. */
bool thread_foreach_chunked(void (*fn)(struct thread *t, void *arg), void *arg, int chunk);
/* A registry mark: threads created after it are listed first (newest
 * first), and whether any thread was freed since (pointers stay valid). */
struct thread_reg_mark { int next_tid; uint32_t nfreed; };
void thread_reg_mark(struct thread_reg_mark *m);
bool thread_reg_freed_since(const struct thread_reg_mark *m);
void thread_foreach_newer(const struct thread_reg_mark *m, void (*fn)(struct thread *t, void *arg), void *arg);
int thread_count(void);
struct thread *thread_owning_stack(uint32_t addr, bool *in_guard);

void waitq_init(struct waitq *wq, const char *name);
/* Sleep until cond(arg) is true; cond runs under wq->lock and may consume. */
void waitq_wait(struct waitq *wq, bool (*cond)(void *), void *arg);
int waitq_wake(struct waitq *wq, int max);   /* wake up to max sleepers */
/* Is t blocked on wq: queued there, asleep and off its CPU?  Its saved
 * registers and stack then stay as they are until wq is woken (self-tests
 * look at them only then: kernel/ktest.h ktest_wait_blocked). */
bool waitq_holds(struct waitq *wq, struct thread *t);

void completion_init(struct completion *c);
void complete(struct completion *c);
void complete_all(struct completion *c);
void wait_for_completion(struct completion *c);

/* internal (kernel/sched.c, kernel/thread.c) */
void thread_init(void);
void thread_sleep_expire(int cpu);    /* timer tick: wake due sleepers */
void sched_finish(struct thread *last);   /* first thing after swtch returns */
struct thread *thread_alloc(const char *name, uint32_t affinity);
void thread_free(struct thread *t);
void thread_start_asm(void);
struct thread *swtch(struct thread *prev, struct thread *next);
#endif
