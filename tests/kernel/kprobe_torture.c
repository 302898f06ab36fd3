/* kprobe-torture: workers on every CPU call probed targets (kprobe_torture_
 * targets.S) through kt_call and compare the whole result (every register
 * and arithmetic flag) with a C model, while a controller registers,
 * unregisters, enables and disables probes at random.  Between windows the
 * workers are paused so counts are exact: a probe armed for a whole window
 * must count every call made in it, and a witness probe left alone in each
 * window guarantees windows get checked (floor: half of them).  Handlers do
 * some work with interrupts on and check that their probe was not freed
 * under them (H7: with int3_refs=skip this is the negative control); probes
 * live in a pool of their own, poisoned on free and reused last, so a late
 * handler meets poison, not a recycled probe or the heap's own checks.
 * Two workers per CPU under preempt=full; native interrupts (and there
 * preemptions) must land inside the probed functions (torture.c). */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/gbound.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/ksym.h"
#include "kernel/panic.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "patch/kprobe.h"
#include "patch/int3.h"
#include "patch/slot.h"
#include "patch/insn/insn.h"
#include "tests/kernel/torture.h"

#define MAXP 8
#define POOL 64                       /* > MAXP: a freed probe waits long before reuse */
#define NST 8                         /* kt_call state: eax ebx ecx edx esi edi ebp eflags */
#define MIN_WINDOWS 4                 /* run past the duration if need be: the floor needs windows */
#define TK_MAGIC 0x7e57f00du
struct kt_site { uint32_t addr, fn; };
extern const struct kt_site kt_sites[];
extern const uint32_t kt_nsites;
int kt_a(int x);
int kt_b(int x);
void kt_leaf(void);
void kt_call(int (*fn)(int), uint32_t x, uint32_t st[NST]);

struct tprobe {
    uint32_t magic;
    volatile uint32_t gen;            /* bumped by every allocation of this pool entry */
    struct kprobe kp;
    int site;
    bool touched, used;
    uint32_t win_hits;
};

enum { BUG_NONE, BUG_CLOBBER_EDI, BUG_CLOBBER_PF };
static int tk_work = 200, tk_mut = 1, tk_churn, tk_site = -1, tk_witness = 1, tk_bug;
KPARAM_INT("kprobe_work", tk_work, 0, 100000, "kprobe-torture: handler work loop iterations");
KPARAM_INT("kprobe_mutations", tk_mut, 1, 64, "kprobe-torture: probe changes per window");
KPARAM_INT("kprobe_site", tk_site, -1, 63, "kprobe-torture: probe only this kt_sites index (-1: random)");
KPARAM_ENUM("kprobe_ops", tk_churn, "mixed|churn", "kprobe-torture: all four operations, or only register/unregister");
KPARAM_INT("kprobe_witness", tk_witness, 0, 1,
           "kprobe-torture: leave one armed probe untouched per window (0: negative control of the floor)");
KPARAM_ENUM("kprobe_bug", tk_bug, "none|clobber_edi|clobber_pf",
            "kprobe-torture negative control: the pre-handler changes edi or PF in the trap frame");

static struct tprobe pool[POOL];
static int pool_next;
static uint32_t pool_allocs, rel_probes;     /* probes registered on relative branches/calls */
static struct tprobe *live[MAXP], *witness;
static int nlive;
static volatile uint32_t calls[2][TORTURE_MAXW], sink[NCPU_MAX], site_hits[64];
static volatile int tk_pause;
static volatile uint32_t tk_gen, acked[TORTURE_MAXW];
static uint32_t windows, wchecked, checked, mutations;

