/* Fault-report hook (kernel/panic.c panic_describe_addr): says whether a
 * faulting EIP is in an instruction slot (an out-of-line copy), and whether
 * that slot had been freed: a late user of patching memory (H7, H8), or
 * strictly inside an optimized probe's jump or in a (freed) detour buffer. */
#include "patch/slot.h"
#include "kernel/console.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"

uint32_t kprobe_buffer_owner(uint32_t addr);
uint32_t kprobe_jump_owner(uint32_t addr);
bool djprobe_freed_buffer(uint32_t a, uint32_t *probe);

void panic_describe_addr(uint32_t eip)
{
    char sym[96];
    uint32_t probe;
    if ((probe = kprobe_jump_owner(eip))) {
        ksym_format(probe, sym, sizeof sym);
        kprintf("  EIP is strictly inside the jump of the optimized probe at %08x %s: a thread "
                "resumed in the middle of it (H1/H2/H3)\n", probe, sym);
        return;
    }
    if (!slot_contains(eip)) {
        if (eip < (uint32_t)__text_start || eip >= (uint32_t)__text_end)
            kprintf("  EIP is outside kernel text and every instruction slot: a jump to garbage "
                    "(a torn or blindly copied branch? H6/H9)\n");
        return;
    }
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
