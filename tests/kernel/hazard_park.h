/* Parking a thread at a chosen instruction for the hazard matrix: a debug
 * register breakpoint (SDM Vol. 3, 17.2.4: execute breakpoints are faults,
 * EIP = the instruction) either preempts the thread right there and keeps it
 * off the CPU (H1: its saved EIP is the address) or keeps its CPU spinning
 * in the #DB handler with interrupts on (H2: an interrupted EIP). */
#ifndef HAZARD_PARK_H
#define HAZARD_PARK_H
#include "kernel/types.h"

enum { PARK_PREEMPT, PARK_SPIN };
struct park {
    uint32_t at;                       /* the instruction to stop at */
    int mode, cpu;
    int (*fn)(int);                    /* called by the worker, with arg */
    int arg;
    volatile int result, done, hit;    /* hit: the breakpoint fired */
    volatile int released;
    volatile bool release;             /* PARK_SPIN: leave the handler */
    struct thread *t;
};

/* Start the worker pinned to p->cpu and wait (up to 1 s) until it is parked
 * at p->at.  0, or -1 with why. */
int park_start(struct park *p, char *why, size_t n);
/* The worker's body on this CPU, whatever runs it (an IPI handler too):
 * arm, call fn(arg), disarm.  PARK_SPIN only outside a thread of its own. */
void park_call(struct park *p);
void park_register(void);              /* its #DB handler, before a park_call */
uint32_t park_eip(struct park *p);     /* saved or interrupted EIP now */
/* Let it go on (PREEMPT: wake; SPIN: leave the handler); once only. */
void park_release(struct park *p);
void park_finish(struct park *p);      /* release, then join */
/* Make a parked (PREEMPT) worker exit instead of resuming: recovery when it
 * was caught parked in freed memory. */
void park_abandon(struct park *p);
#endif
