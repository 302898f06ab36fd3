/* int3 and #DB handling (see int3.h).  #BP enters through an interrupt gate,
 * so the reference is taken before any IPI can be served: a core sync cannot
 * complete between the trap and the reference.  The reference is dropped when
 * the displaced instruction has run (after #DB for a single-step), so
 * int3_sync_refs() waits out every user of memory reachable from the lookup,
 * even a probe handler that re-enabled interrupts and let a sync through.
 * An int3 that no owner claims and that is no longer in the text has
 * vanished (removed after this CPU trapped): the instruction is restarted. */
#include "patch/int3.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "kernel/param.h"
#include "kernel/timer.h"

#define STEP_DEPTH 4                   /* nested steps: NMI during a step */

struct step { struct int3_hit hit; uint32_t saved_if; };
struct int3_cpu {
    volatile int ref;                  /* nesting count of hits in progress */
    volatile uint32_t gen;             /* bumped each time ref returns to 0 */
    int nstep;
    struct step steps[STEP_DEPTH];
    struct int3_stats st;
} __attribute__((aligned(64)));

static struct int3_cpu icpu[NCPU_MAX];

int int3_refs = 0;
KPARAM_ENUM("int3_refs", int3_refs, "wait|skip|skip_detour",
            "skip: do not wait for int3 handlers before freeing; skip_detour: only for detour "
            "buffers' handlers (negative controls, H7)");

NOPROBE static void ref_get(struct int3_cpu *c)
{
    /* locked: the lookup that follows must not be reordered before it */
    __atomic_fetch_add(&c->ref, 1, __ATOMIC_SEQ_CST);
}

NOPROBE static void ref_put(struct int3_cpu *c)
{
    if (__atomic_sub_fetch(&c->ref, 1, __ATOMIC_SEQ_CST) == 0)
        __atomic_fetch_add(&c->gen, 1, __ATOMIC_SEQ_CST);
}

/* A step record is reserved (nstep incremented) before it is filled, and
 * copied out before it is released, with compiler barriers between: an NMI
 * that single-steps its own int3 in between then uses the next record, never
 * this one.  The per-CPU records form a stack because NMIs nest. */
NOPROBE static bool hit(struct int3_cpu *c, struct int3_hit *h, struct trapframe *tf, uint32_t saved_if)
{
    int i;
    c->st.hits++;
    if (h->ool && ool_start(h->ool, tf)) {
        if ((i = c->nstep) == STEP_DEPTH)
            panic("int3: single-steps nested deeper than %d", STEP_DEPTH);
        c->nstep = i + 1;
        barrier();
        c->steps[i].hit = *h;
        c->steps[i].saved_if = saved_if;
        c->st.stepped++;
        return true;                           /* ref held until #DB */
    }
    c->st.emulated += h->ool != NULL;
    if (h->post)
        h->post(h->owner, tf);
    ref_put(c);
    return true;
}

/* Owners publish themselves before they write their int3 and unpublish after
 * removing it, so: no owner and no 0xCC means it vanished; no owner but a
 * 0xCC may be an owner that published after our lookup, so look again (we
 * read the 0xCC, hence we see everything stored before it: SDM Vol. 3,
 * 8.2.2); still no owner means a real int3, which is fatal. */
NOPROBE bool int3_handle(struct trapframe *tf)
{
    struct int3_cpu *c = &icpu[cpu_id()];
    uint32_t addr = tf->eip - 1, saved_if = tf->eflags & EFLAGS_IF;
    struct int3_hit h = { 0, 0, 0 };
    int tries;
    ref_get(c);                                /* IF=0 here: see the top comment */
    for (tries = 0; tries < 2; tries++) {
        if (poke_int3(addr, tf, &h) || kprobe_int3(addr, tf, &h))
            return hit(c, &h, tf, saved_if);
        if (*(volatile uint8_t *)addr != 0xCC) {
            ref_put(c);
            tf->eip = addr;                    /* vanished: run what is there now */
            c->st.vanished++;
            return true;
        }
    }
    ref_put(c);
    return false;                              /* a real int3 nobody owns: fatal */
}

