/* Where code runs (patch/codehome.h): a detour buffer, live or orphaned, by
 * the owner its slots keep (patch/slot.c, set when the buffer is built);
 * a split part by the symbol table's parts (kernel/gen_ksyms.py). */
#include "patch/codehome.h"
#include "patch/slot.h"
#include "kernel/ksym.h"
#include "kernel/fmt.h"

uint32_t code_home_slow(uint32_t a)
{
    uint32_t h, f;
    if ((h = slot_owner(a)))              /* a detour buffer: the probe's region */
        a = h;                            /* which may be in a split part (a probe in X.cold) */
    if ((f = ksym_part_owner(a)))         /* X.cold: X */
        return f;
    return a;
}

int code_home_format(uint32_t a, char *buf, size_t n)
{
    uint32_t h = slot_owner(a);
    char at[64];
    if (!h)
        return ksym_format(a, buf, n);
    ksym_format(h, at, sizeof at);
    return ksnprintf(buf, n, "%08x in the detour buffer of %s", a, at);
}
