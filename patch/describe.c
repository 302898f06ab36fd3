/* Fault-report hook (kernel/panic.c panic_describe_addr): says whether a
 * faulting EIP is in an instruction slot (an out-of-line copy), and whether
 * that slot had been freed: a late user of patching memory (H7, H8). */
#include "patch/slot.h"
#include "kernel/console.h"
#include "kernel/ksym.h"

uint32_t kprobe_buffer_owner(uint32_t addr);
bool djprobe_freed_buffer(uint32_t a, uint32_t *probe);

NOPROBE void panic_describe_addr(uint32_t eip)
{
    char sym[96];
    uint32_t probe;
    if (!slot_contains(eip))
        return;
    if ((probe = kprobe_buffer_owner(eip)) || djprobe_freed_buffer(eip, &probe)) {
        ksym_format(probe, sym, sizeof sym);
        kprintf("  EIP is in the %s detour buffer of the optimized probe at %08x %s%s\n",
                kprobe_buffer_owner(eip) ? "live" : "FREED", probe, sym,
                kprobe_buffer_owner(eip) ? "" : ": a thread was inside it when it was freed (H8)");
        return;
    }
    if (slot_is_free(eip))
        kprintf("  EIP is in a freed instruction slot: executed after it was released (H7/H8)\n");
    else
        kprintf("  EIP is in an instruction slot (out-of-line copy of a probed instruction)\n");
}
