/* Self-tests for user space (kernel/proc.c, kernel/uvm.c, kernel/syscall.c):
 * each built-in program's own checks of the system calls, bad pointers and
 * faults that end only the process, shared text, both layouts' page tables,
 * and no page leaked by a process's life.  They run under uspace=shared and
 * uspace=split (tests/scenarios/selftest*.scn). */
#include "kernel/ktest.h"
#include "kernel/proc.h"
#include "kernel/uvm.h"
#include "kernel/uimage.h"
#include "kernel/uspace.h"
#include "kernel/usys.h"
#include "kernel/trap.h"
#include "kernel/entry.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "kernel/console.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"

/* Run program name(arg) to its end; its exit code, or -9999 if not spawned. */
static int run(const char *name, uint32_t arg)
{
    char err[96];
    struct proc *p = proc_spawn(name, arg, NULL, false, CPUMASK_ALL, err, sizeof err);
    if (!p) {
        kprintf("# spawn %s: %s\n", name, err);
        return -9999;
    }
    return proc_wait(p);
}

KTEST(user_hello_and_asm)
{
    KEXPECT_EQ(run("hello", 42), 0);
    KEXPECT_EQ(run("spin", 20000), 0);
}

KTEST(user_syscalls)
{
    uint32_t before = uspace_nsyscalls;
    KEXPECT_EQ(run("syscalls", 0), 0);    /* exit code: the program's failed checks */
    KEXPECT(uspace_nsyscalls - before >= 20);
}

KTEST(user_bad_pointers_efault)
{
    uint32_t kills = uspace_nkills;
    KEXPECT_EQ(run("badptr", 0), 0);      /* every bad pointer got -EFAULT */
    KEXPECT_EQ(uspace_nkills, kills);
}

/* The copies' range check on its own: the bad ranges above fail it before
 * any byte is touched (the fault fixup and split's page lookup are a second
 * line, which the system calls alone cannot tell from the first). */
KTEST(user_range_refused_unread)
{
    KEXPECT(uvm_user_range(USER_BASE, 4));
    KEXPECT(uvm_user_range(USER_TOP - 4, 4));
    KEXPECT(uvm_user_range(USER_TOP, 0));
    KEXPECT(!uvm_user_range(USER_BASE - 4, 8));
    KEXPECT(!uvm_user_range(USER_TOP - 2, 4));
    KEXPECT(!uvm_user_range(USER_TOP, 1));
    KEXPECT(!uvm_user_range(0xFFFFFFF0u, 0x20));          /* wraps to 0x10 */
    KEXPECT(!uvm_user_range(USER_BASE, 0xFFFFFFFFu));     /* wraps */
}

/* fault.c's cases and the exception each must end the process with. */
static const int fault_vec[] = { T_PF, T_PF, T_GP, T_DE, T_PF, T_UD, T_PF, T_BP, T_PF, T_GP };

KTEST(user_faults_kill_only_the_process)
{
    uint32_t i, kills = uspace_nkills;
    for (i = 0; i < ARRAY_SIZE(fault_vec); i++) {
        int code = run("fault", i);
        if (code != PROC_KILLED(fault_vec[i]))
            kprintf("# fault %u: exit code %d, want %d (killed by %s)\n", i, code,
                    PROC_KILLED(fault_vec[i]), trap_name(fault_vec[i]));
        KEXPECT_EQ(code, PROC_KILLED(fault_vec[i]));
    }
    KEXPECT_EQ(uspace_nkills - kills, ARRAY_SIZE(fault_vec));
}

/* Three processes of one program map the same read-only text pages. */
KTEST(user_text_shared_read_only)
{
    char err[96];
    struct proc *p[3];
    uint32_t *pte[3], i, page;
    int prog = uimage_find("spin");
    for (i = 0; i < 3; i++) {
        p[i] = proc_spawn("spin", 2000000, NULL, false, CPUMASK_ALL, err, sizeof err);
        KASSERT(p[i] != NULL);
        pte[i] = uvm_pte(p[i]->pgdir, USER_BASE, false);
    }
    page = uimage_text_page(prog, USER_BASE);
    KEXPECT_NE(page, 0);
    for (i = 0; i < 3; i++) {
        KEXPECT(pte[i] && (*pte[i] & ~0xFFFu) == page);
        KEXPECT(pte[i] && (*pte[i] & (PTE_P | PTE_U | PTE_W | PTE_SHARED)) ==
                (PTE_P | PTE_U | PTE_SHARED));
    }
    for (i = 0; i < 3; i++)
        KEXPECT_EQ(proc_wait(p[i]), 0);
}

