/* sched-torture: threads that compute, sleep, hand a token back and forth
 * through wait queues, signal completions, yield, change affinity and get
 * preempted.  Checks: no lost wakeup (every thread finishes after stop),
 * every thread progresses in both halves of the run, sleeps are not short,
 * affinity is obeyed, the flag-chained asm block (sched_landing.S) computes
 * the same as its C model across preemption and migration, involuntary
 * switches happen only under preempt=full, and (landing=require, the default
 * under preempt=full) preemptions landed on every instruction boundary of
 * the block.  Stats lines carry a monotonically increasing progress count. */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/trap.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/param.h"
#include "kernel/x86.h"
#include "kernel/ipi.h"

#define NINSN 16
#define MAXT 64
enum { K_COMPUTE, K_SLEEP, K_PING, K_PROD, K_CONS };

struct pair { struct waitq wq; volatile int turn; volatile uint32_t handoffs; };
struct tinfo {
    struct thread *t;
    int kind, idx;
    uint32_t rng;
    volatile uint32_t progress, half_mark;
    volatile int finished;
    struct pair *pair;
    struct completion *comp;
    char name[20];
    uint32_t mig;                     /* copied at join */
};

extern void sched_landing_run(uint32_t st[4], uint32_t n);
extern const char sched_landing_start[], sched_landing_end[];
extern const uint32_t sched_landing_offsets[NINSN];

static int landing_mode = -1;              /* -1: require under full, else off */
static int torture_threads, verbose;
KPARAM_INT("torture_verbose", verbose, 0, 1, "sched-torture: per-CPU lines in stats");
KPARAM_ENUM("landing", landing_mode, "off|report|require", "sched-torture: preemption landing check");
KPARAM_INT("torture_threads", torture_threads, 0, MAXT, "sched-torture threads (0: by CPU count)");

static struct tinfo ti[MAXT];
static int nt;
static volatile int stop;
static volatile uint32_t errors, landed[NINSN], landed_total, preempt_total;
static struct completion pc_comp;
static volatile uint32_t produced, consumed;

static uint32_t rnd(uint32_t *s) { *s ^= *s << 13; *s ^= *s >> 17; *s ^= *s << 5; return *s; }
static uint32_t rol(uint32_t x, int n) { return x << n | x >> (32 - n); }
static uint32_t ror(uint32_t x, int n) { return x >> n | x << (32 - n); }

static void landing_model(uint32_t s[4], uint32_t n)
{
    uint32_t a = s[0], b = s[1], c = s[2], d = s[3], cf;
    uint64_t t;
    while (n--) {
        t = (uint64_t)a + c; a = (uint32_t)t; cf = (uint32_t)(t >> 32);
        t = (uint64_t)b + a + cf; b = (uint32_t)t;
        b = rol(b, 5);
        c ^= b;
        t = (uint64_t)d + 0x9e3779b9u; d = (uint32_t)t; cf = (uint32_t)(t >> 32);
        t = (uint64_t)c + cf; c = (uint32_t)t;
        cf = a < c; a -= c;
        t = (uint64_t)d + cf; cf = (uint64_t)b < t; b = (uint32_t)(b - t);
        a = ror(a, 3);
        d = a + 2 * b + 1;
        t = (uint64_t)c + d; c = (uint32_t)t; cf = (uint32_t)(t >> 32);
        t = (uint64_t)a + c + cf; a = (uint32_t)t;
        d ^= a;
        cf = b != 0; b = -b;
        t = (uint64_t)b + d + cf; b = (uint32_t)t; cf = (uint32_t)(t >> 32);
        t = c >> 31; c = c << 1 | cf; cf = (uint32_t)t;
    }
    s[0] = a; s[1] = b; s[2] = c; s[3] = d;
}

static NOPROBE void landing_hook(struct trapframe *tf)
{
    uint32_t off = tf->eip - (uint32_t)sched_landing_start;
    int i;
    __atomic_add_fetch(&preempt_total, 1, __ATOMIC_RELAXED);
    if (tf->eip < (uint32_t)sched_landing_start || tf->eip >= (uint32_t)sched_landing_end)
        return;
    for (i = 0; i < NINSN; i++)
        if (sched_landing_offsets[i] == off) {
            __atomic_add_fetch(&landed[i], 1, __ATOMIC_RELAXED);
            __atomic_add_fetch(&landed_total, 1, __ATOMIC_RELAXED);
            return;
        }
    kprintf("!!! preempted at %08x: inside the block but not on an instruction boundary\n", tf->eip);
    __atomic_add_fetch(&errors, 1, __ATOMIC_RELAXED);
}

static void err(struct tinfo *x, const char *what)
{
    if (__atomic_add_fetch(&errors, 1, __ATOMIC_RELAXED) <= 10)   /* no console flood */
        kprintf("!!! sched-torture thread %s: %s\n", x->name, what);
}

