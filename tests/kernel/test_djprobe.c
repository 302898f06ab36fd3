/* Self-tests for jump-optimized probes (patch/djprobe.c): optimize and
 * unoptimize one probe and a batch of 100 (core syncs counted), handlers
 * that see and change registers and EIP as with an int3 probe, jcc rel8
 * widened (both outcomes), a call as the region's last instruction whose
 * callee sleeps across the optimization, every refusal class with the text
 * unchanged and the probe still working as int3, forced unoptimize by a
 * second probe in the region (H10), reentry counted as missed (H11);
 * batches past the optimizer's old limits (256 a batch, 1,024 buffers) and
 * a kept function analysis not trusted after its bytes changed. */
#include "kernel/ktest.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/thread.h"
#include "kernel/x86.h"
#include "kernel/console.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "patch/poke.h"
#include "patch/slot.h"
#include "tests/kernel/torture.h"
#include "patch/livepatch.h"
#include "kernel/cpu.h"
#include "kernel/sched.h"

int dj_add(int x);
int dj_jcc(int x);
int dj_call_last(void);
int dj_mid_call(void);
int dj_h4(int x), dj_h5(int x), dj_short(int x), dj_label(int x), dj_xf(int x);
int dj_h4call(int x), dj_h5call(int x);
int dj_sled(int i);
extern char dj_add_mov[], dj_jcc_cmp[], dj_call_last_xor[], dj_mid_call_nop[];
extern char dj_h4_add[], dj_h5_add[], dj_short_add[], dj_label_add[], dj_xf_add[];
extern char dj_h4call_nop[], dj_h5call_nop[];
#define AT(fn, off) ((uint32_t)(fn) + (uint32_t)(off))

/* The callee of dj_call_last / dj_mid_call: returns 41, sleeping first when
 * asked to (a waitq, as the seed's voluntary-preemption case).  A sleeper the
 * hazard matrix caught with its return address in freed memory is abandoned:
 * it exits instead of returning there. */
static struct waitq callee_wq = WAITQ_INIT("dj-callee");
volatile int dj_callee_hold, dj_callee_asleep, dj_callee_abandon;
static bool callee_go(void *a) { (void)a; return !dj_callee_hold; }
int dj_callee(void)
{
    if (dj_callee_hold) {
        dj_callee_asleep = 1;
        ktest_linger();
        waitq_wait(&callee_wq, callee_go, NULL);
        dj_callee_asleep = 0;
        if (dj_callee_abandon) {
            dj_callee_abandon = 0;
            thread_exit();
        }
    }
    return 41;
}

void dj_callee_release(void)
{
    dj_callee_hold = 0;
    waitq_wake(&callee_wq, 10);
}

bool dj_callee_wait_blocked(struct thread *t)
{
    return ktest_wait_blocked(t, &callee_wq, 5000);
}

void dj_callee_waker(void *arg)
{
    uint32_t retries0 = *(uint32_t *)arg;
    while (dj_callee_hold && READ_ONCE(djprobe_stats.retries) == retries0)
        thread_sleep_ns(100000);
    dj_callee_release();
}

static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

static bool opt_reg(struct ktest_ctx *ktest_ctx, struct kprobe *p)
{
    char err[160] = "";
    p->flags |= KPROBE_OPTIMIZE;
    if (kprobe_register(p, err, sizeof err)) {
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "kprobe_register: %s", err);
        return false;
    }
    djprobe_flush();
    return true;
}

KTEST(djprobe_optimize_and_unoptimize)
{
    struct kprobe p = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_nothing };
    uint8_t before[16];
    int i, bad = 0;
    kmemcpy(before, (void *)p.addr, 16);
    KASSERT(opt_reg(ktest_ctx, &p));
    KEXPECT_EQ(kprobe_opt_state(&p), DJ_OPTIMIZED);
    KEXPECT_EQ(*(uint8_t *)p.addr, 0xE9);             /* jmp rel32 */
    for (i = 0; i < 50; i++)
        bad += dj_add(i) != 2 * i + 5;
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(kprobe_nhit(&p), 50);
    kprobe_list();
    kprobe_unregister(&p);
    KEXPECT_MEMEQ(before, (void *)p.addr, 16);
    KEXPECT_EQ(dj_add(1), 7);
}

static uint32_t seen_eip, seen_eax;
static int pre_regs(struct kprobe *p, struct trapframe *tf)
{
    (void)p;
    seen_eip = tf->eip;
    seen_eax = tf->eax;
    tf->eax += 100;                      /* mov 8(%ebp) overwrites eax: change the argument */
    tf->ecx = 0x5a5a5a5a;
    return 0;
}

