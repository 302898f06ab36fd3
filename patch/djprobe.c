/* The jump optimizer (see djprobe.h): a kernel thread takes every queued
 * probe after a short delay and optimizes them as one batch per strategy:
 * dj_prepare (region, buffer) -> DJ_PREPARED (int3 hits now run the buffer,
 * so no thread newly enters the region) -> int3_sync_refs (steps decided
 * before are done) -> the strategy's check, retried with backoff, never
 * forced: after djprobe_tries the busy sites are deferred -> the jumps,
 * written for the whole batch at once -> DJ_OPTIMIZED.  A kprobe batch
 * builds and publishes its own probes' buffers at its end, before and after
 * its int3 bytes (djprobe_prepare_queued, djprobe_publish_queued), and the
 * optimizer takes the whole queue: one check and one write per batch, any
 * size (docs/patching.md, "Batches of jump-optimized probes").  Unoptimizing puts
 * the int3 and the original bytes back, then frees the buffer only after
 * the strategy's wait (H8).  Every step holds kprobe_mutex. */
#include "patch/livepatch.h"
#include "patch/djprobe_int.h"
#include "patch/int3.h"
#include "patch/poke.h"
#include "kernel/thread.h"
#include "kernel/param.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/console.h"
#include "kernel/fmt.h"
#include "kernel/panic.h"
#include "kernel/unwind.h"

#define BATCH_MAX 256      /* a batch whose array cannot be allocated goes in chunks of this */
struct djprobe_stats djprobe_stats;
static int delay_us = 2000, tries = 20;
KPARAM_INT("djprobe_delay", delay_us, 0, 1000000, "optimizer delay before a batch (us)");
KPARAM_INT("djprobe_tries", tries, 1, 1000, "quiescence checks before a batch is deferred");

static struct djprobe *queue, **qtail = &queue;
static struct waitq opt_wq = WAITQ_INIT("djprobe");
static struct thread *opt_thread;
static volatile uint32_t req_gen, done_gen;
static volatile int hold;              /* djprobe_hold(): keep the queue for one batch */

/* Every state change goes through the transition table of the Spin model
 * (patch/djprobe_fsm.c); an illegal one is a bug in the optimizer. */
static void dj_step(struct djprobe *d, int ev)
{
    int s = dj_next(d->state, ev);
    if (s < 0)
        panic("djprobe: %08x: %s from %s", d->addr, dj_event_name(ev), dj_state_name(d->state));
    __atomic_store_n(&d->state, s, __ATOMIC_RELEASE);
}

/* Drop from the queue every probe no longer queued or prepared (cancelled,
 * deferred, unoptimizing): one pass, however many left it. */
static void queue_prune(void)
{
    struct djprobe **pp = &queue, *d;
    while ((d = *pp)) {
        if (d->state == DJ_QUEUED || d->state == DJ_PREPARED)
            pp = &d->qnext;
        else
            *pp = d->qnext;
    }
    qtail = pp;
}

static void report(struct djprobe *d, const char *what)
{
    char sym[96];
    ksym_format(d->addr, sym, sizeof sym);
    pr_info("djprobe: %08x %s %s: %s\n", d->addr, sym, what, d->why);
}

static int range_busy(struct djprobe **v, int n, unsigned checks, int scan, bool buffers)
{
    static struct dj_range one[BATCH_MAX];    /* kprobe_mutex; 9 KiB: not on a 16 KiB stack */
    struct dj_range *r = n <= BATCH_MAX ? one : kmalloc_array((uint32_t)n, sizeof *r);
    int i, busy;
    ASSERT(sleeplock_held(&kprobe_mutex));
    if (!r) {                                 /* no room to check: every range counts as busy */
        for (i = 0; i < n; i++) {
            v[i]->busy = true;
            v[i]->found = (struct quiesce_found){ -1, -1, 0, 0, "no memory for the check", false };
            v[i]->tries++;
        }
        return n;
    }
    for (i = 0; i < n; i++) {
        r[i].lo = buffers ? (uint32_t)v[i]->buf : v[i]->addr + 1;
        r[i].hi = buffers ? (uint32_t)v[i]->buf + TRAMP_MAX : v[i]->addr + 5;
    }
    busy = quiesce_scan(r, n, checks, scan, NULL);
    for (i = 0; i < n; i++) {
        v[i]->busy = r[i].busy;
        v[i]->found = r[i].f;
        v[i]->tries += r[i].busy;       /* a busy site keeps counting */
    }
    if (r != one)
        kfree(r);
    return busy;
}

