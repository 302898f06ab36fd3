/* Self-tests for the patching core's review fixes: a probe on a rep string
 * instruction (0, 1 and many iterations), step records reserved before an
 * NMI-like nested step can reuse them (a data breakpoint stops hit() inside
 * its window), slots released under the text lock with no pending rewrite,
 * and the text lock's rules (manual tests: each must panic naming its rule). */
#include "kernel/ktest.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "kernel/cpu.h"
#include "kernel/ipi.h"
#include "patch/kprobe.h"
#include "patch/int3.h"
#include "patch/poke.h"
#include "patch/slot.h"

int kp_rep_stos(void *dst, int n, int val);
int kp_add(int x);
int kp_leaf(void);
extern char kp_rep_stos_rep[], kp_add_add5[];
#define AT(fn, off) ((uint32_t)(fn) + (uint32_t)(off))

static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

KTEST(kprobe_rep_string)
{
    static const int counts[] = { 0, 1, 100, 1000 };
    struct kprobe p = { .addr = AT(kp_rep_stos, kp_rep_stos_rep), .pre_handler = pre_nothing };
    char err[160] = "";
    uint8_t *buf = kmalloc(1100);
    unsigned i;
    int k, bad;
    KASSERT(buf);
    KASSERT(kprobe_register(&p, err, sizeof err) == 0);
    for (i = 0; i < ARRAY_SIZE(counts); i++) {
        kmemset(buf, 0x55, 1100);
        KEXPECT_EQ(kp_rep_stos(buf, counts[i], 0xA7), 0);
        for (k = 0, bad = 0; k < 1100; k++)
            bad += buf[k] != (k < counts[i] ? 0xA7 : 0x55);
        KEXPECT_EQ(bad, 0);
        KEXPECT_EQ(kprobe_nhit(&p), i + 1);                 /* one hit per execution, not per iteration */
    }
    kprobe_unregister(&p);
    kfree(buf);
}

/* A data breakpoint on this CPU's first step record fires while hit() fills
 * it: its #DB handler, like an NMI, executes a second stepped probe.  The
 * outer step must then still finish with its own record. */
static struct kprobe inner_p = { .addr = 0, .pre_handler = pre_nothing };
static volatile int inner_ran, inner_result, watch_armed;

static bool watch_db(struct trapframe *tf)
{
    uint32_t dr6 = tf->err;              /* DR6 at #DB entry (kernel/dr6.h) */
    if (!(dr6 & DR6_B0) || !watch_armed)
        return false;
    watch_armed = 0;
    write_dr7(0);
    if (!inner_ran++)
        inner_result = kp_leaf();                  /* a nested single-step */
    return true;
}

KTEST(int3_nested_step_keeps_records)
{
    static bool registered;
    struct kprobe outer = { .addr = AT(kp_add, kp_add_add5), .pre_handler = pre_nothing };
    char err[160] = "";
    uint32_t f;
    int r;
    inner_p.symbol = "kp_leaf";
    inner_ran = 0;
    if (!registered) { trap_register(T_DB, watch_db); registered = true; }
    KASSERT(kprobe_register(&outer, err, sizeof err) == 0);
    KASSERT(kprobe_register(&inner_p, err, sizeof err) == 0);
    f = read_eflags();
    cli();                                         /* stay on this CPU: DR0 is per CPU */
    watch_armed = 1;
    write_dr0((uint32_t)int3_step_record(0));
    write_dr7(0x1 | 1u << 16 | 3u << 18);          /* L0, break on write, 4 bytes */
    r = kp_add(3);
    write_dr7(0);
    if (f & EFLAGS_IF) sti();
    KEXPECT_EQ(inner_ran, 1);                      /* the window was hit */
    KEXPECT_EQ(inner_result, 41);
    KEXPECT_EQ(r, 11);
    KEXPECT_EQ(kprobe_nhit(&outer), 1);
    KEXPECT_EQ(kprobe_nhit(&inner_p), 1);
    kprobe_unregister(&inner_p);
    kprobe_unregister(&outer);
}

/* A disabled probe's slot is written but no core sync follows; releasing it
 * must drop its pending rewrite, or a later rewrite pass could restore the
 * old bytes over the poison. */
KTEST(slot_release_drops_pending_rewrite)
{
    struct kprobe p = { .addr = AT(kp_add, kp_add_add5), .pre_handler = pre_nothing,
                        .flags = KPROBE_DISABLED };
    char err[160] = "";
    uint8_t *slot;
    KASSERT(kprobe_register(&p, err, sizeof err) == 0);
    slot = kprobe_ool(&p)->slot;
    KASSERT(slot != NULL);
    kprobe_unregister(&p);
    KEXPECT(!text_patch_pending(slot));
    KEXPECT(slot_is_free((uint32_t)slot));
    KEXPECT_EQ(slot[0], 0x0F);                     /* ud2 poison */
    KEXPECT_EQ(slot[1], 0x0B);
}

/* The text lock's rules: each manual test must end in a panic naming it. */
KTEST_MANUAL(text_lock_irqoff)
{
    cli();
    text_lock();
    KEXPECT(0);
}

static int lock_in_handler(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; text_lock(); return 0; }
KTEST_MANUAL(text_lock_int3_ref)
{
    struct kprobe p = { .symbol = "kp_leaf", .pre_handler = lock_in_handler };
    char err[160] = "";
    KASSERT(kprobe_register(&p, err, sizeof err) == 0);
    kp_leaf();
    KEXPECT(0);
}

static void lock_in_ipi(void *arg) { (void)arg; text_lock(); }
KTEST_MANUAL(text_lock_interrupt)
{
    KASSERT(ncpu > 1);
    smp_call_one(cpu_id() == 0 ? 1 : 0, lock_in_ipi, NULL, true);
    KEXPECT(0);
}

static int lock_in_rendezvous(void *arg) { (void)arg; text_lock(); return 0; }
KTEST_MANUAL(text_lock_rendezvous)
{
    rendezvous_run(lock_in_rendezvous, NULL);
    KEXPECT(0);
}
