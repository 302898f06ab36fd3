/* Hazard cells for what a frame-pointer walk misses: a thread parked by a
 * debug-register breakpoint (tests/kernel/hazard_park.c) at a mid-region
 * call's callee's first instruction, after its push %ebp, at its ret, or in
 * a callee without a frame, holds its return address into the region (H3)
 * or into a buffer's copy (H8) where no EBP frame shows it; a CPU parked in
 * the rendezvous while interrupted there (H2-callee); and a callee of a
 * buffer's copy that removes its own probe (H8-self: the remover's stack). */
#include "kernel/gbound.h"
#include "tests/kernel/hazard.h"
#include "tests/kernel/hazard_park.h"
#include "tests/kernel/dj_targets.h"
#include "patch/kprobe.h"
#include "patch/kretprobe.h"
#include "kernel/ksym.h"
#include "kernel/thread.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"
#include "patch/slot.h"
#include "patch/poke.h"

int hz_mid_via(int x);
int hz_framed(int x);
int hz_frameless(int x);
extern char hz_mid_via_nop[], hz_framed_pushed[], hz_framed_ret[], hz_frameless_pushed[];
int (*volatile hz_callee)(int) = hz_framed;
bool djprobe_freed_buffer(uint32_t a, uint32_t *probe);

#define HZ_ARG 20
#define HZ_REGION DJ_AT(hz_mid_via, hz_mid_via_nop)

struct hz_point { const char *name; int (*callee)(int); uint32_t at; int result; };

/* A callee no unwind table describes (code in an instruction slot): 2x + 3.
 * A thread stopped there has an unreliable exact unwind, and the return
 * address into the region lies beyond where it stops. */
static int (*undescribed(void))(int)
{
    static const uint8_t code[] = { 0x8b, 0x44, 0x24, 0x04,    /* mov 4(%esp),%eax */
                                    0x01, 0xc0,                /* add %eax,%eax */
                                    0x83, 0xc0, 0x03,          /* add $3,%eax */
                                    0xc3 };                    /* ret */
    static uint8_t *slot;
    if (!slot && (slot = slot_alloc_n(1)))
        text_write(slot, code, sizeof code);
    return (int (*)(int))slot;
}

static struct hz_point point(const char *id)
{
    const char *p = id + 3;                      /* after "H3-" / "H8-" / "H2-" */
    if (!kmemcmp(p, "unreliable", 11))
        return (struct hz_point){ "in code no unwind table describes", undescribed(),
                                  (uint32_t)undescribed(), 2 * HZ_ARG + 4 };
    if (!kmemcmp(p, "retprobe", 9))                /* after the return probe's int3 at the entry */
        return (struct hz_point){ "after its push %ebp, under a return probe", hz_framed,
                                  DJ_AT(hz_framed, hz_framed_pushed), 41 };
    if (!kmemcmp(p, "tramp", 6))                   /* returning: the slot popped, the real one only listed */
        return (struct hz_point){ "on the return trampoline's first instruction", hz_framed,
                                  (uint32_t)kretprobe_trampoline, 41 };
    if (!kmemcmp(p, "pushed", 7))
        return (struct hz_point){ "after its push %ebp", hz_framed, DJ_AT(hz_framed, hz_framed_pushed), 41 };
    if (!kmemcmp(p, "ret", 4))
        return (struct hz_point){ "at its ret", hz_framed, DJ_AT(hz_framed, hz_framed_ret), 41 };
    if (!kmemcmp(p, "noframe", 8))
        return (struct hz_point){ "in a callee without a frame", hz_frameless,
                                  DJ_AT(hz_frameless, hz_frameless_pushed), 42 };
    return (struct hz_point){ "at its first instruction", hz_framed, (uint32_t)hz_framed, 41 };
}

