/* Where may an int3 probe go?  (H11, H12 in the design's catalogue.)  Inside
 * kernel text, outside the no-probe section, on an instruction boundary of
 * the function that contains it (decoded from its start by patch/
 * insn_analyze.c), on an instruction that can run out of line. */
#include "patch/kprobe.h"
#include "patch/insn/insn_analyze.h"
#include "patch/ool.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"

static int boundary_check(const struct ksym *k, const uint8_t *code, uint32_t addr, char *why, size_t n)
{
    struct analyze_fn fn;
    int r;
    kmemset(&fn, 0, sizeof fn);
    fn.insn_cap = (int)k->size;
    fn.insn_off = kmalloc(k->size * sizeof(uint32_t));
    fn.target_cap = (int)k->size;
    fn.targets = kmalloc(k->size * sizeof(uint32_t));
    fn.target_src = kmalloc(k->size * sizeof(uint32_t));
    if (!fn.insn_off || !fn.targets || !fn.target_src) {
        r = -1;
        ksnprintf(why, n, "out of memory analysing %s", k->name);
    } else if (analyze_function(&fn, code, k->addr, k->size) != ANALYZE_OK) {
        r = -1;
        ksnprintf(why, n, "cannot decode %s: %s", k->name, fn.reason);
    } else if (!analyze_is_boundary(&fn, addr)) {
        r = -1;
        ksnprintf(why, n, "%s+%#x is not an instruction boundary", k->name, addr - k->addr);
    } else {
        r = 0;
    }
    kfree(fn.insn_off);
    kfree(fn.targets);
    kfree(fn.target_src);
    return r;
}

/* Is addr an instruction boundary of the function containing it, decoded
 * from its start with every probed byte restored?  0 and the instruction's
 * original bytes (15, or up to the function's end: *n), or -1 with why.
 * Caller holds the text lock (the bytes and the probe table are stable). */
int text_boundary(uint32_t addr, uint8_t insn[15], uint32_t *n, char *why, size_t whylen)
{
    const struct ksym *k = ksym_lookup(addr);
    uint8_t *code;
    int r;
    if (!k || !k->size)
        return ksnprintf(why, whylen, "%08x is not inside a known function", addr), -1;
    if (!(code = kmalloc(k->size)))
        return ksnprintf(why, whylen, "out of memory"), -1;
    kprobe_orig_bytes(code, k->addr, k->size);
    r = boundary_check(k, code, addr, why, whylen);
    *n = k->addr + k->size - addr < 15 ? k->addr + k->size - addr : 15;
    kmemcpy(insn, code + (addr - k->addr), *n);
    kfree(code);
    return r;
}

int kprobe_check_addr(uint32_t addr, const char **hazard, char *why, size_t n)
{
    const struct ksym *k = ksym_lookup(addr);
    struct insn in;
    const char *h2, *w2;
    uint8_t insn[15];
    uint32_t len;
    int r;
    *hazard = "H12";
    if (addr < (uint32_t)__text_start || addr >= (uint32_t)__text_end)
        return ksnprintf(why, n, "%08x is outside kernel text", addr), -1;
    if (addr >= (uint32_t)__noprobe_start && addr < (uint32_t)__noprobe_end) {
        *hazard = "H11";
        return ksnprintf(why, n, "%s is in the no-probe section (the probe path: kernel/noprobe.list)", k ? k->name : "?"), -1;
    }
    if (text_boundary(addr, insn, &len, why, n))
        return -1;
    if ((r = insn_decode(&in, insn, len)) != INSN_OK)
        return ksnprintf(why, n, "%s+%#x: %s", k->name, addr - k->addr, insn_strerror(r)), -1;
    if (ool_classify(&in, &h2, &w2) < 0) {
        *hazard = h2;
        return ksnprintf(why, n, "%s+%#x: instruction cannot run out of line: %s", k->name, addr - k->addr, w2), -1;
    }
    return 0;
}
