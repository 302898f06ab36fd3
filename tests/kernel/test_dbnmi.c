/* Self-test: an NMI in the window between a single-step #DB's delivery and
 * the read of DR6 (Intel SDM Vol. 3, 6.9 priority: the step's #DB trap,
 * class 4, goes before a pending NMI, class 5, which then interrupts the #DB
 * handler's first instruction).  The NMI's handler steps a probe of its own;
 * the outer step must still be claimed.  Evidence: the NMI's interrupted EIP. */
#include "kernel/ktest.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "kernel/cpu.h"
#include "kernel/lapic.h"
#include "kernel/ksym.h"
#include "kernel/console.h"
#include "kernel/plog.h"
#include "kernel/ipi.h"
#include "patch/kprobe.h"
#include "vectors.h"

void dbn_icr_write(volatile uint32_t *icr_lo, uint32_t v);
int dbn_leaf(void);
extern char dbn_icr_write_mov[];

static volatile int dbn_nmis, dbn_leaf_result;
static volatile uint32_t dbn_nmi_eip, dbn_nmi_dr6;

/* NMI context: no printing, plog only (drained by the next kprintf, so a
 * fatal #DB report shows it too). */
static void dbn_nmi(struct trapframe *tf)
{
    dbn_nmis++;
    dbn_nmi_eip = tf->eip;
    dbn_nmi_dr6 = tf->err;                     /* DR6 at NMI entry (kernel/dr6.h) */
    plog(KL_INFO, "dbnmi: NMI interrupted %08x (#DB entry %08x), DR6 %08x\n",
         tf->eip, vectors[T_DB], dbn_nmi_dr6, 0);
    dbn_leaf_result = dbn_leaf();              /* a nested single-step */
}

static int dbn_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

KTEST(int3_nmi_in_db_window)
{
    struct kprobe outer = { .addr = (uint32_t)dbn_icr_write + (uint32_t)dbn_icr_write_mov,
                            .pre_handler = dbn_pre };
    struct kprobe inner = { .symbol = "dbn_leaf", .pre_handler = dbn_pre };
    char err[160] = "", where[64];
    uint32_t f;
    dbn_nmis = 0;
    dbn_leaf_result = 0;
    KASSERT(kprobe_register(&outer, err, sizeof err) == 0);
    KASSERT(kprobe_register(&inner, err, sizeof err) == 0);
    f = read_eflags();
    cli();                                     /* the ICR halves and nmi_fn are this CPU's */
    while (lapic_read(LAPIC_ICRLO) & ICR_PENDING)
        pause();
    lapic_write(LAPIC_ICRHI, mycpu()->apic_id << 24);   /* no shorthand: self-NMI (10.6.1) */
    smp_nmi_arm(cpu_id(), dbn_nmi);
    dbn_icr_write((volatile uint32_t *)(LAPIC_BASE + LAPIC_ICRLO), ICR_NMI | ICR_ASSERT);
    if (f & EFLAGS_IF) sti();
    ksym_format(dbn_nmi_eip, where, sizeof where);
    kprintf("# NMI landed at %08x %s (#DB entry %08x), DR6 there %08x (BS %s)\n",
            dbn_nmi_eip, where, vectors[T_DB], dbn_nmi_dr6,
            dbn_nmi_dr6 & DR6_BS ? "set" : "clear");
    KEXPECT_EQ(dbn_nmis, 1);
    KEXPECT_EQ(dbn_nmi_eip, vectors[T_DB]);    /* the window: before any read of DR6 */
    KEXPECT_EQ(dbn_leaf_result, 7);
    KEXPECT_EQ(kprobe_nhit(&outer), 1);
    KEXPECT_EQ(kprobe_nhit(&inner), 1);
    kprobe_unregister(&inner);
    kprobe_unregister(&outer);
}
