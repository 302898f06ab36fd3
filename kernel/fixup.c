/* Page-fault fixups for kernel/fixup_asm.S: a fault at one of the listed
 * instructions resumes at its fixup, which returns -1 (the idea of Linux's
 * exception tables; SDM Vol. 3, 6.15: #PF is a restartable fault).  On it:
 * probe_read(), the fault-safe read for probe handlers. */
#include "kernel/trap.h"
#include "kernel/fixup.h"
#include "kernel/param.h"
#include "kernel/cpu.h"

extern char mem_try_write8_insn[], mem_try_read8_insn[], mem_try_fault[];
extern char mem_try_copy_insn[], mem_try_copy_fault[];

static const struct { const char *insn, *fixup; } fixups[] = {
    { mem_try_write8_insn, mem_try_fault },
    { mem_try_read8_insn, mem_try_fault },
    { mem_try_copy_insn, mem_try_copy_fault },
};

static int fixup_bug;
KPARAM_ENUM("fixup_bug", fixup_bug, "none|no_copy",
            "negative control: no_copy drops probe_read's fixup (a bad read panics)");

static uint32_t read_faults[NCPU_MAX];

static bool fixup_pf(struct trapframe *tf)
{
    unsigned i;
    for (i = 0; i < sizeof fixups / sizeof fixups[0]; i++) {
        if (tf->eip != (uint32_t)fixups[i].insn)
            continue;
        if (fixup_bug == 1 && fixups[i].insn == mem_try_copy_insn)
            return false;             /* BUG on purpose (fixup_bug=no_copy) */
        tf->eip = (uint32_t)fixups[i].fixup;
        return true;
    }
    return false;
}

/* Is a fixup instruction in [lo, hi)?  A copy run elsewhere (a detour
 * buffer) would fault without finding its fixup. */
bool fixup_in(uint32_t lo, uint32_t hi)
{
    unsigned i;
    for (i = 0; i < sizeof fixups / sizeof fixups[0]; i++)
        if ((uint32_t)fixups[i].insn >= lo && (uint32_t)fixups[i].insn < hi)
            return true;
    return false;
}

/* No lock, no allocation, no kernel call but the copy itself; a fault
 * (unmapped page, guard page) is counted per CPU and returned as -1, with
 * dst holding an unspecified prefix.  A range that wraps is refused unread. */
int probe_read(void *dst, const void *src, size_t len)
{
    if ((uint32_t)src + len < (uint32_t)src)
        return -1;
    if (mem_try_copy(dst, src, len) == 0)
        return 0;
    __atomic_fetch_add(&read_faults[cpu_id()], 1, __ATOMIC_RELAXED);
    return -1;
}

uint32_t probe_read_faults(void)
{
    uint32_t i, n = 0;
    for (i = 0; i < NCPU_MAX; i++)
        n += read_faults[i];
    return n;
}

void fixup_init(void)
{
    trap_register(T_PF, fixup_pf);
}
