/* Self-tests for int3 probes (patch/kprobe.c): hit counting, register access
 * from pre- and post-handlers, emulated branches and calls, fix-ups after a
 * single-step, aggregation, enable/disable, reentrancy (H11), a thousand
 * probes, and every refusal path with the text left byte-for-byte as it was. */
#include "kernel/ktest.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "patch/kprobe.h"
#include "patch/int3.h"
#include "patch/slot.h"
#include "patch/tramp.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/console.h"
#include "kernel/ksym.h"
#include "kernel/fmt.h"
#include "tests/kernel/torture.h"
#include "tests/kernel/dj_targets.h"
#include "patch/djprobe.h"

int kp_add(int x);
int kp_branch(int x);
int kp_call(void);
int kp_leaf(void);
int kp_icall(int (*f)(void));
uint32_t kp_pushf(void);
void kp_never(void);
void kp_ud(void);
int kp_sled(void);
extern char kp_add_mov[], kp_add_add5[], kp_add_pop[], kp_branch_jg[], kp_call_call[];
extern char kp_icall_call[], kp_pushf_pushf[], kp_ud_ud2[];
#define AT(fn, off) ((uint32_t)(fn) + (uint32_t)(off))

static uint32_t seen_eax;
static int pre_set_eax(struct kprobe *p, struct trapframe *tf) { (void)p; tf->eax = 100; return 0; }
static void post_get_eax(struct kprobe *p, struct trapframe *tf) { (void)p; seen_eax = tf->eax; }
static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

static bool reg(struct ktest_ctx *ktest_ctx, struct kprobe *p)
{
    char err[160] = "";
    int r = kprobe_register(p, err, sizeof err);
    if (r)
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "kprobe_register: %s", err);
    return r == 0;
}

KTEST(kprobe_hit_count_and_restore)
{
    struct kprobe p = { .addr = AT(kp_add, kp_add_add5), .pre_handler = pre_nothing };
    uint8_t before[16];
    int i, bad = 0;
    kmemcpy(before, kp_add, 16);
    KASSERT(reg(ktest_ctx, &p));
    KEXPECT_EQ(*(uint8_t *)p.addr, 0xCC);
    for (i = 0; i < 10; i++)
        bad += kp_add(i) != 2 * i + 5;
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(kprobe_nhit(&p), 10);
    kprobe_unregister(&p);
    KEXPECT_MEMEQ(before, kp_add, 16);
    KEXPECT_EQ(kp_add(1), 7);
}

KTEST(kprobe_handlers_see_and_change_registers)
{
    struct kprobe p = { .symbol = "kp_add", .offset = (uint32_t)kp_add_add5,
                        .pre_handler = pre_set_eax, .post_handler = post_get_eax };
    KASSERT(reg(ktest_ctx, &p));
    seen_eax = 0;
    KEXPECT_EQ(kp_add(3), 105);          /* pre set eax=100 before add $5 */
    KEXPECT_EQ(seen_eax, 105);           /* post sees the instruction's effect */
    kprobe_unregister(&p);
    KEXPECT_EQ(kp_add(3), 11);
}

/* Post-handlers of emulated hits: run once each, after the branch or call
 * took effect (EIP at its target, as a single-step would leave it). */
static uint32_t post_n, post_eip[4];
static void post_eip_rec(struct kprobe *p, struct trapframe *tf)
{
    (void)p;
    if (post_n < 4)
        post_eip[post_n] = tf->eip;
    post_n++;
}