static void migrate_check(struct tinfo *x)
{
    int cpu = (int)(rnd(&x->rng) % (uint32_t)ncpu), now;
    thread_set_affinity(1u << cpu);
    preempt_disable();
    now = cpu_id();
    preempt_enable_no_resched();
    if (now != cpu)
        err(x, "running outside its affinity after thread_set_affinity");
    thread_set_affinity(CPUMASK_ALL);
}

static void compute(struct tinfo *x)
{
    uint32_t in[4], st[4], ref[4], it = 0;
    int i;
    while (!stop) {
        if (it % 16 == 0) {                   /* new input; the model runs rarely */
            for (i = 0; i < 4; i++) in[i] = ref[i] = rnd(&x->rng);
            landing_model(ref, 500);
        }
        kmemcpy(st, in, sizeof st);
        sched_landing_run(st, 500);
        if (kmemcmp(st, ref, sizeof st))
            err(x, "asm block result differs from its model: registers or flags corrupted");
        x->progress++;
        if (++it % 8 == 0) cond_resched();
        if (it % 32 == 0) thread_yield();
        if (it % 97 == 0 && ncpu > 1) migrate_check(x);
    }
}

static void sleeper(struct tinfo *x)
{
    while (!stop) {
        uint64_t want = 100000 + rnd(&x->rng) % 2000000, t0 = clock_ns();
        thread_sleep_ns(want);
        if (clock_ns() - t0 < want)
            err(x, "thread_sleep_ns returned early");
        x->progress++;
        if (x->progress % 16 == 0 && ncpu > 1) migrate_check(x);
    }
}

static bool my_turn(void *arg)
{
    struct tinfo *x = arg;
    return x->pair->turn == (x->idx & 1) || stop;
}

static void pinger(struct tinfo *x)
{
    for (;;) {
        waitq_wait(&x->pair->wq, my_turn, x);
        if (stop) break;
        x->pair->handoffs++;
        x->pair->turn = !(x->idx & 1);
        waitq_wake(&x->pair->wq, 1);
        x->progress++;
        if (rnd(&x->rng) % 4 == 0) thread_yield();
    }
}

static void producer(struct tinfo *x)
{
    while (!stop) {
        __atomic_add_fetch(&produced, 1, __ATOMIC_RELAXED);
        complete(x->comp);
        x->progress++;
        if (rnd(&x->rng) % 2) thread_yield(); else thread_sleep_ns(50000);
    }
    complete(x->comp);                         /* release a waiting consumer */
}

static void consumer(struct tinfo *x)
{
    while (!stop) {
        wait_for_completion(x->comp);
        if (stop) break;
        __atomic_add_fetch(&consumed, 1, __ATOMIC_RELAXED);
        x->progress++;
    }
}

static void worker(void *arg)
{
    struct tinfo *x = arg;
    switch (x->kind) {
    case K_COMPUTE: compute(x); break;
    case K_SLEEP: sleeper(x); break;
    case K_PING: pinger(x); break;
    case K_PROD: producer(x); break;
    case K_CONS: consumer(x); break;
    }
    x->finished = 1;
}

static const char *kind_name[] = { "compute", "sleep", "ping", "prod", "cons" };

static void add(int kind, int idx, struct pair *p)
{
    struct tinfo *x = &ti[nt];
    x->kind = kind; x->idx = idx; x->pair = p; x->comp = &pc_comp;
    x->rng = (uint32_t)param_seed * 2654435761u + (uint32_t)nt * 40503u + 1;
    ksnprintf(x->name, sizeof x->name, "%s%d", kind_name[kind], idx);
    x->t = thread_create(x->name, worker, x, CPUMASK_ALL);
    if (!x->t) { err(x, "thread_create failed"); return; }
    nt++;
}

static void spawn(void)
{
    int want = torture_threads ? torture_threads : 3 * ncpu + 4, i, np;
    static struct pair pairs[MAXT / 2];
    if (want < 6) want = 6;
    if (want > MAXT) want = MAXT;
    completion_init(&pc_comp);
    add(K_PROD, 0, NULL);
    add(K_CONS, 0, NULL);
    np = (want - 2) / 4;
    if (np < 1) np = 1;
    for (i = 0; i < np; i++) {
        waitq_init(&pairs[i].wq, "pair");
        add(K_PING, 2 * i, &pairs[i]);
        add(K_PING, 2 * i + 1, &pairs[i]);
    }
    for (i = 0; nt < want; i++)
        add(i % 3 == 2 ? K_SLEEP : K_COMPUTE, i, NULL);
}

/* The patcher's view: walk the thread registry from a rendezvous, so no
 * thread moves; every thread off-CPU must have a saved EIP in text and a
 * saved ESP inside its own stack, and a preempted one's trap frame must
 * agree with its saved EIP (hazard H1 is decided from exactly this data). */