KTEST(djprobe_handler_sees_and_changes_registers)
{
    struct kprobe p = { .addr = AT(dj_add, dj_add_mov) + 3, .pre_handler = pre_regs };   /* add %eax,%eax */
    uint32_t ecx;
    KASSERT(opt_reg(ktest_ctx, &p));
    KEXPECT_EQ(kprobe_opt_state(&p), DJ_OPTIMIZED);
    KEXPECT_EQ(dj_add(3), 2 * (3 + 100) + 5);
    KEXPECT_EQ(seen_eip, p.addr + 1);                  /* as after an int3 */
    KEXPECT_EQ(seen_eax, 3);
    __asm__ volatile("push %%ebx; push $3; call dj_add; add $4, %%esp; pop %%ebx" : "=c"(ecx) :: "eax", "edx", "memory");
    KEXPECT_EQ(ecx, 0x5a5a5a5a);                       /* a scratch register the handler set */
    kprobe_unregister(&p);
}

/* A changed EIP is honoured: skip the region, return 77 from dj_jcc. */
static int pre_skip(struct kprobe *p, struct trapframe *tf)
{
    (void)p;
    tf->eax = 77;
    tf->eip = (uint32_t)dj_jcc + (uint32_t)dj_jcc_cmp + 7;   /* cmp 3, jg 2, xor 2: the ret */
    return 1;
}

KTEST(djprobe_jcc_widened_and_eip_change)
{
    struct kprobe p = { .addr = AT(dj_jcc, dj_jcc_cmp), .pre_handler = pre_nothing };
    struct kprobe q = { .addr = AT(dj_jcc, dj_jcc_cmp), .pre_handler = pre_skip };
    KASSERT(opt_reg(ktest_ctx, &p));
    KEXPECT_EQ(kprobe_opt_state(&p), DJ_OPTIMIZED);
    KEXPECT_EQ(dj_jcc(5), 0);                          /* not taken */
    KEXPECT_EQ(dj_jcc(20), 1);                         /* taken, through jg rel32 */
    KEXPECT_EQ(dj_jcc(10), 0);
    KEXPECT_EQ(kprobe_nhit(&p), 3);
    KASSERT(opt_reg(ktest_ctx, &q));
    KEXPECT_EQ(kprobe_opt_state(&q), DJ_OPTIMIZED);
    KEXPECT_EQ(dj_jcc(20), 77);
    kprobe_unregister(&q);
    KEXPECT_EQ(dj_jcc(20), 1);
    kprobe_unregister(&p);
}

static void call_last_worker(void *arg)
{
    *(volatile int *)arg = dj_call_last();
}

/* A thread asleep in the callee of the region's last instruction holds the
 * region's end as its return address: optimizing meanwhile is safe. */
KTEST(djprobe_call_last_with_sleeping_callee)
{
    struct kprobe p = { .addr = AT(dj_call_last, dj_call_last_xor), .pre_handler = pre_nothing };
    volatile int result = 0;
    struct thread *t;
    dj_callee_hold = 1;
    t = thread_create("dj-sleeper", call_last_worker, (void *)&result, CPUMASK_ALL);
    KASSERT(t && dj_callee_wait_blocked(t));
    KASSERT(opt_reg(ktest_ctx, &p));
    KEXPECT_EQ(kprobe_opt_state(&p), DJ_OPTIMIZED);
    dj_callee_hold = 0;
    waitq_wake(&callee_wq, 10);
    thread_join(t);
    KEXPECT_EQ(result, 42);
    KEXPECT_EQ(dj_call_last(), 42);                    /* through the buffer: push end; jmp */
    KEXPECT_EQ(kprobe_nhit(&p), 1);
    kprobe_unregister(&p);
}

/* Refusals leave a working int3 probe, the text as the int3 left it, and
 * say which hazard. */
static void refused(struct ktest_ctx *ktest_ctx, uint32_t addr, int (*fn)(int), int arg, const char *want)
{
    struct kprobe p = { .addr = addr, .pre_handler = pre_nothing };
    uint8_t before[8];
    const char *why;
    int i, match = 0, r0 = fn(arg);
    kmemcpy(before, (void *)addr, 8);
    KASSERT(opt_reg(ktest_ctx, &p));
    KEXPECT_EQ(kprobe_opt_state(&p), DJ_INT3);
    KEXPECT_EQ(*(uint8_t *)addr, 0xCC);
    KEXPECT_MEMEQ(before + 1, (uint8_t *)addr + 1, 7);
    KEXPECT_EQ(fn(arg), r0);
    KEXPECT_EQ(kprobe_nhit(&p), 1);
    why = kprobe_opt_why(&p);
    for (i = 0; why[i] && !match; i++)
        match = !kmemcmp(why + i, want, kstrlen(want));
    if (!match)
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "reason '%s' does not say '%s'", why, want);
    kprobe_unregister(&p);
    KEXPECT_MEMEQ(before, (void *)addr, 8);
}