/* The release bound, in rounds of the strategy's own check (each a
 * rendezvous every CPU answered, or a tasks-RCU snapshot polled for 16 ms), with a sleep
 * of 1, 2, 4, 8 then 16 ms of guest time between them: 100 rounds are
 * >= 1.5 s of guest time and 100 chances for every thread to run out.  A
 * buffer still busy then is held by a thread that does not move (asleep for
 * ever, or a data word a word scan cannot tell from a return address): it
 * is orphaned, not freed.  0 waits for ever (a negative control). */
static int release_rounds = 100;
KPARAM_INT("djprobe_release_rounds", release_rounds, 0, 100000,
           "checks before a busy buffer is orphaned for the optimizer to free (0: wait for ever)");

static const char *why_busy(const struct quiesce_found *f) { return f->how ? f->how : "?"; }

/* A release still waiting after 2 s says for what (it waits on: the
 * strategy never frees a buffer somebody may be in, H8). */
static void report_busy(struct djprobe **v, int n)
{
    const struct quiesce_found *f = &quiesce_found;
    char sym[96];
    int i;
    for (i = 0; i < n && !v[i]->busy; i++)
        ;
    if (i == n)
        return;
    ksym_format(v[i]->addr, sym, sizeof sym);
    pr_info("djprobe: the buffer of %08x %s is still busy after 2 s (last found: %s %08x, thread %d, "
            "cpu %d, at %08x); waiting\n", v[i]->addr, sym, why_busy(f), f->v, f->tid, f->cpu, f->at);
}

/* Past the bound (or held by the remover itself): once per buffer, who holds it. */
static void report_orphan(struct djprobe *d, int rounds)
{
    const struct quiesce_found *f = &d->found;
    char sym[96];
    ksym_format(d->addr, sym, sizeof sym);
    pr_info("djprobe: the buffer %08x of %08x %s is orphaned after %d checks (found: %s %08x, thread %d, "
            "cpu %d, at %08x); the optimizer frees it once a check finds it free\n", (uint32_t)d->buf,
            d->addr, sym, rounds, why_busy(f), f->v, f->tid, f->cpu, f->at);
}

/* One round of the strategy's wait over v[0..n): how many buffers somebody
 * may still be in (v[i]->busy and ->found say which and why). */
static int release_check(struct djprobe **v, int n, const struct dj_strategy_desc *sd)
{
    int i;
    if (!(sd->checks & DJC_TASKS))
        return range_busy(v, n, sd->checks | DJC_IPSCAN, sd->scan, true);
    i = quiesce_tasks(16);                  /* one snapshot polled 16 ms: a thread still */
                                            /* preempted, or no memory (2 ms missed busy workers) */
    for (n = i ? n : 0, i = 0; i < n; i++) {
        v[i]->busy = true;
        v[i]->found = quiesce_found;
    }
    return n;
}

/* Busy ones not held by the remover's own stack alone. */
static int busy_others(struct djprobe **v, int n)
{
    int i, k = 0;
    for (i = 0; i < n; i++)
        k += v[i]->busy && !v[i]->found.self;
    return k;
}

