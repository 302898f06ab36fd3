/* Self-tests of the quiescence check (patch/quiesce.c): the tasks-RCU rule
 * for idle threads (quiescent switched out voluntarily or stopped right
 * after its hlt, kernel/idle.S, not merely off the CPU), and the pre-scan's
 * recheck of the threads that ran between it and the rendezvous. */
#include "kernel/ktest.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/trap.h"
#include "kernel/cpu.h"
#include "kernel/mem.h"
#include "patch/djprobe_int.h"
#include "kernel/ksym.h"
#include "kernel/console.h"
#include "tests/kernel/hazard_park.h"

KTEST(tasksrcu_idle_quiet_only_after_hlt)
{
    struct thread t;
    struct trapframe tf;
    kmemset(&t, 0, sizeof t);
    kmemset(&tf, 0, sizeof tf);
    t.is_idle = true;
    t.cpu = NCPU_MAX - 1;                 /* no such CPU online: t is not running */
    KASSERT(!cpus[t.cpu].online);
    t.state = TS_RUNNABLE;
    KEXPECT(quiesce_quiet_now(&t));       /* switched out voluntarily */
    t.tf = &tf;
    tf.eip = (uint32_t)idle_halt_ret;
    KEXPECT(quiesce_quiet_now(&t));       /* preempted right after its hlt */
    tf.eip = (uint32_t)sched_idle_loop + 1;
    KEXPECT(!quiesce_quiet_now(&t));      /* preempted elsewhere in its loop */
    t.is_idle = false;
    tf.eip = (uint32_t)idle_halt_ret;
    KEXPECT(!quiesce_quiet_now(&t));      /* an ordinary preempted thread never is */
}

/* The pre-scan's recheck (patch/quiesce.c, docs/quiesce.md): a thread asleep
 * outside the range when the check's pre-scan passes it, then woken by the
 * check's test hook (between the pre-scan and the rendezvous) to stop inside
 * the range: asleep in a callee of a call in it (its return address inside,
 * QR_BLOCK), preempted at an instruction in it (its saved EIP, QR_PARK), the
 * same as QR_BLOCK with a thread freed meanwhile (the rendezvous then walks
 * every thread, QR_FREED), a thread created meanwhile and parked there
 * (QR_NEW), or QR_BLOCK on one CPU that then switches more often than its
 * ring of switched-in threads holds (QR_OVERRUN: every thread walked).  The
 * rendezvous must find it: quiesce_bug=no_recheck, which trusts every
 * pre-scanned thread, must miss all but QR_NEW. */
enum { QR_BLOCK, QR_PARK, QR_FREED, QR_NEW, QR_OVERRUN };
static struct completion qr_wake, qr_go;
static volatile int qr_inside, qr_mode;
static volatile uint32_t qr_ra, qr_pre_id;
static struct thread *qr_t;
static struct park qr_pk;
static struct dj_range qr_r;
static volatile bool qr_pre_busy, qr_stopped;
static char qr_why[80];

static __attribute__((noinline)) void qr_block(void)
{
    qr_ra = (uint32_t)__builtin_return_address(0);
    qr_inside = 1;
    wait_for_completion(&qr_go);
}

static __attribute__((noinline)) int qr_region(int x)
{
    qr_block();
    __asm__ volatile("" ::: "memory");         /* the call is not the last instruction */
    return x + 1;
}

static __attribute__((noinline)) int qr_spin(int x)
{
    __asm__ volatile("" ::: "memory");
    return x * 3 + 1;
}

static void qr_thread(void *arg)
{
    (void)arg;
    wait_for_completion(&qr_wake);              /* outside the range at the pre-scan */
    if (qr_mode == QR_PARK)
        park_call(&qr_pk);                      /* preempted at qr_spin, kept asleep */
    else
        qr_region(1);
}

static void qr_nothing(void *arg) { (void)arg; }

/* QR_OVERRUN: two threads on the sleeper's CPU yield to each other until
 * it has switched more than CPU_RAN_RING times, then sleep (alive: a freed
 * thread would make the rendezvous walk every thread anyway). */
static volatile int qr_churn_in, qr_churned, qr_churn_stop;
static void qr_churn(void *arg)
{
    int i;
    (void)arg;
    __atomic_add_fetch(&qr_churn_in, 1, __ATOMIC_SEQ_CST);
    while (qr_churn_in < 2)                     /* a yield with nobody else to run does not switch */
        thread_yield();
    for (i = 0; i < CPU_RAN_RING; i++)
        thread_yield();
    __atomic_add_fetch(&qr_churned, 1, __ATOMIC_SEQ_CST);
    while (!qr_churn_stop)
        thread_sleep_ns(1000000);
}
static struct thread *qr_churner[2];