/* EFLAGS.CF PF AF ZF SF OF after a + b (sub: a - b). */
static uint32_t pf_zf_sf(uint32_t r)
{
    return (__builtin_parity(r & 0xFF) ? 0 : 0x4) | (r == 0 ? 0x40 : 0) | (r >> 31 ? 0x80 : 0);
}
static uint32_t add_flags(uint32_t a, uint32_t b)
{
    uint32_t r = a + b;
    return (r < a) | pf_zf_sf(r) | ((a ^ b ^ r) & 0x10) | ((~(a ^ b) & (a ^ r)) >> 31 ? 0x800 : 0);
}
static uint32_t sub_flags(uint32_t a, uint32_t b)
{
    uint32_t r = a - b;
    return (a < b) | pf_zf_sf(r) | ((a ^ b ^ r) & 0x10) | (((a ^ b) & (a ^ r)) >> 31 ? 0x800 : 0);
}

/* Whole-state models (st in: random registers and flags; x < 65536). */
static void model_a(uint32_t st[NST], uint32_t x)
{
    uint32_t r = (((x + 3) * 2) ^ 0x55) + 7;       /* kt_leaf adds the 7 */
    st[7] = sub_flags(r, 1000);                     /* cmp $1000 (and sub $1000: the same flags) */
    st[0] = r >= 1000 ? r - 1000 : r;               /* ebp pushed and popped; others untouched */
}
static void model_b(uint32_t st[NST], uint32_t x)
{
    uint32_t q = x * 9 >> 2, nz = x != 0;
    st[2] = x;                                      /* ecx: the argument */
    st[3] = nz;                                     /* edx: setne dl; movzbl */
    st[0] = q + nz;
    st[7] = add_flags(q, nz);
}

static char first_err[128];

static void err(const char *what)
{
    uint32_t n = __atomic_fetch_add(&torture_errors, 1, __ATOMIC_RELAXED);
    if (n == 0)
        ksnprintf(first_err, sizeof first_err, "%s", what);
    if (n < 5)
        kprintf("!!! %s on cpu %d\n", what, cpu_id());
}

static void h7(const char *what, struct tprobe *t, struct trapframe *tf)
{
    panic("kprobe-torture: H7: %s (probe %p, magic %#x, int3 at %08x, cpu %d)", what, t, t->magic,
          tf->eip - 1, cpu_id());
}

static int tk_pre(struct kprobe *p, struct trapframe *tf)
{
    struct tprobe *t = (struct tprobe *)((char *)p - __builtin_offsetof(struct tprobe, kp));
    uint32_t i, acc = tf->eax, gen = t->gen;
    if (t->magic != TK_MAGIC) h7("probe handler ran on a freed probe", t, tf);
    if (p->addr != tf->eip - 1) h7("probe handler ran on a freed probe, reused at another address", t, tf);
    for (i = 0; i < (uint32_t)tk_work; i++)
        acc = acc * 33 + i;                 /* the handler's tracing work */
    sink[cpu_id()] += acc;
    if (t->magic != TK_MAGIC || t->gen != gen)
        h7("probe freed while its handler ran", t, tf);
    if (tk_bug == BUG_CLOBBER_EDI)
        tf->edi ^= 0x10000;                 /* BUG on purpose: as if the int3 path lost edi */
    if (tk_bug == BUG_CLOBBER_PF)
        tf->eflags ^= 0x4;                  /* BUG on purpose: as if it lost PF */
    return 0;
}

static void tk_post(struct kprobe *p, struct trapframe *tf)
{
    (void)p;
    if (slot_contains(tf->eip))
        err("post-handler saw EIP in an instruction slot");
}

