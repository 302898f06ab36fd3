/* park (a thread asleep in sh_callee, its return address inside the region
 * of a probe at sh_mid_call_nop) and matrix (one hazard's deterministic
 * reproduction under every strategy, as tests/kernel/test_djprobe.c does
 * for H3 and H8, written so that a caught hazard is undone before anything
 * runs into it: the shell survives the broken strategies too). */
#include "kernel/shell.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/clock.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "patch/slot.h"
#include "patch/poke.h"
#include "patch/reserve.h"

#define BUF_MAX 128                     /* patch/tramp.h TRAMP_MAX */

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

static int park_start(void)
{
    uint64_t end = clock_ns() + 2000000000ull;
    park_hold = 1;
    park_result = 0;
    if (!(park_t = thread_create("parked", park_main, NULL, CPUMASK_ALL)))
        return sh_err("out of memory");
    while (!park_asleep && clock_ns() < end)
        thread_sleep_ns(1000000);
    return park_asleep ? 0 : sh_err("the parked thread did not fall asleep in 2 s");
}

static int park_stop(void)
{
    park_hold = 0;
    waitq_wake(&park_wq, 10);
    thread_join(park_t);
    park_t = NULL;
    park_self = NULL;
    return park_result;
}

/* The parked thread's return address out of sh_callee: where on its stack.
 * Searched from the top: deeper words may be stale copies of addresses in
 * the same range (a detour buffer's handler call ran there before); the
 * real one follows a `call *%edx` (ff d2). */
static uint32_t *park_ret(uint32_t lo, uint32_t hi)
{
    uint32_t *w;
    for (w = (uint32_t *)park_t->stack_hi - 1; (uint32_t)w >= park_t->saved_esp; w--)
        if (*w >= lo && *w < hi && *w - lo >= 2 && ((uint8_t *)*w)[-2] == 0xff && ((uint8_t *)*w)[-1] == 0xd2)
            return w;
    return NULL;
}

int cmd_park(int argc, char **argv)
{
    const char *sub = argc > 1 ? argv[1] : "status";
    uint32_t mid = (uint32_t)sh_mid_call + (uint32_t)sh_mid_call_nop, *w;
    char sym[96];
    if (argc > 2)
        return sh_err("usage: park start|stop|status");
    if (sh_eq(sub, "start")) {
        if (park_t)
            return sh_err("a thread is parked already (park stop)");
        if (park_start())
            return -1;
        sub = "status";
    } else if (sh_eq(sub, "stop")) {
        if (!park_t)
            return sh_err("no thread is parked");
        kprintf("park: woken, sh_mid_call returned %d\n", park_stop());
        return 0;
    } else if (!sh_eq(sub, "status")) {
        return sh_err("unknown subcommand 'park %s' (start stop status)", sub);
    }
    if (!park_t) {
        kprintf("park: no thread parked (park start)\n");
        return 0;
    }
    w = park_ret(mid, mid + 6);
    if (!w)
        w = park_ret((uint32_t)__text_end, 0xFFFFFFFFu);   /* in a detour buffer? */
    if (w && slot_contains(*w))
        kprintf("park: thread %s (tid %d) asleep in sh_callee, return address %08x in a detour buffer\n",
                park_t->name, park_t->tid, *w);
    else if (w) {
        ksym_format(*w, sym, sizeof sym);
        kprintf("park: thread %s (tid %d) asleep in sh_callee, return address %08x %s: inside the region "
                "of a probe at sh_mid_call+%#x (%08x-%08x)\n", park_t->name, park_t->tid, *w, sym,
                (uint32_t)sh_mid_call_nop, mid, mid + 6);
    } else {
        kprintf("park: thread %s asleep in sh_callee (return address not found)\n", park_t->name);
    }
    return 0;
}

/* ---- matrix ---------------------------------------------------------------- */

static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

struct row {
    bool caught;                        /* the hazard happened (and was undone) */
    char what[160];
};

static int opt_probe(struct kprobe *p, uint32_t addr, int s, char *err, size_t n)
{
    kmemset(p, 0, sizeof *p);
    p->addr = addr;
    p->pre_handler = pre_nothing;
    p->flags = KPROBE_OPTIMIZE;         /* broken strategies too: the shell undoes what they let happen */
    p->strategy = s;
    if (kprobe_register(p, err, n))
        return -1;
    djprobe_flush();
    return 0;
}

