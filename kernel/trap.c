/* IDT setup and trap dispatch (Intel SDM Vol. 3, 6.10 IDT, 6.11 gate
 * descriptors, 6.15 exception reference).  All 256 gates are interrupt gates
 * (IF cleared on entry); handlers are chained per vector.  Only the system
 * call and int3 gates may be used from ring 3 (DPL 3); traps from user mode
 * go to kernel/uspace.c (system calls, faults that end the process, the
 * preemption point on the way back). */
#include "kernel/trap.h"
#include "kernel/gdt.h"
#include "kernel/cpu.h"
#include "kernel/console.h"
#include "kernel/panic.h"
#include "kernel/x86.h"
#include "kernel/sched.h"
#include "kernel/param.h"
#include "kernel/plog.h"
#include "kernel/dr6.h"
#include "kernel/uspace.h"
#include "kernel/entry.h"
#include "kernel/usys.h"
#include "vectors.h"

#define MAX_HANDLERS 6           /* #DB: debug_handler and four self-tests' breakpoint handlers */
_Static_assert(sizeof(struct trapframe) == 13 * 4, "TF_WORDS in kernel/trapasm.S");
_Static_assert(__builtin_offsetof(struct trapframe, trapno) == 32, "TF_TRAPNO in kernel/trapasm.S");
_Static_assert(__builtin_offsetof(struct trapframe, cs) == 44, "TF_CS in kernel/trapasm.S");
_Static_assert(SEL_UDATA == 0x12b && SEL_TR_TO_FS == 0x80, "selectors in kernel/trapasm.S");

/* Ask trapret to push v on the interrupted stack (a handler emulating a
 * call).  Kept in this frame's own trapno/err words, which trapret discards
 * anyway, so a nested trap (an NMI) cannot take it. */
static int emu_bug;
KPARAM_ENUM("emu_bug", emu_bug, "none|call_noop",
            "negative control: call_noop makes an int3-emulated call do nothing");

NOPROBE void trap_push_on_return(struct trapframe *tf, uint32_t v)
{
    /* The only user is the emulation of `call` (patch/ool.c): v is the
     * return address, tf->eip already the target.  The bug resumes at the
     * return address instead, so the call has no effect at all. */
    if (emu_bug == 1) {
        tf->eip = v;                  /* BUG on purpose (emu_bug=call_noop) */
        return;
    }
    tf->err = v;
    tf->trapno |= TRAP_PUSH;
}
static uint64_t idt[NVECTORS] ENTRY_DATA __attribute__((aligned(8)));
static trap_handler_t handlers[NVECTORS][MAX_HANDLERS];

static const char *exc_names[32] = {
    "#DE divide error", "#DB debug", "NMI", "#BP breakpoint", "#OF overflow",
    "#BR bound range", "#UD invalid opcode", "#NM device not available",
    "#DF double fault", "coprocessor segment overrun", "#TS invalid TSS",
    "#NP segment not present", "#SS stack fault", "#GP general protection",
    "#PF page fault", "reserved", "#MF x87 error", "#AC alignment check",
    "#MC machine check", "#XM SIMD exception", "#VE virtualization",
    "#CP control protection",
};

const char *trap_name(int vec)
{
    if (vec >= 0 && vec < 32 && exc_names[vec])
        return exc_names[vec];
    return vec < 32 ? "reserved exception" : "interrupt";
}

void idt_init(void)
{
    int v;
    for (v = 0; v < NVECTORS; v++) {
        uint32_t off = vectors[v], type = v == T_SYSCALL || v == T_BP || v == T_UPROBE ? 0xEE : 0x8E;
        idt[v] = (off & 0xFFFF) | ((uint64_t)SEL_KCODE << 16) |
                 ((uint64_t)type << 40) | ((uint64_t)(off >> 16) << 48);
    }
}

void idt_load(void)
{
    struct { uint16_t lim; uint32_t base; } __attribute__((packed)) idtr;
    idtr.lim = sizeof(idt) - 1;
    idtr.base = (uint32_t)idt;
    __asm__ volatile("lidt %0" :: "m"(idtr));
}

extern const struct trapreg __trapreg_start[], __trapreg_end[];