/* #DB: ours only if DR6.BS says single-step and a step is in progress on
 * this CPU (other sources, such as debug-register breakpoints, are left to
 * the next handler).  DR6 is the value trap() read and reset on entry, in
 * tf->err (kernel/dr6.h): an NMI nested anywhere, even before that read,
 * saves and restores DR6, so its own steps cannot take this one's BS.  A rep string instruction traps after each iteration
 * with EIP still at the copy's start: it keeps stepping in the slot (one
 * probe hit per execution, interrupts held off until it completes). */
NOPROBE static bool debug_handler(struct trapframe *tf)
{
    struct int3_cpu *c = &icpu[cpu_id()];
    struct step s;
    uint32_t dr6 = tf->err;                    /* DR6 at #DB entry */
    int i = c->nstep;
    if (!(dr6 & DR6_BS) || i == 0)
        return false;
    if (ool_step_again(c->steps[i - 1].hit.ool, tf))
        return true;
    s = c->steps[i - 1];
    barrier();
    c->nstep = i - 1;
    ool_finish(s.hit.ool, tf, s.saved_if);
    if (s.hit.post)
        s.hit.post(s.hit.owner, tf);
    ref_put(c);
    return true;
}

void int3_init(void)
{
    trap_register(T_BP, int3_handle);
    trap_register(T_DB, debug_handler);
}

/* Also the handlers on the detour path: a CPU whose running is set may use
 * what the removal unlinked, until running returns to 0 (gen moves).  Its
 * plain stores are visible here since the removal that calls this made
 * every CPU answer a core sync after the unlink (a CPU that read the old
 * list answers only from inside the handler, running set). */
/* The wait is as long as a handler runs (handlers cannot sleep: IF as the
 * probed code had it, preemption off), and cannot be cut short: the caller
 * frees what the handler uses (H7).  A handler that has not returned after
 * 2 s of this CPU's ticks (guest time) is said once, never silently waited. */
static void still_held(int cpu, uint32_t t0, bool *said)
{
    if (*said || mycpu()->ticks - t0 < 2u * (uint32_t)timer_hz)
        return;
    *said = true;
    pr_info("int3: cpu %d has been in a probe handler for %u ticks (ref %d, running %08x); "
            "the removal waits for it (H7)\n", cpu, mycpu()->ticks - t0, icpu[cpu].ref, cpus[cpu].probe.running);
}

void int3_sync_refs(void)
{
    uint32_t gen[NCPU_MAX], dgen[NCPU_MAX], t0 = mycpu()->ticks;
    bool said = false;
    int i, me = cpu_id();
    if (int3_refs == INT3_REFS_SKIP)
        return;
    for (i = 0; i < NCPU_MAX; i++) {
        gen[i] = __atomic_load_n(&icpu[i].gen, __ATOMIC_SEQ_CST);
        dgen[i] = cpus[i].probe.gen;
    }
    for (i = 0; i < NCPU_MAX; i++) {
        if (i == me)
            continue;
        while (__atomic_load_n(&icpu[i].ref, __ATOMIC_SEQ_CST) &&
               __atomic_load_n(&icpu[i].gen, __ATOMIC_SEQ_CST) == gen[i])
            pause(), still_held(i, t0, &said);
        while (int3_refs != INT3_REFS_SKIP_DETOUR && cpus[i].probe.running && cpus[i].probe.gen == dgen[i])
            pause(), still_held(i, t0, &said);
    }
}

bool int3_ref_held(void)
{
    return icpu[cpu_id()].ref != 0 || mycpu()->probe.running != 0;
}

/* For self-tests: this CPU's step record at depth d (watched by a data
 * breakpoint to stop hit() between reserving and filling it). */
const void *int3_step_record(int d)
{
    ASSERT(d >= 0 && d < STEP_DEPTH);
    return &icpu[cpu_id()].steps[d];
}

void int3_stats_sum(struct int3_stats *out)
{
    int i;
    kmemset(out, 0, sizeof *out);
    for (i = 0; i < NCPU_MAX; i++) {
        out->hits += icpu[i].st.hits;
        out->vanished += icpu[i].st.vanished;
        out->stepped += icpu[i].st.stepped;
        out->emulated += icpu[i].st.emulated;
    }
}