/* Stop using the buffers of v[0..n) (one strategy) and free them once the
 * strategy says nobody can be inside: int3 references (detour handlers),
 * then the strategy's check, once for the whole group, for at most
 * release_rounds rounds.  A buffer still busy then, or held by the
 * remover's own stack (it cannot wait for itself), is orphaned: kept intact
 * and reserved, for the optimizer thread to free once the same check finds
 * it free (H8).  The call always returns. */
static void release(struct djprobe **v, int n)
{
    const struct dj_strategy_desc *sd = &dj_strategies[v[0]->strategy];
    unsigned ms = 1, waited = 0;
    unsigned checks = sd->checks & DJC_TASKS ? DJC_IPSCAN | DJC_STACK : sd->checks | DJC_IPSCAN;
    int scan = sd->checks & DJC_TASKS ? DJ_SCAN_FRAMES : sd->scan < 0 ? djprobe_scan : sd->scan;
    int i, rounds = 0, kept = 0;
    for (i = 0; i < n; i++) {
        ASSERT(v[i]->state == DJ_UNOPTIMIZING && v[i]->strategy == v[0]->strategy);
        v[i]->busy = false;
    }
    if (sd->wait_free) {
        int3_sync_refs();
        while (++rounds, release_check(v, n, sd) && busy_others(v, n) &&
               (!release_rounds || rounds < release_rounds)) {
            djprobe_stats.retries++;
            if (waited < 2000 && waited + ms >= 2000)
                report_busy(v, n);
            thread_sleep_ns(ms * 1000000ull);
            waited += ms;
            ms = ms < 16 ? ms * 2 : ms;
        }
    }
    text_lock();
    for (i = 0; i < n; i++) {
        if (v[i]->busy) {
            kept++;
            djprobe_stats.orphaned += !v[i]->found.self;
            report_orphan(v[i], rounds);
        }
        dj_free_buffer(v[i], v[i]->busy, checks, scan);
        dj_step(v[i], DJ_EV_RELEASE);
    }
    djprobe_stats.kept += kept;
    text_unlock();
    if (kept)
        waitq_wake(&opt_wq, 1);
}

/* Optimized v[0..n) (one strategy, at most BATCH_MAX) back to int3 probes:
 * one restore (two core syncs with the int3 protocol) and one release. */
static void unoptimize_group(struct djprobe **v, int n)
{
    int i;
    text_lock();
    dj_write_restore(v, n, dj_strategies[v[0]->strategy].write);
    for (i = 0; i < n; i++)
        dj_step(v[i], DJ_EV_UNOPTIMIZE);
    text_unlock();
    release(v, n);
    djprobe_stats.unoptimized += n;
}

/* Prepared probes of one strategy (a kprobe batch published them, the
 * optimizer has not checked them) removed before their jump: off the queue,
 * and their buffers freed after the strategy's wait, as for a deferral. */
static void drop_prepared(struct djprobe **v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        dj_step(v[i], DJ_EV_DEFER);
    queue_prune();
    release(v, n);
}

/* The hazard a thread found inside a site's region stands for: its saved
 * EIP (H1), an interrupted one (H2), or a return address or stack (H3). */
static const char *found_hazard(const struct quiesce_found *f)
{
    const char *h = f->how ? f->how : "";
    if (!kstrcmp(h, "saved EIP"))
        return "H1";
    if (!kstrcmp(h, "interrupted EIP") || !kstrcmp(h, "detour handler running"))
        return "H2";
    return "H3";                              /* return address, stack word, unreliable stack */
}

/* Why a busy site is deferred: the hazard, what was found where, whose. */
static void why_deferred(struct djprobe *d, bool unrel)
{
    const struct quiesce_found *f = &d->found;
    char sym[64];
    if (unrel) {
        ksym_format(quiesce_unreliable.pc, sym, sizeof sym);
        ksnprintf(d->why, sizeof d->why, "H3: a thread stayed inside the region, or a stack was "
                  "unreliable (thread %d at %08x %s: %s), through %d checks", quiesce_unreliable.tid,
                  quiesce_unreliable.pc, sym, unwind_strerror(quiesce_unreliable.err), tries);
        return;
    }
    ksym_format(f->v, sym, sizeof sym);
    ksnprintf(d->why, sizeof d->why, "%s: a thread stayed inside the region through %d checks "
              "(last: %s %08x %s, thread %d)", found_hazard(f), tries, why_busy(f), f->v, sym, f->tid);
}

