/* Processes (kernel/proc.h): spawn, first entry into ring 3, exit, wait and
 * the reaper.  A process's thread is an ordinary kernel thread whose first
 * act is to enter user mode through trapret with a ring-3 frame (Intel SDM
 * Vol. 3, 6.12.1: iret to an outer privilege level pops ESP and SS too). */
#include "patch/livepatch.h"
#include "kernel/proc.h"
#include "kernel/uvm.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/elf.h"
#include "kernel/usys.h"
#include "kernel/trap.h"
#include "kernel/gdt.h"
#include "kernel/sched.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/x86.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/panic.h"
#include "patch/uprobe.h"

static struct proc procs[NPROC];
static struct spinlock ptable_lock = SPINLOCK_INIT("ptable");
static int next_pid = 1;
static struct proc *reap_list[NPROC];   /* detached zombies for the reaper */
static int nreap;
static struct waitq reap_wq = WAITQ_INIT("reap");

void uspace_enter(struct trapframe *tf, uint32_t cr3) __attribute__((noreturn));
static void reaper_start(void);

struct proc *proc_current(void)
{
    struct thread *t = thread_current();
    return t ? t->proc : NULL;
}

const char *proc_prog_name(const struct proc *p) { return uprogs[p->prog].name; }

struct proc *proc_slot(int i) { return i >= 0 && i < NPROC ? &procs[i] : NULL; }

/* The ring-3 frame every entry from user mode leaves atop the kernel stack
 * (the CPU switched to esp0 = stack_hi, SDM Vol. 3, 6.12.1). */
uint32_t proc_user_eip(const struct proc *p)
{
    const struct trapframe *tf;
    if (!p->entered)
        return p->entry;
    tf = (const struct trapframe *)(p->thread->stack_hi - sizeof(struct trapframe) -
                                    sizeof(struct trapframe_user));
    return tf->eip;
}

void proc_describe(const struct proc *p, uint32_t addr, char *buf, int len)
{
    const char *name;
    uint32_t off;
    const struct uprog *up = &uprogs[p->prog];
    if (elf_addr_symbol(up->image, up->size, addr, &name, &off) == 0)
        ksnprintf(buf, (size_t)len, "%08x <%s:%s+%#x>", addr, up->name, name, off);
    else
        ksnprintf(buf, (size_t)len, "%08x", addr);
}

/* The thread's first and only kernel function: into ring 3 at the entry
 * point, ESP at the argument word. */
static void proc_thread(void *arg)
{
    struct proc *p = arg;
    struct { struct trapframe tf; struct trapframe_user u; } f;
    uint32_t cr3 = uspace_bug == UBUG_CR3_SKIP ? uvm_kernel_cr3() : (uint32_t)p->pgdir;
    kmemset(&f, 0, sizeof f);
    f.tf.eip = p->entry;
    f.tf.cs = SEL_UCODE;
    f.tf.eflags = EFLAGS_IF | 0x2;
    f.u.esp = USER_STACK_TOP - 4;
    f.u.ss = SEL_UDATA;
    cli();                           /* from here to iret: this CPU's esp0 and CR3 are ours */
    p->entered = true;
    uspace_enter(&f.tf, cr3);        /* BUG on purpose above with uspace_bug=cr3_skip */
}

static struct proc *slot_alloc(void)
{
    int i;
    struct proc *p = NULL;
    spin_lock(&ptable_lock);
    for (i = 0; i < NPROC && !p; i++)
        if (procs[i].state == P_FREE) {
            p = &procs[i];
            kmemset(p, 0, sizeof *p);
            p->pid = next_pid++;
            p->state = P_RUN;
        }
    spin_unlock(&ptable_lock);
    return p;
}

static void slot_free(struct proc *p)
{
    uint32_t *pd = p->pgdir;
    WRITE_ONCE(p->pgdir, NULL);        /* a probe_read_user of p from now on reads nothing */
    if (pd)
        uvm_free(pd);
    spin_lock(&ptable_lock);
    p->state = P_FREE;
    spin_unlock(&ptable_lock);
}

/* Address space: the program, the stack, the argument word on it, the
 * slot page user probes step displaced instructions from. */
static int build(struct proc *p, uint32_t *entry, char *err, int errlen)
{
    uint32_t *pte;
    if (!(p->pgdir = uvm_create())) {
        ksnprintf(err, (size_t)errlen, "out of memory for a page directory");
        return -ENOMEM;
    }
    if (uimage_map(p->prog, p->pgdir, entry, err, errlen))
        return -ENOMEM;
    if (uvm_alloc(p->pgdir, USER_STACK_TOP - USER_STACK_PAGES * PAGE_SIZE, USER_STACK_PAGES)) {
        ksnprintf(err, (size_t)errlen, "out of memory for the stack");
        return -ENOMEM;
    }
    if (uvm_alloc(p->pgdir, USER_XOL, 1)) {
        ksnprintf(err, (size_t)errlen, "out of memory for the slot page");
        return -ENOMEM;
    }
    pte = uvm_pte(p->pgdir, USER_XOL, false);
    *pte &= ~PTE_W;                                   /* user probes' copies: read-only for the process */
    *(uint8_t *)((*pte & ~0xFFFu) + (USER_URET_TRAMP - USER_XOL)) = 0xCC;   /* user return probes' trampoline */
    pte = uvm_pte(p->pgdir, USER_STACK_TOP - 4, false);
    *(uint32_t *)((*pte & ~0xFFFu) + PAGE_SIZE - 4) = p->arg;
    return 0;
}