KTEST(djprobe_refusals)
{
    refused(ktest_ctx, AT(dj_h4, dj_h4_add), dj_h4, 1, "H4: branch into the region");
    refused(ktest_ctx, AT(dj_h5, dj_h5_add), dj_h5, 1, "H5: indirect jump");
    refused(ktest_ctx, AT(dj_short, dj_short_add), dj_short, 1, "H12: region crosses the function end");
    refused(ktest_ctx, AT(dj_label, dj_label_add), dj_label, 1, "H4: the symbol at");
    refused(ktest_ctx, AT(dj_xf, dj_xf_add), dj_xf, 1, "H4: a branch in another function, at");
    /* the same beside a mid-region call, which safe allows and then judges */
    refused(ktest_ctx, AT(dj_h4call, dj_h4call_nop), dj_h4call, 1, "H4: branch into the region");
    refused(ktest_ctx, AT(dj_h5call, dj_h5call_nop), dj_h5call, 1, "H5: indirect jump");
}

KTEST(djprobe_post_handler_stays_int3)
{
    struct kprobe p = { .addr = AT(dj_add, dj_add_mov), .post_handler = (void (*)(struct kprobe *, struct trapframe *))pre_nothing };
    KASSERT(opt_reg(ktest_ctx, &p));
    KEXPECT_EQ(kprobe_opt_state(&p), DJ_INT3);
    KEXPECT_EQ(dj_add(2), 9);
    KEXPECT_EQ(kprobe_nhit(&p), 1);
    kprobe_unregister(&p);
}

/* tasksrcu refuses a call in the middle of the region (H3), safe takes it
 * (the stack scan protects it) and both run it right. */
KTEST(djprobe_mid_region_call)
{
    struct kprobe a = { .addr = AT(dj_mid_call, dj_mid_call_nop), .pre_handler = pre_nothing,
                        .strategy = DJS_INT3_TASKSRCU };
    struct kprobe b = { .addr = AT(dj_mid_call, dj_mid_call_nop), .pre_handler = pre_nothing,
                        .strategy = DJS_SAFE };
    const char *why;
    KASSERT(opt_reg(ktest_ctx, &a));
    KEXPECT_EQ(kprobe_opt_state(&a), DJ_INT3);
    why = kprobe_opt_why(&a);
    KEXPECT(why[0] == 'H' && why[1] == '3');
    KEXPECT_EQ(dj_mid_call(), 42);
    kprobe_unregister(&a);
    KASSERT(opt_reg(ktest_ctx, &b));
    KEXPECT_EQ(kprobe_opt_state(&b), DJ_OPTIMIZED);
    KEXPECT_EQ(dj_mid_call(), 42);
    KEXPECT_EQ(kprobe_nhit(&b), 1);
    kprobe_unregister(&b);
}

/* A second probe inside an optimized region forces it back to int3 (H10). */
KTEST(djprobe_forced_unoptimize)
{
    struct kprobe a = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_nothing };
    struct kprobe b = { .addr = AT(dj_add, dj_add_mov) + 3, .pre_handler = pre_nothing };
    char err[160] = "";
    KASSERT(opt_reg(ktest_ctx, &a));
    KEXPECT_EQ(kprobe_opt_state(&a), DJ_OPTIMIZED);
    KASSERT(kprobe_register(&b, err, sizeof err) == 0);
    KEXPECT_EQ(kprobe_opt_state(&a), DJ_INT3);
    KEXPECT_EQ(dj_add(4), 13);
    KEXPECT_EQ(kprobe_nhit(&a), 1);
    KEXPECT_EQ(kprobe_nhit(&b), 1);
    kprobe_unregister(&b);
    kprobe_unregister(&a);
}

/* A hit inside a handler is counted as missed, not run (H11). */
static struct kprobe inner = { .pre_handler = pre_nothing };
static int pre_calls_inner(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; dj_jcc(1); return 0; }
KTEST(djprobe_reentry_is_missed)
{
    struct kprobe outer = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_calls_inner };
    inner.addr = AT(dj_jcc, dj_jcc_cmp);
    KASSERT(opt_reg(ktest_ctx, &inner));
    KASSERT(opt_reg(ktest_ctx, &outer));
    KEXPECT_EQ(kprobe_opt_state(&outer), DJ_OPTIMIZED);
    KEXPECT_EQ(kprobe_opt_state(&inner), DJ_OPTIMIZED);
    KEXPECT_EQ(dj_add(1), 7);
    KEXPECT_EQ(kprobe_nhit(&outer), 1);
    KEXPECT_EQ(kprobe_nhit(&inner), 0);
    KEXPECT_EQ(inner.nmissed, 1);
    KEXPECT_EQ(dj_jcc(20), 1);
    KEXPECT_EQ(kprobe_nhit(&inner), 1);
    kprobe_unregister(&outer);
    kprobe_unregister(&inner);
}

