/* Per-CPU data, reached through %fs (its GDT segment's base is the struct's
 * address; offset 0 holds a self pointer).  SDM Vol. 3, 3.4.5 segment
 * descriptors.  The SMP code fills cpus[1..]; the boot CPU is cpus[0]. */
#ifndef CPU_H
#define CPU_H
#include "kernel/types.h"

#define NCPU_MAX 16

#define INTR_NEST_MAX 8

struct thread;
struct trapframe;
/* The probe path's per-CPU state (patch/kprobe.c, patch/int3.c, and the
 * detour buffers' fast path, patch/tramp.h): written only by this CPU, one
 * instruction per update (no lock prefix: an interrupt or NMI on this CPU
 * cannot split it); other CPUs read it after a core sync (which this CPU
 * answers after its earlier stores) or with this CPU parked in a rendezvous. */
struct cpu_probe {
    volatile uint32_t running;  /* 0; 1 in an int3 handler; in a detour handler,
                                   its return address into the buffer (H11, H8) */
    volatile uint32_t gen;      /* bumped after each running = 0 (H7 waits) */
};

#define CPU_RAN_RING 256
struct cpu {
    struct cpu *self;          /* offset 0: read through %fs:0 */
    int id;                    /* dense index, 0 = boot CPU */
    uint32_t apic_id;
    volatile int online;
    int irq_depth;             /* nested interrupt/exception depth */
    int nmi_depth;
    struct thread *thread;     /* current thread, if any */
    uint32_t intr_eip;         /* EIP interrupted by the outermost interrupt */
    /* --- SMP, scheduler, rendezvous (smp/, kernel/sched.c) --- */
    uint32_t intr_eips[INTR_NEST_MAX];  /* EIP interrupted at each nesting depth */
    int preempt_count;         /* >0: no preemption (spinlocks, explicit) */
    volatile int need_resched;
    struct thread *idle;       /* this CPU's idle thread */
    volatile uint32_t ticks;   /* timer ticks taken (watchdog progress) */
    volatile int parked;       /* spinning in a rendezvous */
    void (*volatile nmi_fn)(struct trapframe *);   /* NMI IPI request */
    uint32_t nr_switches;
    volatile uint32_t nexc[32];   /* exceptions taken on this CPU, by vector */
    uint32_t resume_eip;          /* EIP the last outermost trap or interrupt returned to */
    struct cpu_probe probe;
    struct thread *ran[CPU_RAN_RING];   /* switch n's thread at ran[n % CPU_RAN_RING] (patch/quiesce.c) */
};

extern struct cpu cpus[NCPU_MAX];
extern int ncpu;               /* CPUs online (boot CPU counts) */
extern int ncpu_found;         /* CPUs described by firmware */

static inline struct cpu *mycpu(void)
{
    struct cpu *c;
    __asm__ volatile("movl %%fs:0, %0" : "=r"(c));
    return c;
}
static inline int cpu_id(void) { return mycpu()->id; }

/* preempt_count lives in struct cpu; one instruction through %fs keeps the
 * update safe against preemption/migration between load and store. */
#define CPU_OFF_PREEMPT __builtin_offsetof(struct cpu, preempt_count)
static inline void preempt_disable(void)
{
    __asm__ volatile("incl %%fs:%c0" :: "i"(CPU_OFF_PREEMPT) : "memory");
}
static inline void preempt_enable_no_resched(void)
{
    __asm__ volatile("decl %%fs:%c0" :: "i"(CPU_OFF_PREEMPT) : "memory");
}

void gdt_init_cpu(int id);     /* load GDT, per-CPU %fs for cpus[id] */
#endif
