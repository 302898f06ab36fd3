/* sched-torture: threads that compute, sleep, hand a token back and forth
 * through wait queues, signal completions, yield, change affinity and get
 * preempted.  Checks: no lost wakeup (every thread finishes after stop, and
 * before stop no thread stays asleep with its wait condition true), every
 * thread progresses in each quarter of the run, sleeps are not short,
 * affinity is obeyed, the asm block (sched_landing.S, every register and
 * arithmetic flag live at every boundary) computes the same as its C model
 * across preemption and migration, the thread registry agrees with what
 * each off-CPU thread's own stack says about where it resumes, involuntary
 * switches happen only under preempt=full, and (landing=require, the default
 * under preempt=full) real preemptions landed on every instruction boundary
 * of the block.  Stats lines carry a monotonically increasing progress count. */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/gbound.h"
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
#include "kernel/panic.h"
#include "kernel/timer.h"
#include "tests/kernel/torture.h"

#define NINSN 16
#define MAXT 64
enum { K_COMPUTE, K_SLEEP, K_PING, K_PROD, K_CONS };

#define NST 8                          /* eax ebx ecx edx esi edi ebp eflags */
#define NQ 4                           /* progress is checked per quarter of the run */
struct tinfo;
struct pair { struct waitq wq; volatile int turn; volatile uint32_t handoffs; struct tinfo *who[2]; };
struct tinfo {
    struct thread *t;
    int kind, idx;
    uint32_t rng;
    volatile uint32_t progress;
    volatile int finished;
    struct pair *pair;
    struct completion *comp;
    char name[20];
    uint32_t mig;                     /* copied at join */
};

extern void sched_landing_run(uint32_t st[NST], uint32_t n);
extern const char sched_landing_start[], sched_landing_end[];
extern const char alltraps_ret[];

static int torture_threads, verbose;
KPARAM_INT("torture_verbose", verbose, 0, 1, "sched-torture: per-CPU lines in stats");
KPARAM_INT("torture_threads", torture_threads, 0, MAXT, "sched-torture threads (0: by CPU count)");

static struct tinfo ti[MAXT];
static int nt;
static struct pair pairs[MAXT / 2];
static int npairs;
static volatile int stop;
static volatile uint32_t errors, lost_wakeups, block_bad, registry_bad;
static uint32_t involuntary;              /* preemptions with a switch, summed at the end */
static struct completion pc_comp;
static volatile uint32_t produced, consumed;

static uint32_t rnd(uint32_t *s) { *s ^= *s << 13; *s ^= *s >> 17; *s ^= *s << 5; return *s; }

/* EFLAGS.CF PF AF ZF SF OF after a 32-bit add a + b. */
static uint32_t add_flags(uint32_t a, uint32_t b)
{
    uint32_t r = a + b;
    return (r < a ? 0x1 : 0) | (__builtin_parity(r & 0xFF) ? 0 : 0x4) | ((a ^ b ^ r) & 0x10) |
           (r == 0 ? 0x40 : 0) | (r >> 31 ? 0x80 : 0) | ((~(a ^ b) & (a ^ r)) >> 31 ? 0x800 : 0);
}

