/* User probes: an int3 in a built-in program's shared text page (written
 * through the kernel's own mapping of that page, so every process running
 * the program, now or later, hits it), handlers in the kernel with the
 * user's registers, the displaced instruction single-stepped from the
 * process's slot page (USER_XOL) or emulated (relative branches and calls).
 * Refusals by hazard ID as for kernel probes, text unchanged. */
#ifndef UPROBE_H
#define UPROBE_H
#include "kernel/types.h"
#include "kernel/usys.h"

struct trapframe;
struct proc;
struct usite;

#define UPROBE_DISABLED 0x2

struct uprobe {
    const char *prog;                 /* program name (kernel/uprog.h) */
    const char *symbol;               /* a symbol of it, or NULL: offset is the address */
    uint32_t offset;
    /* As kprobe handlers (patch/kprobe.h): interrupts off, no sleeping, no
     * kprintf; nonzero from pre_handler: it changed tf->eip, skip the
     * instruction.  p is the process that hit. */
    int (*pre_handler)(struct uprobe *u, struct trapframe *tf, struct proc *p);
    void (*post_handler)(struct uprobe *u, struct trapframe *tf, struct proc *p);
    uint32_t flags;
    volatile uint32_t nhit;
    /* internal */
    int prog_idx;
    uint32_t addr;                    /* resolved user address */
    struct uprobe *next;              /* on its site */
    struct usite *site;
};

/* Thread context; register sleeps for nothing (but for unoptimizing a site
 * for a post-handler or a probe inside its region, H10), unregister waits
 * until no process is still running this probe's instruction out of line,
 * at most uprobe_wait_ms: then the site is orphaned (kept, reported, taken
 * back by a later register once free) and the call returns. */
int uprobe_register(struct uprobe *u, char *err, size_t errlen);
void uprobe_unregister(struct uprobe *u);
void uprobe_enable(struct uprobe *u);
void uprobe_disable(struct uprobe *u);
int uprobe_count(void);
/* kernel/uspace.c: a #BP or #DB from user mode; true if it was a uprobe's. */
bool uprobe_trap(struct trapframe *tf);
void uprobe_proc_exit(struct proc *p);
/* For the hazard cells: a user-mode #DB from breakpoint 0 (DR6.B0). */
extern bool (*uprobe_db_hook)(struct trapframe *tf);   /* a process dies mid-step: drop its reference */
/* Where a user EIP really is: a slot address maps back to the probed one. */
uint32_t uprobe_real_eip(const struct proc *p, uint32_t eip);

/* User return probes (patch/uretprobe.c): an entry probe on a function's
 * first instruction (u: prog and symbol, offset 0; u.flags as a uprobe's)
 * saves the return address on the user stack and writes the trampoline's
 * (an int3 at USER_URET_TRAMP in every process's slot page) over it; the
 * return traps there, handler runs (tf->eax: the return value; tf->eip:
 * the real return address) and the process goes on at the real one.
 * Pending instances are listed per process, matched by stack slot wherever
 * listed (a process may run on several stacks: a coroutine's); a frame left
 * without a return is dropped once its slot no longer holds the trampoline's
 * address or its slot is returned through again; a handler whose instance
 * saved the trampoline's address (two probes, a tail call) is shown the real
 * one.  Register refuses a symbol that is not a function's entry (a label
 * inside one, or a split part: X.cold) and a maxactive whose pool does not fit in 32 bits.
 * Unregister with instances pending leaves them to come back (no handler
 * runs); a process that exits or is killed gives them back.  An entry whose
 * return address cannot be read or replaced is refused and counted
 * (nrefused), the process goes on. */
#define USER_URET_TRAMP (USER_XOL + 0x800)
struct uret_pool;
struct uretprobe_instance {
    struct uretprobe_instance *next;  /* the process's pending list, or the pool's free list */
    struct uret_pool *pool;
    uint32_t ret_addr, slot;          /* the real return address, its user stack word */
};
struct uretprobe {
    struct uprobe u;
    void (*handler)(struct uretprobe *r, struct trapframe *tf, struct proc *p);
    int maxactive;                    /* instances (0: 16) */
    volatile uint32_t nentry, nreturn, nmissed, nrefused;
    struct uret_pool *pool;           /* internal */
};
int uretprobe_register(struct uretprobe *r, char *err, size_t errlen);
void uretprobe_unregister(struct uretprobe *r);
bool uretprobe_trap(struct proc *p, struct trapframe *tf);   /* #BP at the trampoline */
void uretprobe_proc_exit(struct proc *p);
struct uretprobe_stats { uint32_t pending_at_unregister, reclaimed, abandoned, exited, no_instance; };
extern struct uretprobe_stats uretprobe_stats;

/* Jump optimization (patch/uprobe_opt.c), thread context: 0 optimized, -1
 * refused (err says which hazard), 1 busy (a process would resume inside
 * the region: try again later).  Unoptimize waits until no process runs
 * the detour buffer, at most uprobe_wait_ms: then the buffer is orphaned
 * (kept reserved, reported) and reclaimed by a later optimize's scan. */
int uprobe_optimize(struct uprobe *u, char *err, size_t errlen);
void uprobe_unoptimize(struct uprobe *u);
bool uprobe_optimized(const struct uprobe *u);
bool uprobe_opt_trap(struct trapframe *tf);   /* int $T_UPROBE from user mode */

/* Updated atomically from every CPU (USTAT_ADD).  orphan_sites/orphan_bufs:
 * a site or detour buffer a remover stopped waiting for after uprobe_wait_ms
 * (kept reserved, reported); reclaimed_*: given back once a scan found it free. */
struct uprobe_stats {
    uint32_t hits, steps, emulated, retries, refused;
    uint32_t optimized, unoptimized, opt_hits, opt_busy, buf_waits;
    uint32_t orphan_sites, orphan_bufs, reclaimed_sites, reclaimed_bufs;
};
extern struct uprobe_stats uprobe_stats;
#endif
