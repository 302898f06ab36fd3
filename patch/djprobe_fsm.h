/* The jump optimizer's per-probe state machine: the states DJ_* and the
 * transitions dj_* of the Spin model tests/model/djopt.pml, as one table of
 * legal transitions.  Freestanding (no kernel or libc headers): the kernel
 * uses it, and tests/host/djprobe_fsm_test.c replays the model's random
 * walks against it. */
#ifndef DJPROBE_FSM_H
#define DJPROBE_FSM_H

enum dj_state {
    DJ_INT3,            /* armed int3 probe, not queued */
    DJ_QUEUED,          /* waiting for the optimizer thread */
    DJ_PREPARED,        /* buffer built and published: int3 hits go through it */
    DJ_OPTIMIZED,       /* jmp written */
    DJ_UNOPTIMIZING,    /* buffer unpublished, jmp gone (or never written); the
                           buffer awaits the strategy's wait before it is freed */
    DJ_NSTATES
};

enum dj_event {
    DJ_EV_QUEUE,        /* dj_queue:      INT3 -> QUEUED (armed with KPROBE_OPTIMIZE) */
    DJ_EV_CANCEL,       /* dj_cancel:     QUEUED -> INT3 (removed before its batch, or refused) */
    DJ_EV_PREPARE,      /* dj_prepare:    QUEUED -> PREPARED (buffer built and published) */
    DJ_EV_CHECK,        /* dj_check:      PREPARED -> PREPARED (one quiescence check) */
    DJ_EV_DEFER,        /* dj_defer:      PREPARED -> UNOPTIMIZING (checks failed; no jmp) */
    DJ_EV_COMMIT,       /* dj_commit:     PREPARED -> OPTIMIZED (tails, sync, heads, sync) */
    DJ_EV_UNOPTIMIZE,   /* dj_unoptimize: OPTIMIZED -> UNOPTIMIZING (int3, sync, tail, sync) */
    DJ_EV_RELEASE,      /* dj_release:    UNOPTIMIZING -> INT3 (after the wait; buffer freed) */
    DJ_NEVENTS
};

/* The state after event in state, or -1 if the transition is illegal. */
int dj_next(int state, int event);
/* "dj_queue" ... ("?" if out of range); DJ_EV_* or -1. */
const char *dj_event_name(int event);
int dj_event_parse(const char *name);
#endif
