/* Where code runs: the one attribution of an address to the function whose
 * code runs there, used by every check that asks whether a thread is inside
 * a function (live patches' models, the jump optimizer's quiescence checks).
 * A function's code runs in its symbol, in its split parts (gcc's X.cold in
 * .text.unlikely) and in the detour buffers of jump-optimized probes inside
 * it; a return probe's trampoline stands for the return address listed in
 * the thread's pending instance, which stack readers recover first
 * (kretprobe_recover, kretprobe_popped).  docs/livepatch.md#where-code-runs. */
#ifndef CODEHOME_H
#define CODEHOME_H
#include "kernel/types.h"
#include "kernel/ksym.h"
#include "patch/slot.h"

/* The address of the code at a in its function's own text: a detour
 * buffer's probe address (the region it copies), a split part's function's
 * first byte, else a itself.  Lock free (a rendezvous, a pre-scan). */
uint32_t code_home_slow(uint32_t a);
static inline uint32_t code_home(uint32_t a)
{
    if (a - slot_pool_start < SLOT_POOL_BYTES || a - ksym_parts_lo < ksym_parts_hi - ksym_parts_lo)
        return code_home_slow(a);             /* in the slot pool or the span of the split parts */
    return a;                                 /* most stack words: two compares */
}
/* ksym_format(a), or for a detour buffer's address (no symbol) "<addr> in
 * the detour buffer of <probe address>", for reports. */
int code_home_format(uint32_t a, char *buf, size_t n);
#endif