/* Every present kernel-side entry of a split process directory maps only
 * the entry area or its own kernel stack; the kernel maps no user page. */
static uint32_t foreign_kernel_pages(struct proc *p)
{
    uint32_t i, j, va, n = 0, *kpd = (uint32_t *)uvm_kernel_cr3();
    for (i = USER_BASE >> 22; i < USER_TOP >> 22; i++)
        n += (kpd[i] & PTE_P) != 0;
    for (i = 0; i < 1024; i++) {
        if ((i >= USER_BASE >> 22 && i < USER_TOP >> 22) || !(p->pgdir[i] & PTE_P))
            continue;
        for (j = 0; j < 1024; j++) {
            uint32_t *pt = (uint32_t *)(p->pgdir[i] & ~0xFFFu);
            va = (i << 22) | (j << 12);
            if (!(pt[j] & PTE_P))
                continue;
            if (!((va >= (uint32_t)__entry_text_start && va < (uint32_t)__entry_text_end) ||
                  (va >= (uint32_t)__entry_data_start && va < (uint32_t)__entry_data_end) ||
                  (va >= p->thread->stack_lo && va < p->thread->stack_hi)))
                n++;
        }
    }
    return n;
}

KTEST(user_layout_page_tables)
{
    char err[96];
    uint32_t i, *kpd = (uint32_t *)uvm_kernel_cr3();
    struct proc *p = proc_spawn("spin", 2000000, NULL, false, CPUMASK_ALL, err, sizeof err);
    KASSERT(p != NULL);
    if (uspace_layout == USPACE_SPLIT) {
        KEXPECT_EQ(foreign_kernel_pages(p), 0);
        KEXPECT(entry_split == 1);
    } else {
        for (i = 0; i < 1024; i++)
            if (i < USER_BASE >> 22 || i >= USER_TOP >> 22)
                KEXPECT_EQ(p->pgdir[i], kpd[i]);
        KEXPECT(entry_split == 0);
    }
    KEXPECT_EQ(proc_wait(p), 0);
}

/* A process's whole life (text cached before) frees every page it took. */
KTEST(user_no_page_leaked)
{
    uint32_t before, mid;
    KEXPECT_EQ(run("syscalls", 0), 0);
    KEXPECT_EQ(run("fault", 8), PROC_KILLED(T_PF));
    before = palloc_free_count();
    KEXPECT_EQ(run("syscalls", 0), 0);
    mid = palloc_free_count();
    KEXPECT_EQ(run("fault", 8), PROC_KILLED(T_PF));
    KEXPECT_EQ(mid, before);
    KEXPECT_EQ(palloc_free_count(), before);
}

/* A process's write goes out under the console lock, as every kernel line
 * does, so it never lands inside a line another CPU is printing (the fuzzer
 * saw "... addres..\ns bfff8776" in a kill line).  This CPU holds the lock
 * while hello, on another CPU, calls write: hello must not get past it. */
KTEST(user_write_waits_for_the_console_lock)
{
    char err[96];
    struct proc *p;
    uint64_t entered = 0;
    int other, finished;
    if (ncpu < 2) {
        kprintf("# needs 2 CPUs: skipped\n");
        return;
    }
    cli();
    other = cpu_id() == 0 ? 1 : 0;
    console_lock();
    p = proc_spawn("hello", 7, NULL, false, 1u << other, err, sizeof err);
    while (p && !READ_ONCE(p->done.done)) {
        if (!entered && READ_ONCE(p->nsyscalls) >= 2)
            entered = clock_ns();        /* getpid done, write entered */
        if (entered && clock_ns() - entered > 200000000ull)
            break;                       /* in write for 200 ms: held at the lock */
        pause();
    }
    finished = p ? READ_ONCE(p->done.done) : -1;
    console_unlock();
    sti();
    KASSERT(p != NULL);
    if (finished)
        kprintf("# hello (pid %d, cpu %d) wrote and exited while cpu %d held the console lock\n",
                p->pid, other, cpu_id());
    KEXPECT_EQ(finished, 0);
    KEXPECT_EQ(proc_wait(p), 0);
}
