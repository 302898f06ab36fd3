/* Page-fault fixups for kernel/fixup_asm.S: a fault at one of the listed
 * instructions resumes at mem_try_fault, which returns -1 (the same idea as
 * Linux's exception tables, SDM Vol. 3, 6.15 #PF is a restartable fault). */
#include "kernel/trap.h"
#include "kernel/fixup.h"

extern char mem_try_write8_insn[], mem_try_read8_insn[], mem_try_fault[];

NOPROBE static bool fixup_pf(struct trapframe *tf)
{
    if (tf->eip != (uint32_t)mem_try_write8_insn && tf->eip != (uint32_t)mem_try_read8_insn)
        return false;
    tf->eip = (uint32_t)mem_try_fault;
    return true;
}

void fixup_init(void)
{
    trap_register(T_PF, fixup_pf);
}
