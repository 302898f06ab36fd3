/* Bringing up the machine's SMP side on the BSP and starting every AP with
 * INIT-SIPI-SIPI (Intel SDM Vol. 3, 8.4.4.1 "typical BSP initialization
 * sequence": INIT, 10 ms, SIPI, 200 us, SIPI, 200 us; delays from the
 * PIT-calibrated TSC).  Each AP gets its idle thread's guarded stack, its
 * struct cpu through %fs (gdt_init_cpu), the IDT, paging, a TSS, its LAPIC
 * and timer, then becomes its idle thread.  APs start one at a time. */
#include "smp/smp.h"
#include "kernel/cpu.h"
#include "kernel/lapic.h"
#include "kernel/ioapic.h"
#include "kernel/clock.h"
#include "kernel/timer.h"
#include "kernel/tss.h"
#include "kernel/ipi.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/watchdog.h"
#include "kernel/uart.h"
#include "kernel/fmt.h"

extern const char ap_start[], ap_start_end[], ap_params[];
static struct thread *ap_idle[NCPU_MAX];

static void __attribute__((noreturn)) ap_main(int id)
{
    gdt_init_cpu(id);
    idt_load();
    paging_enable_cpu();
    tss_init_cpu(id);
    lapic_init();
    sched_init_ap(id, ap_idle[id]);
    timer_init_cpu();
    pr_info("smp: cpu %d (APIC ID %u) online\n", id, cpus[id].apic_id);
    cpus[id].online = 1;
    __atomic_add_fetch(&ncpu, 1, __ATOMIC_SEQ_CST);
    sched_idle_loop();
}

static bool start_ap(int id, uint32_t apic_id)
{
    struct ap_params *p = (struct ap_params *)(AP_TRAMPOLINE + (ap_params - ap_start));
    uint64_t deadline;
    int i;
    ap_idle[id] = thread_alloc("idle", 1u << id);
    ASSERT(ap_idle[id]);
    ksnprintf(ap_idle[id]->name, sizeof ap_idle[id]->name, "idle%d", id);
    ap_idle[id]->is_idle = true;
    cpus[id].apic_id = apic_id;
    p->stack_top = ap_idle[id]->stack_hi - 16;
    p->entry = (uint32_t)ap_main;
    p->cpu = (uint32_t)id;
    lapic_icr(apic_id, ICR_INIT | ICR_LEVEL | ICR_ASSERT);
    clock_delay_us(10000);
    lapic_icr(apic_id, ICR_INIT | ICR_LEVEL);         /* de-assert (82489DX only) */
    for (i = 0; i < 2 && !cpus[id].online; i++) {
        lapic_icr(apic_id, ICR_STARTUP | (AP_TRAMPOLINE >> 12));
        clock_delay_us(200);
    }
    deadline = clock_ns() + 5000000000ull;          /* generous: a busy host may not run the vCPU soon */
    while (!READ_ONCE(cpus[id].online) && clock_ns() < deadline)
        pause();
    return cpus[id].online;
}

void smp_boot_aps(void)
{
    uint32_t me = lapic_id();
    int i, id = 1;
    ASSERT(ap_start_end - ap_start <= (int)PAGE_SIZE);
    kmemcpy((void *)AP_TRAMPOLINE, ap_start, (size_t)(ap_start_end - ap_start));
    for (i = 0; i < smp_hw.ncpu && id < NCPU_MAX; i++) {
        if (smp_hw.apic_id[i] == me)
            continue;
        if (start_ap(id, smp_hw.apic_id[i]))
            id++;
        else
            pr_err("smp: CPU with APIC ID %u did not come online\n", smp_hw.apic_id[i]);
    }
}

static bool uart_intr(struct trapframe *tf)
{
    (void)tf;
    uart_rx_intr();
    lapic_eoi();
    return true;
}

static void irq_init(void)
{
    uint32_t gsi = smp_hw.irq_gsi[4];
    uint16_t fl = smp_hw.irq_flags[4];
    if (!smp_hw.ioapic_addr) {
        pr_warn("smp: no I/O APIC; serial input stays polled\n");
        return;
    }
    ioapic_init(smp_hw.ioapic_addr, smp_hw.ioapic_gsi_base);
    trap_register(V_UART, uart_intr);
    /* MPS INTI flags: polarity 3 = active low, trigger 3 = level */
    ioapic_route(gsi, V_UART, cpus[0].apic_id, (fl & 3) == 3 || ((fl >> 2) & 3) == 3);
    uart_rx_irq_enable();
}

void smp_init(void)
{
    tss_init();
    tss_init_cpu(0);
    pic_disable();
    lapic_init();
    ipi_ready = 1;
    clock_init();
    smp_call_init();
    smp_nmi_init();
    irq_init();
    sched_init();
    timer_init_cpu();
    pr_info("smp: cpu 0 (APIC ID %u) online, boot CPU\n", cpus[0].apic_id);
    cpus[0].online = 1;
    sti();
    smp_boot_aps();
    watchdog_arm();
    pr_info("smp: %d CPU%s online (hz=%d, preempt=%s)\n", ncpu, ncpu > 1 ? "s" : "", timer_hz,
            sched_preempt_model == PREEMPT_FULL ? "full" :
            sched_preempt_model == PREEMPT_VOLUNTARY ? "voluntary" : "none");
}
