/* Bounded buffer releases (H8, issue 30 item 11): a thread that never lets
 * go of a detour buffer (H8-forever: preempted inside its copy until the
 * test releases it), a thread asleep with the buffer's address in a local
 * (H8-word), and the remover's caller holding it in a local while it waits
 * for the remover (H8-local).  unregister must return; a buffer it could not
 * free is orphaned (counted, kept intact) and the optimizer frees it once
 * the word or the thread is gone.  The buffer's address is kept in statics:
 * a word on this thread's stack would hold the buffer itself. */
#include "tests/kernel/hazard.h"
#include "kernel/ktest.h"
#include "tests/kernel/hazard_park.h"
#include "tests/kernel/dj_targets.h"
#include "patch/djprobe_int.h"
#include "patch/kprobe.h"
#include "kernel/ksym.h"
#include "kernel/thread.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"
#include "kernel/fmt.h"

bool djprobe_freed_buffer(uint32_t a, uint32_t *probe);
static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

static volatile uint32_t ho_buf;               /* the buffer under test */
static volatile int ho_go;                     /* holders: let go of the word */
static struct kprobe ho_p;
static struct park ho_pk;
static struct djprobe_stats ho_st;             /* the counters before the removal */

static __attribute__((noinline)) bool ho_freed(void)
{
    uint32_t owner;
    return djprobe_freed_buffer(ho_buf, &owner);
}

/* An optimized probe at dj_add (every strategy accepts the region). */
static bool ho_optimize(struct cell *c)
{
    char err[160];
    int ms;
    for (ms = 0; ms < 5000 && dj_orphans(); ms++)      /* an earlier cell's, being reclaimed */
        thread_sleep_ns(1000000);
    if (dj_orphans())
        return cell_error(c, "an orphaned buffer from before the cell is still kept after 5 s"), false;
    kmemset(&ho_p, 0, sizeof ho_p);
    ho_p.addr = DJ_AT(dj_add, dj_add_mov);
    ho_p.pre_handler = pre_nothing;
    ho_p.flags = KPROBE_OPTIMIZE;
    ho_p.strategy = c->strategy;
    if (kprobe_register(&ho_p, err, sizeof err))
        return cell_error(c, "kprobe_register: %s", err), false;
    djprobe_flush();
    if (kprobe_opt_state(&ho_p) != DJ_OPTIMIZED || !(ho_buf = kprobe_opt_buffer(&ho_p))) {
        kprobe_unregister(&ho_p);
        return cell_error(c, "the probe at dj_add was not optimized"), false;
    }
    ho_st = djprobe_stats;
    return true;
}

/* After the removal returned: 1 if the buffer was orphaned, 0 if freed at
 * once, -1 (cell error) if neither. */
static int ho_outcome(struct cell *c)
{
    uint32_t orph = djprobe_stats.orphaned - ho_st.orphaned;
    uint32_t freed = djprobe_stats.buffers_freed - ho_st.buffers_freed;
    if (orph == 1 && !ho_freed())
        return 1;
    if (orph == 0 && freed >= 1 && ho_freed())
        return 0;
    cell_error(c, "after unregister: %u orphaned, %u freed, buffer %08x %s", orph, freed, ho_buf,
               ho_freed() ? "freed" : "not freed");
    return -1;
}

/* Clear the stack below this frame: the removal's own frames left the
 * buffer's address there, and a sleep's frames may leave slots unwritten
 * that a word scan would read (it would keep the orphan for ever). */
static __attribute__((noinline)) void ho_scrub(void)
{
    uint32_t pad[1536];
    kmemset(pad, 0, sizeof pad);
    __asm__ volatile("" :: "r"(pad) : "memory");
}

/* The orphan is not freed while held (20 ms: several optimizer passes),
 * then is once let go: up to 5 s of guest time (the optimizer's backoff is 64 ms). */
static void ho_reclaim(struct cell *c, void (*let_go)(void))
{
    int ms;
    ho_scrub();
    if (let_go) {                                /* NULL: let go already */
        thread_sleep_ns(20000000);
        if (ho_freed())
            return cell_error(c, "the orphaned buffer %08x was freed while still held", ho_buf);
        let_go();
    }
    ho_scrub();
    for (ms = 0; ms < 5000 && djprobe_stats.reclaimed == ho_st.reclaimed; ms++)
        thread_sleep_ns(1000000);             /* no word here: ho_freed() would leave one */
    if (!ho_freed() || djprobe_stats.reclaimed == ho_st.reclaimed)
        cell_error(c, "the orphaned buffer %08x was not reclaimed within 5 s once let go (%u reclaimed; "
                   "last found: %s %08x, thread %d, at %08x)", ho_buf, djprobe_stats.reclaimed - ho_st.reclaimed,
                   quiesce_found.how, quiesce_found.v, quiesce_found.tid, quiesce_found.at);
}

/* Must this strategy's release see a data word on a sleeping stack? */
static bool sees_words(int s)
{
    const struct dj_strategy_desc *sd = &dj_strategies[s];
    int scan = sd->scan < 0 ? djprobe_scan : sd->scan;
    return sd->wait_free && (sd->checks & DJC_STACK) && scan == DJ_SCAN_WORDS;
}