KTEST(kprobe_emulated_jcc_and_call)
{
    struct kprobe a = { .addr = AT(kp_branch, kp_branch_jg), .pre_handler = pre_nothing,
                        .post_handler = post_eip_rec };
    struct kprobe b = { .addr = AT(kp_call, kp_call_call), .post_handler = post_eip_rec };
    uint32_t jg = AT(kp_branch, kp_branch_jg);
    KASSERT(reg(ktest_ctx, &a));
    KASSERT(reg(ktest_ctx, &b));
    post_n = 0;
    KEXPECT_EQ(kp_branch(5), 0);
    KEXPECT_EQ(kp_branch(20), 1);
    KEXPECT_EQ(kprobe_nhit(&a), 2);
    KEXPECT_EQ(post_n, 2);               /* a post-handler ran on each emulated jg */
    KEXPECT_EQ(post_eip[0], jg + 2);     /* not taken: the next instruction */
    KEXPECT_EQ(post_eip[1], jg + 2 + *(int8_t *)(jg + 1));   /* taken: its target */
    KEXPECT_EQ(kp_call(), 42);           /* emulated call pushed the right return */
    KEXPECT_EQ(kprobe_nhit(&b), 1);
    KEXPECT_EQ(post_n, 3);
    KEXPECT_EQ(post_eip[2], (uint32_t)kp_leaf);   /* after the call: at the callee */
    kprobe_unregister(&a);
    kprobe_unregister(&b);
}

KTEST(kprobe_step_fixups)
{
    struct kprobe a = { .addr = AT(kp_icall, kp_icall_call), .pre_handler = pre_nothing };
    struct kprobe b = { .addr = AT(kp_pushf, kp_pushf_pushf), .pre_handler = pre_nothing };
    uint32_t f0, f1;
    KASSERT(reg(ktest_ctx, &a));
    KASSERT(reg(ktest_ctx, &b));
    KEXPECT_EQ(kp_icall(kp_leaf), 42);   /* return address fixed to the original code */
    f0 = read_eflags();
    f1 = kp_pushf();
    KEXPECT_EQ(f1 & 0x100, 0);           /* TF of the single-step not leaked */
    KEXPECT_EQ(f1 & EFLAGS_IF, f0 & EFLAGS_IF);
    KEXPECT_EQ(kprobe_nhit(&a) + kprobe_nhit(&b), 2);
    kprobe_unregister(&a);
    kprobe_unregister(&b);
}

KTEST(kprobe_aggregate_and_disable)
{
    struct kprobe a = { .addr = AT(kp_add, kp_add_mov), .pre_handler = pre_nothing };
    struct kprobe b = { .addr = AT(kp_add, kp_add_mov), .pre_handler = pre_nothing };
    uint8_t orig = *(uint8_t *)a.addr;
    KASSERT(reg(ktest_ctx, &a));
    KASSERT(reg(ktest_ctx, &b));
    kp_add(1);
    KEXPECT_EQ(kprobe_nhit(&a), 1);
    KEXPECT_EQ(kprobe_nhit(&b), 1);
    kprobe_disable(&a);
    kp_add(1);
    KEXPECT_EQ(kprobe_nhit(&a), 1);
    KEXPECT_EQ(kprobe_nhit(&b), 2);
    kprobe_disable(&b);
    KEXPECT_EQ(*(uint8_t *)a.addr, orig);   /* all disabled: int3 removed */
    kp_add(1);
    KEXPECT_EQ(kprobe_nhit(&a) + kprobe_nhit(&b), 3);
    kprobe_enable(&a);
    KEXPECT_EQ(*(uint8_t *)a.addr, 0xCC);
    kp_add(1);
    KEXPECT_EQ(kprobe_nhit(&a), 2);
    kprobe_unregister(&a);
    kp_add(1);
    KEXPECT_EQ(kprobe_nhit(&b), 2);                  /* b still disabled */
    kprobe_unregister(&b);
    KEXPECT_EQ(*(uint8_t *)a.addr, orig);
}

static struct kprobe inner = { .symbol = "kp_leaf", .pre_handler = pre_nothing };
static int pre_calls_probed(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; kp_leaf(); return 0; }