/* A reentrant hit (inside a handler) while the jump's tail is already in the
 * text and the int3 still at the head: it must run the buffer's copy, not
 * step the first instruction and resume in the tail's bytes.  The write
 * observer calls dj_add, whose int3 probe's handler calls dj_jcc.  Negative
 * control: reentry_bug=in_place (tests/scenarios/neg-djprobe-reentry-in-place.scn). */
static struct kprobe rt_inner = { .pre_handler = pre_nothing };
static volatile int rt_fired, rt_result = -1;
static int pre_calls_jcc(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; rt_result = dj_jcc(20); return 0; }
static void rt_hook(uint32_t addr, const uint8_t *orig, uint32_t buf)
{
    (void)buf;
    if (addr != rt_inner.addr || rt_fired || *(uint8_t *)addr != 0xCC || !kmemcmp((void *)(addr + 1), orig + 1, 4))
        return;
    rt_fired = 1;
    rt_result = -2;
    if (dj_add(1) != 7)
        rt_result = -3;
}
KTEST(djprobe_reentry_with_tail_written)
{
    struct kprobe outer = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_calls_jcc };
    char err[160] = "";
    rt_inner.addr = AT(dj_jcc, dj_jcc_cmp);
    rt_fired = 0;
    KASSERT(kprobe_register(&outer, err, sizeof err) == 0);   /* an int3 probe */
    djprobe_write_hook = rt_hook;
    KASSERT(opt_reg(ktest_ctx, &rt_inner));
    djprobe_write_hook = NULL;
    KEXPECT_EQ(rt_fired, 1);
    KEXPECT_EQ(rt_result, 1);                        /* dj_jcc(20): 20 > 10 */
    KEXPECT_EQ(kprobe_nhit(&outer), 1);
    KEXPECT_EQ(kprobe_nhit(&rt_inner), 0);
    KEXPECT_EQ(rt_inner.nmissed, 1);
    KEXPECT_EQ(kprobe_opt_state(&rt_inner), DJ_OPTIMIZED);
    kprobe_unregister(&outer);
    kprobe_unregister(&rt_inner);
    KEXPECT_EQ(dj_jcc(3), 0);
}

/* 100 probes optimized as one batch cost the same two commit syncs as one
 * (the int3 is already at every head: tails, sync, heads, sync); disabled
 * as one batch, they are unoptimized together: two restore syncs and the
 * batch's one for the int3 bytes, not two per site. */
KTEST(djprobe_batch_of_100)
{
    enum { N = 100 };
    struct kprobe *p = kzalloc(N * sizeof *p);
    uint8_t *copy = kmalloc(N * 5 + 8);
    uint32_t syncs0, commits0, opt = 0, hits = 0;
    char err[160];
    int i, ok = 0;
    KASSERT(p && copy);
    kmemcpy(copy, dj_sled, N * 5 + 8);
    commits0 = djprobe_stats.commits;
    syncs0 = djprobe_stats.commit_syncs;
    for (i = 0; i < N; i++) {
        p[i].addr = (uint32_t)dj_sled + 5 * i;
        p[i].pre_handler = pre_nothing;
        p[i].flags = KPROBE_OPTIMIZE;
    }
    ok = kprobe_register_many(p, N, err, sizeof err);
    KEXPECT_EQ(ok, N);
    djprobe_flush();
    for (i = 0; i < N; i++)
        opt += kprobe_opt_state(&p[i]) == DJ_OPTIMIZED;
    KEXPECT_EQ(opt, N);
    KEXPECT_EQ(djprobe_stats.commits - commits0, 1);
    KEXPECT_EQ(djprobe_stats.commit_syncs - syncs0, 2 * (djprobe_stats.commits - commits0));
    KEXPECT_EQ(dj_sled(0), 7);
    for (i = 0; i < N; i++)
        hits += kprobe_nhit(&p[i]);
    KEXPECT_EQ(hits, N);
    syncs0 = (uint32_t)poke_stats.syncs;
    commits0 = djprobe_stats.unoptimized;
    kprobe_set_disabled_many(p, N, true);
    KEXPECT_EQ(djprobe_stats.unoptimized - commits0, N);
    KEXPECT_EQ((uint32_t)poke_stats.syncs - syncs0, 3);
    KEXPECT_MEMEQ(copy, dj_sled, N * 5 + 8);
    KEXPECT_EQ(dj_sled(0), 7);
    kprobe_unregister_many(p, N);
    KEXPECT_MEMEQ(copy, dj_sled, N * 5 + 8);
    kfree(p);
    kfree(copy);
}

