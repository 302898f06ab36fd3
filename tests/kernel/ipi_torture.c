/* ipi-torture (after Linux's scftorture): one pinned worker per CPU issues
 * random weighted calls - one CPU, a random set, all CPUs, waiting or not -
 * plus rendezvous and sync_cores.  Each handler checks it runs on the CPU the
 * caller intended and sees the caller's write; after a waiting call the
 * caller checks it sees every handler's write; a rendezvous checks that every
 * other CPU is parked and takes no timer tick while fn runs.  Stats lines
 * carry a monotonically increasing op count; ipi_bug=no_ack_barrier must be
 * caught ("caller did not see the handler's write"). */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/cpu.h"
#include "kernel/gbound.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/ipi.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/x86.h"

enum { OP_ONE, OP_ONE_NOWAIT, OP_MANY, OP_ALL, OP_ALL_NOWAIT, OP_RV, OP_SYNC, NOPS };
static const char *op_name[NOPS] = { "one", "one-nowait", "many", "all", "all-nowait", "rendezvous", "sync" };
static const int op_weight[NOPS] = { 30, 15, 15, 10, 10, 12, 8 };

struct slot { volatile uint32_t seen, reply, ran_on, done; };
struct callrec {
    uint32_t seq;                     /* written by the caller before the call */
    uint32_t mask;                    /* intended CPUs */
    struct slot s[NCPU_MAX];          /* written by each handler */
};
struct worker { struct thread *t; int cpu; uint32_t rng; volatile int finished; struct callrec rec; };

static struct worker workers[NCPU_MAX];
static volatile int stop;
static volatile uint32_t errors, ops[NOPS], nowait_sent, nowait_done;

static uint32_t rnd(uint32_t *s) { *s ^= *s << 13; *s ^= *s >> 17; *s ^= *s << 5; return *s; }

static char first_err[120];

static void fail(const char *fmt, uint32_t a, uint32_t b, uint32_t c)
{
    char buf[120];
    uint32_t n = __atomic_add_fetch(&errors, 1, __ATOMIC_RELAXED);
    ksnprintf(buf, sizeof buf, fmt, a, b, c);
    if (n == 1)
        ksnprintf(first_err, sizeof first_err, "%s", buf);
    if (n <= 10)                      /* a broken variant fails thousands of times */
        kprintf("!!! ipi-torture: %s\n", buf);
    if (n >= 100)
        stop = 1;                     /* enough evidence: end the run early */
}

/* Waiting-call handler: record, dawdle a little, reply. */
static void handler(void *arg)
{
    struct callrec *r = arg;
    int me = cpu_id(), i;
    struct slot *s = &r->s[me];
    if (!(r->mask & (1u << me)))
        fail("handler for call %u ran on cpu %u, not in mask %#x", r->seq, (uint32_t)me, r->mask);
    s->seen = READ_ONCE(r->seq);
    s->ran_on = (uint32_t)me;
    for (i = 0; i < 50; i++) pause();
    s->reply = s->seen * 3 + 1;
    __atomic_store_n(&s->done, r->seq, __ATOMIC_RELEASE);
}

struct nowait { uint32_t seq, target, check; };
static void nowait_handler(void *arg)
{
    struct nowait *n = arg;
    uint32_t me = (uint32_t)cpu_id();
    if (n->target != 0xFFFFFFFFu && n->target != me)
        fail("no-wait call %u for cpu %u ran on cpu %u", n->seq, n->target, me);
    if (n->check != n->seq * 7)
        fail("no-wait call %u: handler on cpu %u saw a stale argument %#x", n->seq, me, n->check);
    __atomic_add_fetch(&nowait_done, 1, __ATOMIC_RELAXED);
    if (n->target != 0xFFFFFFFFu)
        kfree(n);
}

static void check_replies(struct callrec *r)
{
    int i;
    for (i = 0; i < ncpu; i++) {
        struct slot *s = &r->s[i];
        if (!(r->mask & (1u << i)))
            continue;
        if (READ_ONCE(s->seen) != r->seq || READ_ONCE(s->ran_on) != (uint32_t)i)
            fail("call %u to cpu %u: handler record missing (seen %u)", r->seq, (uint32_t)i, s->seen);
        else if (READ_ONCE(s->reply) != r->seq * 3 + 1)
            fail("call %u to cpu %u: caller did not see the handler's write (reply %u)", r->seq,
                 (uint32_t)i, s->reply);
        while (READ_ONCE(s->done) != r->seq)  /* let a late handler finish before reuse */
            pause();
    }
}

static void do_wait_call(struct worker *w, uint32_t mask)
{
    struct callrec *r = &w->rec;
    r->seq += 1;
    r->mask = mask & smp_online_mask();
    smp_call_mask(r->mask, handler, r, true);
    check_replies(r);
}

static void do_nowait(struct worker *w, bool all)
{
    static struct nowait allrec[NCPU_MAX];
    struct nowait *n;
    uint32_t target = rnd(&w->rng) % (uint32_t)ncpu;
    if (all) {
        /* one record per issuing CPU; wait for the previous broadcast first */
        n = &allrec[w->cpu];
        while (READ_ONCE(n->seq) && READ_ONCE(nowait_done) < READ_ONCE(nowait_sent) && !stop)
            pause();
        n->seq = n->seq + 1; n->target = 0xFFFFFFFFu; n->check = n->seq * 7;
        __atomic_add_fetch(&nowait_sent, (uint32_t)__builtin_popcount(smp_online_mask()), __ATOMIC_RELAXED);
        smp_call_all(nowait_handler, n, false);
        return;
    }
    n = kmalloc(sizeof *n);
    n->seq = w->rec.seq++; n->target = target; n->check = n->seq * 7;
    __atomic_add_fetch(&nowait_sent, 1, __ATOMIC_RELAXED);
    smp_call_one((int)target, nowait_handler, n, false);
}

