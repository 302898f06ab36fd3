/* Inter-processor interrupts (Intel SDM Vol. 3, 10.6) and cross-CPU function
 * calls.  CPUs are named by dense index (cpus[i]).  A caller that waits for
 * other CPUs keeps serving calls addressed to itself, so two CPUs calling
 * each other (or a call racing a rendezvous) cannot deadlock. */
#ifndef IPI_H
#define IPI_H
#include "kernel/types.h"
#include "kernel/unwind.h"
#include "kernel/trap.h"            /* TRAPREG for smp_nmi_call */

struct trapframe;

void ipi_send(int cpu, int vector);
void ipi_send_all(int vector);             /* including self */
void ipi_send_others(int vector);          /* all but self */
void ipi_nmi(int cpu);
void ipi_nmi_others(void);
extern volatile int ipi_ready;             /* LAPIC up on the BSP */

typedef void (*smp_call_fn)(void *arg);
void smp_call_init(void);                  /* BSP, before the APs start */
/* Run fn(arg) with interrupts off on every online CPU in mask (self too, if
 * set).  wait: return after every target ran it (serving calls meanwhile);
 * otherwise return at once.  Returns the number of CPUs asked. */
int smp_call_mask(uint32_t mask, smp_call_fn fn, void *arg, bool wait);
int smp_call_one(int cpu, smp_call_fn fn, void *arg, bool wait);
int smp_call_all(smp_call_fn fn, void *arg, bool wait);
int smp_call_others(smp_call_fn fn, void *arg, bool wait);
void smp_call_poll(void);                  /* serve calls queued for this CPU */
extern volatile int smp_call_waiters;      /* callers waiting for acknowledgements */
uint32_t smp_online_mask(void);
void sync_cores(void);                     /* every CPU executes a serializing insn */
enum sync_bug { SYNC_BUG_NOSERIAL = 1, SYNC_BUG_SKIP_CPU, SYNC_BUG_NOWAIT };
void sync_cores_bug(enum sync_bug bug);    /* broken on purpose: poke_bug= controls */
void tlb_shootdown(uint32_t va);

/* NMI IPI: run fn(tf) in NMI context on cpu.  smp_nmi_arm only sets the
 * request (the caller sends the NMI its own way).  fn is recorded in
 * .trapreg (kernel/trap.h) as TRAPREG_NMI_CALL. */
typedef void (*smp_nmi_fn)(struct trapframe *);
#define smp_nmi_call(cpu, fn) smp_nmi_send((cpu), (fn), TRAPREG(TRAPREG_NMI_CALL, (fn)))
#define smp_nmi_arm(cpu, fn) smp_nmi_set((cpu), (fn), TRAPREG(TRAPREG_NMI_CALL, (fn)))
struct trapreg;
void smp_nmi_send(int cpu, smp_nmi_fn fn, const struct trapreg *rec);
void smp_nmi_set(int cpu, smp_nmi_fn fn, const struct trapreg *rec);
void smp_nmi_init(void);
void smp_stop_others(void);                /* NMI: others halt silently */

/* Rendezvous (stop-machine): fn runs on this CPU while every other online
 * CPU spins with interrupts off.  Returns fn's result. */
int rendezvous_run(int (*fn)(void *), void *arg);
bool rendezvous_mine(void);                /* this CPU runs a rendezvous fn */
/* From inside a rendezvous fn: is any parked CPU interrupted (at any
 * nesting depth) with EIP in [a, b)?  Reports the first in *cpu, *eip. */
bool rendezvous_interrupted_in(uint32_t a, uint32_t b, int *cpu, uint32_t *eip);
extern uint32_t rendezvous_eip[];          /* innermost interrupted EIP, 0 if polled */
/* Each parked CPU's registers in rv_park (its thread's stack above holds
 * everything it was doing: exact unwinds start there, kernel/unwind.h). */
extern struct unwind_regs rendezvous_regs[];

extern int ipi_bug;
enum { IPI_BUG_NONE, IPI_BUG_NO_ACK_BARRIER };
#endif
