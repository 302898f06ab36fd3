/* smp-boot: checks what SMP bring-up promises - every CPU the firmware lists
 * is online with a ticking LAPIC timer, calls run where they are sent, NMI
 * IPIs arrive, a rendezvous parks every other CPU and records where each was
 * interrupted (H2 data), the TSC clock agrees across CPUs, thread stacks
 * have an unmapped guard page, and IRQ4 reaches the console's input ring
 * through the IOAPIC (UART loopback).  smp-stall: a negative control whose
 * CPU 1 spins with interrupts off until the watchdog reports it. */
#include "kernel/scenario.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/cpu.h"
#include "kernel/gbound.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/ipi.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/ksym.h"
#include "kernel/uart.h"
#include "kernel/timer.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "smp/smp.h"

static volatile int bad;
#define CHECK(c, ...) do { if (!(c)) { kprintf("!!! smp-boot: " __VA_ARGS__); kprintf("\n"); bad++; } } while (0)

static volatile uint32_t ran_on[NCPU_MAX], nmi_on[NCPU_MAX];
static volatile uint64_t clk[NCPU_MAX];
static void where(void *arg) { ran_on[(int)arg] = (uint32_t)cpu_id() + 1; clk[(int)arg] = clock_ns(); }
static void nmi_probe(struct trapframe *tf) { (void)tf; nmi_on[cpu_id()] = 1; }

static void check_cpus(void)
{
    uint32_t t0[NCPU_MAX];
    int i;
    CHECK(ncpu == ncpu_found, "%d of %d CPUs online", ncpu, ncpu_found);
    for (i = 0; i < ncpu; i++) t0[i] = cpus[i].ticks;
    thread_sleep_ns(200000000ull);
    for (i = 0; i < ncpu; i++) {
        uint32_t d = cpus[i].ticks - t0[i], want = (uint32_t)timer_hz / 5;
        kprintf("cpu %d: apic id %u, %u ticks in 200 ms (hz=%d)\n", i, cpus[i].apic_id, d, timer_hz);
        CHECK(d >= want / 2 && d <= want * 2, "cpu %d took %u ticks in 200 ms, want about %u", i, d, want);
    }
}

static void check_calls(void)
{
    uint64_t prev = 0;
    int i;
    for (i = 0; i < ncpu; i++) {
        smp_call_one(i, where, (void *)i, true);
        CHECK(ran_on[i] == (uint32_t)i + 1, "call for cpu %d ran on cpu %d", i, (int)ran_on[i] - 1);
        CHECK(clk[i] >= prev, "clock_ns went backwards from one CPU to the next (cpu %d)", i);
        prev = clk[i];
    }
    for (i = 0; i < ncpu; i++) {
        struct gbound b;
        if (i == cpu_id()) continue;
        gbound_start(&b, i, 100, 0);           /* 100 ms of cpu i's guest time */
        smp_nmi_call(i, nmi_probe);
        while (!nmi_on[i] && !gbound_expired(&b)) pause();
        CHECK(nmi_on[i], "NMI IPI to cpu %d not taken", i);
    }
}

static int rv_where(void *arg)
{
    int i, n = 0;
    (void)arg;
    for (i = 0; i < ncpu; i++)
        if (i != cpu_id() && cpus[i].parked && rendezvous_eip[i] >= (uint32_t)__text_start &&
            rendezvous_eip[i] < (uint32_t)__text_end)
            n++;
    return n;
}

static void check_rendezvous(void)
{
    char sym[96];
    int i, n = rendezvous_run(rv_where, NULL), c;
    uint32_t eip;
    for (i = 0; i < ncpu; i++) {
        if (i == cpu_id()) continue;
        ksym_format(rendezvous_eip[i], sym, sizeof sym);
        kprintf("rendezvous: cpu %d parked, interrupted at %08x %s\n", i, rendezvous_eip[i], sym);
    }
    CHECK(n == ncpu - 1, "rendezvous: %d of %d other CPUs parked with an interrupted EIP in text", n, ncpu - 1);
    (void)c; (void)eip;
}

static void check_guard(void)
{
    struct thread *t = thread_current();
    if (t->stack_lo == (uint32_t)__text_start) return;
    CHECK(cpus[1 % ncpu].idle && !mem_is_mapped(cpus[1 % ncpu].idle->stack_lo - PAGE_SIZE, 1),
          "idle thread stack has no guard page");
}

static void check_uart_irq(void)
{
    const char *msg = "kpatch";
    char got[8];
    uint32_t irqs = uart_rx_irqs;
    uint64_t end;
    int i, n = 0, c;
    if (!smp_hw.ioapic_addr) { kprintf("uart: no IOAPIC, skipped\n"); return; }
    preempt_disable();
    console_lock();
    uart_loopback(true);
    for (i = 0; msg[i]; i++) uart_putc(msg[i]);
    end = clock_ns() + 100000000ull;
    while (uart_rx_irqs == irqs && clock_ns() < end)   /* let the IRQ drain the FIFO first */
        pause();
    while (n < 6 && clock_ns() < end)
        if ((c = uart_getc()) >= 0) got[n++] = (char)c;
    uart_loopback(false);
    console_unlock();
    preempt_enable_no_resched();
    got[n] = 0;
    kprintf("uart: loopback read \"%s\" with %u receive interrupts (IRQ4 via IOAPIC)\n", got,
            uart_rx_irqs - irqs);
    CHECK(n == 6 && !kmemcmp(got, msg, 6), "uart loopback read %d bytes", n);
    CHECK(uart_rx_irqs != irqs, "no UART receive interrupt arrived");
}

static int scenario_smp_boot(char *why, size_t n)
{
    check_cpus();
    check_calls();
    if (ncpu > 1) check_rendezvous();
    check_guard();
    check_uart_irq();
    if (bad) ksnprintf(why, n, "%d smp-boot check%s failed", bad, bad > 1 ? "s" : "");
    return bad;
}
KSCENARIO("smp-boot", scenario_smp_boot, "SMP bring-up checks: CPUs, ticks, calls, NMI, rendezvous, IRQ4");

static void watchdog_stall_victim(void *arg)
{
    (void)arg;
    for (;;) pause();                 /* called with interrupts off: no more ticks */
}

static int scenario_smp_stall(char *why, size_t n)
{
    if (ncpu < 2) { ksnprintf(why, n, "smp-stall needs 2 CPUs"); return 1; }
    kprintf("smp-stall: cpu 1 spins with interrupts off; the watchdog must report it\n");
    smp_call_one(1, watchdog_stall_victim, NULL, false);
    thread_sleep_ns(20000000000ull);
    ksnprintf(why, n, "the watchdog did not fire within 20 s");
    return 1;
}
KSCENARIO("smp-stall", scenario_smp_stall, "negative control: a CPU stalls with interrupts off");
