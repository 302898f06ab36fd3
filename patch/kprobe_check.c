/* Where may an int3 probe go?  (Hazards H11, H12.)  Inside kernel text,
 * outside the no-probe section, on an instruction boundary of the function
 * that contains it (a linear sweep from its start up to the address, as
 * Linux's can_probe), on an instruction that can run out of line. */
#include "patch/kprobe.h"
#include "patch/insn/insn.h"
#include "patch/ool.h"
#include "patch/poke.h"
#include "kernel/panic.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"

void text_walk_init(struct text_walk *w) { kmemset(w, 0, sizeof *w); }

/* The sweep's copy of a function: this buffer (one user: the text lock is
 * held) unless the function is larger. */
static uint8_t walk_buf[4096];

void text_walk_done(struct text_walk *w)
{
    if (w->code != walk_buf)
        kfree(w->code);
    text_walk_init(w);
}

/* Start a sweep of the function holding addr. */
static int walk_start(struct text_walk *w, uint32_t addr, char *why, size_t n)
{
    const struct ksym *k = ksym_lookup(addr);
    text_walk_done(w);
    if (!k || !k->size)
        return ksnprintf(why, n, "%08x is not inside a known function", addr), -1;
    ASSERT(text_lock_held());
    w->code = k->size <= sizeof walk_buf ? walk_buf : kmalloc(k->size);
    if (!w->code)
        return ksnprintf(why, n, "out of memory"), -1;
    w->k = k;
    return 0;
}

/* Decode the instruction at w->off, copying original bytes 64 at a time. */
static int walk_decode(struct text_walk *w, char *why, size_t n)
{
    uint32_t size = w->k->size, want = w->off + 15 < size ? w->off + 15 : size;
    int r;
    while (w->have < want) {
        uint32_t k = size - w->have < 64 ? size - w->have : 64;
        kprobe_orig_bytes(w->code + w->have, w->k->addr + w->have, k);
        w->have += k;
    }
    if ((r = insn_decode(&w->at, w->code + w->off, want - w->off)))
        return ksnprintf(why, n, "cannot decode %s at +%#x: %s", w->k->name, w->off, insn_strerror(r)), -1;
    return 0;
}

int text_walk_boundary(struct text_walk *w, uint32_t addr, uint8_t insn[15], uint32_t *n,
                       char *why, size_t whylen)
{
    const struct ksym *k = w->k;
    if ((!k || addr < k->addr + w->off || addr >= k->addr + k->size) && walk_start(w, addr, why, whylen))
        return -1;
    k = w->k;
    if (!w->at.len && walk_decode(w, why, whylen))
        return -1;
    while (k->addr + w->off < addr) {
        w->off += w->at.len;
        w->at.len = 0;
        if (w->off >= k->size || walk_decode(w, why, whylen))
            break;
    }
    if (k->addr + w->off != addr || !w->at.len)
        return ksnprintf(why, whylen, "%s+%#x is not an instruction boundary", k->name, addr - k->addr), -1;
    *n = k->size - w->off < 15 ? k->size - w->off : 15;
    kmemcpy(insn, w->code + w->off, *n);
    return 0;
}

/* Is addr an instruction boundary of the function containing it, decoded
 * from its start with every probed byte restored?  0 and the instruction's
 * original bytes (15, or up to the function's end: *n), or -1 with why.
 * Caller holds the text lock (the bytes and the probe table are stable). */
int text_boundary(uint32_t addr, uint8_t insn[15], uint32_t *n, char *why, size_t whylen)
{
    struct text_walk w;
    int r;
    text_walk_init(&w);
    r = text_walk_boundary(&w, addr, insn, n, why, whylen);
    text_walk_done(&w);
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