static const char *why_not(struct kprobe *p)
{
    const char *w = kprobe_opt_why(p);
    return w[0] ? w : "not optimized";
}

/* H3: the sleeper's return address is inside the region before the probe. */
static int m_h3(int s, struct row *r)
{
    uint32_t a = (uint32_t)sh_mid_call + (uint32_t)sh_mid_call_nop;
    uint8_t orig[8];
    struct kprobe p;
    char err[160];
    int res;
    kmemcpy(orig, (void *)a, sizeof orig);
    if (park_start())
        return -1;
    if (opt_probe(&p, a, s, err, sizeof err)) {
        park_stop();
        return sh_err("probe refused: %s", err);
    }
    r->caught = kprobe_opt_state(&p) == DJ_OPTIMIZED;
    if (!r->caught)
        ksnprintf(r->what, sizeof r->what, "defended: %s", why_not(&p));
    kprobe_unregister(&p);                  /* text restored before the sleeper wakes */
    if (kmemcmp(orig, (void *)a, sizeof orig))
        kprintf("!!! matrix H3: text at %08x not restored after the probe was removed\n", a);
    res = park_stop();
    if (r->caught)
        ksnprintf(r->what, sizeof r->what, "caught H3: jump written over the sleeper's return address "
                  "%08x (removed before it woke; it returned %d)", a + 3, res);
    return res == 42 ? 0 : (kprintf("!!! matrix H3: sh_mid_call returned %d, want 42\n", res), -1);
}

/* H8: the sleeper was called out of the buffer's copy; the probe is removed.
 * A waker lets it go after 50 ms; if the buffer was freed by then, the
 * waker first moves its return address back into the (restored) text. */
static uint32_t *h8_loc;
static uint32_t h8_val, h8_orig_ret;
static uint8_t h8_bytes[4];
static volatile int h8_repaired;

static void h8_waker(void *arg)
{
    (void)arg;
    thread_sleep_ns(50000000);
    if (kmemcmp(h8_bytes, (void *)h8_val, sizeof h8_bytes)) {
        *h8_loc = h8_orig_ret;              /* the thread is asleep: its stack is still */
        h8_repaired = 1;
    }
    park_hold = 0;
    waitq_wake(&park_wq, 10);
}

static int m_h8(int s, struct row *r)
{
    uint32_t a = (uint32_t)sh_mid_call + (uint32_t)sh_mid_call_nop, buf;
    struct thread *w;
    struct kprobe p;
    char err[160];
    int res;
    if (opt_probe(&p, a, s, err, sizeof err))
        return sh_err("probe refused: %s", err);
    if (kprobe_opt_state(&p) != DJ_OPTIMIZED) {
        ksnprintf(r->what, sizeof r->what, "defended: %s", why_not(&p));
        kprobe_unregister(&p);
        return 0;
    }
    buf = *(uint32_t *)(a + 1) + a + 5;     /* the jmp's target */
    if (park_start()) {
        kprobe_unregister(&p);
        return -1;
    }
    if (!(h8_loc = park_ret(buf, buf + BUF_MAX))) {
        kprobe_unregister(&p);
        park_stop();
        kprintf("!!! matrix H8: the sleeper's return address is not in the buffer %08x\n", buf);
        return -1;
    }
    h8_val = *h8_loc;
    h8_orig_ret = a + 3;                    /* after nop and call *%edx */
    kmemcpy(h8_bytes, (void *)h8_val, sizeof h8_bytes);
    h8_repaired = 0;
    if (!(w = thread_create("matrix-waker", h8_waker, NULL, CPUMASK_ALL))) {
        kprobe_unregister(&p);
        park_stop();
        return sh_err("out of memory");
    }
    kprobe_unregister(&p);                  /* waits for the buffer, or frees it at once */
    thread_join(w);
    res = park_stop();
    r->caught = h8_repaired;
    if (r->caught)
        ksnprintf(r->what, sizeof r->what, "caught H8: buffer freed under a sleeper (its return address "
                  "%08x moved back to the text; it returned %d)", h8_val, res);
    else
        ksnprintf(r->what, sizeof r->what, "defended: buffer freed only after the sleeper left (returned %d)", res);
    return res == 42 ? 0 : (kprintf("!!! matrix H8: sh_mid_call returned %d, want 42\n", res), -1);
}

