/* Kernel entry: bring up the boot CPU (GDT, IDT, console, memory, paging),
 * apply the command line, count CPUs, run the chosen scenario, print the
 * verdict line and end the run through isa-debug-exit. */
#include "kernel/uspace.h"
#include "kernel/cpu.h"
#include "kernel/console.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/multiboot.h"
#include "kernel/param.h"
#include "kernel/scenario.h"
#include "kernel/ktest.h"
#include "kernel/qexit.h"
#include "kernel/panic.h"
#include "kernel/fixup.h"
#include "kernel/gbound.h"
#include "patch/int3.h"
#include "patch/slot.h"
#include "smp/acpi.h"
#include "smp/smp.h"

extern const struct kscenario __kscenario_start[], __kscenario_end[];
void kheap_init(void);
void palloc_init(struct multiboot_info *mb);

static int scenario_selftest(char *why, size_t n)
{
    extern int ksnprintf(char *, size_t, const char *, ...);
    int failed = ktest_run_selected(param_test);
    if (failed)
        ksnprintf(why, n, "%d self-test%s failed", failed, failed > 1 ? "s" : "");
    return failed;
}
KSCENARIO("selftest", scenario_selftest, "in-kernel self-tests (test=) with KTAP output");

static const struct kscenario *scenario_find(const char *name)
{
    const struct kscenario *s;
    for (s = __kscenario_start; s < __kscenario_end; s++) {
        const char *a = s->name, *b = name;
        while (*a && *a == *b) { a++; b++; }
        if (*a == *b) return s;
    }
    return NULL;
}

static void run_scenario(void)
{
    const struct kscenario *s = scenario_find(param_scenario);
    char why[160] = "";
    int r;
    if (!s) {
        kprintf("!!! unknown scenario '%s'; known:", param_scenario);
        for (s = __kscenario_start; s < __kscenario_end; s++)
            kprintf(" %s", s->name);
        kprintf("\nEnd of test: FAILURE (unknown scenario %s)\n", param_scenario);
        qemu_exit(QEXIT_FAIL);
    }
    kprintf("scenario %s seed=%d cpus=%d\n", s->name, param_seed, ncpu_found);
    guest_progress_mark();
    r = s->run(why, sizeof why);
    guest_progress_report();
    if (r) {
        kprintf("End of test: FAILURE (%s)\n", why[0] ? why : "scenario failed");
        qemu_exit(QEXIT_FAIL);
    }
    kprintf("End of test: SUCCESS\n");
    qemu_exit(QEXIT_PASS);
}

void kmain(uint32_t magic, struct multiboot_info *mb)
{
    const char *cmdline = "";
    gdt_init_cpu(0);
    console_init();
    idt_init();
    idt_load();
    fixup_init();
    int3_init();
    kprintf("\nkpatch test kernel: booting\n");
    if (magic != MULTIBOOT_BOOTLOADER_MAGIC)
        panic("not started by a multiboot loader (eax=%08x)", magic);
    if (mb->flags & MB_INFO_CMDLINE)
        cmdline = (const char *)mb->cmdline;
    kprintf("command line: %s\n", cmdline);
    param_boot(cmdline);
    palloc_init(mb);
    kheap_init();
    ncpu_found = smp_discover();         /* before paging: the EBDA pointer is in page 0 */
    paging_init();
    slot_init();                         /* instruction slots, read-only like text */
    smp_init();                          /* APIC, clock, IOAPIC, threads, APs */
    kprintf("cpus: %d found by firmware, %d online\n", ncpu_found, ncpu);
    uspace_init();                       /* user-space layout (uspace=) */
    if (param_cpus_expected && param_cpus_expected != ncpu_found) {
        kprintf("!!! cpus=%d expected but firmware describes %d\n", param_cpus_expected, ncpu_found);
        kprintf("End of test: FAILURE (cpu count %d, expected %d)\n", ncpu_found, param_cpus_expected);
        qemu_exit(QEXIT_FAIL);
    }
    run_scenario();
}