/* One kprobe batch of n probes on dj_sled_big, every one optimized by one
 * djprobe_flush() (issue 33: the optimizer took 256 a batch and flush
 * returned with the rest still queued; the slot pool held 1,024 buffers of
 * 256 bytes, fewer beside the int3 slots, and the rest stayed int3 probes,
 * "out of detour buffers"). */
int dj_sled_big(int i);
static void big_batch(struct ktest_ctx *ktest_ctx, int n)
{
    struct kprobe *p = kzalloc(n * sizeof *p);
    char err[160];
    int i, opt = 0, bad = -1;
    uint32_t hits = 0;
    KASSERT(p);
    for (i = 0; i < n; i++) {
        p[i].addr = (uint32_t)dj_sled_big + 5 * i;
        p[i].pre_handler = pre_nothing;
        p[i].flags = KPROBE_OPTIMIZE;
    }
    KEXPECT_EQ(kprobe_register_many(p, n, err, sizeof err), n);
    djprobe_flush();
    for (i = 0; i < n; i++) {
        if (kprobe_opt_state(&p[i]) == DJ_OPTIMIZED)
            opt++;
        else if (bad < 0)
            bad = i;
    }
    if (bad >= 0)
        kprintf("big batch of %d: probe %d at %08x is %s: %s\n", n, bad, p[bad].addr,
                dj_state_name(kprobe_opt_state(&p[bad])), kprobe_opt_why(&p[bad]));
    KEXPECT_EQ(opt, n);
    KEXPECT_EQ(dj_sled_big(0), 7);
    for (i = 0; i < n; i++)
        hits += kprobe_nhit(&p[i]);
    KEXPECT_EQ(hits, n);
    kprobe_unregister_many(p, n);
    KEXPECT_EQ(dj_sled_big(0), 7);
    kfree(p);
}

/* Manual (named by tests/scenarios/djprobe-batch-big.scn, no -singlestep):
 * under the djprobe-full-* scenarios' -singlestep they take a minute. */
KTEST_MANUAL(djprobe_batch_over_256) { big_batch(ktest_ctx, 300); }
KTEST_MANUAL(djprobe_batch_1100) { big_batch(ktest_ctx, 1100); }

/* A kprobe batch prepares its jump optimizations itself (buffers built and
 * published at its end, before the optimizer's check): probes removed in
 * that state, one alone and the rest as a batch, leave the text and the
 * slot pool as they were, and ran through their buffers meanwhile. */
KTEST(djprobe_batch_removed_while_prepared)
{
    enum { N = 20 };
    struct kprobe *p = kzalloc(N * sizeof *p);
    uint8_t *copy = kmalloc(N * 5 + 8);
    int i, prepared = 0, slots = slot_in_use();
    uint32_t hits = 0;
    char err[160];
    KASSERT(p && copy);
    kmemcpy(copy, dj_sled, N * 5 + 8);
    for (i = 0; i < N; i++) {
        p[i].addr = (uint32_t)dj_sled + 5 * i;
        p[i].pre_handler = pre_nothing;
        p[i].flags = KPROBE_OPTIMIZE;
    }
    djprobe_hold(true);                          /* the optimizer does not take them */
    KEXPECT_EQ(kprobe_register_many(p, N, err, sizeof err), N);
    for (i = 0; i < N; i++)
        prepared += kprobe_opt_state(&p[i]) == DJ_PREPARED;
    KEXPECT_EQ(prepared, N);
    KEXPECT_EQ(dj_sled(0), 7);                   /* int3 hits run the buffers */
    for (i = 0; i < N; i++)
        hits += kprobe_nhit(&p[i]);
    KEXPECT_EQ(hits, N);
    kprobe_unregister(&p[0]);
    kprobe_unregister_many(p + 1, N - 1);
    djprobe_hold(false);
    djprobe_flush();
    KEXPECT_MEMEQ(copy, dj_sled, N * 5 + 8);
    KEXPECT_EQ(dj_sled(0), 7);
    KEXPECT_EQ(slot_in_use(), slots);
    kfree(p);
    kfree(copy);
}

