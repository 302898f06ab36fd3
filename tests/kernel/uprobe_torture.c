/* uprobe-torture: worker processes on every CPU (user/uworker.c) call probed
 * functions of one shared program with checked results while a patcher
 * registers, unregisters, enables and disables user probes at random.
 * Accounting: ut_count0..3's probed instruction is the increment of a
 * per-process counter; a probe is enabled and disabled inside a rendezvous
 * (every other CPU parked, so no user code runs) that also snapshots each
 * worker's counter and hit count, and a window's hits must equal the calls
 * that worker made in it, exactly (a process caught between its #BP and
 * its step's #DB is counted as the increment it still owes).  Handlers read
 * another worker's buffer with probe_read_user while its owner unmaps and
 * refills it: every read is -1 or exact (0 while refilling).  Also: every
 * worker exits 0, nobody is killed, the text is the image's again at the end. */
#include "kernel/scenario.h"
#include "kernel/proc.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/uspace.h"
#include "kernel/uvm.h"
#include "kernel/elf.h"
#include "kernel/usys.h"
#include "kernel/ipi.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/param.h"
#include "kernel/panic.h"
#include "kernel/uread.h"
#include "patch/uprobe_int.h"
#include "tests/kernel/torture.h"

#define UPT_MAXW (2 * NCPU_MAX)
#define NCOUNT 6                       /* counted sites; the last two may be jump-optimized */
#define NOPT 2
static const char *const site_name[] = {
    "ut_count0_site", "ut_count1_site", "ut_count2_site", "ut_count3_site", "ut_opt0_site", "ut_opt1_site",
    "ut_mov_site", "ut_jcc_site", "ut_call_site", "ut_icall_site", "ut_pushf_site", "ut_ret_site", "ut_rep_site",
};
#define NSITE (sizeof site_name / sizeof site_name[0])

static struct proc *w[UPT_MAXW];
static int nw;
static uint32_t counts_va;
static struct uprobe up[NSITE];
static bool live[NSITE], on[NSITE];
static volatile uint32_t hits[UPT_MAXW][NCOUNT];
static uint32_t snap_calls[UPT_MAXW][NCOUNT], snap_hits[UPT_MAXW][NCOUNT];
static uint32_t windows, ops[6], mismatches;

static int slot_of(struct proc *p)
{
    int i;
    for (i = 0; i < nw; i++)
        if (w[i] == p)
            return i;
    return -1;
}

/* Contract with user/uworker.c: where each worker keeps its buffer and what
 * every word of it holds (or 0, while the worker refills it). */
#define UW_PAGES 2
static uint32_t uw_buf(int pid) { return USER_MAP_BASE + 0x01000000u + (uint32_t)(pid % 64) * 0x10000u; }
static uint32_t uw_word(int pid, uint32_t a) { return (a * 2654435761u) ^ ((uint32_t)pid << 20) ^ 0x5a5a0001u; }
static volatile uint32_t reads_ok, reads_refused, reads_wrong, wrong_at, wrong_got, wrong_pid;

/* From a handler: 64 bytes of another worker's buffer, which it may be
 * unmapping and refilling right now: -1, or every word exact or 0. */
static void read_other(int i)
{
    uint32_t buf[16], n = (uint32_t)nw, h = reads_ok + reads_refused, a, k;
    struct proc *q = w[((uint32_t)i + 1 + h % (n - 1)) % n];
    a = uw_buf(q->pid) + (h * 68) % (UW_PAGES * PAGE_SIZE - sizeof buf) / 4 * 4;
    if (probe_read_user(buf, q, a, sizeof buf)) {
        __atomic_add_fetch(&reads_refused, 1, __ATOMIC_RELAXED);
        return;
    }
    for (k = 0; k < 16; k++)
        if (buf[k] && buf[k] != uw_word(q->pid, a + 4 * k)) {
            if (!__atomic_fetch_add(&reads_wrong, 1, __ATOMIC_RELAXED)) {
                wrong_at = a + 4 * k;
                wrong_got = buf[k];
                wrong_pid = (uint32_t)q->pid;
            }
            return;
        }
    __atomic_add_fetch(&reads_ok, 1, __ATOMIC_RELAXED);
}