/* Between the pre-scan and the rendezvous: the sleeper moves into the range. */
static void qr_hook(void)
{
    struct thread *t = qr_t;
    int i;
    qr_pre_busy = qr_r.busy;
    qr_pre_id = t ? t->qs_id : 0;
    if (qr_mode == QR_NEW) {
        qr_stopped = park_start(&qr_pk, qr_why, sizeof qr_why) == 0;
        return;
    }
    if (qr_mode == QR_FREED && (t = thread_create("qr-brief", qr_nothing, NULL, CPUMASK_ALL)))
        thread_join(t);
    complete(&qr_wake);
    if (qr_mode != QR_PARK)
        qr_stopped = ktest_wait_blocked(qr_t, &qr_go.wq, 5000) && qr_inside;   /* in qr_block, off its CPU */
    for (i = 0; i < 1000 && qr_mode == QR_PARK && !qr_stopped; i++) {
        thread_sleep_ns(1000000);
        qr_stopped = park_eip(&qr_pk) == qr_pk.at;
    }
    if (qr_mode != QR_OVERRUN || !qr_stopped)
        return;
    for (i = 0; i < 2; i++)
        qr_churner[i] = thread_create("qr-churn", qr_churn, NULL, 1u << qr_pk.cpu);
    for (i = 0; i < 10000 && qr_churned < 2; i++)
        thread_sleep_ns(1000000);
}

static void qr_cell(struct ktest_ctx *ktest_ctx, int mode)
{
    static const char *const names[] = { "asleep in a callee", "preempted", "asleep in a callee, a thread freed",
                                         "created and preempted", "asleep in a callee, its CPU's ring overrun" };
    const struct ksym *k = ksym_lookup(mode == QR_BLOCK || mode == QR_FREED || mode == QR_OVERRUN
                                       ? (uint32_t)qr_region : (uint32_t)qr_spin);
    int busy, i;
    KASSERT(k);
    completion_init(&qr_wake);
    completion_init(&qr_go);
    qr_inside = 0; qr_stopped = false; qr_mode = mode; qr_t = NULL;
    qr_churn_in = qr_churned = qr_churn_stop = 0; qr_churner[0] = qr_churner[1] = NULL;
    qr_pk = (struct park){ .at = (uint32_t)qr_spin, .mode = PARK_PREEMPT, .cpu = ncpu - 1, .fn = qr_spin };
    park_register();
    if (mode != QR_NEW) {
        qr_t = thread_create("qr-sleeper", qr_thread, NULL,
                             mode == QR_PARK || mode == QR_OVERRUN ? 1u << qr_pk.cpu : CPUMASK_ALL);
        KASSERT(qr_t);
        qr_pk.t = qr_t;
        KASSERT(ktest_wait_blocked(qr_t, &qr_wake.wq, 5000));   /* off its CPU for good */
    }
    qr_r = (struct dj_range){ k->addr, k->addr + k->size, false, { 0 } };
    quiesce_prescan_hook = qr_hook;
    busy = quiesce_scan(&qr_r, 1, DJC_IPSCAN | DJC_STACK, DJ_SCAN_FRAMES, NULL);
    quiesce_prescan_hook = NULL;
    KEXPECT(qr_stopped);                        /* it did stop inside before the rendezvous */
    KEXPECT(!qr_pre_busy);                      /* the pre-scan saw it outside */
    if (mode != QR_NEW)
        KEXPECT(qr_pre_id && qr_pre_id == qr_t->qs_id);     /* ... in this check's pre-scan */
    if (mode == QR_FREED)
        KEXPECT(quiesce_cost.walked);           /* a ring entry may be freed: every thread walked */
    if (mode == QR_OVERRUN) {
        KEXPECT_EQ(qr_churned, 2);
        KEXPECT(quiesce_cost.walked);           /* the ring lost entries: every thread walked */
        qr_churn_stop = 1;
        for (i = 0; i < 2; i++)
            if (qr_churner[i])
                thread_join(qr_churner[i]);
    }
    kprintf("quiesce recheck (%s): busy %d, %d pre-scanned, %d rescanned in the rendezvous%s\n", names[mode],
            busy, quiesce_cost.prescanned, quiesce_cost.rechecked, quiesce_cost.walked ? " (walked all)" : "");
    if (!busy)
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "quiescence check missed a thread that ran since the "
                   "pre-scan (%s inside %s)", names[mode], k->name);
    else
        KEXPECT_EQ(qr_r.f.tid, mode == QR_NEW || mode == QR_PARK ? qr_pk.t->tid : qr_t->tid);
    if (mode == QR_PARK || mode == QR_NEW) {
        park_finish(&qr_pk);
    } else {
        complete(&qr_go);
        thread_join(qr_t);
    }
}

KTEST(quiesce_recheck_block) { qr_cell(ktest_ctx, QR_BLOCK); }
KTEST(quiesce_recheck_park) { qr_cell(ktest_ctx, QR_PARK); }
KTEST(quiesce_recheck_freed) { qr_cell(ktest_ctx, QR_FREED); }
KTEST(quiesce_recheck_new) { qr_cell(ktest_ctx, QR_NEW); }
KTEST(quiesce_recheck_ring_overrun) { qr_cell(ktest_ctx, QR_OVERRUN); }