struct regscan { int n, off_cpu, preempted, in_block, bad; };
static void reg_visit(struct thread *t, void *arg)
{
    struct regscan *r = arg;
    r->n++;
    if (t->state == TS_RUNNING)
        return;                               /* on a CPU: see its interrupted EIP */
    r->off_cpu++;
    if (t->saved_esp < t->stack_lo || t->saved_esp > t->stack_hi ||
        t->saved_eip < (uint32_t)__text_start || t->saved_eip >= (uint32_t)__text_end) {
        kprintf("!!! registry: thread %s state %d saved eip %08x esp %08x outside text or stack %08x-%08x\n",
                t->name, t->state, t->saved_eip, t->saved_esp, t->stack_lo, t->stack_hi);
        r->bad++;
    }
    if (t->tf) {
        r->preempted++;
        if (t->tf->eip != t->saved_eip) {
            kprintf("!!! registry: thread %s trap frame eip %08x != saved eip %08x\n", t->name,
                    t->tf->eip, t->saved_eip);
            r->bad++;
        }
        if (t->saved_eip >= (uint32_t)sched_landing_start && t->saved_eip < (uint32_t)sched_landing_end)
            r->in_block++;
    }
}
static struct regscan last_scan;

static uint32_t total_progress(void)
{
    uint32_t s = 0;
    int i;
    for (i = 0; i < nt; i++) s += ti[i].progress;
    return s;
}

static void stats(uint64_t t0)
{
    uint32_t sw = 0, mig = 0;
    int i;
    for (i = 0; i < ncpu; i++) sw += cpus[i].nr_switches;
    for (i = 0; i < nt; i++) mig += ti[i].t ? ti[i].t->nmigrations : ti[i].mig;
    if (!stop) {
        struct regscan r = { 0, 0, 0, 0, 0 };
        thread_foreach_stopped(reg_visit, &r);
        errors += (uint32_t)r.bad;
        last_scan = r;
    }
    kprintf("sched-torture: t=%ums progress=%u switches=%u preemptions=%u landed=%u migrations=%u "
            "preempt-migrations=%u completions=%u/%u registry=%d/%d/%d/%d errors=%u\n",
            (uint32_t)((clock_ns() - t0) / 1000000), total_progress(), sw, preempt_total, landed_total,
            mig, sched_preempt_migrations, consumed, produced, last_scan.n,
            last_scan.off_cpu, last_scan.preempted, last_scan.in_block, errors);
    if (verbose)
        for (i = 0; i < ncpu; i++)
            kprintf("  cpu %d: %s, %d queued, %u switches, preempt_count %d, ticks %u\n", i,
                    cpus[i].thread ? cpus[i].thread->name : "-", sched_nr_running(i),
                    cpus[i].nr_switches, cpus[i].preempt_count, cpus[i].ticks);
}

static volatile int dumped;
static NOPROBE void dump_cpu(struct trapframe *tf)
{
    trap_report(tf, "sched-torture: where this CPU was (NMI)");
    dumped++;
}

/* Show where every other CPU is (NMI reports), e.g. after a stuck thread. */
static void dump_cpus(void)
{
    int i;
    for (i = 0; i < ncpu; i++) {
        uint64_t end = clock_ns() + 100000000ull;
        int before = dumped;
        if (i == cpu_id()) continue;
        smp_nmi_call(i, dump_cpu);
        while (dumped == before && clock_ns() < end) pause();
    }
}

static int finish_threads(char *why, size_t n)
{
    uint64_t end = clock_ns() + 5000000000ull;
    int i, stuck = 0;
    char sym[96];
    while (clock_ns() < end) {
        for (i = 0; i < nt && ti[i].finished; i++)
            ;
        if (i == nt) break;
        thread_sleep_ns(10000000);
    }
    for (i = 0; i < nt; i++) {
        struct thread *t = ti[i].t;
        if (ti[i].finished) continue;
        stuck++;
        ksym_format(t->saved_eip, sym, sizeof sym);
        kprintf("!!! thread %s (tid %d) never finished: state %d on cpu %d, left the CPU at %s"
                " (lost wakeup?)\n", t->name, t->tid, t->state, t->cpu, sym);
    }
    if (stuck) {
        sched_dump();
        dump_cpus();
        ksnprintf(why, n, "lost wakeup: %d thread%s stuck asleep after stop", stuck, stuck > 1 ? "s" : "");
        return 1;
    }
    {
        uint32_t vol = 0, invol = 0;
        for (i = 0; i < nt; i++) {
            vol += ti[i].t->nvcsw;
            invol += ti[i].t->nivcsw;
            if (ti[i].t->nvcsw == 0) {            /* every worker blocks or yields */
                kprintf("!!! thread %s has no voluntary switch counted\n", ti[i].name);
                errors++;
            }
        }
        kprintf("switches: voluntary=%u involuntary=%u (per-thread counters)\n", vol, invol);
    }
    for (i = 0; i < nt; i++) {
        if (ti[i].t->nivcsw && sched_preempt_model != PREEMPT_FULL) {
            kprintf("!!! thread %s was preempted %u times under preempt model %d\n",
                    ti[i].t->name, ti[i].t->nivcsw, sched_preempt_model);
            errors++;
        }
        ti[i].mig = ti[i].t->nmigrations;
        thread_join(ti[i].t);
        ti[i].t = NULL;
    }
    return 0;
}

