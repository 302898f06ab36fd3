/* Self-tests for probe_read() (kernel/fixup.c), the fault-safe read probe
 * handlers use.  Mapped, read-only, unmapped, guard-page, page-crossing and
 * wrapping ranges, and from inside a probe handler (int3 path).  Negative
 * control: fixup_bug=no_copy (tests/scenarios/neg-probe-read-nofixup.scn);
 * and for plog (kernel/plog.c), the handlers' lock-free report ring. */
#include "kernel/ktest.h"
#include "kernel/fixup.h"
#include "kernel/plog.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "kernel/thread.h"
#include "patch/kprobe.h"

int kp_add(int x);
static const uint32_t pr_rodata[4] = { 0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00 };
static volatile uint32_t pr_word = 0xfeedf00d;

KTEST(probe_read_mapped_and_readonly)
{
    uint32_t buf[4] = { 0, 0, 0, 0 };
    uint8_t code[16];
    KEXPECT_EQ(probe_read(buf, pr_rodata, sizeof buf), 0);      /* read-only data */
    KEXPECT_MEMEQ(buf, pr_rodata, sizeof buf);
    KEXPECT_EQ(probe_read(code, (const void *)kp_add, sizeof code), 0);   /* text */
    KEXPECT_MEMEQ(code, (const void *)kp_add, sizeof code);
    KEXPECT_EQ(probe_read(buf, (const void *)&pr_word, 0), 0);  /* empty */
}

KTEST(probe_read_unmapped)
{
    uint32_t faults = probe_read_faults(), v = 7;
    KEXPECT_EQ(probe_read(&v, (const void *)0x10, 4), -1);      /* page 0 */
    KEXPECT_EQ(probe_read(&v, (const void *)0xF0000000u, 4), -1);
    KEXPECT_EQ(probe_read(&v, (const void *)ALIAS_BASE, 4), -1);  /* alias window, idle */
    KEXPECT_EQ(probe_read_faults() - faults, 3);
}

/* A thread that never runs, for its guarded stack (the self-tests run on
 * the boot stack, which has no guard page). */
static struct thread *guarded(void)
{
    return thread_alloc("probe_read", 1);
}

static void unguarded(struct thread *t)
{
    t->state = TS_ZOMBIE;
    thread_free(t);
}

KTEST(probe_read_guard_page)
{
    struct thread *t = guarded();
    uint32_t v, faults = probe_read_faults();
    uint8_t two[2];
    KASSERT(t != NULL);
    KEXPECT(!mem_is_mapped(t->stack_lo - PAGE_SIZE, 1));
    KEXPECT_EQ(probe_read(&v, (const void *)(t->stack_lo - 4), 4), -1);
    /* one mapped byte, then the guard: the fault is in the middle */
    KEXPECT_EQ(probe_read(two, (const void *)(t->stack_lo - 1), 2), -1);
    KEXPECT_EQ(probe_read(&v, (const void *)t->stack_lo, 4), 0);
    KEXPECT_EQ(probe_read_faults() - faults, 2);
    unguarded(t);
}

KTEST(probe_read_wrap_refused)
{
    uint32_t v, faults = probe_read_faults();
    KEXPECT_EQ(probe_read(&v, (const void *)0xFFFFFFFEu, 4), -1);
    KEXPECT_EQ(probe_read_faults(), faults);                    /* refused unread */
}

static struct { int bad, good; uint32_t word, guard; } pr_seen;

static int pr_handler(struct kprobe *p, struct trapframe *tf)
{
    (void)p; (void)tf;
    pr_seen.bad = probe_read(&pr_seen.word, (const void *)pr_seen.guard, 4);
    pr_seen.good = probe_read(&pr_seen.word, (const void *)&pr_word, 4);
    return 0;
}

KTEST(probe_read_in_handler)
{
    struct kprobe p = { .symbol = "kp_add", .pre_handler = pr_handler };
    struct thread *t = guarded();
    char err[160] = "";
    KASSERT(t != NULL);
    pr_seen.bad = pr_seen.good = 5;
    pr_seen.guard = t->stack_lo - 8;
    KASSERT(kprobe_register(&p, err, sizeof err) == 0);
    KEXPECT_EQ(kp_add(3), 11);
    kprobe_unregister(&p);
    unguarded(t);
    KEXPECT_EQ(kprobe_nhit(&p), 1);
    KEXPECT_EQ(pr_seen.bad, -1);
    KEXPECT_EQ(pr_seen.good, 0);
    KEXPECT_EQ(pr_seen.word, 0xfeedf00d);
}

/* plog (kernel/plog.c): records are kept in order and drained once; a full
 * ring drops and counts (one CPU's ring holds 64; nothing else prints here). */
KTEST(plog_ring_drops_when_full)
{
    uint32_t dropped = plog_dropped();
    int i;
    plog_drain();
    for (i = 0; i < 70; i++)
        plog(KL_DEBUG, "plog self-test %u\n", (uint32_t)i, 0, 0, 0);
    KEXPECT_EQ(plog_dropped() - dropped, 6);
    KEXPECT_EQ(plog_drain(), 64);
    KEXPECT_EQ(plog_drain(), 0);
    plog(KL_INFO, "plog self-test: %s %u %08x\n", (uint32_t)"drained", 7, 0xabc, 0);
    KEXPECT_EQ(plog_drain(), 1);
}