/* A function analysis kept for the optimizer (patch/djprobe_fncache.c) is
 * used only for the bytes it was made from: dj_fc's is kept (a probe at
 * dj_fc_add optimized and removed), then its nop5 is poked into a jmp into
 * that region.  A new probe there must be refused (H4), not optimized from
 * the kept analysis (djprobe_fncache=trust, neg-djprobe-fncache-trust). */
int dj_fc(int x);
extern char dj_fc_nop[], dj_fc_add[], dj_fc_mid[];
KTEST(djprobe_fncache_after_poke)
{
    struct kprobe p = { .addr = AT(dj_fc, dj_fc_add), .pre_handler = pre_nothing };
    uint32_t site = AT(dj_fc, dj_fc_nop), rel = AT(dj_fc, dj_fc_mid) - (site + 5);
    uint8_t nop[5], jmp[5] = { 0xE9, rel, rel >> 8, rel >> 16, rel >> 24 };
    char err[160];
    KASSERT(opt_reg(ktest_ctx, &p));
    KEXPECT_EQ(kprobe_opt_state(&p), DJ_OPTIMIZED);
    kprobe_unregister(&p);
    KEXPECT_EQ(dj_fc(1), 4);
    kmemcpy(nop, (void *)site, 5);
    KASSERT(!text_poke((void *)site, jmp, 5, err, sizeof err));
    KEXPECT_EQ(dj_fc(1), 3);
    p = (struct kprobe){ .addr = AT(dj_fc, dj_fc_add), .pre_handler = pre_nothing };
    KASSERT(opt_reg(ktest_ctx, &p));
    if (kprobe_opt_state(&p) == DJ_OPTIMIZED) {
        kprintf("!!! caught H4: %08x optimized from the analysis kept before the poke at %08x: the jmp "
                "there lands at %08x, inside the jump\n", p.addr, site, AT(dj_fc, dj_fc_mid));
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "H4: optimized from a stale kept analysis");
    } else {
        KEXPECT_EQ(kprobe_opt_why(&p)[0], 'H');
        KEXPECT_EQ(kprobe_opt_why(&p)[1], '4');
        KEXPECT_EQ(dj_fc(1), 3);
    }
    kprobe_unregister(&p);
    KASSERT(!text_poke((void *)site, nop, 5, err, sizeof err));
    KEXPECT_EQ(dj_fc(1), 4);
}

/* Negative control (manual): a freed buffer faults at once and the report
 * names the probe whose buffer it was (H8). */
KTEST_MANUAL(djprobe_freed_buffer_faults)
{
    struct kprobe p = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_nothing };
    uint32_t buf;
    KASSERT(opt_reg(ktest_ctx, &p));
    KASSERT(kprobe_opt_state(&p) == DJ_OPTIMIZED);
    buf = *(uint32_t *)(p.addr + 1) + p.addr + 5;     /* the jmp's target */
    kprobe_unregister(&p);
    ((void (*)(void))buf)();
    KEXPECT(0);
}

/* H3, deterministic: a thread asleep in the callee of a mid-region call holds
 * a return address strictly inside (addr, addr+5).  The strategy must not
 * write the jump over it (safe: the stack scan defers the probe); if it
 * does, the test reports the hazard instead of waking the thread into the
 * middle of the jmp.  Manual variant: the boot strategy (djprobe=). */
static void mid_worker(void *arg) { *(volatile int *)arg = dj_mid_call(); }

static void h3_sleeper(struct ktest_ctx *ktest_ctx, int strategy)
{
    struct kprobe p = { .addr = AT(dj_mid_call, dj_mid_call_nop), .pre_handler = pre_nothing,
                        .strategy = strategy };
    uint32_t ret = p.addr + 3;                    /* after nop (1) and call *%edx (2) */
    volatile int result = 0;
    struct thread *t;
    dj_callee_hold = 1;
    KASSERT((t = thread_create("dj-h3", mid_worker, (void *)&result, CPUMASK_ALL)));
    KASSERT(dj_callee_wait_blocked(t));
    KASSERT(opt_reg(ktest_ctx, &p));
    if (kprobe_opt_state(&p) == DJ_OPTIMIZED) {
        kprintf("!!! caught H3: thread dj-h3 asleep with return address %08x <dj_mid_call+%#x> "
                "inside the jump written at %08x (strategy %s)\n", ret, ret - (uint32_t)dj_mid_call,
                p.addr, dj_strategy_name(strategy));
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "H3: the jump was written over a sleeper's return address");
        return;                                   /* it stays asleep: waking it would crash */
    }
    dj_callee_hold = 0;
    waitq_wake(&callee_wq, 10);
    thread_join(t);
    KEXPECT_EQ(result, 42);
    kprobe_unregister(&p);
}