struct proc *proc_spawn(const char *name, uint32_t arg, struct proc *parent, bool detached,
                        uint32_t affinity, char *err, int errlen)
{
    int prog = uimage_find(name);
    struct proc *p;
    struct thread *t;
    reaper_start();
    if (prog < 0) {
        ksnprintf(err, (size_t)errlen, "no program named '%s'", name);
        return NULL;
    }
    if (!(p = slot_alloc())) {
        ksnprintf(err, (size_t)errlen, "process table full (%d)", NPROC);
        return NULL;
    }
    ksnprintf(p->name, sizeof p->name, "%s", name);
    p->prog = prog;
    p->arg = arg;
    p->parent = parent;
    p->detached = detached;
    p->start_ns = clock_ns();
    completion_init(&p->done);
    err[0] = 0;
    if (build(p, &p->entry, err, errlen))
        goto fail;
    if (!(t = thread_alloc(name, affinity))) {
        ksnprintf(err, (size_t)errlen, "out of memory for a thread");
        goto fail;
    }
    if (uspace_layout == USPACE_SPLIT && uvm_mirror(p->pgdir, t->stack_lo, t->stack_hi, PTE_W)) {
        t->state = TS_ZOMBIE;        /* never ran */
        thread_free(t);
        ksnprintf(err, (size_t)errlen, "out of memory mirroring the kernel stack");
        goto fail;
    }
    t->fn = proc_thread;
    t->arg = p;
    t->proc = p;
    __atomic_store_n(&p->thread, t, __ATOMIC_RELEASE);   /* scanners: prog, entry, thread set */
    sched_enqueue(t);
    return p;
fail:
    slot_free(p);
    return NULL;
}

/* Under ptable_lock: a detached zombie goes to the reaper. */
static void reap_push(struct proc *p)
{
    ASSERT(nreap < NPROC);
    reap_list[nreap++] = p;
}

void proc_exit(int code)
{
    struct proc *p = proc_current(), *c;
    ASSERT(p && (read_eflags() & EFLAGS_IF));
    spin_lock(&ptable_lock);
    p->exit_code = code;
    for (c = procs; c < procs + NPROC; c++)
        if (c->state != P_FREE && c->parent == p) {
            c->parent = NULL;        /* orphans: nobody will wait */
            c->detached = true;
            if (c->state == P_ZOMBIE)
                reap_push(c);
        }
    uprobe_proc_exit(p);
    uretprobe_proc_exit(p);
    p->state = P_ZOMBIE;
    if (p->detached)
        reap_push(p);
    spin_unlock(&ptable_lock);
    complete_all(&p->done);
    waitq_wake(&reap_wq, 1);
    thread_exit();
}

void (*proc_reap_hook)(struct proc *p);

/* Free a zombie once its thread is off every CPU. */
static void reap(struct proc *p)
{
    thread_join(p->thread);
    if (proc_reap_hook)
        proc_reap_hook(p);
    slot_free(p);
}

int proc_wait(struct proc *p)
{
    int code;
    ASSERT(!p->detached);
    wait_for_completion(&p->done);
    code = p->exit_code;
    reap(p);
    return code;
}

struct proc *proc_child(struct proc *parent, int pid)
{
    struct proc *p, *found = NULL;
    spin_lock(&ptable_lock);
    for (p = procs; p < procs + NPROC; p++)
        if (p->state != P_FREE && p->pid == pid && p->parent == parent && !p->detached)
            found = p;
    spin_unlock(&ptable_lock);
    return found;
}

/* Under reap_wq's lock (waitq_wait); the list itself under ptable_lock. */
static bool reap_ready(void *out)
{
    bool any;
    spin_lock(&ptable_lock);
    if ((any = nreap > 0))
        *(struct proc **)out = reap_list[--nreap];
    spin_unlock(&ptable_lock);
    return any;
}

static void reaper(void *arg)
{
    struct proc *p;
    (void)arg;
    for (;;) {
        lp_safe_wait(&reap_wq, reap_ready, &p);
        reap(p);
    }
}

int proc_count(void)
{
    int n = 0;
    struct proc *p;
    for (p = procs; p < procs + NPROC; p++)
        n += READ_ONCE(p->state) != P_FREE;
    return n;
}

void proc_foreach(void (*fn)(struct proc *p, void *arg), void *arg)
{
    struct proc *p;
    spin_lock(&ptable_lock);
    for (p = procs; p < procs + NPROC; p++)
        if (p->state != P_FREE)
            fn(p, arg);
    spin_unlock(&ptable_lock);
}

/* The reaper starts with the first process: a boot without user space
 * keeps its CPUs to itself (sched-deadlock-2 leaves a CPU's preemption
 * count raised on purpose; nothing else may be scheduled there). */
static void reaper_start(void)
{
    static volatile int started;
    if (__atomic_exchange_n(&started, 1, __ATOMIC_ACQ_REL))
        return;
    if (!thread_create("reaper", reaper, NULL, CPUMASK_ALL))
        panic("proc: no reaper thread");
}

