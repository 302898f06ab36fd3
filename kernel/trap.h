/* Trap frames and trap dispatch.  struct trapframe is the stack image built
 * by kernel/trapasm.S (alltraps) and the generated stubs: keep both in step.
 * Preemption (preempt=full) switches threads from trap() with the frame left
 * on the preempted thread's stack; it resumes through trapret with every
 * register and EFLAGS restored by popal/iret exactly as saved here. */
#ifndef TRAP_H
#define TRAP_H
#include "kernel/types.h"

struct trapframe {
    uint32_t edi, esi, ebp, oesp, ebx, edx, ecx, eax;   /* pushal */
    uint32_t trapno, err;                               /* stub */
    /* err: the CPU's error code or 0; on #DB and NMI, DR6 (kernel/dr6.h) */
    uint32_t eip, cs, eflags;                           /* CPU */
};
/* Pushed by the CPU above the frame only on entry from ring 3 (cs & 3). */
struct trapframe_user { uint32_t esp, ss; };
#define TF_USER(tf) ((struct trapframe_user *)((tf) + 1))
static inline bool tf_is_user(const struct trapframe *tf) { return tf->cs & 3; }

enum {
    T_DE = 0, T_DB = 1, T_NMI = 2, T_BP = 3, T_OF = 4, T_BR = 5, T_UD = 6, T_NM = 7,
    T_DF = 8, T_TS = 10, T_NP = 11, T_SS = 12, T_GP = 13, T_PF = 14, T_MF = 16,
    T_AC = 17, T_MC = 18, T_XM = 19, T_IRQ0 = 32,
};

/* A handler returns true if it handled the trap.  Several may share a vector
 * (chained in registration order); an exception nobody handles is fatal. */
typedef bool (*trap_handler_t)(struct trapframe *tf);

/* Every function trap() or smp_nmi() can call through a pointer is recorded
 * at compile time in section .trapreg, one struct trapreg per registration
 * (both arguments constant).  Contract with kernel/noprobe_graph.py, which
 * reads the section at link time (two little-endian words: vec, fn): each fn
 * must be in the no-probe set or a `handler` of kernel/noprobe.roots.  The
 * functions below panic on a record outside the section (issue 21). */
struct trapreg { uint32_t vec; uint32_t fn; };
#define TRAPREG_NMI_CALL 0x102u  /* not a vector: an NMI callback (smp_nmi_call) */
#define TRAPREG(vec, f) ({ \
    static const struct trapreg __trapreg __attribute__((used, section(".trapreg"), aligned(4))) = \
        { (vec), (uint32_t)(f) }; \
    &__trapreg; })
#define trap_register(vec, fn) trap_handler_add((vec), (fn), TRAPREG((vec), (fn)))
void trap_handler_add(int vec, trap_handler_t fn, const struct trapreg *rec);
void trapreg_check(const struct trapreg *rec, uint32_t vec, uint32_t fn);
void idt_init(void);           /* build the IDT (boot CPU) */
void idt_load(void);           /* load it (every CPU) */
void idt_set_task_gate(int vec, uint16_t sel);
#define TRAP_PUSH 0x80000000u  /* in trapno: trapret pushes err on the interrupted stack */
void trap_push_on_return(struct trapframe *tf, uint32_t v);
void trap(struct trapframe *tf);
const char *trap_name(int vec);
void trap_report(struct trapframe *tf, const char *what);
#endif
