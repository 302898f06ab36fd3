/* fuzz: the kernel side of the system-call fuzzer (user/fuzz.c).  fuzz_per_cpu
 * worker processes pinned to each CPU, one after another until duration=;
 * each worker's seed follows from seed=, its slot and its round, so --seed S
 * replays the same workers (fuzz_one=SEED replays one).  Random-bytes
 * children that loop are ended after fuzz_loop_ms.  Checks: every worker
 * exits 0 (its own contract checks passed); the processes killed by an
 * exception are exactly the children the workers saw killed; no process is
 * left once all are reaped, and the free pages equal those before. */
#include "kernel/scenario.h"
#include "kernel/proc.h"
#include "kernel/uimage.h"
#include "kernel/uspace.h"
#include "kernel/uvm.h"
#include "kernel/usys.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/param.h"
#include "kernel/panic.h"
#include "kernel/cpu.h"
#include "user/fuzz.h"

#define FZ_MAXSLOTS (4 * NCPU_MAX)
#define MS 1000000ull

static int fuzz_per_cpu = 2, fuzz_one, fuzz_loop_ms = 200, fuzz_drain_ms = 30000;
KPARAM_INT("fuzz_per_cpu", fuzz_per_cpu, 1, 4, "fuzz: worker processes per CPU at once");
KPARAM_INT("fuzz_one", fuzz_one, 0, 0x0FFFFFFF, "fuzz: run only the worker with this seed (a replay), once");
KPARAM_INT("fuzz_loop_ms", fuzz_loop_ms, 10, 10000,
           "fuzz: a random-bytes child still running after this many ms is ended (it loops)");
KPARAM_INT("fuzz_drain_ms", fuzz_drain_ms, 1000, 600000,
           "fuzz: after duration, the bound for every worker to end and every process to be reaped");

struct fz_slot {
    int idx, cpu;
    struct thread *t;
    uint32_t workers, calls, killed, spawned;
    bool bad;
    volatile bool done;
    char why[200];
};

static struct fz_slot slots[FZ_MAXSLOTS];
static volatile int fz_stop;
static uint32_t fz_ended;

/* A worker seed from seed=, slot and round (a murmur3-style mix), 28 bits, not 0. */
static uint32_t fz_seed(int idx, uint32_t round)
{
    uint32_t x = (uint32_t)param_seed * 0x9e3779b1u ^ (uint32_t)idx * 0x85ebca6bu ^ round * 0xc2b2ae35u;
    x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
    return (x & 0x0FFFFFFFu) ? x & 0x0FFFFFFFu : 1;
}

/* One worker from spawn to reap; false with s->why on a failure. */
static bool fz_run_worker(struct fz_slot *s, uint32_t seed)
{
    char err[96];
    struct proc *p;
    uint32_t rep[4];
    int code, tries;
    for (tries = 0; tries < 1000; tries++) {   /* a worker's burst may fill the table for a while */
        if ((p = proc_spawn("fuzz", FZ_ARG(FZ_WORKER, seed), NULL, false, 1u << s->cpu, err, sizeof err)))
            break;
        thread_sleep_ns(MS);
    }
    if (!p)
        return ksnprintf(s->why, sizeof s->why, "fuzz: cannot spawn a worker: %s", err), false;
    wait_for_completion(&p->done);     /* exited, not reaped: its reports are final */
    kmemcpy(rep, p->report, sizeof rep);
    code = proc_wait(p);
    s->workers++;
    s->calls += rep[0];
    s->killed += rep[2];
    s->spawned += rep[3];
    if (code)
        return ksnprintf(s->why, sizeof s->why, "fuzz: worker seed %#x on cpu %d exited %d "
                         "(%u failed checks): replay it with fuzz_one=%#x", seed, s->cpu, code,
                         rep[1], seed), false;
    return true;
}

static void fz_slot_main(void *arg)
{
    struct fz_slot *s = arg;
    uint32_t round = 0;
    if (fuzz_one) {
        s->bad = !fz_run_worker(s, (uint32_t)fuzz_one);
    } else {
        while (!fz_stop && !s->bad)
            s->bad = !fz_run_worker(s, fz_seed(s->idx, round++));
    }
    if (s->bad)
        fz_stop = 1;
    __atomic_store_n(&s->done, true, __ATOMIC_RELEASE);
}

/* Under the process table lock: a random-bytes child past fuzz_loop_ms is
 * ended at its next return to user mode (kernel/uspace.c). */
static void fz_end_loops(struct proc *p, void *arg)
{
    uint64_t now = *(uint64_t *)arg;
    if (p->state != P_RUN || kstrcmp(p->name, "fuzz") || FZ_MODE(p->arg) != FZ_BYTES || p->killed ||
        now - p->start_ns < (uint64_t)fuzz_loop_ms * MS)
        return;
    p->kill_vec = FZ_KILL_VEC;
    __atomic_store_n(&p->killed, true, __ATOMIC_RELEASE);
    fz_ended++;
}