KTEST(kprobe_reentry_is_missed)
{
    struct kprobe outer = { .addr = AT(kp_add, kp_add_pop), .pre_handler = pre_calls_probed };
    KASSERT(reg(ktest_ctx, &inner));
    KASSERT(reg(ktest_ctx, &outer));
    KEXPECT_EQ(kp_add(2), 9);
    KEXPECT_EQ(kprobe_nhit(&outer), 1);
    KEXPECT_EQ(kprobe_nhit(&inner), 0);              /* hit inside a handler: not run ... */
    KEXPECT_EQ(inner.nmissed, 1);           /* ... but counted (H11) */
    KEXPECT_EQ(kp_leaf(), 41);
    KEXPECT_EQ(kprobe_nhit(&inner), 1);
    kprobe_unregister(&outer);
    kprobe_unregister(&inner);
}

KTEST(kprobe_thousand)
{
    enum { N = 1000 };
    struct kprobe *p = kzalloc(N * sizeof *p);
    uint8_t *copy = kmalloc(1110);
    int i, ok = 0, hits = 0, slots = slot_in_use();
    KASSERT(p && copy);
    kmemcpy(copy, kp_sled, 1110);
    for (i = 0; i < N; i++) {
        p[i].addr = (uint32_t)kp_sled + i;
        p[i].pre_handler = pre_nothing;
        ok += reg(ktest_ctx, &p[i]);
    }
    KEXPECT_EQ(ok, N);
    KEXPECT_EQ(kprobe_count(), N);
    KEXPECT_EQ(kp_sled(), 7);
    for (i = 0; i < ok; i++) {
        hits += kprobe_nhit(&p[i]);
        kprobe_unregister(&p[i]);
    }
    KEXPECT_EQ(hits, N);
    KEXPECT_EQ(kprobe_count(), 0);
    KEXPECT_EQ(slot_in_use(), slots);
    KEXPECT_MEMEQ(copy, kp_sled, 1110);
    kfree(p);
    kfree(copy);
}

/* Refusals: each must say why and leave the text byte-for-byte unchanged. */
static void refused(struct ktest_ctx *ktest_ctx, struct kprobe *p, const char *want, uint32_t at)
{
    char err[160] = "";
    uint8_t before[32];
    int n = kprobe_count(), r, i;
    bool match = false;
    if (at) kmemcpy(before, (void *)at, 32);
    r = kprobe_register(p, err, sizeof err);
    KEXPECT_EQ(r, -1);
    for (i = 0; err[i] && !match; i++)
        match = !kmemcmp(err + i, want, kstrlen(want));
    if (!match)
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "error '%s' does not say '%s'", err, want);
    if (at) KEXPECT_MEMEQ(before, (void *)at, 32);
    KEXPECT_EQ(kprobe_count(), n);
    if (r == 0) kprobe_unregister(p);
}

extern void trap(struct trapframe *);
static uint32_t some_data;

KTEST(kprobe_refusals)
{
    struct kprobe mid = { .addr = AT(kp_add, kp_add_mov) + 1 };
    struct kprobe out = { .addr = (uint32_t)&some_data };
    struct kprobe np = { .addr = (uint32_t)trap };
    struct kprobe unk = { .symbol = "no_such_function" };
    struct kprobe past = { .symbol = "kp_add", .offset = 0x1000 };
    struct kprobe ud = { .addr = AT(kp_ud, kp_ud_ud2) };
    refused(ktest_ctx, &mid, "H12: kp_add+0x4 is not an instruction boundary", (uint32_t)kp_add);
    refused(ktest_ctx, &out, "H12: ", 0);
    refused(ktest_ctx, &np, "H11: trap is in the no-probe section", (uint32_t)trap);
    refused(ktest_ctx, &unk, "H12: unknown symbol no_such_function", 0);
    refused(ktest_ctx, &past, "H12: offset 0x1000 is past the end of kp_add", 0);
    past.offset = ksym_by_name("kp_add")->size;          /* the next function's first byte */
    refused(ktest_ctx, &past, "is past the end of kp_add", 0);
    refused(ktest_ctx, &ud, "cannot run out of line", (uint32_t)kp_ud);
}