static int upt_pre(struct uprobe *u, struct trapframe *tf, struct proc *p)
{
    int k = (int)(u - up), i = slot_of(p);
    (void)tf;
    if (k < NCOUNT && i >= 0)
        hits[i][k]++;                  /* one process is one thread: no race per slot */
    if (i >= 0 && nw > 1)
        read_other(i);
    return 0;
}

/* Worker i's counter k plus the increment it owes: it is stepping site k's
 * copy, or stopped in site k's detour buffer right after its int $T_UPROBE. */
static uint32_t calls_now(int i, int k)
{
    uint32_t *pte = uvm_pte(w[i]->pgdir, counts_va + 4 * (uint32_t)k, false);
    uint32_t v = *(uint32_t *)((*pte & ~0xFFFu) + ((counts_va + 4 * (uint32_t)k) & 0xFFF));
    struct usite *s = up[k].site;
    return v + (w[i]->ustep && w[i]->ustep == s) +
           (s->buf >= 0 && proc_user_eip(w[i]) == USER_UBUF + 64 * (uint32_t)s->buf + 2);
}

struct flip { int k; bool enable; };

/* In the rendezvous: close or open site k's window for every worker. */
static int flip_fn(void *arg)
{
    struct flip *f = arg;
    int i, k = f->k;
    for (i = 0; i < nw; i++) {
        uint32_t c = calls_now(i, k), h = hits[i][k];
        if (!f->enable && c - snap_calls[i][k] != h - snap_hits[i][k] && mismatches++ < 5)
            kprintf("!!! uprobe-torture: worker pid %d made %u calls at %s while its probe was "
                    "enabled, the handler ran %u times\n", w[i]->pid, c - snap_calls[i][k], site_name[k],
                    h - snap_hits[i][k]);
        snap_calls[i][k] = c;
        snap_hits[i][k] = h;
    }
    if (f->enable)
        up[k].flags &= ~UPROBE_DISABLED;
    else
        up[k].flags |= UPROBE_DISABLED;
    return 0;
}

static void flip(int k, bool enable)
{
    struct flip f = { k, enable };
    rendezvous_run(flip_fn, &f);
    on[k] = enable;
    windows += !enable;
    ops[enable ? 2 : 3]++;
}

static void toggle_opt(int k)
{
    char err[160];
    int r;
    if (uprobe_optimized(&up[k])) {
        uprobe_unoptimize(&up[k]);
        ops[5]++;
    } else if ((r = uprobe_optimize(&up[k], err, sizeof err)) < 0) {
        panic("uprobe-torture: %s refused: %s", site_name[k], err);
    } else {
        ops[4] += r == 0;
    }
}

static void step(uint32_t *rng)
{
    int k = (int)(torture_rnd(rng) % NSITE);
    char err[128];
    if (!live[k]) {
        up[k] = (struct uprobe){ .prog = "uworker", .symbol = site_name[k], .pre_handler = upt_pre,
                                 .flags = k < NCOUNT ? UPROBE_DISABLED : 0 };
        if (uprobe_register(&up[k], err, sizeof err))
            panic("uprobe-torture: %s: %s", site_name[k], err);
        live[k] = true;
        ops[0]++;
    } else if (k < NCOUNT && torture_rnd(rng) % 4) {
        flip(k, !on[k]);
    } else {
        if (on[k])
            flip(k, false);
        uprobe_unregister(&up[k]);
        live[k] = false;
        ops[1]++;
    }
    k = NCOUNT - NOPT + (int)(torture_rnd(rng) % NOPT);   /* and, half the time, an optimizable site */
    if (live[k] && torture_rnd(rng) % 2)
        toggle_opt(k);
}

