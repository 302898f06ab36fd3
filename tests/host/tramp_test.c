/* tramp_test.c - detour buffers (patch/tramp.c) built and run natively: a
 * function in an RWX page gets a jmp to its buffer, and the results, the
 * frame the handler sees, register and EIP changes and relocated branches
 * are compared with the unpatched function.  Host only: gcc -m32 -no-pie.
 * User mode cannot run cli, so the buffer's cli (byte 1) is made a nop. */
#include <stdint.h>
#include <stdbool.h>
#include <sys/mman.h>
#include "patch/tramp.h"
#include "tests/host/check.h"

struct tf { uint32_t edi, esi, ebp, oesp, ebx, edx, ecx, eax, trapno, err, eip, cs, eflags; };
static uint8_t *mem;
static struct tf seen;
static uint32_t seen_site, seen_tf, callee_ret, alt_eip;
static int mode;

int handler(void *site, struct tf *tf)
{
    seen_site = (uint32_t)site;
    seen_tf = (uint32_t)tf;
    seen = *tf;
    if (mode == 1)
        tf->eax += 100;
    if (mode == 2) {
        tf->eax = 77;
        tf->eip = alt_eip;
        return 1;
    }
    return 0;
}

int callee(void)
{
    callee_ret = (uint32_t)__builtin_return_address(0);
    return 41;
}

static uint16_t user_cs(void) { uint16_t cs; __asm__("mov %%cs, %0" : "=r"(cs)); return cs; }

/* The unwinder's map: the first two bytes follow the probed address (with
 * pushfl's word after the first), the copy its own instructions, a push of
 * a relocated call the same instruction plus 4, the jmp back the region's
 * end; the rest of the prologue and the iret path have no description. */
static void check_unwind_map(const struct tramp_layout *lay, const uint8_t *buf, uint32_t len)
{
    uint32_t o = 99, off;
    int pushed = 0;
    CHECK_EQ(tramp_unwind(lay, 0, &o), 0);
    CHECK_EQ(o, 0);
    CHECK_EQ(tramp_unwind(lay, 1, &o), 4);
    CHECK_EQ(tramp_unwind(lay, 2, &o), -1);
    CHECK_EQ(tramp_unwind(lay, lay->copy_off, &o), 0);
    CHECK_EQ(o, 0);
    for (off = lay->copy_off; off < lay->back_off; off++) {
        int e = tramp_unwind(lay, off, &o);
        CHECK(e == 0 || e == 4);
        CHECK(o < len);
        pushed |= e == 4 && buf[off] == 0xE9;       /* the jmp after push $ret */
    }
    CHECK_EQ(tramp_unwind(lay, lay->back_off, &o), 0);
    CHECK_EQ(o, len);
    CHECK_EQ(tramp_unwind(lay, lay->back_off + 5, &o), -1);
    CHECK_EQ(tramp_unwind(lay, lay->size, &o), -1);
    if (buf[lay->back_off - 5] == 0xE9 && buf[lay->back_off - 10] == 0x68)
        CHECK(pushed);                              /* a call, last: push $ret; jmp */
}

/* Put code at mem+fn, a buffer for the region at mem+fn+off (len bytes) at
 * mem+512, and the jmp over the region.  Returns 0 or the build error. */
static int patch(uint32_t fn, const uint8_t *code, int n, uint32_t off, uint32_t len, bool blind)
{
    uint8_t *f = mem + fn, *buf = mem + 512;
    struct tramp_spec s = { (uint32_t)buf, (uint32_t)f + off, f + off, len, 0x1234,
                            (uint32_t)handler, user_cs(), blind, false };
    struct tramp_layout lay;
    struct reloc_result res;
    uint8_t orig[32];
    uint32_t rel;
    int r;
    memcpy(f, code, n);
    memcpy(orig, f + off, len);
    s.orig = orig;
    if ((r = tramp_build(&s, buf, &lay, &res)))
        return r;
    CHECK_EQ(buf[0], 0x9C);                         /* pushfl */
    CHECK_EQ(buf[1], 0xFA);                         /* cli */
    CHECK(lay.copy_off < lay.back_off && lay.back_off < lay.size && lay.size <= TRAMP_MAX);
    CHECK_EQ(buf[lay.back_off], 0xE9);
    CHECK_EQ(*(uint32_t *)(buf + lay.back_off + 1) + (uint32_t)buf + lay.back_off + 5, (uint32_t)f + off + len);
    if (blind)
        CHECK(!memcmp(buf + lay.copy_off, orig, len));
    check_unwind_map(&lay, buf, len);
    buf[1] = 0x90;                                  /* user mode: no cli */
    rel = (uint32_t)buf - ((uint32_t)f + off + 5);
    f[off] = 0xE9;
    memcpy(f + off + 1, &rel, 4);
    return 0;
}