KTEST(kprobe_force_guru_mode)
{
    struct kprobe p = { .addr = (uint32_t)kp_never + 1, .flags = KPROBE_FORCE };
    uint8_t before[8];
    kmemcpy(before, kp_never, 8);
    struct kprobe out = { .addr = (uint32_t)&some_data, .flags = KPROBE_FORCE };
    char want[64];
    KASSERT(reg(ktest_ctx, &p));            /* mid-instruction, accepted when forced */
    KEXPECT_EQ(((uint8_t *)kp_never)[1], 0xCC);
    kprobe_unregister(&p);
    KEXPECT_MEMEQ(before, kp_never, 8);
    ksnprintf(want, sizeof want, "H12: %08x is outside kernel text", out.addr);
    refused(ktest_ctx, &out, want, 0);      /* but never outside text, forced or not */
    KEXPECT_EQ(some_data, 0);
}

/* Probes come and go while a worker on every CPU calls the probed function
 * and checks each result; nothing may fault or compute wrong. */
static volatile uint32_t remove_errors;
static void remove_worker(struct torture_worker *w)
{
    int x = (int)(torture_rnd(&w->rng) % 40);
    if (kp_branch(x) != (x > 10))
        remove_errors++;
    w->iters++;
    torture_pause(w);
}

KTEST(kprobe_removal_under_concurrent_calls)
{
    struct kprobe p = { .addr = AT(kp_branch, kp_branch_jg), .pre_handler = pre_nothing };
    uint32_t hits = 0;
    char why[96];
    int i, idle = 0;
    remove_errors = 0;
    torture_spawn("kp-rm", remove_worker, 1);
    for (i = 0; i < 100; i++) {
        KASSERT(reg(ktest_ctx, &p));
        thread_sleep_ns(200000);
        hits += kprobe_nhit(&p);
        kprobe_unregister(&p);
    }
    KEXPECT_EQ(torture_join(why, sizeof why), 0);
    for (i = 0; i < ncpu; i++)
        idle += torture_workers[i].iters == 0;
    KEXPECT_EQ(idle, 0);
    KEXPECT_EQ(remove_errors, 0);
    KEXPECT(hits > 0);
    KEXPECT_EQ(kprobe_count(), 0);
}

/* H7, deterministic: a pre-handler held on cpu 1 (it spins until told, IF as
 * the probed code had it) while cpu 0 removes its probe; the removal must
 * wait for it (the int3 reference), not return with the handler still
 * running in memory the caller may now free.  Negative control:
 * int3_refs=skip (neg-kprobe-held-handler.scn). */
static volatile int held_in, held_go, held_out;
static uint32_t held_ra;              /* where pre_held was called from */
static int pre_held(struct kprobe *p, struct trapframe *tf)
{
    (void)p; (void)tf;
    held_ra = (uint32_t)__builtin_return_address(0);
    held_in = 1;
    while (!held_go)
        pause();
    held_out = 1;
    return 0;
}
static void held_caller(void *arg) { *(volatile int *)arg = kp_add(1); }

/* Lets the handler go once the removal waits for it: the remover (this
 * test's thread, on cpu 0 as the releaser is, so off its CPU whenever the
 * releaser looks) stopped in int3_sync_refs, or a buffer release check that
 * found the site busy; or once the removal has returned (held_go). */
struct held_rel { struct thread *remover; uint32_t retries0; };
static void held_releaser(void *arg)
{
    struct held_rel *h = arg;
    while (!held_go && READ_ONCE(djprobe_stats.retries) == h->retries0 &&
           !ktest_stopped_in(h->remover, "int3_sync_refs"))
        thread_sleep_ns(100000);
    held_go = 1;
}