static int pre_nothing(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

static bool hz_optimize(struct cell *c, struct kprobe *p)
{
    char err[160];
    kmemset(p, 0, sizeof *p);
    p->addr = HZ_REGION;
    p->pre_handler = pre_nothing;
    p->flags = KPROBE_OPTIMIZE;
    p->strategy = c->strategy;
    if (kprobe_register(p, err, sizeof err)) {
        cell_error(c, "kprobe_register: %s", err);
        return false;
    }
    djprobe_flush();
    return kprobe_opt_state(p) == DJ_OPTIMIZED;
}

/* H3-* (preempted) and H2-callee (cpu 1 spinning in the #DB handler, so the
 * rendezvous IPI interrupts it there): the jump must not be written. */
static void parked_callee(struct cell *c, int mode)
{
    struct hz_point pt = point(c->hazard);
    struct park pk = { pt.at, mode, ncpu > 1 ? 1 : 0, hz_mid_via, HZ_ARG };
    struct kretprobe rp = { .kp = { .symbol = "hz_framed" } };
    bool hidden = !kmemcmp(c->hazard + 3, "retprobe", 9) || !kmemcmp(c->hazard + 3, "tramp", 6);
    struct kprobe p;
    char why[96], b1[96], b2[96];
    hz_callee = pt.callee;
    if (hidden && kretprobe_register(&rp, why, sizeof why))   /* the return address becomes the trampoline's */
        return cell_error(c, "%s", why);
    if (park_start(&pk, why, sizeof why))
        return cell_error(c, "%s", why);
    if (hz_optimize(c, &p) && HZ_REGION + 3 > p.addr && HZ_REGION + 3 < p.addr + 5) {
        ksym_format(HZ_REGION + 3, b1, sizeof b1);
        ksym_format(pt.at, b2, sizeof b2);
        cell_caught(c, "%s parked %s (%s), return address %s inside the jump%s",
                    mode == PARK_PREEMPT ? "thread hz-worker" : "cpu 1 interrupted in a #DB handler, hz-worker",
                    pt.name, b2, b1, !hidden ? "" : pt.at == (uint32_t)kretprobe_trampoline ?
                    ", only in its list of return-probe instances" : ", hidden behind the return probe's trampoline");
    }
    if (!c->error)
        kprobe_unregister(&p);                   /* original bytes back before it resumes */
    park_finish(&pk);
    if (hidden)
        kretprobe_unregister(&rp);
    if (pk.result != pt.result)
        cell_error(c, "the parked call returned %d, not %d", pk.result, pt.result);
}

void hz_h3_callee(struct cell *c)
{
    if (!undescribed())
        return cell_error(c, "out of instruction slots");
    parked_callee(c, PARK_PREEMPT);
}
void hz_h2_callee(struct cell *c) { parked_callee(c, PARK_SPIN); }

/* H8-*: the thread runs the buffer's copy and is parked in the callee while
 * the probe is removed; a waker lets it go 50 ms of guest progress later (a
 * wall-clock 50 ms could pass before a broken strategy's removal frees the
 * buffer on a busy host: the thread then died in it instead of the cell
 * catching the free).  The buffer must not be freed under it. */
static void hz_waker(void *arg)
{
    struct gbound b;
    gbound_start(&b, GBOUND_ALL, 50, 0);
    while (!gbound_expired(&b))
        thread_sleep_ns(1000000);
    park_release(arg);
}

void hz_h8_callee(struct cell *c)
{
    struct hz_point pt = point(c->hazard);
    struct park pk = { pt.at, PARK_PREEMPT, 0, hz_mid_via, HZ_ARG };
    struct kprobe p;
    struct thread *w;
    uint32_t buf, owner;
    char why[96], b1[96], b2[96];
    hz_callee = pt.callee;
    if (!hz_optimize(c, &p)) {
        if (!c->error) kprobe_unregister(&p);    /* refused (no mid-region calls): nothing to free */
        return;
    }
    buf = kprobe_opt_copy(&p);
    if (park_start(&pk, why, sizeof why))
        return cell_error(c, "%s", why);
    if (!(w = thread_create("hz-waker", hz_waker, &pk, CPUMASK_ALL)))
        return cell_error(c, "out of memory");
    kprobe_unregister(&p);
    if (djprobe_freed_buffer(buf, &owner) && !__atomic_exchange_n(&pk.released, 1, __ATOMIC_SEQ_CST)) {
        ksym_format(owner, b1, sizeof b1);
        ksym_format(pt.at, b2, sizeof b2);
        cell_caught(c, "thread hz-worker parked %s (%s) with its return address in the freed buffer "
                    "of the probe at %s", pt.name, b2, b1);
        park_abandon(&pk);                       /* it exits instead of returning there */
        thread_join(w);
        return;
    }
    thread_join(w);
    park_finish(&pk);
    if (pk.result != pt.result)
        cell_error(c, "the parked call returned %d, not %d", pk.result, pt.result);
}

/* H8-self: the callee removes the very probe whose copy called it; the
 * remover cannot wait for its own stack, so the buffer must outlive it. */
static struct kprobe self_p;
static struct cell *self_cell;
static int self_remover(int x)
{
    uint32_t ra = (uint32_t)__builtin_return_address(0), owner;
    char b[96];
    kprobe_unregister(&self_p);
    if (djprobe_freed_buffer(ra, &owner)) {
        ksym_format(owner, b, sizeof b);
        cell_caught(self_cell, "a callee of the copy removed its probe at %s and the buffer was "
                    "freed under its own return address %08x", b, ra);
        thread_exit();                           /* never return into it */
    }
    return x * 2;
}

static void self_worker(void *arg) { *(volatile int *)arg = hz_mid_via(HZ_ARG); }

void hz_h8_self(struct cell *c)
{
    volatile int result = 0;
    struct thread *t;
    self_cell = c;
    hz_callee = self_remover;
    if (!hz_optimize(c, &self_p)) {
        if (!c->error) kprobe_unregister(&self_p);
        return;
    }
    if (!(t = thread_create("hz-remover", self_worker, (void *)&result, CPUMASK_ALL)))
        return cell_error(c, "out of memory");
    thread_join(t);
    if (!c->caught && result != 2 * HZ_ARG + 1)
        cell_error(c, "the remover's call returned %d, not %d", result, 2 * HZ_ARG + 1);
    djprobe_flush();                             /* the optimizer frees the kept buffer */
}
