/* probe_read_user: probe handlers read any process's user memory in any
 * context (NMI too) without a lock, through a per-CPU, per-nesting-level alias
 * PTE (the 2005 dprobes discussion's alias-PTE idea; Intel SDM Vol. 3, 4.10.4,
 * TLB invalidation); uread_sync, the grace period kernel/uvm.c waits before freeing. */
#include "kernel/uread.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "kernel/usys.h"
#include "kernel/proc.h"
#include "kernel/uvm.h"
#include "kernel/param.h"
#include "kernel/panic.h"
#include "kernel/clock.h"

int uread_bug;
KPARAM_ENUM("uread_bug", uread_bug, "none|no_invlpg|lock",
            "negative controls: no_invlpg leaves probe_read_user's alias-slot translation "
            "cached (a read returns the slot's previous page), lock makes its page walk take "
            "one global spinlock (an NMI read on a CPU inside a read deadlocks)");

#define PDE_PS     0x080u     /* a 4 MiB page: never in a process's user half */
#define DEPTH_MASK 0xFFu      /* state: page windows open on this CPU (the next one's level) */
#define GEN_ONE    0x100u     /* state: + 1 each time the outermost window closes */

/* Per-CPU state with struct cpu's stride: this CPU's element is at a fixed
 * offset from %fs's base (its struct cpu), so each update is one instruction
 * through %fs, safe against migration and against a nested NMI. */
struct uread_cpu {
    volatile uint32_t state;
    uint32_t reads, pages, refused, nested, too_deep, syncs, sync_waits;
};
static union {
    struct uread_cpu u;
    uint8_t stride[sizeof(struct cpu)];
} pcpu[NCPU_MAX];
_Static_assert(sizeof pcpu[0] == sizeof(struct cpu), "uread: per-CPU stride must be struct cpu's");
_Static_assert(ALIAS_UREAD >= ALIAS_BASE + NCPU_MAX * PAGE_SIZE, "uread: slots overlap text_write's");
_Static_assert(ALIAS_UREAD - ALIAS_BASE + NCPU_MAX * UREAD_LEVELS * PAGE_SIZE <= (4u << 20),
               "uread: slots outside the alias page table");

#define OFF(field) ((uint32_t)&pcpu[0].u.field - (uint32_t)&cpus[0])
#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE uint32_t pcpu_xadd(uint32_t off, uint32_t v)   /* locked: a full barrier */
{
    __asm__ volatile("lock xaddl %0, %%fs:(%1)" : "+r"(v) : "r"(off) : "memory", "cc");
    return v;
}

ALWAYS_INLINE void pcpu_add(uint32_t off, uint32_t v)
{
    __asm__ volatile("addl %1, %%fs:(%0)" :: "r"(off), "ri"(v) : "memory", "cc");
}

ALWAYS_INLINE void copy(void *d, const void *s, uint32_t n)
{
    uint32_t words = n >> 2, bytes = n & 3;
    __asm__ volatile("cld; rep movsl" : "+D"(d), "+S"(s), "+c"(words) :: "memory", "cc");
    __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(bytes) :: "memory");
}

uint32_t uread_slot(int cpu, uint32_t level)
{
    ASSERT(cpu >= 0 && cpu < NCPU_MAX && level < UREAD_LEVELS);
    return ALIAS_UREAD + ((uint32_t)cpu * UREAD_LEVELS + level) * PAGE_SIZE;
}

/* uread_bug=lock: a global test-and-set lock around each page walk. */
static volatile uint32_t bug_lock, bug_holder, bug_waiter;

NOPROBE static void uread_bug_lock(uint32_t level)
{
    uint32_t me = (uint32_t)(cpu_id() + 1) << 8 | level;
    if (__atomic_exchange_n(&bug_lock, 1, __ATOMIC_ACQUIRE)) {
        bug_waiter = me;             /* BUG on purpose: a read nested on the holder's CPU waits for itself */
        while (READ_ONCE(bug_lock) || __atomic_exchange_n(&bug_lock, 1, __ATOMIC_ACQUIRE))
            pause();
    }
    bug_holder = me;
}

NOPROBE static void uread_bug_unlock(void)
{
    bug_holder = 0;
    __atomic_store_n(&bug_lock, 0, __ATOMIC_RELEASE);
}

void uread_bug_lock_state(uint32_t *holder, uint32_t *waiter)
{
    *holder = bug_holder;
    *waiter = bug_waiter;
}

/* Inside a window: n bytes at ua (one page) of p into dst through slot
 * level of this CPU.  0, or -1 if not present or not user-accessible.  The
 * slot's PTE goes 0 -> frame (P 0->1: no invalidation needed, SDM 4.10.4.3)
 * and back to 0, then invlpg (4.10.4.1), so no translation outlives the read. */
