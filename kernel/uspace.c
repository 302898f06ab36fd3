/* Traps from ring 3 (Intel SDM Vol. 3, 6.12.1: the CPU switched to the
 * thread's kernel stack from the TSS and pushed the user SS:ESP).  A system
 * call runs with interrupts on and may sleep; a #BP or #DB may be a user
 * probe's (patch/uprobe.h); an exception nobody claims
 * ends the process, never the kernel; every return to user mode is a
 * preemption point under every preemption model, as in Linux. */
#include "patch/livepatch.h"
#include "kernel/uspace.h"
#include "kernel/trap.h"
#include "kernel/sched.h"
#include "kernel/proc.h"
#include "kernel/syscall.h"
#include "kernel/usys.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "kernel/console.h"
#include "kernel/panic.h"
#include "kernel/uvm.h"
#include "patch/uprobe.h"

volatile uint32_t uspace_nsyscalls, uspace_nkills;

void uspace_init(void)
{
    uvm_init();
}

void uspace_syscall(struct trapframe *tf)
{
    struct proc *p = proc_current();
    uint32_t nr = tf->eax, a[5] = { tf->ebx, tf->ecx, tf->edx, tf->esi, tf->edi };
    ASSERT(p);
    __atomic_add_fetch(&uspace_nsyscalls, 1, __ATOMIC_RELAXED);
    if (nr != SYS_report && nr != SYS_exit)
        p->nsyscalls++;
    sti();
    tf->eax = (uint32_t)syscall_dispatch(p, nr, a);
    cli();
    uspace_return(tf);
}

bool uspace_fault(struct trapframe *tf)
{
    struct proc *p = proc_current();
    uint32_t cr2 = read_cr2();         /* first: a fixed-up #PF in anything below would change it */
    char where[96];
    ASSERT(p);
    if ((tf->trapno == T_BP || tf->trapno == T_DB) && uprobe_trap(tf))
        return true;                   /* a user probe's */
    p->kill_eip = uprobe_real_eip(p, tf->eip);
    p->kill_cr2 = cr2;
    proc_describe(p, p->kill_eip, where, sizeof where);
    console_lock();
    kprintf("process %s (pid %d) killed: %s at %s (user)", p->name, p->pid,
            trap_name((int)tf->trapno), where);
    if (tf->trapno == T_PF)
        kprintf(", address %08x (%s, %s)", cr2, tf->err & 1 ? "protection" : "not present",
                tf->err & 2 ? "write" : "read");
    kprintf(", ESP %08x\n", TF_USER(tf)->esp);
    console_unlock();
    p->kill_vec = (int)tf->trapno;
    p->killed = true;
    __atomic_add_fetch(&uspace_nkills, 1, __ATOMIC_RELAXED);
    return true;
}

/* int $T_UPROBE: an optimized user probe's detour buffer (interrupts off);
 * anywhere else it ends the process like any stray interrupt instruction. */
void uspace_uprobe(struct trapframe *tf)
{
    if (!uprobe_opt_trap(tf)) {
        tf->eip -= 2;                  /* reported at the int $0x82 itself, as a #GP would be */
        tf->trapno = T_GP;
        uspace_fault(tf);
    }
    uspace_return(tf);
}

/* Interrupts off; tf is a ring-3 frame of the current process. */
void uspace_return(struct trapframe *tf)
{
    struct proc *p = proc_current();
    ASSERT(p && tf_is_user(tf) && !(read_eflags() & EFLAGS_IF));
    if (p->killed) {
        sti();
        proc_exit(PROC_KILLED(p->kill_vec));
    }
    if (p->thread->park) {             /* hazard cells: asleep right here until thread_wake */
        p->thread->park = false;
        p->thread->state = TS_SLEEPING;
        sched_block();
    }
    if (READ_ONCE(mycpu()->need_resched))
        thread_yield();
    lp_safe_point();                   /* only the trap frame is on this stack */
}