/* The record must be the compile-time one the link-time check has read. */
void trapreg_check(const struct trapreg *rec, uint32_t vec, uint32_t fn)
{
    if (rec < __trapreg_start || rec >= __trapreg_end || rec->vec != vec || rec->fn != fn)
        panic("trapreg: handler %08x for %#x registered without its .trapreg record", fn, vec);
}

void trap_handler_add(int vec, trap_handler_t fn, const struct trapreg *rec)
{
    int i;
    if (vec < 0 || vec >= NVECTORS)
        panic("trap_register: bad vector %d", vec);
    trapreg_check(rec, (uint32_t)vec, (uint32_t)fn);
    for (i = 0; i < MAX_HANDLERS; i++)
        if (!handlers[vec][i]) { handlers[vec][i] = fn; return; }
    panic("trap_register: vector %d has %d handlers already", vec, MAX_HANDLERS);
}

NOPROBE void trap(struct trapframe *tf)
{
    struct cpu *c = mycpu();
    uint32_t vec = tf->trapno;         /* handlers may set TRAP_PUSH in tf->trapno */
    uint32_t nmi_dr6 = 0, nmi_cr2 = 0;
    int i;
    bool done = false, user = tf->cs & 3;
    if (vec == T_SYSCALL && user) {
        uspace_syscall(tf);            /* interrupts on, may sleep: no irq_depth */
        return;
    }
    if (vec == T_UPROBE && user) {
        uspace_uprobe(tf);             /* an optimized user probe's buffer */
        return;
    }
    /* DR6 first (kernel/dr6.h): nothing before this point can raise a #DB
     * (the gate clears TF, the entry is no-probe text, no data breakpoint
     * may watch a kernel stack).  Issue 21. */
    if (vec == T_DB)
        tf->err = dr6_db_enter();
    else if (vec == T_NMI) {
        tf->err = nmi_dr6 = dr6_nmi_enter();
        nmi_cr2 = read_cr2();          /* a fixed-up #PF in a callback changes it (issue 30) */
    }
    if (vec == T_NMI) c->nmi_depth++;
    if (vec < 32) c->nexc[vec]++;
    if (c->irq_depth < INTR_NEST_MAX) c->intr_eips[c->irq_depth] = tf->eip;
    if (c->irq_depth++ == 0) c->intr_eip = tf->eip;
    if (user && vec < 32 && vec != T_NMI)
        done = uspace_fault(tf);       /* the process ends; nothing of the kernel's runs */
    for (i = 0; i < MAX_HANDLERS && !done && handlers[vec][i]; i++)
        done = handlers[vec][i](tf);
    if (!done) {
        if (vec == T_NMI)
            panic_nmi(tf);
        else if (vec < 32)
            panic_trap(tf);
        else
            plog(KL_WARN, "spurious interrupt vector %u on cpu %d\n", vec, c->id, 0, 0);
    }
    c->irq_depth--;
    if (vec == T_NMI) {
        c->nmi_depth--;
        if (read_cr2() != nmi_cr2)
            write_cr2(nmi_cr2);        /* an interrupted #PF may not have read it yet */
        dr6_nmi_exit(nmi_dr6);         /* last: an interrupted #DB may not have read it yet */
    }
    else if (vec >= T_IRQ0 && c->irq_depth == 0)
        sched_irq_exit(tf);    /* may switch threads (preempt=full); c is stale after */
    c = mycpu();
    if (c->irq_depth == 0)
        c->resume_eip = tf->eip;       /* where this CPU goes back to (landing statistics) */
    if (user && vec != T_NMI)
        uspace_return(tf);             /* NMIs stay blocked until their iret: no switch */
}

/* A task gate (SDM Vol. 3, 6.11, 7.3): used for #DF so a fault on a bad
 * stack switches to a known-good one (kernel/tss.c). */
void idt_set_task_gate(int vec, uint16_t sel)
{
    if (vec < 0 || vec >= NVECTORS)
        panic("idt_set_task_gate: bad vector %d", vec);
    idt[vec] = ((uint64_t)sel << 16) | ((uint64_t)0x85 << 40);
}