NOPROBE static int uread_page(uint8_t *dst, struct proc *p, uint32_t ua, uint32_t n, uint32_t level)
{
    uint32_t *pgdir = READ_ONCE(p->pgdir), pde, pte, *apte;
    uint32_t va = ALIAS_UREAD + ((uint32_t)cpu_id() * UREAD_LEVELS + level) * PAGE_SIZE;
    if (!pgdir)
        return -1;
    pde = READ_ONCE(pgdir[ua >> 22]);
    if ((pde & (PTE_P | PTE_U | PDE_PS)) != (PTE_P | PTE_U))
        return -1;
    pte = READ_ONCE(((uint32_t *)(pde & ~0xFFFu))[(ua >> 12) & 0x3FF]);
    if ((pte & (PTE_P | PTE_U)) != (PTE_P | PTE_U))
        return -1;
    apte = paging_pte(va);
    *apte = (pte & ~0xFFFu) | PTE_P;            /* supervisor, read-only; was 0 and not cached */
    copy(dst, (const uint8_t *)va + (ua & 0xFFF), n);
    *apte = 0;
    if (uread_bug != UREAD_BUG_NO_INVLPG)       /* BUG on purpose when skipped */
        invlpg((void *)va);
    return 0;
}

/* One page window: interrupts off, the level taken with one locked
 * instruction (so the walk's loads come after it: uread_sync relies on
 * that), the page read, the window closed.  -2: nested too deep. */
NOPROBE static int uread_window(uint8_t *dst, struct proc *p, uint32_t ua, uint32_t n)
{
    uint32_t f = read_eflags(), level;
    int r = -2;
    cli();
    level = pcpu_xadd(OFF(state), 1) & DEPTH_MASK;
    if (level)
        pcpu_add(OFF(nested), 1);
    if (level < UREAD_LEVELS) {
        if (uread_bug == UREAD_BUG_LOCK)
            uread_bug_lock(level);
        r = uread_page(dst, p, ua, n, level);
        if (uread_bug == UREAD_BUG_LOCK)
            uread_bug_unlock();
    }
    pcpu_add(OFF(state), level ? (uint32_t)-1 : GEN_ONE - 1);
    if (f & EFLAGS_IF)
        sti();
    return r;
}

/* A window per page: uread_sync waits at most one page copy for any read,
 * and a long read lets interrupts in between its pages. */
NOPROBE int probe_read_user(void *dst, struct proc *p, uint32_t uaddr, uint32_t len)
{
    uint8_t *d = dst;
    if (!p || uaddr < USER_BASE || uaddr + len < uaddr || uaddr + len > USER_TOP)
        return -1;
    pcpu_add(OFF(reads), 1);
    while (len) {
        uint32_t room = PAGE_SIZE - (uaddr & 0xFFF), n = len < room ? len : room;
        int r = uread_window(d, p, uaddr, n);
        if (r) {
            pcpu_add(r == -2 ? OFF(too_deep) : OFF(refused), 1);
            return -1;
        }
        pcpu_add(OFF(pages), 1);
        d += n;
        uaddr += n;
        len -= n;
    }
    return 0;
}

uint32_t uread_depth(void)
{
    uint32_t s;
    __asm__ volatile("movl %%fs:(%1), %0" : "=r"(s) : "r"(OFF(state)));
    return s & DEPTH_MASK;
}

/* Wait until cpu's window open at snapshot snap has closed (the generation
 * moved on).  A window is one page copy with interrupts off: 10 s is a bug. */
static void wait_window(int cpu, uint32_t snap)
{
    uint64_t t0 = rdtsc();
    while (!((pcpu[cpu].u.state ^ snap) & ~DEPTH_MASK)) {
        pause();
        if (clock_tsc_khz && rdtsc() - t0 > (uint64_t)clock_tsc_khz * 10000)
            panic("uread_sync: cpu %d has had a read open for over 10 s", cpu);
    }
}

/* The caller has cleared (made not present) the entries it will free.  The
 * fence orders those stores before the loads of the windows below; a reader's
 * locked xadd orders its window's opening before its walk.  So a read either
 * opened before our load (we see it and wait) or walks after the clear. */
void uread_sync(void)
{
    uint32_t snap[NCPU_MAX];
    int i, n = ncpu, waited = 0;
    ASSERT(uread_depth() == 0);
    pcpu_add(OFF(syncs), 1);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    for (i = 0; i < n; i++)
        snap[i] = pcpu[i].u.state;
    for (i = 0; i < n; i++)
        if (snap[i] & DEPTH_MASK) {
            wait_window(i, snap[i]);
            waited = 1;
        }
    if (waited)
        pcpu_add(OFF(sync_waits), 1);
}

void uread_stats(struct uread_stats *s)
{
    int i;
    kmemset(s, 0, sizeof *s);
    for (i = 0; i < NCPU_MAX; i++) {
        struct uread_cpu *c = &pcpu[i].u;
        s->reads += c->reads;
        s->pages += c->pages;
        s->refused += c->refused;
        s->nested += c->nested;
        s->too_deep += c->too_deep;
        s->syncs += c->syncs;
        s->sync_waits += c->sync_waits;
    }
}

uint32_t probe_read_user_faults(void)
{
    struct uread_stats s;
    uread_stats(&s);
    return s.refused + s.too_deep;
}
