/* Helpers shared by the patching tortures: per-CPU worker threads pinned one
 * to a CPU, a stop flag, join with a lost-thread report, a xorshift RNG, and
 * a histogram of where preemptions landed inside given code ranges. */
#ifndef TORTURE_H
#define TORTURE_H
#include "kernel/types.h"
#include "kernel/cpu.h"

struct thread;
struct torture_worker {
    struct thread *t;
    int cpu, idx;                  /* pinned to cpu; index in torture_workers */
    uint32_t rng;
    volatile uint32_t iters;
    volatile int finished;
    char name[20];
};

#define TORTURE_MAXW (2 * NCPU_MAX)
extern struct torture_worker torture_workers[TORTURE_MAXW];
extern int torture_nworkers;
extern volatile int torture_stop;
extern volatile uint32_t torture_errors;

/* One worker per online CPU running fn(w) until torture_stop; _n: per_cpu
 * of them on each CPU (worker i on CPU i % ncpu), so that they preempt
 * each other there under preempt=full. */
void torture_spawn(const char *prefix, void (*fn)(struct torture_worker *w), uint32_t seed);
void torture_spawn_n(const char *prefix, void (*fn)(struct torture_worker *w), uint32_t seed, int per_cpu);
int torture_join(char *why, size_t n);        /* 0, or 1 with why: a worker never finished */
uint32_t torture_iters(void);
/* Weyl sequence through the murmur3 finalizer: consecutive draws taken
 * modulo small numbers stay independent (plain xorshift's do not). */
static inline uint32_t torture_rnd(uint32_t *s)
{
    uint32_t z = (*s += 0x9E3779B9u);
    z = (z ^ (z >> 16)) * 0x85EBCA6Bu;
    z = (z ^ (z >> 13)) * 0xC2B2AE35u;
    return z ^ (z >> 16);
}
/* Let the patcher (and others) run: voluntary switch every call under every
 * model (preempt=none only switches there), a short sleep now and then. */
void torture_pause(struct torture_worker *w);

/* Landing: count interrupts and preemptions (real switches) whose EIP falls
 * in up to six ranges [lo, hi), by instruction boundary (decoded at start,
 * at most 64 per range); an EIP between boundaries is an error.  Native
 * landings (torture.c: at interior boundaries, not where the last trap or
 * interrupt returned to) happen only under -singlestep or -icount.
 * torture_landing_check prints the histograms and, under landing=require
 * (dflt: 0 off, 1 report, 2 require, unless landing= says otherwise), fails
 * unless the ranges took at least LAND_NATIVE_MIN native interrupts (need
 * LAND_NATIVE), as many native preemptions (LAND_PREEMPT_NATIVE: the
 * interrupt was native and another thread ran), and/or a preemption on
 * every boundary of every range (LAND_PREEMPT). */
enum { LAND_NATIVE = 1, LAND_PREEMPT = 2, LAND_PREEMPT_NATIVE = 4 };
/* Default TCG, too, lands natively now and then (1 in 1,006 interrupts, seen
 * once in a full run: QEMU retranslating after a text write); -singlestep
 * gives 12 or more in every run that requires them. */
#define LAND_NATIVE_MIN 4
extern int torture_landing_mode;        /* landing=off|report|require, -1: default */
void torture_landing_start(const char *const name[], const uint32_t lo[], const uint32_t hi[], int n);
/* The same, with range i's bytes read from code[i] when not NULL (user code:
 * the kernel's alias of a program's text, kernel/uimage.h). */
void torture_landing_start_code(const char *const name[], const uint32_t lo[], const uint32_t hi[],
                                const uint8_t *const code[], int n);
void torture_landing_tb_start(uint32_t addr);   /* not interior (e.g. after a patched-in call) */
void torture_landing_stop(void);
int torture_landing_check(int dflt, unsigned need, char *why, size_t n);
/* A torture's loop condition: true before end (clock_ns), then while
 * landing_check(dflt, need) or a worker's first iteration is still missing,
 * within a stated bound in guest time (torture.c). */
bool torture_running(uint64_t end, int dflt, unsigned need);
uint32_t torture_landing_total(void);   /* preemptions inside the ranges */
uint32_t torture_landing_preempted(int range, uint32_t lo, uint32_t hi);   /* in [lo, hi) of one range */
#endif