/* H8-forever: hz-worker preempted at the copy's second instruction (saved
 * EIP in the buffer, every waiting check sees it), kept there. */
static void let_worker_go(void) { park_release(&ho_pk); }

static void h8_forever(struct cell *c)
{
    char why[96], b[96];
    int o;
    if (!ho_optimize(c))
        return;
    ho_pk = (struct park){ kprobe_opt_copy(&ho_p) + 3, PARK_PREEMPT, ncpu > 1 ? 1 : 0, dj_add, 20 };
    if (park_start(&ho_pk, why, sizeof why)) {
        kprobe_unregister(&ho_p);
        return cell_error(c, "%s", why);
    }
    kprobe_unregister(&ho_p);
    if ((o = ho_outcome(c)) == 0) {
        ksym_format(ho_p.addr, b, sizeof b);
        cell_caught(c, "thread hz-worker preempted at %08x in the buffer of the probe at %s, "
                    "which was freed under it", ho_pk.at, b);
        park_abandon(&ho_pk);                    /* it exits instead of resuming there */
        return;
    }
    if (o > 0 && park_eip(&ho_pk) != ho_pk.at)
        cell_error(c, "hz-worker not parked at %08x after the removal", ho_pk.at);
    if (o > 0)
        ho_reclaim(c, let_worker_go);
    park_finish(&ho_pk);
    if (ho_pk.result != 45)
        cell_error(c, "the parked call returned %d, not 45", ho_pk.result);
    if (o > 0 && !c->error)
        ksnprintf(c->what, sizeof c->what, "orphaned, reclaimed once hz-worker left the buffer");
}

/* A word equal to the buffer's address in a local until ho_go, blocked on
 * ho_wq (never on a CPU while the removal looks). */
static struct waitq ho_wq = WAITQ_INIT("hz-holder");
static bool ho_let_go(void *arg) { (void)arg; return ho_go; }
static __attribute__((noinline)) void hold_word(void)
{
    volatile uint32_t word = ho_buf;
    waitq_wait(&ho_wq, ho_let_go, NULL);
    word = 0;
    (void)word;
}

static void holder(void *arg) { (void)arg; ktest_linger(); hold_word(); }
static void let_holder_go(void) { ho_go = 1; waitq_wake(&ho_wq, 1); }

static void expect_words(struct cell *c, int o, const char *who)
{
    if (o >= 0 && o != sees_words(c->strategy))
        cell_error(c, "the buffer was %s though %s holds its address %s", o ? "orphaned" : "freed at once",
                   who, sees_words(c->strategy) ? "and the release scans words" : "as data only");
}

static void ho_said(struct cell *c, int o)
{
    if (!c->error)
        ksnprintf(c->what, sizeof c->what, "%s", o > 0 ? "orphaned, reclaimed once the word was gone"
                                                       : "freed at once");
}

/* H8-word: hz-holder asleep with the buffer's address in a local. */
static void h8_word(struct cell *c)
{
    struct thread *t;
    int o;
    if (!ho_optimize(c))
        return;
    ho_go = 0;
    if (!(t = thread_create("hz-holder", holder, NULL, CPUMASK_ALL)))
        return cell_error(c, "out of memory");
    if (!ktest_wait_blocked(t, &ho_wq, 5000)) {   /* asleep in hold_word */
        let_holder_go();
        thread_join(t);
        kprobe_unregister(&ho_p);
        return cell_error(c, "hz-holder did not block in hold_word");
    }
    kprobe_unregister(&ho_p);
    o = ho_outcome(c);
    expect_words(c, o, "a sleeping thread");
    if (o > 0)
        ho_reclaim(c, let_holder_go);
    let_holder_go();
    thread_join(t);
    ho_said(c, o);
}

/* H8-local: the remover's caller keeps the address in a local while it
 * waits for the remover, which keeps it too (the hang of issue 30). */
static void remover(void *arg)
{
    volatile uint32_t word = ho_buf;
    kprobe_unregister(arg);
    word = 0;
    (void)word;
}

static __attribute__((noinline)) int remove_holding(void)
{
    volatile uint32_t word = ho_buf;
    struct thread *t = thread_create("hz-remover", remover, &ho_p, CPUMASK_ALL);
    if (t)
        thread_join(t);
    word = 0;
    (void)word;
    return t ? 0 : -1;
}

static void h8_local(struct cell *c)
{
    int o;
    if (!ho_optimize(c))
        return;
    if (remove_holding())
        return cell_error(c, "out of memory");
    o = ho_outcome(c);
    expect_words(c, o, "the remover's caller");
    if (o > 0)
        ho_reclaim(c, NULL);                     /* its frame is gone already */
    ho_said(c, o);
}

void hz_h8_forever(struct cell *c) { h8_forever(c); }
void hz_h8_word(struct cell *c) { h8_word(c); }
void hz_h8_local(struct cell *c) { h8_local(c); }
