/* Page-fault fixups for kernel/fixup_asm.S: a fault at one of the listed
 * instructions resumes at mem_try_fault, which returns -1 (the same idea as
 * Linux's exception tables, SDM Vol. 3, 6.15 #PF is a restartable fault). */
#include "kernel/trap.h"
#include "kernel/fixup.h"

extern char mem_try_write8_insn[], mem_try_read8_insn[], mem_try_fault[];

static bool fixup_pf(struct trapframe *tf)
{
    if (tf->eip != (uint32_t)mem_try_write8_insn && tf->eip != (uint32_t)mem_try_read8_insn)
        return false;
    tf->eip = (uint32_t)mem_try_fault;
    return true;
}

/* Is a fixup instruction in [lo, hi)?  A copy run elsewhere (a detour
 * buffer) would fault without finding its fixup. */
bool fixup_in(uint32_t lo, uint32_t hi)
{
    uint32_t w = (uint32_t)mem_try_write8_insn, r = (uint32_t)mem_try_read8_insn;
    return (w >= lo && w < hi) || (r >= lo && r < hi);
}

void fixup_init(void)
{
    trap_register(T_PF, fixup_pf);
}
