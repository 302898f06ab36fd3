/* Panic and fatal-trap reports: CPU, thread, symbolized EIP, registers and a
 * frame-pointer backtrace (every function keeps %ebp frames: -fno-omit-frame-
 * pointer).  The first CPU to panic reports; others stop.  Ends the run. */
#include "kernel/panic.h"
#include "kernel/trap.h"
#include "kernel/cpu.h"
#include "kernel/console.h"
#include "kernel/ksym.h"
#include "kernel/qexit.h"
#include "kernel/x86.h"
#include "kernel/mem.h"
#include "patch/kretprobe.h"

static volatile int panic_cpu = -1;
extern char alltraps_ret[];                 /* kernel/trapasm.S: trap()'s return address */

/* Hooks that later subsystems override (weak defaults). */
__attribute__((weak)) const char *panic_thread_name(void) { return "-"; }
__attribute__((weak)) void panic_describe_addr(uint32_t eip) { (void)eip; }
__attribute__((weak)) void panic_stop_others(void) { }

static void panic_enter(void)
{
    int me = cpu_id(), free = -1;
    cli();
    if (panic_cpu == me) {          /* fault inside the report itself */
        static const char m[] = "\n!!! nested fault during panic report\n"
                                "End of test: FAILURE (panic: nested fault during the report)\n";
        console_write(m, sizeof m - 1);
        qemu_exit(QEXIT_PANIC);
    }
    if (!__atomic_compare_exchange_n(&panic_cpu, &free, me, false,
                                     __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        for (;;) hlt();             /* another CPU is reporting */
    console_panic_cpu = me;
    panic_stop_others();
}

static bool frame_ok(uint32_t ebp)
{
    return ebp >= 0x1000 && !(ebp & 3) && mem_is_mapped(ebp, 8);
}

void backtrace_print(uint32_t ebp, int max)
{
    char sym[96];
    int i;
    for (i = 0; i < max && ebp; i++) {
        uint32_t ret;
        if (!frame_ok(ebp)) {
            kprintf("   (frame pointer %08x is not readable)\n", ebp);
            return;
        }
        ret = ((uint32_t *)ebp)[1];
        if (!ret)
            return;
        ret = kretprobe_recover(ebp + 4, ret);     /* behind a return probe's trampoline */
        ksym_format(ret - 1, sym, sizeof sym);
        kprintf("   #%d %08x %s\n", i, ret, sym);
        if (ret == (uint32_t)alltraps_ret && frame_ok(((uint32_t *)ebp)[2])) {
            struct trapframe *tf = (struct trapframe *)((uint32_t *)ebp)[2];
            ksym_format(tf->eip, sym, sizeof sym);    /* the interrupted code: alltraps has no frame */
            kprintf("   #%d %08x %s (interrupted, vector %u)\n", ++i, tf->eip, sym, tf->trapno & 0xFF);
            if (tf->eip == (uint32_t)kretprobe_trampoline &&
                (ret = kretprobe_popped((uint32_t)(&tf->eflags + 1)))) {   /* its ret popped the caller's */
                ksym_format(ret - 1, sym, sizeof sym);
                kprintf("   #%d %08x %s\n", ++i, ret, sym);
            }
            ebp = tf->ebp;
            continue;
        }
        ebp = ((uint32_t *)ebp)[0];
    }
}

static void regs_print(struct trapframe *tf)
{
    kprintf("  eax=%08x ebx=%08x ecx=%08x edx=%08x\n", tf->eax, tf->ebx, tf->ecx, tf->edx);
    kprintf("  esi=%08x edi=%08x ebp=%08x esp=%08x\n", tf->esi, tf->edi, tf->ebp,
            (uint32_t)&tf->eflags + 4);
    kprintf("  eflags=%08x cr0=%08x cr2=%08x cr3=%08x\n", tf->eflags, read_cr0(), read_cr2(), read_cr3());
}

void trap_report(struct trapframe *tf, const char *what)
{
    char sym[96];
    ksym_format(tf->eip, sym, sizeof sym);
    console_lock();
    kprintf("\n!!! %s: vector %u (%s) err=%#x on cpu %d thread %s\n", what, tf->trapno,
            trap_name(tf->trapno), tf->err, cpu_id(), panic_thread_name());
    kprintf("  EIP %08x %s\n", tf->eip, sym);
    if (tf->trapno == T_PF)
        kprintf("  fault address %08x (%s, %s)\n", read_cr2(), tf->err & 1 ? "protection" : "not present",
                tf->err & 2 ? "write" : "read");
    panic_describe_addr(tf->eip);
    regs_print(tf);
    kprintf("  backtrace:\n");
    kprintf("   #- %08x %s\n", tf->eip, sym);
    backtrace_print(tf->ebp, 24);
    console_unlock();
}

void panic_trap(struct trapframe *tf)
{
    panic_enter();
    trap_report(tf, "EXCEPTION");
    kprintf("End of test: FAILURE (exception %s at %08x)\n", trap_name(tf->trapno), tf->eip);
    qemu_exit(QEXIT_PANIC);
}

/* An NMI nobody claimed comes from outside (the host runner's timeout sends
 * one to every CPU through QEMU's monitor): each CPU reports where it was;
 * the boot CPU waits for the others' reports (bounded) and ends the run. */
static volatile int nmi_reports;

void panic_nmi(struct trapframe *tf)
{
    uint64_t t0 = rdtsc();
    trap_report(tf, "NMI (external: host runner timeout)");
    __atomic_fetch_add(&nmi_reports, 1, __ATOMIC_SEQ_CST);
    if (cpu_id() != 0)
        for (;;) hlt();
    while (nmi_reports < ncpu && rdtsc() - t0 < 4000000000ull)
        pause();
    kprintf("End of test: FAILURE (hang: external NMI, %d of %d CPUs reported)\n", nmi_reports, ncpu);
    qemu_exit(QEXIT_HANG);
}

void panic(const char *fmt, ...)
{
    va_list ap;
    char sym[96];
    uint32_t here = (uint32_t)__builtin_return_address(0);
    panic_enter();
    console_lock();
    kprintf("\n!!! PANIC on cpu %d thread %s: ", cpu_id(), panic_thread_name());
    va_start(ap, fmt);
    kvprintf(fmt, ap);
    va_end(ap);
    ksym_format(here - 1, sym, sizeof sym);
    kprintf("\n  called from %08x %s\n  backtrace:\n", here, sym);
    backtrace_print(read_ebp(), 24);
    kprintf("End of test: FAILURE (panic)\n");
    console_unlock();
    qemu_exit(QEXIT_PANIC);
}