static const char *const st_name[NST] = { "eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "eflags" };

/* Call target fn (0 kt_a, 1 kt_b) three times with the same random
 * registers and flags (mostly the target runs: interrupts land in it);
 * compare every register and the arithmetic flags with the model. */
static void call_checked(struct torture_worker *w, int fn, uint32_t x)
{
    uint32_t in[NST], st[NST], want[NST];
    char what[120];
    int i, rep;
    for (i = 0; i < NST; i++) in[i] = want[i] = torture_rnd(&w->rng);
    in[7] &= EFLAGS_ARITH;
    if (fn) model_b(want, x); else model_a(want, x);
    want[7] &= EFLAGS_ARITH;
    for (rep = 0; rep < 3; rep++) {
        kmemcpy(st, in, sizeof st);
        kt_call(fn ? kt_b : kt_a, x, st);
        calls[fn][w->idx]++;
        st[7] &= EFLAGS_ARITH;
        for (i = 0; i < NST && st[i] == want[i]; i++)
            ;
        if (i < NST) {
            ksnprintf(what, sizeof what, "%s(%#x) returned a wrong %s: %08x, model %08x",
                      fn ? "kt_b" : "kt_a", x, st_name[i], st[i], want[i]);
            err(what);
        }
    }
}

static void worker(struct torture_worker *w)
{
    uint32_t x = torture_rnd(&w->rng) & 0xFFFF;
    if (tk_pause) {                         /* between calls: safe to count */
        while (tk_pause && !torture_stop) {
            acked[w->idx] = tk_gen;
            thread_sleep_ns(100000);
        }
        return;
    }
    call_checked(w, 0, x);
    call_checked(w, 1, x);
    w->iters++;
    torture_pause(w);
}

static int pause_workers(void)
{
    struct gbound b;
    int i;
    tk_gen++;
    tk_pause = 1;
    gbound_start(&b, GBOUND_ALL, 2000, 0);     /* 2 s of every CPU's guest time */
    for (i = 0; i < torture_nworkers; i++)
        while (acked[i] != tk_gen)
            if (gbound_expired(&b)) return kprintf("!!! worker %d did not pause\n", i), -1;
            else thread_sleep_ns(100000);
    return 0;
}

static uint32_t total_calls(int fn)
{
    uint32_t s = 0;
    int i;
    for (i = 0; i < torture_nworkers; i++) s += calls[fn][i];
    return s;
}

static bool site_is_rel(uint32_t addr)
{
    struct insn in;
    uint8_t b[16];
    kprobe_orig_bytes(b, addr, sizeof b);
    if (insn_decode(&in, b, sizeof b) != INSN_OK)
        panic("kprobe-torture: cannot decode the probed instruction at %08x", addr);
    return (in.flags & INSN_F_REL) != 0;
}

/* Next-fit over the pool: the entry freed longest ago is reused first. */
static struct tprobe *tp_alloc(void)
{
    int i;
    for (i = 0; i < POOL; i++) {
        struct tprobe *t = &pool[(pool_next + i) % POOL];
        if (t->used)
            continue;
        pool_next = (pool_next + i + 1) % POOL;
        kmemset(t, 0, sizeof *t);
        t->gen = ++pool_allocs;
        t->used = true;
        t->magic = TK_MAGIC;
        return t;
    }
    panic("kprobe-torture: probe pool exhausted (%d live)", nlive);
}

static void tp_free(struct tprobe *t)
{
    ASSERT(t->used);
    kmemset(t, 0x6B, sizeof *t);            /* poisoned at once: a late user sees it */
    t->used = false;
}

static void add_probe(uint32_t *rng)
{
    struct tprobe *t;
    char e[160];
    if (nlive == MAXP)
        return;
    t = tp_alloc();
    t->site = tk_site >= 0 ? tk_site % (int)kt_nsites : (int)(torture_rnd(rng) % kt_nsites);
    t->kp.addr = kt_sites[t->site].addr;
    t->kp.pre_handler = tk_pre;
    t->kp.post_handler = (torture_rnd(rng) & 1) ? tk_post : NULL;
    t->touched = true;
    if (kprobe_register(&t->kp, e, sizeof e)) {
        kprintf("!!! kprobe_register at %08x refused: %s\n", t->kp.addr, e);
        torture_errors++;
        tp_free(t);
        return;
    }
    live[nlive++] = t;
    rel_probes += site_is_rel(t->kp.addr);
}

static void remove_probe(int i)
{
    struct tprobe *t = live[i];
    kprobe_unregister(&t->kp);
    site_hits[t->site] += kprobe_nhit(&t->kp);
    live[i] = live[--nlive];
    tp_free(t);
}

/* A random live probe other than the window's witness, or -1. */
static int pick_victim(uint32_t *rng)
{
    int n = nlive - (witness != NULL), k, i;
    if (n <= 0)
        return -1;
    k = (int)(torture_rnd(rng) % (uint32_t)n);
    for (i = 0; i < nlive; i++)
        if (live[i] != witness && k-- == 0)
            return i;
    panic("kprobe-torture: pick_victim: %d live, witness %p", nlive, witness);
}

static void mutate(uint32_t *rng)
{
    int a = (int)(torture_rnd(rng) % 4), i = pick_victim(rng);
    mutations++;
    if (tk_churn)
        a = nlive < MAXP / 2 ? 0 : 1;
    if (a == 0 || nlive < 3 || i < 0)
        add_probe(rng);
    else if (a == 1)
        remove_probe(i);
    else {
        live[i]->touched = true;
        if (a == 2) kprobe_disable(&live[i]->kp);
        else kprobe_enable(&live[i]->kp);
    }
}

/* Paused: compare each untouched, enabled probe's hits with the calls. */
static void window_check(uint32_t c0[2])
{
    char sym[96];
    int i, before = (int)checked;
    for (i = 0; i < nlive; i++) {
        struct tprobe *t = live[i];
        uint32_t want = total_calls((int)kt_sites[t->site].fn) - c0[kt_sites[t->site].fn];
        uint32_t got = kprobe_nhit(&t->kp) - t->win_hits;
        if (t->touched || (t->kp.flags & KPROBE_DISABLED))
            continue;
        checked++;
        if (got != want) {
            ksym_format(t->kp.addr, sym, sizeof sym);
            kprintf("!!! accounting: probe at %s counted %u hits for %u calls in window %u\n",
                    sym, got, want, windows);
            torture_errors++;
        }
    }
    wchecked += (int)checked > before;
}

static void window_open(uint32_t c0[2])
{
    int i;
    c0[0] = total_calls(0);
    c0[1] = total_calls(1);
    witness = NULL;
    for (i = 0; i < nlive; i++) {
        live[i]->touched = false;
        live[i]->win_hits = kprobe_nhit(&live[i]->kp);
        if (tk_witness && !witness && !(live[i]->kp.flags & KPROBE_DISABLED))
            witness = live[i];              /* left alone: this window will be checked */
    }
    windows++;
    tk_pause = 0;
}

static void stats(uint64_t t0)
{
    struct int3_stats st;
    int3_stats_sum(&st);
    kprintf("kprobe-torture: t=%ums progress=%u calls=%u windows=%u checked=%u/%u live=%d int3: "
            "stepped=%u emulated=%u vanished=%u errors=%u\n", (uint32_t)((clock_ns() - t0) / 1000000),
            mutations, total_calls(0) + total_calls(1), windows, wchecked, checked, nlive, (uint32_t)st.stepped,
            (uint32_t)st.emulated, (uint32_t)st.vanished, torture_errors);
}

static void report_sites(void)
{
    char sym[64];
    uint32_t i, n = 0;
    kprintf("int3 hits by site (probe hit counts of removed probes):\n");
    for (i = 0; i < kt_nsites; i++) {
        ksym_format(kt_sites[i].addr, sym, sizeof sym);
        if (site_hits[i] && ++n)
            kprintf("  %s: %u\n", sym, site_hits[i]);
    }
    if (!n)
        kprintf("  none\n");
}

/* Int3 landing: probe hits must have run out of line in both ways that
 * were asked for: single-stepped always, emulated if a probe sat on a
 * relative branch or call (kt_a's call and jl). */
static int check_int3(char *why, size_t n)
{
    struct int3_stats st;
    int3_stats_sum(&st);
    kprintf("int3: %u hits, %u single-stepped, %u emulated; probes registered at branch/call sites: %u\n",
            (uint32_t)st.hits, (uint32_t)st.stepped, (uint32_t)st.emulated, rel_probes);
    if (!st.stepped)
        return ksnprintf(why, n, "int3 landing: no probe hit was single-stepped"), 1;
    if (!st.emulated && rel_probes)
        return ksnprintf(why, n, "int3 landing: %u probes on branch/call sites, no hit emulated", rel_probes), 1;
    return 0;
}

static int finish(uint8_t *copy, uint32_t len, char *why, size_t n)
{
    int i;
    while (nlive)
        remove_probe(0);
    report_sites();
    for (i = 0; i < torture_nworkers; i++)
        if (!torture_workers[i].iters)
            return ksnprintf(why, n, "worker %s made no progress", torture_workers[i].name), 1;
    if (kmemcmp(copy, (void *)kt_sites[0].addr, len))
        return ksnprintf(why, n, "target text not restored after all probes were removed"), 1;
    if (torture_errors)
        return ksnprintf(why, n, "%u errors, the first: %s", torture_errors,
                         first_err[0] ? first_err : "see !!! lines"), 1;
    kprintf("accounting: %u of %u windows checked, %u probe-windows in all\n", wchecked, windows, checked);
    if (!wchecked || wchecked * 2 < windows)
        return ksnprintf(why, n, "accounting: only %u of %u windows checked a probe (floor: half)",
                         wchecked, windows), 1;
    return 0;
}

static uint32_t fn_end(void (*fn)(void))
{
    const struct ksym *k = ksym_lookup((uint32_t)fn);
    ASSERT(k && k->addr == (uint32_t)fn && k->size);
    return k->addr + k->size;
}

static int scenario_kprobe_torture(char *why, size_t n)
{
    static const char *const names[] = { "kt_a", "kt_leaf", "kt_b" };
    uint32_t lo[3] = { (uint32_t)kt_a, (uint32_t)kt_leaf, (uint32_t)kt_b };
    uint32_t hi[3] = { fn_end((void (*)(void))kt_a), fn_end(kt_leaf), fn_end((void (*)(void))kt_b) };
    uint64_t t0 = clock_ns(), end = t0 + (uint64_t)param_duration_ms * 1000000u, next = t0;
    uint32_t rng = (uint32_t)param_seed * 48271u + 7, c0[2], len = hi[2] - kt_sites[0].addr;
    uint8_t *copy = kmalloc(len);
    int i, r, lr, full = sched_preempt_model == PREEMPT_FULL;
    unsigned land = LAND_NATIVE | (full ? LAND_PREEMPT_NATIVE : 0);
    char lwhy[160];
    ASSERT(copy != NULL && kt_nsites <= 64);
    kmemcpy(copy, (void *)kt_sites[0].addr, len);
    kprintf("kprobe-torture: %d CPUs, %u sites, handler work %d, int3_refs %d, preempt model %d, %d ms\n",
            ncpu, kt_nsites, tk_work, int3_refs, sched_preempt_model, param_duration_ms);
    torture_landing_start(names, lo, hi, 3);
    tk_pause = 1;
    torture_spawn_n("kprober", worker, (uint32_t)param_seed, full ? 2 : 1);
    /* slow hosts: still a floor of windows; a key in the shell ends it early */
    while (((torture_running(end, 2, land) && !scenario_stop) || windows < MIN_WINDOWS) && !torture_errors) {
        if (pause_workers()) { torture_errors++; break; }
        window_check(c0);
        window_open(c0);
        for (i = 0; i < tk_mut; i++) {      /* the other live probes stay armed */
            thread_sleep_ns(1000000);
            mutate(&rng);
        }
        thread_sleep_ns(4000000);
        if (clock_ns() >= next) { stats(t0); next += 250000000ull; }
    }
    if (!torture_errors && !pause_workers())
        window_check(c0);
    tk_pause = 0;
    r = torture_join(why, n);
    torture_landing_stop();
    stats(t0);
    lr = torture_landing_check(2, land, lwhy, sizeof lwhy);
    if (r)
        return r;
    r = finish(copy, len, why, n);
    kfree(copy);
    if (!r && lr)
        r = (ksnprintf(why, n, "%s", lwhy), 1);
    if (!r)
        r = check_int3(why, n);
    return r;
}
KSCENARIO("kprobe-torture", scenario_kprobe_torture, "register/unregister/enable/disable probes while all CPUs hit them");
