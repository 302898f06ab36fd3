/* Self-tests of where code runs (patch/codehome.h, docs/livepatch.md,
 * docs/retprobes.md, issue 39): the attribution of a split part and of a
 * detour buffer to their function; the stack readers at the return
 * trampoline's first instruction (the exact unwind, the panic backtrace;
 * the shell's threads: scenario shell-retprobe-threads); and the writers
 * that record a return address (sched_block's saved EIP, a spinlock's
 * owner) under a return probe on themselves. */
#include "kernel/ktest.h"
#include "kernel/ksym.h"
#include "kernel/thread.h"
#include "kernel/unwind.h"
#include "kernel/spinlock.h"
#include "kernel/panic.h"
#include "kernel/ipi.h"
#include "kernel/cpu.h"
#include "kernel/sched.h"
#include "kernel/fmt.h"
#include "kernel/console.h"
#include "patch/kretprobe.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "patch/codehome.h"
#include "patch/slot.h"
#include "patch/tramp.h"
#include "tests/kernel/hazard_park.h"
#include "tests/kernel/lp_where.h"

static int call_tramp(int x) { (void)x; return lpw_tramp(); }
static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

/* A split part is its function's code, to its last byte (a gap between
 * two parts: host test test_ksym_parts); a detour buffer is its probe's function's code while it lives, nobody's
 * once freed; other text is itself. */
KTEST(where_code_home)
{
    const struct ksym *part = ksym_by_name("lpw_cold.cold");
    uint32_t a = (uint32_t)lpw_scrub + (uint32_t)lpw_scrub_region, buf;
    struct kprobe kp = { .addr = a, .pre_handler = pre_nothing, .flags = KPROBE_OPTIMIZE };
    char err[160];
    KASSERT(part && part->size);
    KEXPECT_EQ(code_home(part->addr), (uint32_t)lpw_cold);
    KEXPECT_EQ(code_home(part->addr + part->size - 1), (uint32_t)lpw_cold);
    KEXPECT_NE(code_home(part->addr + part->size), (uint32_t)lpw_cold);
    KEXPECT_EQ(code_home((uint32_t)lpw_cold + 1), (uint32_t)lpw_cold + 1);
    KEXPECT_EQ(code_home(ksym_parts_lo - 1), ksym_parts_lo - 1);
    KEXPECT_EQ(code_home(ksym_parts_hi), ksym_parts_hi);
    KASSERT(!kprobe_register(&kp, err, sizeof err));
    djprobe_flush();
    buf = kprobe_opt_buffer(&kp);
    KEXPECT_EQ(kprobe_opt_state(&kp), DJ_OPTIMIZED);
    KEXPECT(buf != 0);
    KEXPECT_EQ(code_home(buf), a);
    KEXPECT_EQ(code_home(kprobe_opt_copy(&kp)), a);
    KEXPECT_EQ(code_home(buf + TRAMP_MAX - 1), a);
    kprobe_unregister(&kp);
    KEXPECT_EQ(slot_owner(buf), 0);
    KEXPECT_EQ(code_home(buf), buf);
}

/* A thread stopped on the trampoline's first instruction, on its way back
 * from lpw_callee into lpw_tramp (mode PARK_PREEMPT: off its CPU; PARK_SPIN:
 * cpu 1 spins in the #DB handler over it). */
static bool park_tramp(struct ktest_ctx *ktest_ctx, struct kretprobe *rp, struct park *pk, int mode)
{
    char why[160];
    *rp = (struct kretprobe){ .kp = { .symbol = "lpw_callee" } };
    *pk = (struct park){ (uint32_t)kretprobe_trampoline, mode, ncpu > 1 ? 1 : 0, call_tramp, 0, 0, 0, 0, 0,
                         false, NULL };
    if (kretprobe_register(rp, why, sizeof why)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "kretprobe_register: %s", why);
        return false;
    }
    if (park_start(pk, why, sizeof why)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "park_start: %s", why);
        kretprobe_unregister(rp);
        return false;
    }
    return true;
}

static void unpark_tramp(struct ktest_ctx *ktest_ctx, struct kretprobe *rp, struct park *pk)
{
    park_finish(pk);
    KEXPECT_EQ(pk->result, 1 << 8 | 1);
    KEXPECT_EQ(rp->nreturn, 1);
    kretprobe_unregister(rp);
}

/* The exact unwind walks through the trampoline's first instruction to the
 * real caller, lpw_tramp, and on to the stack's end (it stopped there,
 * unreliable, before the readers took the pending instance). */