KTEST(djprobe_h3_sleeper_safe) { h3_sleeper(ktest_ctx, DJS_SAFE); }
KTEST(djprobe_h3_sleeper_stackscan) { h3_sleeper(ktest_ctx, DJS_INT3_STACKSCAN); }
KTEST_MANUAL(djprobe_h3_sleeper) { h3_sleeper(ktest_ctx, DJS_DEFAULT); }

/* H8, deterministic: a thread called out of a buffer's copy sleeps with its
 * return address in the buffer while the probe is removed; a waker lets it
 * go once the removal waits for it.  The buffer may be freed only after it
 * has left (a freed buffer is ud2: the fault report names the probe). */

static void h8_sleeper(struct ktest_ctx *ktest_ctx, int strategy)
{
    struct kprobe p = { .addr = AT(dj_mid_call, dj_mid_call_nop), .pre_handler = pre_nothing,
                        .strategy = strategy };
    volatile int result = 0;
    struct thread *t, *w;
    uint32_t retries0 = djprobe_stats.retries;
    KASSERT(opt_reg(ktest_ctx, &p));
    KASSERT(kprobe_opt_state(&p) == DJ_OPTIMIZED);
    dj_callee_hold = 1;
    KASSERT((t = thread_create("dj-h8", mid_worker, (void *)&result, CPUMASK_ALL)));
    KASSERT(dj_callee_wait_blocked(t));
    if (strategy == DJS_SAFE) {       /* its stack unwinds exactly through the buffer: no other probe waits */
        struct kprobe q = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_nothing, .strategy = DJS_SAFE };
        KASSERT(opt_reg(ktest_ctx, &q));
        KEXPECT_EQ(kprobe_opt_state(&q), DJ_OPTIMIZED);
        kprobe_unregister(&q);
    }
    retries0 = djprobe_stats.retries;
    KASSERT((w = thread_create("dj-h8-waker", dj_callee_waker, &retries0, CPUMASK_ALL)));
    kprobe_unregister(&p);
    dj_callee_release();                          /* (a removal that did not wait: into the freed buffer) */
    thread_join(w);
    thread_join(t);
    KEXPECT_EQ(result, 42);
    KEXPECT_EQ(kprobe_nhit(&p), 1);
}

KTEST(djprobe_h8_sleeper_safe) { h8_sleeper(ktest_ctx, DJS_SAFE); }
KTEST_MANUAL(djprobe_h8_sleeper) { h8_sleeper(ktest_ctx, DJS_DEFAULT); }

/* Probes optimized and removed, round after round, with each strategy that
 * must be safe for these regions (no mid-region calls), while a worker on
 * every CPU calls the probed functions and checks each result (under
 * -singlestep workers are preempted and interrupted inside the regions and
 * buffers). */
static volatile uint32_t conc_errors;
static void conc_worker(struct torture_worker *w)
{
    int x = (int)(torture_rnd(&w->rng) % 40);
    conc_errors += dj_add(x) != 2 * x + 5;
    conc_errors += dj_jcc(x) != (x > 10);
    conc_errors += dj_call_last() != 42;
    w->iters++;
    torture_pause(w);
}

KTEST(djprobe_under_concurrent_calls)
{
    static const int safe_ones[] = { DJS_SAFE, DJS_INT3_IPSCAN, DJS_INT3_STACKSCAN, DJS_INT3_TASKSRCU };
    struct kprobe p[3];
    char err[160], why[96];
    uint32_t opt = 0, hits = 0;
    int round, i, idle = 0;
    conc_errors = 0;
    dj_callee_hold = 0;
    torture_spawn("dj-conc", conc_worker, 7);
    for (round = 0; round < 12; round++) {
        kmemset(p, 0, sizeof p);
        p[0].addr = AT(dj_add, dj_add_mov);
        p[1].addr = AT(dj_jcc, dj_jcc_cmp);
        p[2].addr = AT(dj_call_last, dj_call_last_xor);
        for (i = 0; i < 3; i++) {
            p[i].pre_handler = pre_nothing;
            p[i].flags = KPROBE_OPTIMIZE;
            p[i].strategy = safe_ones[round % 4];
        }
        KASSERT(kprobe_register_many(p, 3, err, sizeof err) == 3);
        djprobe_flush();
        for (i = 0; i < 3; i++)
            opt += kprobe_opt_state(&p[i]) == DJ_OPTIMIZED;
        thread_sleep_ns(2000000);
        for (i = 0; i < 3; i++)
            hits += kprobe_nhit(&p[i]);
        if (round % 2)                       /* one release for all three buffers */
            kprobe_unregister_many(p, 3);
        else
            for (i = 0; i < 3; i++)
                kprobe_unregister(&p[i]);
    }
    KEXPECT_EQ(torture_join(why, sizeof why), 0);
    for (i = 0; i < ncpu; i++)
        idle += torture_workers[i].iters == 0;
    KEXPECT_EQ(idle, 0);
    KEXPECT_EQ(conc_errors, 0);
    KEXPECT(opt > 0);
    KEXPECT(hits > 0);
    kprintf("djprobe_under_concurrent_calls: %u of 36 optimized, %u hits, %u calls checked, "
            "threads found inside: EIP %u stack %u (false positives %u), retries %u, deferred %u\n",
            opt, hits, torture_iters() * 3, djprobe_stats.ip_hits, djprobe_stats.stack_hits,
            djprobe_stats.false_pos, djprobe_stats.retries, djprobe_stats.deferred);
}