static void fz_show(struct proc *p, void *arg)
{
    (void)arg;
    kprintf("fuzz:   pid %d %s arg %#x state %d user eip %08x\n", p->pid, p->name, p->arg, p->state,
            proc_user_eip(p));
}

/* Until every slot is done (fz_stop set at the deadline); false past the drain bound. */
static bool fz_supervise(int nslots, uint64_t end)
{
    uint64_t now;
    int i, done;
    for (;;) {
        thread_sleep_ns(2 * MS);
        now = clock_ns();
        proc_foreach(fz_end_loops, &now);
        if (now >= end)
            fz_stop = 1;
        for (i = done = 0; i < nslots; i++)
            done += __atomic_load_n(&slots[i].done, __ATOMIC_ACQUIRE);
        if (done == nslots)
            return true;
        if (now >= end + (uint64_t)fuzz_drain_ms * MS)
            return false;
    }
}

static bool fz_drained(int procs0, uint64_t bound)
{
    while (proc_count() != procs0 && clock_ns() < bound)
        thread_sleep_ns(MS);
    return proc_count() == procs0;
}

static int scenario_fuzz(char *why, size_t n)
{
    char err[96];
    struct proc *p;
    uint32_t kills0, calls0, free0, free1, workers = 0, calls = 0, killed = 0, spawned = 0, kcalls;
    uint64_t t0, t1, ms;
    int nslots = fuzz_one ? 1 : ncpu * fuzz_per_cpu, procs0, i, bad = 0;
    if (!(p = proc_spawn("fuzz", FZ_ARG(FZ_EXIT, 1), NULL, false, CPUMASK_ALL, err, sizeof err)))
        return ksnprintf(why, n, "fuzz: cannot start: %s", err), 1;
    proc_wait(p);                       /* loads the program's text: its pages stay */
    procs0 = proc_count();
    free0 = palloc_free_count();
    kills0 = uspace_nkills;
    calls0 = uspace_nsyscalls;
    kprintf("fuzz: uspace=%s, %d CPUs, %d workers at once, seed %d, %d ms, %u pages free\n",
            uspace_layout == USPACE_SPLIT ? "split" : "shared", ncpu, nslots, param_seed,
            param_duration_ms, free0);
    t0 = clock_ns();
    for (i = 0; i < nslots; i++) {
        slots[i].idx = i;
        slots[i].cpu = i % ncpu;
        if (!(slots[i].t = thread_create("fuzz-slot", fz_slot_main, &slots[i], CPUMASK_ALL)))
            panic("fuzz: no thread for slot %d", i);
    }
    if (!fz_supervise(nslots, t0 + (uint64_t)param_duration_ms * MS)) {
        kprintf("fuzz: workers still running %d ms after the end; processes:\n", fuzz_drain_ms);
        proc_foreach(fz_show, NULL);
        return ksnprintf(why, n, "fuzz: hang: workers not done %d ms after the end", fuzz_drain_ms), 1;
    }
    t1 = clock_ns();
    for (i = 0; i < nslots; i++) {
        thread_join(slots[i].t);
        workers += slots[i].workers;
        calls += slots[i].calls;
        killed += slots[i].killed;
        spawned += slots[i].spawned;
        if (slots[i].bad && !bad++)
            ksnprintf(why, n, "%s", slots[i].why);
    }
    kcalls = uspace_nsyscalls - calls0;
    if (!fz_drained(procs0, clock_ns() + (uint64_t)fuzz_drain_ms * MS))
        return ksnprintf(why, n, "fuzz: %d processes left %d ms after the last worker", proc_count() - procs0,
                         fuzz_drain_ms), 1;
    free1 = palloc_free_count();
    ms = (t1 - t0) / MS;
    kprintf("fuzz: %u workers, %u checked calls, %u system calls in all in %u ms of guest time "
            "(%u a second); children %u: %u killed by an exception (kernel: %u), %u loops ended; "
            "pages free %u before, %u after\n",
            workers, calls, kcalls, (uint32_t)ms, ms ? (uint32_t)((uint64_t)kcalls * 1000 / ms) : 0,
            spawned, killed, uspace_nkills - kills0, fz_ended, free0, free1);
    if (bad)
        return 1;
    if (uspace_nkills - kills0 != killed)
        return ksnprintf(why, n, "fuzz: the kernel killed %u processes, the workers saw %u children killed",
                         uspace_nkills - kills0, killed), 1;
    if (free1 != free0)
        return ksnprintf(why, n, "fuzz: %d pages lost (%u free before, %u after)", (int)(free0 - free1),
                         free0, free1), 1;
    if (!workers || !calls)
        return ksnprintf(why, n, "fuzz: no worker ran"), 1;
    return 0;
}
KSCENARIO("fuzz", scenario_fuzz,
          "system-call fuzzer: random calls, pointers, traps and instruction bytes from user processes on every CPU");