/* Run caller on cpu 1 until its probed call holds pre_held, remove p from
 * cpu 0 (a releaser lets the handler go once the removal waits for it),
 * print why if the removal returned first (before the handler may run on in freed memory):
 * 1 if the handler had finished when kprobe_unregister returned, 0 if not,
 * -1 if a thread could not start. */
static int held_many;                 /* >0: held_remove removes p[0..held_many) as one batch */
static int held_remove(struct kprobe *p, void (*caller)(void *), volatile int *result, const char *why,
                       struct kprobe *then_add)
{
    struct thread *c, *r;
    static struct held_rel rel;
    char err[160];
    int out;
    held_in = held_go = held_out = 0;
    if (!(c = thread_create("held-caller", caller, (void *)result, 1u << 1)))
        return -1;
    while (!held_in)
        thread_sleep_ns(100000);
    if (then_add && kprobe_register(then_add, err, sizeof err)) {
        kprintf("# kprobe: %s\n", err);
        held_go = 1;
        thread_join(c);
        return -1;
    }
    rel = (struct held_rel){ thread_current(), djprobe_stats.retries };
    if (cpu_id() != 0 || !(r = thread_create("held-releaser", held_releaser, &rel, 1u << 0))) {
        held_go = 1;
        thread_join(c);
        return -1;
    }
    ktest_linger();                      /* (ktest_linger=: a remover the host is slow to run) */
    if (held_many)
        kprobe_unregister_many(p, held_many);
    else
        kprobe_unregister(p);
    if (!(out = held_out))
        kprintf("# kprobe: unregister returned while %s still ran on cpu 1 (H7)\n", why);
    held_go = 1;
    thread_join(r);
    thread_join(c);
    return out;
}

KTEST(kprobe_unregister_waits_for_a_held_handler)
{
    struct kprobe p = { .addr = AT(kp_add, kp_add_mov), .pre_handler = pre_held };
    volatile int result = 0;
    int out;
    if (ncpu < 2)
        return;                          /* needs a second CPU to hold the handler on */
    KASSERT(reg(ktest_ctx, &p));
    KASSERT((out = held_remove(&p, held_caller, &result, "the pre-handler", NULL)) >= 0);
    KEXPECT(out);
    KEXPECT_EQ(result, 7);
}

/* The same through kprobe_unregister_many: the held probe and one at
 * another site, removed as one batch (one reference wait for both sites).
 * Negative control: int3_refs=skip (neg-kprobe-held-handler-many.scn). */
/* H7, the step: cpu 1 held after its pre-handler returned, in the window
 * where only its int3 reference (held until the single-step's #DB) says
 * it will still run the probe's out-of-line copy.  A data breakpoint on its
 * step record fires in hit() and the #DB handler spins there, interrupts
 * on, until told.  The removal must wait for it (int3_sync_refs' reference
 * wait: no handler runs, so the running word is 0), not free the copy. */
static volatile int step_armed;
static bool step_db(struct trapframe *tf)
{
    if (!(tf->err & DR6_B0) || !step_armed)
        return false;
    step_armed = 0;
    write_dr7(0);
    held_in = 1;
    sti();
    while (!held_go)
        pause();
    cli();
    held_out = 1;
    return true;
}
static void step_caller(void *arg)
{
    uint32_t f = read_eflags();
    cli();                                         /* DR0 is this CPU's: stay on it */
    write_dr0((uint32_t)int3_step_record(0));
    step_armed = 1;
    write_dr7(0x1 | 1u << 16 | 3u << 18);          /* L0, break on write, 4 bytes */
    *(volatile int *)arg = kp_add(1);
    write_dr7(0);
    if (f & EFLAGS_IF)
        sti();
}

