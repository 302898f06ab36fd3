/* park (a thread asleep in sh_callee, its return address inside the region
 * of a probe at sh_mid_call_nop; or, with a return probe on sh_callee, one
 * stopped on the trampoline's first instruction on its way back) and matrix (the hazard scenario, tests/
 * kernel/hazard.c, for one hazard under every strategy: each cell undoes
 * what it caught, so the shell survives the broken strategies too). */
#include "kernel/shell/shell.h"
#include "kernel/ktest.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "patch/slot.h"
#include "patch/kretprobe.h"
#include "kernel/scenario.h"
#include "tests/kernel/hazard.h"
#include "tests/kernel/hazard_park.h"
#include "kernel/cpu.h"

/* ---- the parked thread ---------------------------------------------------- */

static struct waitq park_wq = WAITQ_INIT("sh-park");
static struct thread *volatile park_self;
static struct thread *park_t;
static volatile int park_hold, park_asleep, park_result;

static bool park_go(void *a) { (void)a; return !park_hold; }

int sh_callee(void)
{
    if (park_hold && thread_current() == park_self) {
        park_asleep = 1;
        ktest_linger();
        waitq_wait(&park_wq, park_go, NULL);
        park_asleep = 0;
    }
    return 41;
}

static void park_main(void *arg)
{
    (void)arg;
    park_self = thread_current();
    park_result = sh_mid_call(sh_callee);
}

static int sh_park_stop(void);

/* The thread blocked in sh_callee, off its CPU (what park_ret and threads
 * read is its saved state), within 2 s of guest progress. */
static int sh_park_start(void)
{
    park_hold = 1;
    park_result = 0;
    if (!(park_t = thread_create("parked", park_main, NULL, CPUMASK_ALL)))
        return sh_err("out of memory");
    if (ktest_wait_blocked(park_t, &park_wq, 2000))
        return 0;
    sh_park_stop();
    return sh_err("the parked thread did not fall asleep in 2 s");
}

/* park returning: a worker (tests/kernel/hazard_park.h) stopped by a
 * debug-register breakpoint on the return trampoline's first instruction,
 * returning from sh_callee (under a return probe) into sh_mid_call: its ret
 * consumed the slot and the interrupt frame overwrote it, so the return
 * address into sh_mid_call is only in its pending instance. */
static struct park ret_pk;
static bool returning;
static int ret_main(int x) { (void)x; return sh_mid_call(sh_callee); }

static int park_returning(void)
{
    char why[96];
    park_hold = 0;                        /* sh_callee returns at once */
    ret_pk = (struct park){ (uint32_t)kretprobe_trampoline, PARK_PREEMPT, ncpu > 1 ? 1 : 0, ret_main, 0, 0, 0, 0,
                            0, false, NULL };
    if (park_start(&ret_pk, why, sizeof why)) {
        if (ret_pk.t)
            park_finish(&ret_pk);
        return sh_err("no thread stopped on the trampoline (a return probe on sh_callee? retprobe add "
                      "sh_callee): %s", why);
    }
    park_t = ret_pk.t;
    returning = true;
    return 0;
}

static int sh_park_stop(void)
{
    if (returning) {
        park_finish(&ret_pk);
        returning = false;
        park_t = NULL;
        return ret_pk.result;
    }
    park_hold = 0;
    waitq_wake(&park_wq, 10);
    thread_join(park_t);
    park_t = NULL;
    park_self = NULL;
    return park_result;
}

/* The parked thread's return address out of sh_callee (a return probe's
 * trampoline seen through), in [lo, hi) or, with lo 0, in a detour buffer.
 * Searched from the top: deeper words may be stale copies of addresses in
 * the same range (a detour buffer's handler call ran there before); the
 * real one follows a `call *%edx` (ff d2). */
static uint32_t park_ret(uint32_t lo, uint32_t hi)
{
    uint32_t *w, v;
    for (w = (uint32_t *)park_t->stack_hi - 1; (uint32_t)w >= park_t->saved_esp; w--) {
        v = kretprobe_recover((uint32_t)w, *w);
        if ((lo ? v >= lo + 2 && v < hi : slot_contains(v - 2) && slot_contains(v - 1)) &&
            ((uint8_t *)v)[-2] == 0xff && ((uint8_t *)v)[-1] == 0xd2)
            return v;
    }
    return 0;
}