static int rv_fn(void *arg)
{
    int i, bad = 0, me = cpu_id();
    uint32_t before[NCPU_MAX];
    (void)arg;
    for (i = 0; i < ncpu; i++) {
        before[i] = cpus[i].ticks;
        if (i != me && !cpus[i].parked) bad++;
    }
    clock_delay_us(2 * 1000000 / 250 + 500);      /* longer than a tick at hz >= 250 */
    for (i = 0; i < ncpu; i++)
        if (i != me && cpus[i].ticks != before[i]) bad++;
    return bad;
}

static void worker_fn(void *arg)
{
    struct worker *w = arg;
    int total = 0, k, op;
    for (k = 0; k < NOPS; k++) total += op_weight[k];
    while (!stop) {
        int x = (int)(rnd(&w->rng) % (uint32_t)total);
        for (op = 0; x >= op_weight[op]; op++) x -= op_weight[op];
        switch (op) {
        case OP_ONE: do_wait_call(w, 1u << (rnd(&w->rng) % (uint32_t)ncpu)); break;
        case OP_MANY: do_wait_call(w, rnd(&w->rng)); break;
        case OP_ALL: do_wait_call(w, CPUMASK_ALL); break;
        case OP_ONE_NOWAIT: do_nowait(w, false); break;
        case OP_ALL_NOWAIT: do_nowait(w, true); break;
        case OP_RV:
            if (rnd(&w->rng) % 8) { op = OP_ONE; do_wait_call(w, 1u << w->cpu); break; }
            if (rendezvous_run(rv_fn, NULL))
                fail("rendezvous by cpu %u: another CPU was not parked or took a tick (%u %u)",
                     (uint32_t)w->cpu, 0, 0);
            break;
        case OP_SYNC: sync_cores(); break;
        }
        __atomic_add_fetch(&ops[op], 1, __ATOMIC_RELAXED);
        cond_resched();
        if ((ops[op] & 63) == 0) thread_yield();
    }
    w->finished = 1;
}

static uint32_t total_ops(void)
{
    uint32_t s = 0;
    int i;
    for (i = 0; i < NOPS; i++) s += ops[i];
    return s;
}

static void stats(uint64_t t0)
{
    char line[200];
    int i, len = 0;
    for (i = 0; i < NOPS; i++)
        len += ksnprintf(line + len, sizeof line - (size_t)len, " %s=%u", op_name[i], ops[i]);
    kprintf("ipi-torture: t=%ums ops=%u%s nowait=%u/%u errors=%u\n",
            (uint32_t)((clock_ns() - t0) / 1000000), total_ops(), line, nowait_done, nowait_sent, errors);
}

static int scenario_ipi_torture(char *why, size_t n)
{
    uint64_t t0 = clock_ns(), end = t0 + (uint64_t)param_duration_ms * 1000000u;
    struct gbound b;
    int i;
    if (ncpu < 2) {
        ksnprintf(why, n, "ipi-torture needs at least 2 CPUs (have %d)", ncpu);
        return 1;
    }
    for (i = 0; i < ncpu; i++) {
        workers[i].cpu = i;
        workers[i].rng = (uint32_t)param_seed * 2654435761u + (uint32_t)i * 7919u + 1;
        workers[i].t = thread_create("ipiw", worker_fn, &workers[i], 1u << i);
        if (!workers[i].t) { ksnprintf(why, n, "thread_create failed"); return 1; }
    }
    kprintf("ipi-torture: %d workers, %d ms\n", ncpu, param_duration_ms);
    /* a planted bug's run ends once it is caught (its scenario gives it long) */
    while (clock_ns() < end && !stop && !scenario_stop && !(ipi_bug && errors)) {
        thread_sleep_ns(param_duration_ms >= 2000 ? 500000000ull : 250000000ull);
        stats(t0);
    }
    stop = 1;
    gbound_start(&b, GBOUND_ALL, 3000, 0);     /* 3 s of every CPU's guest time */
    for (i = 0; i < ncpu; i++) {
        while (!workers[i].finished && !gbound_expired(&b))
            thread_sleep_ns(5000000);
        if (!workers[i].finished) {
            ksnprintf(why, n, "worker on cpu %d did not finish", i);
            return 1;
        }
        thread_join(workers[i].t);
    }
    while (READ_ONCE(nowait_done) < READ_ONCE(nowait_sent) && !gbound_expired(&b))
        thread_sleep_ns(1000000);
    stats(t0);
    if (nowait_done != nowait_sent) {
        ksnprintf(why, n, "%u no-wait calls never ran", nowait_sent - nowait_done);
        return 1;
    }
    if (errors) {
        ksnprintf(why, n, "%u error%s, first: %s", errors, errors > 1 ? "s" : "", first_err);
        return 1;
    }
    return 0;
}
KSCENARIO("ipi-torture", scenario_ipi_torture, "cross-CPU call, rendezvous and sync-cores torture");