/* Issue 39 item 18: an idle thread is not preempted while its CPU's
 * preemption count is raised.  An optimized probe's handler runs with
 * preemption off and interrupts on; here it runs in the last CPU's idle
 * thread (at lp_safe_point, which the idle loop calls), wakes a thread
 * pinned to that CPU and waits out two timer ticks with the reschedule
 * pending.  The woken thread must first run after the handler has returned,
 * with the count back at 0 (before: the tick switched the idle thread out
 * inside the handler, and the next thread to block on that CPU panicked). */
static struct completion ih_go;
static volatile int ih_cpu = -1, ih_stage, ih_count, ih_resched, ih_w_stage, ih_w_count;
static volatile uint32_t ih_ticks;

static int ih_pre(struct kprobe *p, struct trapframe *tf)
{
    struct cpu *c = mycpu();
    uint32_t t0;
    (void)p;
    (void)tf;
    if (c->id != ih_cpu || !thread_current()->is_idle || !(read_eflags() & EFLAGS_IF) || ih_stage)
        return 0;
    ih_stage = 1;
    ih_count = c->preempt_count;
    complete(&ih_go);                    /* runnable on this CPU: a reschedule is due */
    t0 = c->ticks;
    while (c->ticks - t0 < 2) {          /* timer interrupts, taken at irq_depth 0 */
        ih_resched |= c->need_resched;
        pause();
    }
    ih_ticks = c->ticks - t0;
    ih_stage = 2;
    return 0;
}

static void ih_thread(void *arg)
{
    (void)arg;
    wait_for_completion(&ih_go);
    ih_w_stage = ih_stage;
    ih_w_count = mycpu()->preempt_count;   /* pinned: this CPU's */
}

static void ih_on(struct ktest_ctx *ktest_ctx, int cpu)
{
    struct kprobe p = { .addr = (uint32_t)lp_safe_point, .pre_handler = ih_pre };
    int ms;
    struct thread *w;
    ih_stage = ih_count = ih_resched = ih_ticks = 0;
    ih_w_stage = ih_w_count = -1;
    completion_init(&ih_go);
    w = thread_create("kt-idle-w", ih_thread, NULL, 1u << cpu);
    KASSERT(w != NULL);
    for (ms = 0; ms < 1000 && !(w->state == TS_SLEEPING && !w->on_cpu); ms++)
        thread_sleep_ns(1000000);
    KASSERT(w->state == TS_SLEEPING && !w->on_cpu);   /* asleep on its completion */
    KASSERT(opt_reg(ktest_ctx, &p));
    KEXPECT_EQ(kprobe_opt_state(&p), DJ_OPTIMIZED);
    ih_cpu = cpu;
    for (ms = 0; ms < 2000 && ih_stage != 2; ms++)
        thread_sleep_ns(1000000);
    ih_cpu = -1;
    kprobe_unregister(&p);
    if (!ih_stage)
        complete(&ih_go);                /* never hit: let it go */
    thread_join(w);
    KEXPECT_EQ(ih_stage, 2);
    KEXPECT_EQ(ih_count, 1);             /* the fast path: preemption off in the handler */
    KEXPECT(ih_resched && ih_ticks >= 2);
    KEXPECT_EQ(ih_w_stage, 2);           /* ran only after the handler */
    KEXPECT_EQ(ih_w_count, 0);
}

KTEST(djprobe_idle_handler_keeps_its_cpu)
{
    ih_on(ktest_ctx, ncpu - 1);
}

/* The same on every CPU, the tests' own (cpu 0: its idle thread runs while
 * this one sleeps) included. */
KTEST(djprobe_idle_handler_keeps_each_cpu)
{
    int cpu;
    for (cpu = 0; cpu < ncpu; cpu++) {
        kprintf("djprobe_idle_handler_keeps_each_cpu: cpu %d\n", cpu);
        ih_on(ktest_ctx, cpu);
    }
}