static int check_landing(char *why, size_t n)
{
    char line[400];
    int i, hit = 0, len = 0;
    int mode = landing_mode >= 0 ? landing_mode : (sched_preempt_model == PREEMPT_FULL ? 2 : 0);
    for (i = 0; i < NINSN; i++) {
        hit += landed[i] > 0;
        len += ksnprintf(line + len, sizeof line - (size_t)len, " +%u:%u", sched_landing_offsets[i], landed[i]);
    }
    kprintf("landing histogram (preemptions by offset in sched_landing_run's block, %u of %u "
            "preemptions):%s\n", landed_total, preempt_total, line);
    kprintf("landing: %d/%d instruction boundaries reached\n", hit, NINSN);
    if (mode == 2 && hit < NINSN) {
        kprintf("!!! preemptions reached only %d/%d instruction boundaries of the block\n", hit, NINSN);
        ksnprintf(why, n, "landing: preemptions reached only %d/%d instruction boundaries", hit, NINSN);
        return 1;
    }
    return 0;
}

static int check_progress(uint32_t *half, char *why, size_t n)
{
    int i, bad = 0;
    for (i = 0; i < nt; i++) {
        if (ti[i].progress == 0 || ti[i].progress == half[i]) {
            kprintf("!!! thread %s made no progress in the %s half (progress %u)\n", ti[i].name,
                    ti[i].progress ? "second" : "first", ti[i].progress);
            bad++;
        }
    }
    if (bad) ksnprintf(why, n, "%d thread%s starved", bad, bad > 1 ? "s" : "");
    return bad;
}

static int scenario_sched_torture(char *why, size_t n)
{
    uint64_t t0 = clock_ns(), end = t0 + (uint64_t)param_duration_ms * 1000000u, half_at = t0 + (end - t0) / 2;
    static uint32_t half[MAXT];
    bool halved = false;
    int i;
    if (sched_preempt_model == PREEMPT_FULL)
        sched_preempt_hook = landing_hook;
    sched_bug_lo = (uint32_t)sched_landing_start;   /* clobber_flags: aim at the checked block */
    sched_bug_hi = (uint32_t)sched_landing_end;
    spawn();
    kprintf("sched-torture: %d threads on %d CPUs, preempt model %d, %d ms "
            "(registry=threads/off-cpu/preempted/preempted-in-block)\n", nt, ncpu,
            sched_preempt_model, param_duration_ms);
    while (clock_ns() < end) {               /* stats every period; snapshot at half time */
        if (scenario_stop && end > clock_ns() + 1000000000ull) {   /* shell key: one more second */
            end = clock_ns() + 1000000000ull;
            if (!halved) half_at = clock_ns() + 500000000ull;
        }
        uint64_t now = clock_ns(), next = now + (param_duration_ms >= 2000 ? 500000000ull : 250000000ull);
        if (!halved && next > half_at) next = half_at;
        if (next > end) next = end;
        if (next > now) thread_sleep_ns(next - now);
        if (!halved && clock_ns() >= half_at) {
            for (i = 0; i < nt; i++) half[i] = ti[i].progress;
            halved = true;
        }
        stats(t0);
    }
    stop = 1;
    for (i = 0; i < nt; i++)
        if (ti[i].kind == K_PING) waitq_wake(&ti[i].pair->wq, 2);
    complete_all(&pc_comp);
    sched_preempt_hook = NULL;
    if (finish_threads(why, n))
        return 1;
    stats(t0);
    if (check_landing(why, n))
        return 1;
    if (sched_preempt_model == PREEMPT_FULL && preempt_total == 0) {
        ksnprintf(why, n, "no preemption happened under preempt=full");
        return 1;
    }
    if (check_progress(half, why, n))
        return 1;
    if (errors) {
        ksnprintf(why, n, "%u error%s (see !!! lines)", errors, errors > 1 ? "s" : "");
        return 1;
    }
    return 0;
}
KSCENARIO("sched-torture", scenario_sched_torture, "scheduler torture: sleep/wake/yield/migrate/preempt");
