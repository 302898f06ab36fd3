/* Processes (kernel/proc.c): one user thread each, its own page directory,
 * running a built-in program (kernel/uprog.h).  The lifecycle: spawned
 * (P_RUN), exited or killed (P_ZOMBIE: code kept, memory still held), then
 * reaped by whoever waits (its parent, or the kernel code that spawned it)
 * or, once nobody will (detached, orphaned), by the reaper thread. */
#ifndef PROC_H
#define PROC_H
#include "kernel/types.h"
#include "kernel/thread.h"

/* What a scanner that takes no lock (a rendezvous: every other CPU parked,
 * so no state changes under it; patch/uprobe_opt.c) may read, by state:
 *   P_FREE    nothing.
 *   P_RUN     pid, name, prog, killed, ustep; with thread set (published
 *             last by proc_spawn, release), proc_user_eip(): entry until
 *             entered, then the ring-3 frame atop the live thread's stack.
 *             A killed process never returns to user mode (uspace_return).
 *   P_ZOMBIE  pid, name, prog only: its thread has exited and the reaper
 *             frees it (thread_join) before the slot, so p->thread and the
 *             frame on its stack may be freed memory; it never runs again,
 *             so its EIP is no hazard either.
 * The reaper's order (exit: P_ZOMBIE under ptable_lock, then thread_exit;
 * reap: thread_join, then P_FREE) is what scanners rely on. */
#define NPROC 64
#define PROC_KILLED(vec) (-1000 - (vec))   /* exit code of a process killed by an exception */

enum proc_state { P_FREE, P_RUN, P_ZOMBIE };

struct usite;
struct uretprobe_instance;
struct proc {
    int pid;
    char name[16];
    volatile int state;              /* enum proc_state, under the table lock */
    int prog;                        /* index in uprogs[] */
    uint32_t *pgdir;
    struct thread *thread;
    struct proc *parent;             /* NULL: spawned by the kernel */
    bool detached;                   /* nobody will wait: the reaper frees it */
    volatile bool killed;            /* ends at its next return to user mode */
    int exit_code;
    int kill_vec;                    /* the exception that killed it */
    uint32_t kill_eip;               /* and where, as its kill line names it */
    uint32_t kill_cr2;               /* a #PF's address, as its kill line names it */
    uint32_t arg, entry;
    uint32_t report[4];              /* SYS_report (test support) */
    uint32_t nsyscalls;              /* counted here, SYS_report and SYS_exit excluded */
    uint64_t start_ns;
    volatile bool entered;           /* has run in ring 3 (its user EIP is in the frame atop its stack) */
    struct usite *ustep;             /* a uprobe hit stepping its copy at USER_XOL (patch/uprobe_hit.c) */
    uint32_t ustep_tf;               /* the process's own EFLAGS.TF meanwhile */
    struct uretprobe_instance *uret_pending;   /* user return probes, newest first (patch/uretprobe.c) */
    struct completion done;
};

/* A new process running program name with argument arg on the CPUs in
 * affinity; NULL with a reason in err (unknown program, out of memory, full). */
struct proc *proc_spawn(const char *name, uint32_t arg, struct proc *parent, bool detached,
                        uint32_t affinity, char *err, int errlen);
struct proc *proc_current(void);     /* NULL in a kernel thread */
void proc_exit(int code) __attribute__((noreturn));
int proc_wait(struct proc *p);       /* wait for exit, reap, return the exit code */
struct proc *proc_child(struct proc *parent, int pid);   /* NULL if not its child */
int proc_count(void);                /* live and zombie processes */
void proc_foreach(void (*fn)(struct proc *p, void *arg), void *arg);   /* under the lock */
const char *proc_prog_name(const struct proc *p);
/* For scanners that may not lock (a rendezvous, every other CPU parked):
 * the table's slot i, and a process's user EIP as it will resume. */
struct proc *proc_slot(int i);
uint32_t proc_user_eip(const struct proc *p);
/* Test support: called by every reap between freeing the thread and the slot. */
extern void (*proc_reap_hook)(struct proc *p);
/* Symbol of a user address in the process's program: "name+off" or hex. */
void proc_describe(const struct proc *p, uint32_t addr, char *buf, int len);
#endif
