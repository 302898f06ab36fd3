/* The cross-modifying-code checker's cell for text_poke (docs/xmc.md): CPU 1
 * runs a poked site at the worst moment the int3 protocol allows, right
 * after the last byte is written and before the sync that follows, having
 * served the core syncs only through smp_call_poll (no IRET, which would
 * serialize by itself; SDM Vol. 3A, "Serializing Instructions").  The guest
 * sees nothing wrong under any poke_bug=; the checker (xmc: on) must. */
#include "kernel/ktest.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/ipi.h"
#include "kernel/x86.h"
#include "patch/poke.h"
#include "tests/kernel/poke_sites.h"

#define XMC_ROUNDS 4

static volatile int xp_go, xp_ran, xp_ready, xp_stop, xp_result;

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
            xp_result = poke_alu(1);
            __atomic_fetch_add(&xp_ran, 1, __ATOMIC_RELEASE);
        } else if (READ_ONCE(smp_call_waiters)) {
            smp_call_poll();
        }
        pause();
    }
    sti();
}

/* The poke's last byte is in: CPU 1 runs the site now, before the sync. */
static void xmc_written(void)
{
    int ran = xp_ran;
    xp_go = 1;
    while (READ_ONCE(xp_ran) == ran)
        pause();
}

KTEST(xmc_poke_site)
{
    struct thread *t;
    uint8_t b[5];
    char err[128] = "";
    int i;
    KASSERT(ncpu >= 2);
    xp_ready = xp_stop = xp_ran = xp_go = 0;
    KASSERT((t = thread_create("xmc-target", xmc_target, NULL, 1u << 1)));
    while (!READ_ONCE(xp_ready))
        pause();
    poke_written_hook = xmc_written;
    for (i = 0; i < XMC_ROUNDS; i++) {
        alu_bytes(b, (i & 1) == 0);
        if (text_poke(alu_site(), b, 5, err, sizeof err))
            ktest_fail(ktest_ctx, __FILE__, __LINE__, "text_poke: %s", err);
        KEXPECT_EQ(xp_ran, i + 1);
        KEXPECT_EQ(xp_result, (i & 1) == 0 ? 1 + ALU_ADD_IMM : ALU_MOV_RESULT);
    }
    poke_written_hook = NULL;
    xp_stop = 1;
    thread_join(t);
}