/* H4 and H5: refusals of the analysis; nothing runs the target meanwhile. */
int dj_h4(int x), dj_h5(int x);
extern char dj_h4_add[], dj_h5_add[];

static int m_static(int s, struct row *r, uint32_t a, const char *hz)
{
    uint8_t orig[8];
    struct kprobe p;
    char err[160];
    kmemcpy(orig, (void *)a, sizeof orig);
    if (opt_probe(&p, a, s, err, sizeof err))
        return sh_err("probe refused: %s", err);
    r->caught = kprobe_opt_state(&p) == DJ_OPTIMIZED;
    if (r->caught)
        ksnprintf(r->what, sizeof r->what, "caught %s: jump written over a region the analysis refuses "
                  "(nothing ran it; removed)", hz);
    else
        ksnprintf(r->what, sizeof r->what, "defended: %s", why_not(&p));
    kprobe_unregister(&p);
    if (kmemcmp(orig, (void *)a, sizeof orig))
        return kprintf("!!! matrix %s: text at %08x not restored\n", hz, a), -1;
    return 0;
}

int cmd_matrix(int argc, char **argv)
{
    static const char *const what[] = {
        "H3", "a thread asleep in a callee, its return address inside the region (sh_mid_call)",
        "H4", "a branch inside the function lands inside the region (dj_h4)",
        "H5", "an indirect jump in the function (dj_h5)",
        "H8", "a thread called out of a detour buffer sleeps while the probe is removed (sh_mid_call)",
    };
    struct row r;
    int h, s, rc, bad = 0, n = 0, ok = 0, q;
    uint32_t fn;
    bool fails, busy;
    if (argc != 2)
        return sh_err("usage: matrix H3|H4|H5|H8");
    for (h = 0; h < 8 && !sh_eq(argv[1], what[h]); h += 2)
        ;
    if (h == 8)
        return sh_err("no reproduction for '%s' here (H3 H4 H5 H8; H1 H2 need -singlestep torture)", argv[1]);
    if (park_t)
        return sh_err("a thread is parked (park stop first)");
    fn = h == 0 || h == 6 ? (uint32_t)sh_mid_call : h == 2 ? (uint32_t)dj_h4 : (uint32_t)dj_h5;
    text_lock();
    busy = text_reserved(fn, ksym_lookup(fn)->addr + ksym_lookup(fn)->size) != NULL;
    text_unlock();
    if (busy)
        return sh_err("%s is probed (probe list; remove its probes first)", ksym_lookup(fn)->name);
    q = sh_quiet();
    kprintf("matrix %s: %s\n", what[h], what[h + 1]);
    kprintf("strategy        expected  outcome\n");
    for (s = DJS_DEFAULT + 1; s < DJS_N; s++) {
        kmemset(&r, 0, sizeof r);
        fails = h == 2 || h == 4 ? !sh_strategy_analyses(s) : sh_strategy_broken(s);
        if (h == 0) rc = m_h3(s, &r);
        else if (h == 2) rc = m_static(s, &r, (uint32_t)dj_h4 + (uint32_t)dj_h4_add, "H4");
        else if (h == 4) rc = m_static(s, &r, (uint32_t)dj_h5 + (uint32_t)dj_h5_add, "H5");
        else rc = m_h8(s, &r);
        if (rc) {
            bad++;
            continue;
        }
        n++;
        kprintf("%-15s %-9s %s\n", dj_strategy_name(s), fails ? "fails" : "defends", r.what);
        if (r.caught == fails) {
            ok++;
        } else {
            bad++;
            kprintf("!!! matrix %s: strategy %s %s, the design expects it to %s\n", what[h], dj_strategy_name(s),
                    r.caught ? "let the hazard happen" : "defended", fails ? "fail" : "defend");
        }
    }
    sh_loud(q);
    kprintf("matrix %s: %d of %d strategies as the design expects\n", what[h], ok, DJS_N - 1);
    return bad ? -1 : 0;
}
