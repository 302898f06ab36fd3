/* The cross-modifying-code checker's cells (docs/xmc.md).  CPU 1 runs code
 * at the worst moment a writer allows, having served core syncs only through
 * smp_call_poll (no IRET, which would serialize by itself; SDM Vol. 3A,
 * "Serializing Instructions"): a poked site right after its last byte, before
 * the sync that follows; code written to a page no CPU ran before.  The guest
 * sees nothing wrong under any poke_bug=; the checker (xmc: on) must. */
#include "kernel/ktest.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/ipi.h"
#include "kernel/x86.h"
#include "kernel/mem.h"
#include "kernel/param.h"
#include "patch/poke.h"
#include "tests/kernel/poke_sites.h"

#define XMC_ROUNDS 4

static volatile int xp_go, xp_ran, xp_ready, xp_stop, xp_result;
static int (*volatile xp_fn)(int);

/* CPU 1: interrupts off the whole time; core syncs served by polling, and
 * only while their sender waits (a sync that does not wait, poke_bug=
 * sync_nowait, is then never served before the site runs). */
static void xmc_target(void *arg)
{
    (void)arg;
    cli();
    xp_ready = 1;
    while (!xp_stop) {
        if (__atomic_exchange_n(&xp_go, 0, __ATOMIC_ACQ_REL)) {
            xp_result = xp_fn(1);
            __atomic_fetch_add(&xp_ran, 1, __ATOMIC_RELEASE);
        } else if (READ_ONCE(smp_call_waiters)) {
            smp_call_poll();
        }
        pause();
    }
    sti();
}

/* CPU 1 runs xp_fn once, now. */
static void xmc_run_on_1(void)
{
    int ran = xp_ran;
    xp_go = 1;
    while (READ_ONCE(xp_ran) == ran)
        pause();
}

static struct thread *xmc_start(int (*fn)(int))
{
    struct thread *t;
    xp_ready = xp_stop = xp_ran = xp_go = 0;
    xp_fn = fn;
    if (!(t = thread_create("xmc-target", xmc_target, NULL, 1u << 1)))
        return NULL;
    while (!READ_ONCE(xp_ready))
        pause();
    return t;
}

static void xmc_stop(struct thread *t)
{
    xp_stop = 1;
    thread_join(t);
}

KTEST(xmc_poke_site)
{
    struct thread *t;
    uint8_t b[5];
    char err[128] = "";
    int i;
    if (ncpu < 2)
        return;                          /* needs CPU 1 to run the code */
    KASSERT((t = xmc_start(poke_alu)));
    poke_written_hook = xmc_run_on_1;     /* the poke's last byte is in: run it before the sync */
    for (i = 0; i < XMC_ROUNDS; i++) {
        alu_bytes(b, (i & 1) == 0);
        if (text_poke(alu_site(), b, 5, err, sizeof err))
            ktest_fail(ktest_ctx, __FILE__, __LINE__, "text_poke: %s", err);
        KEXPECT_EQ(xp_ran, i + 1);
        KEXPECT_EQ(xp_result, (i & 1) == 0 ? 1 + ALU_ADD_IMM : ALU_MOV_RESULT);
    }
    poke_written_hook = NULL;
    xmc_stop(t);
}

/* Code written to a page no CPU has run code from (a new detour buffer, a
 * program loaded), then run by CPU 1: it counts like any other change (the
 * SDM makes no exception; a CPU may fetch ahead).  With the core sync in
 * between the checker stays quiet; xmc_fresh_sync=0 leaves it out, the
 * control neg-xmc-fresh-nosync (X1, "before any CPU fetched"). */
static int xmc_fresh_sync = 1;
KPARAM_INT("xmc_fresh_sync", xmc_fresh_sync, 0, 1, "xmc_fresh_page: sync cores between the write and the run");

KTEST(xmc_fresh_page)
{
    static const uint8_t code[] = { 0x8d, 0x44, 0x24, 0x04,   /* lea 4(%esp),%eax */
                                    0x8b, 0x00,               /* mov (%eax),%eax */
                                    0x83, 0xc0, 0x29,         /* add $41,%eax */
                                    0xc3 };                   /* ret */
    struct thread *t;
    uint8_t *page;
    if (ncpu < 2)
        return;                          /* needs CPU 1 to run the code */
    KASSERT((page = palloc()));
    KASSERT((t = xmc_start((int (*)(int))page)));
    kmemcpy(page + 0x40, code, sizeof(code));
    xp_fn = (int (*)(int))(page + 0x40);
    if (xmc_fresh_sync)
        sync_cores();
    xmc_run_on_1();
    KEXPECT_EQ(xp_result, 42);
    xmc_stop(t);
    pfree(page);
}

/* A CPU's own write through another linear address (an alias mapping, as
 * text_write uses): its self-modifying-code detection does not cover it, so
 * it must serialize before running the code through the other mapping (X2).
 * xmc_alias_serialize=0 leaves that out: the control neg-xmc-alias-noserial. */
static int xmc_alias_serialize = 1;
KPARAM_INT("xmc_alias_serialize", xmc_alias_serialize, 0, 1,
           "xmc_alias_self: serialize between the alias write and the run");
#define XMC_ALIAS (ALIAS_BASE + 32 * PAGE_SIZE)       /* beyond the CPUs' text slots */

KTEST(xmc_alias_self)
{
    static const uint8_t code[] = { 0x8d, 0x44, 0x24, 0x04, 0x8b, 0x00,   /* the argument */
                                    0x83, 0xc0, 0x29, 0xc3 };            /* +41, ret */
    uint32_t *pte = paging_pte(XMC_ALIAS), f;
    uint8_t *page;
    int r;
    KASSERT(pte && !*pte);
    KASSERT((page = palloc()));
    f = read_eflags();
    cli();                                          /* one CPU from the write to the run */
    *pte = (uint32_t)page | PTE_W | PTE_P;
    invlpg((void *)XMC_ALIAS);
    kmemcpy((uint8_t *)XMC_ALIAS + 0x40, code, sizeof(code));
    *pte = 0;
    if (xmc_alias_serialize)
        serialize();
    r = ((int (*)(int))(page + 0x40))(1);
    invlpg((void *)XMC_ALIAS);
    if (f & EFLAGS_IF)
        sti();
    KEXPECT_EQ(r, 42);
    pfree(page);
}
