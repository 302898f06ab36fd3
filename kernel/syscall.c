/* System calls (numbers and arguments: kernel/usys.h).  Every argument is
 * checked here; user memory is reached only through kernel/ucopy.c, so a bad
 * pointer or length is -EFAULT, never a kernel fault. */
#include "kernel/syscall.h"
#include "kernel/usys.h"
#include "kernel/proc.h"
#include "kernel/uvm.h"
#include "kernel/uimage.h"
#include "kernel/console.h"
#include "kernel/clock.h"
#include "kernel/mem.h"
#include "kernel/param.h"
#include "kernel/x86.h"

#define WRITE_MAX 4096
#define MAP_MAX   64

enum { SBUG_NONE, SBUG_DIRECT_DEREF, SBUG_UNMAP_PARTIAL, SBUG_MAP_DIRTY, SBUG_MAP_LEAK };
static int syscall_bug;
KPARAM_ENUM("syscall_bug", syscall_bug, "none|direct_deref|unmap_partial|map_dirty|map_leak",
            "negative controls for the fuzz scenario: direct_deref makes write read its buffer "
            "straight through the user pointer, without the checked copy; unmap_partial makes an "
            "unmap of a range with a hole unmap the pages before the hole (and still say -EINVAL); "
            "map_dirty hands the first successful map's last page out as the free list left it "
            "(pfree's poison), not zeroed; map_leak makes the first successful map take one more "
            "page that it never maps or frees");

/* The buffer's next piece into buf: through the checked copy, or with the
 * planted bug a plain dereference of whatever address the process gave. */
static int write_piece(char *buf, uint32_t uaddr, uint32_t n)
{
    uint32_t i;
    if (syscall_bug != SBUG_DIRECT_DEREF)
        return copy_from_user(buf, uaddr, n);
    for (i = 0; i < n; i++)          /* BUG on purpose (syscall_bug=direct_deref) */
        buf[i] = ((const volatile char *)uaddr)[i];
    return 0;
}

/* A piece goes out under the console lock with interrupts off, as every
 * kernel line does (kernel/console.c): a process's bytes never land inside
 * another CPU's line, and a piece (a user/ulib.c printf line) stays whole. */
static void write_out(const char *buf, uint32_t n)
{
    uint32_t f = read_eflags();
    cli();
    console_lock();
    console_write(buf, n);
    console_unlock();
    if (f & EFLAGS_IF)
        sti();
}

static int sys_write(struct proc *p, const uint32_t *a)
{
    char buf[256];
    uint32_t done = 0, n;
    (void)p;
    if (a[1] > WRITE_MAX)
        return -EINVAL;
    while (done < a[1]) {
        n = a[1] - done < sizeof buf ? a[1] - done : sizeof buf;
        if (write_piece(buf, a[0] + done, n))
            return -EFAULT;
        write_out(buf, n);
        done += n;
    }
    return (int)done;
}

static int sys_exit(struct proc *p, const uint32_t *a) { (void)p; proc_exit((int)a[0]); }
static int sys_yield(struct proc *p, const uint32_t *a) { (void)p; (void)a; thread_yield(); return 0; }
static int sys_getpid(struct proc *p, const uint32_t *a) { (void)a; return p->pid; }
static int sys_uptime(struct proc *p, const uint32_t *a) { (void)p; (void)a; return (int)(clock_ns() / 1000000); }

static int sys_sleep(struct proc *p, const uint32_t *a)
{
    (void)p;
    if (a[0] > 10000)
        return -EINVAL;
    thread_sleep_ns((uint64_t)a[0] * 1000000);
    return 0;
}

static bool map_args_ok(const uint32_t *a)
{
    return a[0] % PAGE_SIZE == 0 && a[1] >= 1 && a[1] <= MAP_MAX && a[0] >= USER_MAP_BASE &&
           a[0] < USER_MAP_TOP && a[1] * PAGE_SIZE <= USER_MAP_TOP - a[0];
}

/* The map and leak controls act once, on the first successful map. */
static void map_bug(struct proc *p, const uint32_t *a)
{
    static volatile int fired;
    uint32_t *pte;
    if (__atomic_exchange_n(&fired, 1, __ATOMIC_RELAXED))
        return;
    if (syscall_bug == SBUG_MAP_DIRTY && (pte = uvm_pte(p->pgdir, a[0] + (a[1] - 1) * PAGE_SIZE, false)))
        kmemset((void *)(*pte & ~0xFFFu), 0x6B, PAGE_SIZE);   /* BUG on purpose: not zeroed */
    if (syscall_bug == SBUG_MAP_LEAK && palloc())
        kprintf("syscall_bug=map_leak: one page taken for good\n");   /* BUG on purpose: never freed */
}

static int sys_map(struct proc *p, const uint32_t *a)
{
    int r = map_args_ok(a) ? uvm_alloc(p->pgdir, a[0], a[1]) : -EINVAL;
    if (!r && (syscall_bug == SBUG_MAP_DIRTY || syscall_bug == SBUG_MAP_LEAK))
        map_bug(p, a);
    return r;
}

static int sys_unmap(struct proc *p, const uint32_t *a)
{
    uint32_t k;
    if (!map_args_ok(a))
        return -EINVAL;
    if (syscall_bug == SBUG_UNMAP_PARTIAL)   /* BUG on purpose: the pages before a hole go */
        for (k = 0; k < a[1] && !uvm_unmap(p->pgdir, a[0] + k * PAGE_SIZE, 1); k++)
            if (k + 1 == a[1])
                return 0;
    return uvm_unmap(p->pgdir, a[0], a[1]);
}

static int sys_spawn(struct proc *p, const uint32_t *a)
{
    char name[16], err[96];
    struct proc *c;
    int r = strncpy_from_user(name, a[0], sizeof name);
    if (r < 0)
        return r == -EINVAL ? -ENOENT : r;
    if (!(c = proc_spawn(name, a[1], p, false, CPUMASK_ALL, err, sizeof err)))
        return uimage_find(name) >= 0 ? -ENOMEM : -ENOENT;
    return c->pid;
}

static int sys_wait(struct proc *p, const uint32_t *a)
{
    struct proc *c = proc_child(p, (int)a[0]);
    return c ? proc_wait(c) : -ECHILD;
}

static int sys_report(struct proc *p, const uint32_t *a)
{
    if (a[0] >= 4)
        return -EINVAL;
    p->report[a[0]] = a[1];
    return 0;
}

static int (*const systab[NSYSCALL])(struct proc *, const uint32_t *) = {
    [SYS_write] = sys_write,   [SYS_exit] = sys_exit,     [SYS_yield] = sys_yield,
    [SYS_sleep] = sys_sleep,   [SYS_getpid] = sys_getpid, [SYS_map] = sys_map,
    [SYS_unmap] = sys_unmap,   [SYS_spawn] = sys_spawn,   [SYS_wait] = sys_wait,
    [SYS_report] = sys_report, [SYS_uptime] = sys_uptime,
};

int syscall_dispatch(struct proc *p, uint32_t nr, const uint32_t *a)
{
    if (nr >= NSYSCALL || !systab[nr])
        return -ENOSYS;
    return systab[nr](p, a);
}
