/* Shared by the djprobe self-tests and the hazard matrix: the hand-written
 * targets of tests/kernel/djprobe_targets.S and their checked callee. */
#ifndef DJ_TARGETS_H
#define DJ_TARGETS_H
#include "kernel/types.h"

int dj_add(int x);                     /* 2x + 5; region at dj_add_mov: mov (3) + add (2) */
int dj_jcc(int x);                     /* x > 10; region at dj_jcc_cmp: cmp (3) + jg rel8 (2) */
int dj_call_last(void);                /* 42; region: xor (2) + call dj_callee (5), last */
int dj_mid_call(void);                 /* 42; region: nop + call *%edx + add: a mid call */
int dj_h4(int x);                      /* a jz lands inside the region at dj_h4_add */
int dj_h5t(int i);                     /* 3; a jump table sends i=1 inside the region */
int dj_callee(void);                   /* 41; sleeps while dj_callee_hold */
extern char dj_add_mov[], dj_jcc_cmp[], dj_call_last_xor[], dj_mid_call_nop[];
extern char dj_h4_add[], dj_h5t_add[];
extern const uint32_t dj_h5t_table[2];
extern volatile int dj_callee_hold, dj_callee_asleep, dj_callee_abandon;
void dj_callee_release(void);
struct thread;
/* t blocked in dj_callee (on its wait queue, off its CPU); false after 5 s of guest progress. */
bool dj_callee_wait_blocked(struct thread *t);
/* A waker for H8 cells: lets the sleeper go once the removal waits for it
 * (a release check found the buffer busy: djprobe_stats.retries moved past
 * arg, a uint32_t *), or once dj_callee_release was called. */
void dj_callee_waker(void *arg);
#define DJ_AT(fn, off) ((uint32_t)(fn) + (uint32_t)(off))
#endif