int cmd_park(int argc, char **argv)
{
    const char *sub = argc > 1 ? argv[1] : "status";
    uint32_t mid = (uint32_t)sh_mid_call + (uint32_t)sh_mid_call_nop, w;
    char sym[96];
    if (argc > 2)
        return sh_err("usage: park start|returning|stop|status");
    if (sh_eq(sub, "start") || sh_eq(sub, "returning")) {
        if (park_t)
            return sh_err("a thread is parked already (park stop)");
        if (sh_eq(sub, "start") ? sh_park_start() : park_returning())
            return -1;
        sub = "status";
    } else if (sh_eq(sub, "stop")) {
        if (!park_t)
            return sh_err("no thread is parked");
        kprintf("park: woken, sh_mid_call returned %d\n", sh_park_stop());
        return 0;
    } else if (!sh_eq(sub, "status")) {
        return sh_err("unknown subcommand 'park %s' (start returning stop status)", sub);
    }
    if (!park_t) {
        kprintf("park: no thread parked (park start)\n");
        return 0;
    }
    if (returning) {
        kprintf("park: thread %s (tid %d) stopped on the return trampoline's first instruction, returning from "
                "sh_callee into sh_mid_call\n", park_t->name, park_t->tid);
        return 0;
    }
    if (!(w = park_ret(mid, mid + 6)))
        w = park_ret(0, 0);                /* in a detour buffer? */
    if (w && slot_contains(w))
        kprintf("park: thread %s (tid %d) asleep in sh_callee, return address %08x in a detour buffer\n",
                park_t->name, park_t->tid, w);
    else if (w) {
        ksym_format(w, sym, sizeof sym);
        kprintf("park: thread %s (tid %d) asleep in sh_callee, return address %08x %s: inside the region "
                "of a probe at sh_mid_call+%#x (%08x-%08x)\n", park_t->name, park_t->tid, w, sym,
                (uint32_t)sh_mid_call_nop, mid, mid + 6);
    } else {
        kprintf("park: thread %s asleep in sh_callee (return address not found)\n", park_t->name);
    }
    return 0;
}

/* ---- matrix: the hazard scenario (tests/kernel/hazard.c) for one hazard ---- */

int cmd_matrix(int argc, char **argv)
{
    struct sh_param_save hz, st, tr;
    const struct kscenario *s = sh_scenario("hazard");
    const struct hazard *h;
    char kv[32];
    int r, q;
    if (argc != 2)
        return sh_err("usage: matrix HAZARD (H1 H2 H3 ... H12; Tab lists them)");
    for (h = hazards; h->id && !sh_eq(h->id, argv[1]); h++)
        ;
    if (!h->id) {
        kprintf("error: no reproduction for '%s' (have:", argv[1]);
        for (h = hazards; h->id; h++)
            kprintf(" %s", h->id);
        kprintf(")\n");
        return -1;
    }
    if (kprobe_count())
        return sh_err("the matrix wants no other probes: %d registered (probe remove all)", kprobe_count());
    if (park_t)
        return sh_err("a thread is parked (park stop first)");
    if (!s)
        return sh_err("no hazard scenario in this kernel");
    ksnprintf(kv, sizeof kv, "hazard=%s", h->id);
    if (sh_param_set(kv, &hz))
        return -1;
    if (sh_param_set("strategies=all", &st)) {
        sh_param_restore(&hz);
        return -1;
    }
    if (sh_param_set("djprobe_tries=5", &tr)) {   /* as hazard-h*.scn: deferrals come sooner */
        sh_param_restore(&st);
        sh_param_restore(&hz);
        return -1;
    }
    kprintf("matrix: scenario hazard, hazard=%s strategies=all djprobe_tries=5\n", h->id);
    q = sh_quiet();
    r = sh_run_scenario(s, (uint32_t)param_duration_ms, "matrix");
    sh_loud(q);
    sh_param_restore(&tr);
    sh_param_restore(&st);
    sh_param_restore(&hz);
    return r;
}
