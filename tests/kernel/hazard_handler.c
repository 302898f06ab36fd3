/* H8-handler, H8-handler2: a CPU parked in the rendezvous while inside a detour handler
 * (a debug-register breakpoint in the pre-handler, the CPU spinning in the
 * #DB handler with interrupts on) holds its return address into the buffer
 * while the probe is removed.  Strategies that wait must not free the buffer
 * under it: the int3 reference, the handler record (int3-ipscan) or the
 * exact unwind (safe) each see it.  A caught cell puts the buffer's bytes
 * back before the CPU returns into it. */
#include "tests/kernel/hazard.h"
#include "tests/kernel/hazard_park.h"
#include "tests/kernel/dj_targets.h"
#include "patch/kprobe.h"
#include "kernel/ksym.h"
#include "kernel/ktest.h"
#include "kernel/thread.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"
#include "patch/tramp.h"

bool djprobe_freed_buffer(uint32_t a, uint32_t *probe);

__attribute__((noinline)) int hz_pre(struct kprobe *p, struct trapframe *tf)
{
    (void)p; (void)tf;
    return 0;
}


/* The removal runs in its own thread: a strategy that does not wait frees
 * the buffer first and only then waits for the handler's int3 reference.
 * H8-handler2: a second probe on the site makes the buffer call
 * kprobe_detour (not its fast path), whose record of the handler's return
 * address is what int3-ipscan sees; both go in one batch. */
static volatile int hh_done, hh_n;
static void hh_remover(void *arg) { ktest_linger(); kprobe_unregister_many(arg, hh_n); hh_done = 1; }

/* Lets cpu 1 go once the removal waits for it: hz-remover stopped in
 * int3_sync_refs (the handler's int3 reference) or a release check that
 * found the buffer busy (djprobe_stats.retries moved).  Both run on cpu 0,
 * so hz-remover is off its CPU whenever the waker looks.  A buffer freed
 * first is the cell's to report (it lets cpu 1 go itself). */
struct hh_wake { struct park *pk; struct thread *remover; uint32_t buf, retries0; };
static void hh_waker(void *arg)
{
    struct hh_wake *w = arg;
    uint32_t owner;
    while (!hh_done && !READ_ONCE(w->pk->released) && !djprobe_freed_buffer(w->buf, &owner)) {
        if (READ_ONCE(djprobe_stats.retries) != w->retries0 || ktest_stopped_in(w->remover, "int3_sync_refs")) {
            park_release(w->pk);
            return;
        }
        thread_sleep_ns(100000);
    }
}
static int hh_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

void hz_h8_handler(struct cell *c)
{
    struct park pk = { (uint32_t)hz_pre, PARK_SPIN, 1, dj_add, 20 };
    struct kprobe pq[2] = {
        { .addr = DJ_AT(dj_add, dj_add_mov), .pre_handler = hz_pre, .flags = KPROBE_OPTIMIZE },
        { .addr = DJ_AT(dj_add, dj_add_mov), .pre_handler = hh_nothing, .flags = KPROBE_OPTIMIZE } };
    struct kprobe *p = pq;
    static uint8_t saved[TRAMP_MAX];
    static uint32_t buf;             /* not on this stack: a word scan would take it for a return address */
    uint32_t owner;
    struct thread *w, *r;
    static struct hh_wake hw;
    char err[160], why[96], b[96];
    bool freed = false;
    int i;
    hh_n = c->hazard[10] == '2' ? 2 : 1;         /* "H8-handler2" */
    for (i = 0; i < hh_n; i++) {
        pq[i].strategy = c->strategy;
        if (kprobe_register(&pq[i], err, sizeof err)) {
            kprobe_unregister_many(pq, i);
            return cell_error(c, "kprobe_register: %s", err);
        }
    }
    djprobe_flush();
    if (kprobe_opt_state(p) != DJ_OPTIMIZED || !(buf = kprobe_opt_buffer(p))) {
        kprobe_unregister_many(pq, hh_n);
        return cell_error(c, "the probe at dj_add was not optimized");
    }
    kmemcpy(saved, (void *)buf, sizeof saved);
    if (park_start(&pk, why, sizeof why))
        return cell_error(c, "%s", why);
    hh_done = 0;
    hw = (struct hh_wake){ &pk, NULL, buf, djprobe_stats.retries };
    if (!(hw.remover = r = thread_create("hz-remover", hh_remover, pq, 1u << 0)) ||
        !(w = thread_create("hz-waker", hh_waker, &hw, 1u << 0)))
        return cell_error(c, "out of memory");
    while (!hh_done && !djprobe_freed_buffer(buf, &owner))
        thread_sleep_ns(100000);
    freed = djprobe_freed_buffer(buf, &owner);     /* the removal may have ended meanwhile */
    if (freed && !__atomic_exchange_n(&pk.released, 1, __ATOMIC_SEQ_CST)) {
        ksym_format(owner, b, sizeof b);
        cell_caught(c, "cpu 1 parked in the pre-handler hz_pre, called %s, its return address in the "
                    "freed buffer of the probe at %s", hh_n > 1 ? "by kprobe_detour" : "by the fast path", b);
        text_write((void *)buf, saved, sizeof saved);   /* it returns into the bytes it left */
        pk.release = true;
    }
    thread_join(w);
    thread_join(r);
    park_finish(&pk);
    if (pk.result != 45)
        cell_error(c, "the parked call returned %d, not 45", pk.result);
}
