/* Fault-report hook (kernel/panic.c panic_describe_addr): says whether a
 * faulting EIP is in an instruction slot (an out-of-line copy), and whether
 * that slot had been freed: a late user of patching memory (H7, H8). */
#include "patch/slot.h"
#include "kernel/console.h"

NOPROBE void panic_describe_addr(uint32_t eip)
{
    if (!slot_contains(eip))
        return;
    if (slot_is_free(eip))
        kprintf("  EIP is in a freed instruction slot: executed after it was released (H7/H8)\n");
    else
        kprintf("  EIP is in an instruction slot (out-of-line copy of a probed instruction)\n");
}