/* The strategy's check before the jumps, retried; returns how many of v are
 * clear (moved to its front); the others are deferred as int3 probes. */
static int check(struct djprobe **v, int n, const struct dj_strategy_desc *sd)
{
    unsigned ms = 1;
    uint32_t unrel0 = djprobe_stats.unreliable;
    struct djprobe *x;
    int t, i, k;
    if (!sd->checks)
        return n;
    if (sd->checks & DJC_TASKS) {
        t = quiesce_tasks(tries * 50);
        for (i = 0; i < n; i++) {
            dj_step(v[i], DJ_EV_CHECK);
            v[i]->tries += t != 0;
        }
        if (!t)
            return n;
    }
    for (t = 0; !(sd->checks & DJC_TASKS) && t < tries; t++) {
        for (i = 0; i < n; i++) v[i]->tries = 0;
        k = range_busy(v, n, sd->checks, sd->scan, false);
        for (i = 0; i < n; i++)
            dj_step(v[i], DJ_EV_CHECK);
        if (!k)
            return n;
        djprobe_stats.retries++;
        thread_sleep_ns(ms * 1000000ull);
        ms = ms < 16 ? ms * 2 : ms;
    }
    for (i = k = 0; i < n; i++) {            /* clear ones to the front, busy ones after */
        x = v[i];
        if (x->tries) {
            why_deferred(x, djprobe_stats.unreliable != unrel0);
            report(x, "deferred, stays an int3 probe");
            djprobe_stats.deferred++;
            dj_step(x, DJ_EV_DEFER);
            continue;
        }
        v[i] = v[k];
        v[k++] = x;
    }
    if (k < n)
        release(v + k, n - k);
    return k;
}

/* Judge the region and build the buffer of the queued d (text lock held):
 * 0, or -1 with d cancelled back to an int3 probe and its reason reported. */
static int build(struct djprobe *d)
{
    ASSERT(d->state == DJ_QUEUED && !d->buf);
    if (!dj_prepare(d))
        return 0;
    dj_step(d, DJ_EV_CANCEL);
    djprobe_stats.refused++;
    report(d, "stays an int3 probe");
    return -1;
}

/* One strategy's probes, each queued or already prepared by a kprobe batch
 * (djprobe_prepare_queued): the rest built, one core sync, published; then
 * one wait for int3 references, one quiescence check (retried only for busy
 * sites) and one write of every jump (tails, sync, heads, sync). */
static void optimize_group(struct djprobe **v, int n, int strategy)
{
    const struct dj_strategy_desc *sd = &dj_strategies[strategy];
    int i, m = 0, built = 0;
    text_lock();
    for (i = 0; i < n; i++) {
        if (v[i]->state == DJ_PREPARED)
            v[m++] = v[i];
        else if (!build(v[i]))
            v[m++] = v[i], built++;
    }
    if (built)
        text_sync_cores();                       /* the buffers, visible everywhere */
    for (i = 0; i < m; i++)
        if (v[i]->state == DJ_QUEUED)
            dj_step(v[i], DJ_EV_PREPARE);
    text_unlock();
    if (!m)
        return;
    int3_sync_refs();
    m = check(v, m, sd);
    text_lock();
    i = (int)poke_stats.syncs;
    dj_write_jumps(v, m, sd->write);
    djprobe_stats.commit_syncs += (uint32_t)poke_stats.syncs - (uint32_t)i;
    djprobe_stats.commits += m > 0;
    for (i = 0; i < m; i++)
        dj_step(v[i], DJ_EV_COMMIT);
    djprobe_stats.optimized += m;
    text_unlock();
}