/* C model of sched_landing_run, line for line. */
static void landing_model(uint32_t s[NST], uint32_t n)
{
    uint32_t a = s[0], b = s[1], c = s[2], d = s[3], si = s[4], di = s[5], bp = s[6], t;
    uint32_t fl = s[7] & (EFLAGS_ARITH | EFLAGS_DF), c1, c2, c3 = 0;
    while (n--) {
        a = a + 2 * b + 0x3b;
        c = __builtin_bswap32(c);
        d = d + 8 * si;
        c1 = fl;
        t = si; si = di; di = t;
        bp = bp + 4 * a + 0x71;
        b = ~b;
        c = 5 * c;
        si = si + 2 * d - 0x15;
        c2 = fl;
        a = __builtin_bswap32(a);
        di = di + bp + 9;
        t = d; d = b; b = t;
        b = 9 * b;
        c = c + 2 * di + 5;
        c3 = fl;
        a ^= c1; si += c2; bp ^= c3;
        if (n) { fl = add_flags(d, bp) | (fl & EFLAGS_DF); d += bp; }
    }
    s[0] = a; s[1] = b; s[2] = c; s[3] = d; s[4] = si; s[5] = di; s[6] = bp; s[7] = c3;
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
    static const char *const reg[NST] = { "eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "eflags" };
    uint32_t in[NST], st[NST], ref[NST], it = 0;
    char what[96];
    int i;
    while (!stop) {
        if (it % 16 == 0) {                   /* new input; the model runs rarely */
            for (i = 0; i < NST; i++) in[i] = ref[i] = rnd(&x->rng);
            landing_model(ref, 500);
        }
        kmemcpy(st, in, sizeof st);
        sched_landing_run(st, 500);
        for (i = 0; i < NST && st[i] == ref[i]; i++)
            ;
        if (i < NST) {
            ksnprintf(what, sizeof what, "asm block result differs from its model: registers or flags "
                      "corrupted (%s %08x, model %08x)", reg[i], st[i], ref[i]);
            __atomic_add_fetch(&block_bad, 1, __ATOMIC_RELAXED);
            err(x, what);
        }
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

static struct tinfo *add(int kind, int idx, struct pair *p)
{
    struct tinfo *x = &ti[nt];
    x->kind = kind; x->idx = idx; x->pair = p; x->comp = &pc_comp;
    x->rng = (uint32_t)param_seed * 2654435761u + (uint32_t)nt * 40503u + 1;
    ksnprintf(x->name, sizeof x->name, "%s%d", kind_name[kind], idx);
    x->t = thread_create(x->name, worker, x, CPUMASK_ALL);
    if (!x->t) { err(x, "thread_create failed"); return NULL; }
    nt++;
    return x;
}

static void spawn(void)
{
    int want = torture_threads ? torture_threads : 3 * ncpu + 4, i;
    if (want < 6) want = 6;
    if (want > MAXT) want = MAXT;
    completion_init(&pc_comp);
    add(K_PROD, 0, NULL);
    add(K_CONS, 0, NULL);
    npairs = (want - 2) / 4;
    if (npairs < 1) npairs = 1;
    for (i = 0; i < npairs; i++) {
        waitq_init(&pairs[i].wq, "pair");
        pairs[i].who[0] = add(K_PING, 2 * i, &pairs[i]);
        pairs[i].who[1] = add(K_PING, 2 * i + 1, &pairs[i]);
    }
    for (i = 0; nt < want; i++)
        add(i % 3 == 2 ? K_SLEEP : K_COMPUTE, i, NULL);
}

/* The patcher's view: walk the thread registry from a rendezvous, so no
 * thread moves.  Hazard H1 is decided from each off-CPU thread's registry
 * entry (saved EIP, trap frame); here that entry is compared with what the
 * thread's own stack says, found by walking its frame-pointer chain from the
 * context swtch saved (edi esi ebx ebp ret): a preempted thread's chain
 * reaches trap(), called from alltraps with the trap frame as argument (it
 * resumes at the frame's EIP); a thread that switched voluntarily has
 * sched_block on its chain (it resumes where sched_block returns to). */
struct regscan { int n, off_cpu, preempted, in_block, bad; };

static bool on_stack(const struct thread *t, uint32_t a, uint32_t len)
{
    return !(a & 3) && a >= t->stack_lo && a + len <= t->stack_hi && a + len > a;
}

/* Resume EIP by the stack (0: the chain shows neither); *tf: the trap frame. */
static uint32_t stack_resume_eip(const struct thread *t, struct trapframe **tf)
{
    static const struct ksym *blk;
    const uint32_t *ctx = (const uint32_t *)t->esp, *f;
    uint32_t ret, fp;
    int depth;
    bool caller_next = false;
    if (!blk && !(blk = ksym_by_name("sched_block")))
        panic("sched-torture: no symbol sched_block");
    *tf = NULL;
    if (!on_stack(t, t->esp, 5 * 4))
        return 0;
    ret = ctx[4];
    if (ret == (uint32_t)thread_start_asm)
        return ret;                               /* never ran */
    for (fp = ctx[3], depth = 0; depth < 32; fp = f[0], depth++) {
        if (ret >= blk->addr && ret < blk->addr + blk->size)
            caller_next = true;                   /* the next return address is sched_block's */
        if (!on_stack(t, fp, 3 * 4))
            return 0;
        f = (const uint32_t *)fp;
        ret = f[1];
        if (caller_next)
            return ret;
        if (ret == (uint32_t)alltraps_ret) {
            if (!on_stack(t, f[2], sizeof **tf))
                return 0;
            *tf = (struct trapframe *)f[2];
            return (*tf)->eip;
        }
    }
    return 0;
}

static void reg_bad(struct regscan *r, struct thread *t, const char *what, uint32_t a, uint32_t b)
{
    char sa[96], sb[96];
    ksym_format(a, sa, sizeof sa);
    ksym_format(b, sb, sizeof sb);
    if (r->bad++ < 4)
        kprintf("!!! registry: thread %s (state %d) %s: registry eip %08x %s, its stack %08x %s\n",
                t->name, t->state, what, a, sa, b, sb);
}

static void reg_visit(struct thread *t, void *arg)
{
    struct regscan *r = arg;
    struct trapframe *tf;
    uint32_t eip;
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
    eip = stack_resume_eip(t, &tf);
    if (!eip)
        reg_bad(r, t, "resume point not found by walking the stack", t->saved_eip, t->esp);
    else if (t->tf != tf || t->saved_eip != eip)
        reg_bad(r, t, t->tf != tf ? (tf ? "preempted, but the registry has no trap frame" :
                                          "the registry has a trap frame its stack does not")
                                  : "resumes at", t->saved_eip, eip);
    if (tf) {
        r->preempted++;
        if (eip >= (uint32_t)sched_landing_start && eip < (uint32_t)sched_landing_end)
            r->in_block++;
    }
}
static struct regscan last_scan;

/* Lost wakeups before stop: a ping pair whose two threads are both asleep
 * (one of them with its turn: its wait condition true) and a consumer asleep
 * while completions are pending, seen twice at least 50 ms apart with no
 * progress in between (and, for the consumer, a producer that completed
 * again meanwhile, so its wakeup was due). */
struct wsnap {
    uint64_t ns;
    uint32_t hand[MAXT / 2], consumed, produced;
    bool both_asleep[MAXT / 2], cons_asleep;
};
static struct wsnap wprev;
static bool pair_reported[MAXT / 2], cons_reported;

static bool asleep(const struct tinfo *x) { return x && x->t && x->t->state == TS_SLEEPING; }

static void wake_snap(struct wsnap *w)
{
    int i;
    w->ns = clock_ns();
    for (i = 0; i < npairs; i++) {
        w->hand[i] = pairs[i].handoffs;
        w->both_asleep[i] = asleep(pairs[i].who[0]) && asleep(pairs[i].who[1]);
    }
    w->consumed = consumed;
    w->produced = produced;
    w->cons_asleep = asleep(&ti[1]) && pc_comp.done > 0;
}

static void lost_wakeup(const char *name, const char *what, uint64_t ms)
{
    __atomic_add_fetch(&lost_wakeups, 1, __ATOMIC_RELAXED);
    kprintf("!!! lost wakeup: thread %s asleep with its condition true (%s) for %u ms\n", name, what,
            (uint32_t)ms);
}

static void wake_watch(void)
{
    struct wsnap w;
    uint64_t ms;
    int i;
    wake_snap(&w);
    ms = (w.ns - wprev.ns) / 1000000u;
    if (wprev.ns && ms >= 50 && !stop) {
        for (i = 0; i < npairs; i++)
            if (wprev.both_asleep[i] && w.both_asleep[i] && wprev.hand[i] == w.hand[i] && !pair_reported[i]) {
                pair_reported[i] = true;
                lost_wakeup(pairs[i].who[pairs[i].turn]->name, "its turn; its partner asleep too", ms);
            }
        if (wprev.cons_asleep && w.cons_asleep && wprev.consumed == w.consumed &&
            w.produced >= wprev.produced + 2 && !cons_reported) {
            cons_reported = true;
            lost_wakeup(ti[1].name, "completions pending", ms);
        }
    }
    wprev = w;
}

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
        registry_bad += (uint32_t)r.bad;
        last_scan = r;
        wake_watch();
    }
    kprintf("sched-torture: t=%ums progress=%u switches=%u landed=%u migrations=%u "
            "preempt-migrations=%u completions=%u/%u registry=%d/%d/%d/%d errors=%u\n",
            (uint32_t)((clock_ns() - t0) / 1000000), total_progress(), sw, torture_landing_total(),
            mig, sched_preempt_migrations, consumed, produced, last_scan.n,
            last_scan.off_cpu, last_scan.preempted, last_scan.in_block, errors);
    if (verbose)
        for (i = 0; i < ncpu; i++)
            kprintf("  cpu %d: %s, %d queued, %u switches, preempt_count %d, ticks %u\n", i,
                    cpus[i].thread ? cpus[i].thread->name : "-", sched_nr_running(i),
                    cpus[i].nr_switches, cpus[i].preempt_count, cpus[i].ticks);
}

static volatile int dumped;
static void dump_cpu(struct trapframe *tf)
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
        if (lost_wakeups)                /* seen first, before stop (a later loss may then eat the stop's wakeup) */
            ksnprintf(why, n, "lost wakeup: %u thread%s asleep with the condition true before stop; %d stuck "
                      "asleep after stop", lost_wakeups, lost_wakeups > 1 ? "s" : "", stuck);
        else
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
        involuntary = invol;
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

/* Every thread progresses in every quarter of the run from the one in
 * which it first progressed on (a slow start is not a stall; stopping
 * later is).  A quarter in which some CPU took under a quarter of its
 * timer ticks is not judged: the host did not run that vCPU
 * (seen under load: 8 of 93 ticks in a quarter), which would starve its
 * threads for no fault of the kernel. */
static uint32_t qticks[NQ + 1][NCPU_MAX];

static void snap_ticks(int q)
{
    int c;
    for (c = 0; c < ncpu; c++) qticks[q][c] = cpus[c].ticks;
}

static bool host_ran_all(int q, uint32_t quarter_ms)
{
    uint32_t want = (uint32_t)timer_hz * quarter_ms / 1000, got;
    int c;
    for (c = 0; c < ncpu; c++)
        if ((got = qticks[q + 1][c] - qticks[q][c]) * 4 < want) {
            kprintf("progress: quarter %d not judged: cpu %d took %u of %u timer ticks (the host did "
                    "not run it)\n", q + 1, c, got, want);
            return false;
        }
    return true;
}

static int check_progress(uint32_t snap[NQ][MAXT], char *why, size_t n)
{
    int i, q, bad = 0;
    bool judged[NQ];
    for (q = 0; q < NQ; q++)
        judged[q] = host_ran_all(q, (uint32_t)param_duration_ms / NQ);
    for (i = 0; i < nt; i++) {
        bool started = false;
        for (q = 0; q < NQ; q++) {
            uint32_t from = q ? snap[q - 1][i] : 0, to = q < NQ - 1 ? snap[q][i] : ti[i].progress;
            if (to != from) {
                started = true;
                continue;
            }
            if ((!started && q < NQ - 1) || !judged[q])
                continue;
            kprintf("!!! thread %s made no progress in quarter %d of the run (progress %u)\n",
                    ti[i].name, q + 1, to);
            bad++;
            break;
        }
    }
    if (bad) ksnprintf(why, n, "%d thread%s starved: no progress in a quarter of the run", bad, bad > 1 ? "s" : "");
    return bad;
}

static void wake_all(void)
{
    int i;
    for (i = 0; i < npairs; i++) waitq_wake(&pairs[i].wq, 2);
    complete_all(&pc_comp);
}

static int scenario_sched_torture(char *why, size_t n)
{
    static const char *const bname[] = { "sched_landing_run's block" };
    uint32_t lo[1] = { (uint32_t)sched_landing_start }, hi[1] = { (uint32_t)sched_landing_end };
    uint64_t t0 = clock_ns(), end = t0 + (uint64_t)param_duration_ms * 1000000u;
    static uint32_t snap[NQ][MAXT];
    char lwhy[160];
    int i, q = 0, landing_bad;
    bool stopping = false;
    torture_landing_start(bname, lo, hi, 1);
    sched_bug_lo = lo[0];                     /* bugs that damage a preemption: aim at the block */
    sched_bug_hi = hi[0];
    sched_bug_t0 = t0;
    spawn();
    snap_ticks(0);
    ASSERT(ti[1].kind == K_CONS);
    kprintf("sched-torture: %d threads on %d CPUs, preempt model %d, %d ms "
            "(registry=threads/off-cpu/preempted/preempted-in-block)\n", nt, ncpu,
            sched_preempt_model, param_duration_ms);
    while (clock_ns() < end) {               /* stats every period; progress snapshot every quarter */
        if (scenario_stop && !stopping) {    /* shell key: end early, the quarters left >= 250 ms apart */
            uint64_t e = t0 + (clock_ns() + 250000000ull - t0) * NQ / (uint64_t)(q + 1);
            if (e < end) end = e;
            stopping = true;
        }
        uint64_t now = clock_ns(), next = now + (param_duration_ms >= 2000 ? 500000000ull : 250000000ull);
        uint64_t qat = q < NQ - 1 ? t0 + (end - t0) * (uint64_t)(q + 1) / NQ : end;
        if (next > qat) next = qat;
        if (next > now) thread_sleep_ns(next - now);
        if (q < NQ - 1 && clock_ns() >= qat) {
            for (i = 0; i < nt; i++) snap[q][i] = ti[i].progress;
            snap_ticks(++q);
        }
        stats(t0);
    }
    while (!stopping && torture_running(end, sched_preempt_model == PREEMPT_FULL ? 2 : 0, LAND_PREEMPT))
        thread_sleep_ns(50000000);            /* a busy host: the landings not all reached yet */
    if (!stopping && sched_bug && sched_bug_max && !sched_bug_fired()) {
        struct gbound b;                      /* a planted bug not acted yet (a busy host ran little of
                                               * its window): go on until it has, within 20 s */
        gbound_start(&b, GBOUND_ALL, 20000, 0);
        kprintf("sched-torture: sched_bug has not acted yet: the run goes on until it has (at most 20 s)\n");
        while (!sched_bug_fired() && !gbound_expired(&b))
            thread_sleep_ns(50000000), wake_watch();
        for (i = 0; i < 5; i++)               /* its effect */
            thread_sleep_ns(50000000), wake_watch();
    }
    snap_ticks(NQ);
    thread_sleep_ns(60000000);                /* one more look for sleepers with a true condition */
    wake_watch();
    stop = 1;
    wake_all();
    torture_landing_stop();
    if (finish_threads(why, n))
        return 1;
    stats(t0);
    landing_bad = torture_landing_check(sched_preempt_model == PREEMPT_FULL ? 2 : 0, LAND_PREEMPT, lwhy,
                                        sizeof lwhy);
    if (block_bad)
        return ksnprintf(why, n, "%u asm block results differ from the model: registers or flags corrupted "
                         "across preemption", block_bad), 1;
    if (registry_bad)
        return ksnprintf(why, n, "registry: %u entries disagree with their thread's stack about where it "
                         "resumes (H1 would be decided wrong)", registry_bad), 1;
    if (check_progress(snap, why, n))
        return 1;
    if (lost_wakeups)
        return ksnprintf(why, n, "lost wakeup: %u thread%s asleep with the condition true before stop",
                         lost_wakeups, lost_wakeups > 1 ? "s" : ""), 1;
    if (landing_bad)
        return ksnprintf(why, n, "%s", lwhy), 1;
    if (sched_preempt_model == PREEMPT_FULL && !involuntary)
        return ksnprintf(why, n, "no preemption happened under preempt=full"), 1;
    if (errors) {
        ksnprintf(why, n, "%u error%s (see !!! lines)", errors, errors > 1 ? "s" : "");
        return 1;
    }
    return 0;
}
KSCENARIO("sched-torture", scenario_sched_torture, "scheduler torture: sleep/wake/yield/migrate/preempt");