KTEST(kprobe_unregister_waits_for_a_step_in_progress)
{
    static bool registered;
    struct kprobe p = { .addr = AT(kp_add, kp_add_mov), .pre_handler = pre_nothing };
    volatile int result = 0;
    int out;
    if (ncpu < 2)
        return;
    if (!registered) {
        trap_register(T_DB, step_db);
        registered = true;
    }
    KASSERT(reg(ktest_ctx, &p));
    KASSERT((out = held_remove(&p, step_caller, &result, "a step of its out-of-line copy", NULL)) >= 0);
    KEXPECT(out);
    KEXPECT_EQ(result, 7);
}

KTEST(kprobe_unregister_many_waits_for_a_held_handler)
{
    struct kprobe p[2] = { { .addr = AT(kp_add, kp_add_mov), .pre_handler = pre_held },
                           { .symbol = "kp_leaf", .pre_handler = pre_nothing } };
    volatile int result = 0;
    int out;
    if (ncpu < 2)
        return;
    KASSERT(reg(ktest_ctx, &p[0]));
    KASSERT(reg(ktest_ctx, &p[1]));
    held_many = 2;
    out = held_remove(p, held_caller, &result, "the pre-handler of a batch", NULL);
    held_many = 0;
    KASSERT(out >= 0);
    KEXPECT(out);
    KEXPECT_EQ(result, 7);
    KEXPECT_EQ(kprobe_count(), 0);
}

/* The same in a detour buffer: two probes on one jump-optimized site, the
 * first one's handler held on cpu 1 while cpu 0 removes it; the site stays
 * optimized (the second probe keeps it), so no buffer release waits: only
 * the detour's reference (per-CPU, unlocked: struct cpu_probe) does.
 * Negative control: int3_refs=skip_detour (neg-djprobe-held-handler.scn). */
static int pre_count(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }
static void held_dj_caller(void *arg) { *(volatile int *)arg = dj_add(1); }

KTEST(kprobe_unregister_waits_for_a_held_detour_handler)
{
    struct kprobe p = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_held, .flags = KPROBE_OPTIMIZE };
    struct kprobe q = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_count, .flags = KPROBE_OPTIMIZE };
    volatile int result = 0;
    int out;
    if (ncpu < 2)
        return;
    KASSERT(reg(ktest_ctx, &q));
    KASSERT(reg(ktest_ctx, &p));
    djprobe_flush();
    KASSERT(kprobe_opt_state(&p) == DJ_OPTIMIZED);
    KASSERT((out = held_remove(&p, held_dj_caller, &result, "the detour's pre-handler", NULL)) >= 0);
    KEXPECT(out);
    KEXPECT(kprobe_opt_state(&q) == DJ_OPTIMIZED);
    kprobe_unregister(&q);
    KEXPECT_EQ(result, 7);
}

/* The same with the handler entered through the buffer's fast path (the
 * site's only probe), the second probe registered while it is held: only
 * the CPU's running word shows the handler to the reference wait.
 * Negative control: int3_refs=skip_detour (neg-djprobe-held-fast-handler.scn). */
KTEST(kprobe_unregister_waits_for_a_held_fast_detour_handler)
{
    struct kprobe p = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_held, .flags = KPROBE_OPTIMIZE };
    struct kprobe q = { .addr = AT(dj_add, dj_add_mov), .pre_handler = pre_count, .flags = KPROBE_OPTIMIZE };
    volatile int result = 0;
    int out;
    uint32_t buf;
    if (ncpu < 2)
        return;
    KASSERT(reg(ktest_ctx, &p));
    djprobe_flush();
    KASSERT(kprobe_opt_state(&p) == DJ_OPTIMIZED && (buf = kprobe_opt_buffer(&p)));
    KASSERT((out = held_remove(&p, held_dj_caller, &result, "the fast path's pre-handler", &q)) >= 0);
    KEXPECT(held_ra >= buf && held_ra < buf + TRAMP_MAX);    /* called by the buffer itself */
    KEXPECT(out);
    KEXPECT(kprobe_opt_state(&q) == DJ_OPTIMIZED);
    kprobe_unregister(&q);
    KEXPECT_EQ(result, 7);
}