KTEST(where_unwind_through_the_trampoline_entry)
{
    struct kretprobe rp;
    struct park pk;
    struct unwind_regs r;
    struct unwind_state u;
    int e, n = 0, at = -1;
    uint32_t after = 0;
    KASSERT(park_tramp(ktest_ctx, &rp, &pk, PARK_PREEMPT));
    unwind_switched(&r, pk.t);
    unwind_begin(&u, &r, pk.t->stack_lo, pk.t->stack_hi);
    do {
        if (at >= 0 && n == at + 1)
            after = u.exact ? u.pc : u.pc - 1;
        if (u.pc == (uint32_t)kretprobe_trampoline && u.exact)
            at = n;
        n++;
    } while ((e = unwind_next(&u)) == 1);
    KEXPECT(at >= 0);
    KEXPECT_EQ(e, UNWIND_END);
    KEXPECT(after && ksym_lookup(after) && ksym_lookup(after)->addr == (uint32_t)lpw_tramp);
    if (e != UNWIND_END)
        kprintf("where: the unwind stopped at %08x: %s\n", u.pc, unwind_strerror(e));
    unpark_tramp(ktest_ctx, &rp, &pk);
}

/* sched_block records its return address as the thread's saved EIP: under
 * a return probe on sched_block that word is the trampoline's; the saved
 * EIP must be the real one (the call of sched_block it resumes after). */
static struct waitq where_wq = WAITQ_INIT("where");
static volatile int where_go;
static bool go(void *arg) { (void)arg; return where_go; }
static void sleeper(void *arg) { (void)arg; waitq_wait(&where_wq, go, NULL); }

KTEST(where_sched_block_saved_eip_under_a_return_probe)
{
    struct kretprobe rp = { .kp = { .symbol = "sched_block" } };
    char why[160], sym[96];
    struct thread *t;
    uint32_t eip;
    int i;
    KASSERT(!kretprobe_register(&rp, why, sizeof why));
    where_go = 0;
    t = thread_create("where-sleeper", sleeper, NULL, CPUMASK_ALL);
    for (i = 0; t && i < 2000 && !(t->state == TS_SLEEPING && !__atomic_load_n(&t->on_cpu, __ATOMIC_ACQUIRE)); i++)
        thread_sleep_ns(1000000);
    KASSERT(t && t->state == TS_SLEEPING);
    eip = t->saved_eip;
    ksym_format(eip, sym, sizeof sym);
    kprintf("where: a sleeper's saved EIP under a return probe on sched_block: %08x %s\n", eip, sym);
    KEXPECT_NE(eip, (uint32_t)kretprobe_trampoline);
    KEXPECT(((uint8_t *)eip)[-5] == 0xE8 && eip + *(int32_t *)(eip - 4) == (uint32_t)sched_block);
    where_go = 1;
    waitq_wake(&where_wq, 1);
    thread_join(t);
    kretprobe_unregister(&rp);
}

/* A spinlock's owner is its acquirer's return address: under a return
 * probe on spin_lock, the real one. */
static struct spinlock where_lock = SPINLOCK_INIT("where");
__attribute__((noipa)) static uint32_t where_take(void)
{
    uint32_t a;
    spin_lock(&where_lock);
    a = where_lock.locked_at;
    spin_unlock(&where_lock);
    return a;
}

KTEST(where_spin_lock_owner_under_a_return_probe)
{
    struct kretprobe rp = { .kp = { .symbol = "spin_lock" } };
    char why[160];
    uint32_t a;
    KASSERT(!kretprobe_register(&rp, why, sizeof why));
    a = where_take();
    kretprobe_unregister(&rp);
    KEXPECT_NE(a, (uint32_t)kretprobe_trampoline);
    KEXPECT(ksym_lookup(a - 1) && ksym_lookup(a - 1)->addr == (uint32_t)where_take);
}

/* Manual (it panics on purpose): cpu 1 spins in the #DB handler over a
 * thread stopped on the trampoline's first instruction; a cross-call there
 * panics.  The backtrace must name lpw_tramp after the trampoline's
 * interrupted frame (scenario retprobe-backtrace-tramp). */
static void panic_here(void *arg) { (void)arg; panic("where: a panic over the trampoline's first instruction"); }
KTEST_MANUAL(where_backtrace_at_the_trampoline_entry)
{
    static struct kretprobe rp;
    static struct park pk;
    KASSERT(ncpu > 1);
    KASSERT(park_tramp(ktest_ctx, &rp, &pk, PARK_SPIN));
    smp_call_one(1, panic_here, NULL, false);
    thread_sleep_ns(1000000000);
    ktest_fail(ktest_ctx, __FILE__, __LINE__, "cpu 1 did not panic within 1 s");
}