/* An array for n probes, or (no memory) the static one of BATCH_MAX and *n
 * cut to fit: the caller goes on in chunks. */
static struct djprobe **batch_array(int *n)
{
    static struct djprobe *one[BATCH_MAX];
    struct djprobe **v = *n > BATCH_MAX ? kmalloc_array((uint32_t)*n, sizeof *v) : NULL;
    if (v)
        return v;
    *n = *n < BATCH_MAX ? *n : BATCH_MAX;
    return one;
}

static void batch_free(struct djprobe **v, int n)
{
    if (n > BATCH_MAX)
        kfree(v);
}

/* The whole queue as one batch, one group per strategy (sorted in place). */
static void run_batch(void)
{
    struct djprobe **v, *d;
    int n = 0, s, i, k;
    for (d = queue; d; d = d->qnext)
        n++;
    v = batch_array(&n);
    for (i = 0; i < n; i++) {
        v[i] = queue;
        if (!(queue = queue->qnext))
            qtail = &queue;
    }
    djprobe_stats.batches++;
    for (s = DJS_DEFAULT + 1, k = 0; s < DJS_N; s++) {
        int k0 = k;
        for (i = k; i < n; i++)
            if (v[i]->strategy == s) {
                d = v[i]; v[i] = v[k]; v[k++] = d;
            }
        if (k > k0)
            optimize_group(v + k0, k - k0, s);
    }
    batch_free(v, n);
}

/* kprobe_mutex held, at the end of a kprobe batch before its int3 bytes are
 * written: build the buffer of every queued probe now, so the analysis (the
 * decoder and the rest, themselves probeable) does not trap on the batch's
 * own probes; refused ones go back to int3 probes.  Published by
 * djprobe_publish_queued() after the batch's core sync. */
int djprobe_prepare_queued(void)
{
    struct djprobe *d;
    int m = 0, bad = 0;
    ASSERT(sleeplock_held(&kprobe_mutex));
    text_lock();
    for (d = queue; d; d = d->qnext)
        if (d->state == DJ_QUEUED && !d->buf) {
            if (build(d))
                bad++;
            else
                m++;
        }
    text_unlock();
    if (bad)
        queue_prune();
    return m;
}

/* After the batch's core sync: the buffers built are seen everywhere, and
 * the int3 is at every head, so hits run the buffers from now on. */
void djprobe_publish_queued(void)
{
    struct djprobe *d;
    ASSERT(sleeplock_held(&kprobe_mutex));
    for (d = queue; d; d = d->qnext)
        if (d->state == DJ_QUEUED && d->buf) {
            ASSERT(*(uint8_t *)d->addr == 0xCC);
            dj_step(d, DJ_EV_PREPARE);
        }
}

static bool queued(void *arg) { (void)arg; return (queue != NULL && !hold) || dj_orphans(); }

void djprobe_hold(bool on)
{
    __atomic_add_fetch(&hold, on ? 1 : -1, __ATOMIC_SEQ_CST);
    if (!on)
        waitq_wake(&opt_wq, 1);
}

static void optimizer(void *arg)
{
    unsigned reap_ms = 1;                /* backoff while orphans stay busy */
    (void)arg;
    for (;;) {
        uint32_t gen;
        int busy;
        lp_safe_wait(&opt_wq, queued, NULL);
        if (delay_us)                    /* a sleep of 0 still waits for a tick */
            thread_sleep_ns(delay_us * 1000ull);
        if (hold && !dj_orphans())
            continue;
        sleeplock_acquire(&kprobe_mutex);
        gen = req_gen;
        while (queue && !hold)
            run_batch();
        done_gen = gen;
        busy = dj_reap_orphans();
        sleeplock_release(&kprobe_mutex);
        if (busy)
            thread_sleep_ns(reap_ms * 1000000ull);
        reap_ms = !busy ? 1 : reap_ms < 64 ? reap_ms * 2 : reap_ms;
    }
}

