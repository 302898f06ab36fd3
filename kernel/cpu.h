/* Per-CPU data, reached through %fs (its GDT segment's base is the struct's
 * address; offset 0 holds a self pointer).  SDM Vol. 3, 3.4.5 segment
 * descriptors.  The SMP code fills cpus[1..]; the boot CPU is cpus[0]. */
#ifndef CPU_H
#define CPU_H
#include "kernel/types.h"

#define NCPU_MAX 16

struct thread;
struct cpu {
    struct cpu *self;          /* offset 0: read through %fs:0 */
    int id;                    /* dense index, 0 = boot CPU */
    uint32_t apic_id;
    volatile int online;
    int irq_depth;             /* nested interrupt/exception depth */
    int nmi_depth;
    struct thread *thread;     /* current thread, if any */
    uint32_t intr_eip;         /* EIP interrupted by the outermost interrupt */
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

void gdt_init_cpu(int id);     /* load GDT, per-CPU %fs for cpus[id] */
#endif