static int scenario_uprobe_torture(char *why, size_t n)
{
    uint32_t rng = (uint32_t)param_seed * 2654435761u, kills = uspace_nkills, iters = 0;
    uint64_t end;
    char err[96];
    int i, k, bad = 0, prog = uimage_find("uworker");
    nw = ncpu * 2;
    if (prog < 0 || uimage_load(prog, err, sizeof err) ||
        elf_symbol(uprogs[prog].image, uprogs[prog].size, "uw_counts", &counts_va))
        return ksnprintf(why, n, "uprobe-torture: no uworker program"), 1;
    kprintf("uprobe-torture: uspace=%s, %d CPUs, %d workers, %d ms\n",
            uspace_layout == USPACE_SPLIT ? "split" : "shared", ncpu, nw, param_duration_ms);
    for (i = 0; i < nw; i++)
        if (!(w[i] = proc_spawn("uworker", (uint32_t)param_duration_ms + 500, NULL, false, CPUMASK_ALL,
                                err, sizeof err)))
            panic("uprobe-torture: %s", err);
    end = clock_ns() + (uint64_t)param_duration_ms * 1000000;
    while (clock_ns() < end) {
        step(&rng);
        thread_sleep_ns((torture_rnd(&rng) % 2000) * 1000);
    }
    for (k = 0; k < (int)NSITE; k++)
        if (live[k]) {
            if (on[k])
                flip(k, false);
            uprobe_unregister(&up[k]);
            live[k] = false;
        }
    for (i = 0; i < nw; i++) {
        wait_for_completion(&w[i]->done);
        iters += w[i]->report[0];
        if (w[i]->exit_code && !bad++)
            ksnprintf(why, n, "uprobe-torture: worker pid %d exited %d", w[i]->pid, w[i]->exit_code);
        proc_wait(w[i]);
    }
    kprintf("uprobe-torture: %d workers, %u iterations; registered %u unregistered %u enabled %u "
            "disabled %u (windows checked %u, mismatches %u); hits %u, steps %u, emulated %u, "
            "retries %u; kills %u\n", nw, iters, ops[0], ops[1], ops[2], ops[3], windows, mismatches,
            uprobe_stats.hits, uprobe_stats.steps, uprobe_stats.emulated, uprobe_stats.retries,
            uspace_nkills - kills);
    kprintf("uprobe-torture: handler reads of other workers' buffers: %u exact, %u refused "
            "(not present), %u wrong\n", reads_ok, reads_refused, reads_wrong);
    if (reads_wrong)
        kprintf("!!! uprobe-torture: read %08x of pid %u in a handler: %08x, want %08x or 0\n", wrong_at,
                wrong_pid, wrong_got, uw_word((int)wrong_pid, wrong_at));
    kprintf("uprobe-torture: optimized %u unoptimized %u, busy (a process inside the region) %u, "
            "waits for a buffer to empty %u; hits through buffers %u; orphaned sites %u buffers %u "
            "(bound %d ms), reclaimed sites %u buffers %u\n", uprobe_stats.optimized,
            uprobe_stats.unoptimized, uprobe_stats.opt_busy, uprobe_stats.buf_waits, uprobe_stats.opt_hits,
            uprobe_stats.orphan_sites, uprobe_stats.orphan_bufs, uprobe_wait_ms, uprobe_stats.reclaimed_sites,
            uprobe_stats.reclaimed_bufs);
    if (bad)
        return 1;
    if (mismatches)
        return ksnprintf(why, n, "uprobe-torture: %u windows whose hits differ from the calls", mismatches), 1;
    if (reads_wrong)
        return ksnprintf(why, n, "uprobe-torture: %u handler reads returned wrong bytes", reads_wrong), 1;
    if (uspace_nkills != kills)
        return ksnprintf(why, n, "uprobe-torture: %u processes killed", uspace_nkills - kills), 1;
    if (!windows)
        return ksnprintf(why, n, "uprobe-torture: no window was checked"), 1;
    return 0;
}
KSCENARIO("uprobe-torture", scenario_uprobe_torture,
          "user probes changed at random while worker processes call the probed functions");