/* kprobe_mutex held: queue s for optimization with its strategy. */
void djprobe_request(struct kprobe_site *s)
{
    struct djprobe *d = s->dj;
    ASSERT(sleeplock_held(&kprobe_mutex));
    if (!d) {
        if (!(d = kzalloc(sizeof *d)))
            return;
        d->site = s;
        d->addr = s->addr;
        __atomic_store_n(&s->dj, d, __ATOMIC_RELEASE);
    }
    if (d->state != DJ_INT3)
        return;
    d->strategy = kprobe_site_strategy(s);
    d->why[0] = 0;
    dj_step(d, DJ_EV_QUEUE);
    d->qnext = NULL;
    *qtail = d;
    qtail = &d->qnext;
    req_gen++;
    if (!opt_thread)
        opt_thread = thread_create("djprobe-opt", optimizer, NULL, CPUMASK_ALL);
    if (!hold)                                   /* else djprobe_hold(false) wakes it */
        waitq_wake(&opt_wq, 1);
}

/* kprobe_mutex held: back to an int3 probe (forced: another probe needs the
 * region, H10).  Returns once the buffer is freed. */
void djprobe_unoptimize(struct kprobe_site *s, bool forced)
{
    struct djprobe *d = s->dj;
    ASSERT(sleeplock_held(&kprobe_mutex));
    if (!d || d->state == DJ_INT3)
        return;
    if (d->state == DJ_QUEUED) {
        ASSERT(!d->buf);
        dj_step(d, DJ_EV_CANCEL);
        queue_prune();
        return;
    }
    if (d->state == DJ_PREPARED)                 /* prepared by a batch, not yet checked */
        drop_prepared(&d, 1);
    else {
        ASSERT(d->state == DJ_OPTIMIZED);
        unoptimize_group(&d, 1);
    }
    if (forced) {
        djprobe_stats.forced++;
        ksnprintf(d->why, sizeof d->why, "H10: unoptimized for a probe inside its region");
        report(d, "forced back to an int3 probe");
    }
}

/* kprobe_mutex held: djprobe_unoptimize(s[i], false) for each, the
 * optimized ones (and those a batch prepared) grouped by strategy: one
 * restore and one release per group. */
void djprobe_unoptimize_many(struct kprobe_site **s, int n)
{
    struct djprobe **g, *d;
    int st, i, k, cap = n, cancel = 0, want;
    for (i = 0; i < n; i++)
        if ((d = s[i]->dj) && d->state == DJ_QUEUED) {
            ASSERT(!d->buf);
            dj_step(d, DJ_EV_CANCEL);
            cancel++;
        }
    if (cancel)
        queue_prune();
    g = batch_array(&cap);
    for (st = DJS_DEFAULT + 1; st < DJS_N; st++)
        for (want = DJ_PREPARED; want == DJ_PREPARED || want == DJ_OPTIMIZED;
             want = want == DJ_PREPARED ? DJ_OPTIMIZED : -1)
            for (i = k = 0; i <= n; i++) {
                d = i < n ? s[i]->dj : NULL;
                if (d && d->state == want && d->strategy == st)
                    g[k++] = d;
                if (k && (k == cap || i == n)) {
                    if (want == DJ_PREPARED)
                        drop_prepared(g, k);
                    else
                        unoptimize_group(g, k);
                    k = 0;
                }
            }
    batch_free(g, cap);
}

void djprobe_flush(void)
{
    uint32_t target = req_gen;
    while (queue && (int32_t)(done_gen - target) < 0)
        thread_sleep_ns(500000);
    sleeplock_acquire(&kprobe_mutex);            /* a batch in progress finishes */
    sleeplock_release(&kprobe_mutex);
}