static const uint8_t add_fn[] = { 0x55, 0x89, 0xe5, 0x8b, 0x45, 0x08, 0x01, 0xc0, 0x83, 0xc0, 0x05, 0x5d, 0xc3 };
static const uint8_t jcc_fn[] = { 0x8b, 0x44, 0x24, 0x04, 0x83, 0xf8, 0x0a, 0x7f, 0x03, 0x31, 0xc0, 0xc3,
                                  0xb8, 0x01, 0x00, 0x00, 0x00, 0xc3 };

static void test_add(void)
{
    int (*f)(int) = (int (*)(int))mem;
    CHECK_EQ(patch(0, add_fn, sizeof add_fn, 3, 5, false), 0);   /* mov 8(%ebp) + add */
    mode = 0;
    CHECK_EQ(f(7), 19);
    CHECK_EQ(seen_site, 0x1234);
    CHECK_EQ(seen.eip, (uint32_t)mem + 4);          /* as after an int3 */
    CHECK_EQ(seen.trapno, TRAMP_TRAPNO);
    CHECK_EQ(seen.cs, user_cs());
    CHECK(seen.eflags & 0x200);
    CHECK_EQ(seen.oesp, seen_tf + 32);              /* pushal's esp: the trapno word */
    CHECK_EQ(patch(0, add_fn, sizeof add_fn, 6, 5, false), 0);   /* add + add $5 */
    mode = 1;
    CHECK_EQ(f(7), 2 * 107 + 5);                    /* the handler's eax is used */
    mode = 2;
    alt_eip = (uint32_t)mem + 11;                   /* pop %ebp; ret */
    CHECK_EQ(f(7), 77);                             /* EIP change honoured (iret path) */
    CHECK_EQ(patch(0, add_fn, sizeof add_fn, 6, 5, true), 0);    /* blind copy: same here */
    mode = 0;
    CHECK_EQ(f(3), 11);
}

static void test_jcc_and_call(void)
{
    int (*f)(int) = (int (*)(int))(mem + 64), (*g)(void) = (int (*)(void))(mem + 128);
    uint8_t call_fn[] = { 0x55, 0x89, 0xe5, 0x31, 0xc0, 0xe8, 0, 0, 0, 0, 0x83, 0xc0, 0x01, 0x5d, 0xc3 };
    uint32_t rel = (uint32_t)callee - ((uint32_t)mem + 128 + 10);
    mode = 0;
    CHECK_EQ(patch(64, jcc_fn, sizeof jcc_fn, 4, 5, false), 0);  /* cmp + jg rel8 */
    CHECK_EQ(f(5), 0);
    CHECK_EQ(f(20), 1);                             /* through jg rel32 in the copy */
    memcpy(call_fn + 6, &rel, 4);
    CHECK_EQ(patch(128, call_fn, sizeof call_fn, 3, 7, false), 0);   /* xor + call, last */
    CHECK_EQ(g(), 42);
    CHECK_EQ(callee_ret, (uint32_t)mem + 128 + 10); /* the region's end, not the buffer */
}

static void test_refusals(void)
{
    static const uint8_t bad[] = { 0x0f, 0x0b, 0x90, 0x90, 0x90, 0xc3 };   /* ud2 */
    struct tramp_spec s = { (uint32_t)mem + 512, (uint32_t)mem, bad, 5, 0, 0, 0, false, false };
    struct tramp_layout lay;
    struct reloc_result res;
    CHECK(tramp_build(&s, mem + 512, &lay, &res) < 0);
    CHECK_STR(res.hazard, "H12");
    s.len = 4;
    CHECK(tramp_build(&s, mem + 512, &lay, &res) < 0);
}

int main(void)
{
    mem = mmap(0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
        return perror("mmap"), 2;
    test_add();
    test_jcc_and_call();
    test_refusals();
    return check_done("tramp_test");
}
