/* Host test for patch/emulate.c: every jcc condition and loop/loope/loopne/
 * jecxz is run natively (this program is built -m32 and executes the bytes
 * from an executable buffer) over many flag and ECX values, and the
 * emulator's decision must match what the CPU did. */
#include "tests/host/check.h"
#include "patch/emulate.h"
#include <sys/mman.h>
#include <stdint.h>

static const uint32_t FLAGS_MASK = 0x8D5;     /* CF PF AF ZF SF OF */

/* mov 4(%esp),%eax; push %eax; popf; jcc +6; mov $0,%eax; ret; mov $1,%eax; ret */
static int jcc_native(uint8_t *buf, int cc, uint32_t flags)
{
    static const uint8_t tmpl[] = { 0x8b, 0x44, 0x24, 0x04, 0x50, 0x9d, 0x70, 0x06,
                                    0xb8, 0, 0, 0, 0, 0xc3, 0xb8, 1, 0, 0, 0, 0xc3 };
    memcpy(buf, tmpl, sizeof tmpl);
    buf[6] = (uint8_t)(0x70 + cc);
    return ((int (*)(uint32_t))buf)(flags);
}

/* mov 4(%esp),%ecx; mov 8(%esp),%eax; push %eax; popf; LOOPx +4;
 * lea (%ecx,%ecx,1),%eax; ret; lea 1(%ecx,%ecx,1),%eax; ret  -> 2*ecx + taken */
static uint32_t loop_native(uint8_t *buf, uint8_t op, uint32_t ecx, uint32_t flags)
{
    static const uint8_t tmpl[] = { 0x8b, 0x4c, 0x24, 0x04, 0x8b, 0x44, 0x24, 0x08, 0x50, 0x9d,
                                    0xe2, 0x04, 0x8d, 0x04, 0x09, 0xc3, 0x8d, 0x44, 0x09, 0x01, 0xc3 };
    memcpy(buf, tmpl, sizeof tmpl);
    buf[10] = op;
    return ((uint32_t (*)(uint32_t, uint32_t))buf)(ecx, flags);
}

static void check_branch(uint8_t *insn_at, uint32_t flags, uint32_t ecx, int native_taken, uint32_t native_ecx)
{
    struct insn in;
    struct emu_regs r = { (uint32_t)(uintptr_t)insn_at, flags, ecx, false, 0 };
    uint32_t next, target;
    CHECK_EQ(insn_decode(&in, insn_at, 2), INSN_OK);
    CHECK(emulate_supported(&in));
    next = r.eip + in.len;
    target = next + (uint32_t)in.imm;
    emulate_branch(&in, &r);
    CHECK_EQ(r.eip, native_taken ? target : next);
    CHECK_EQ(r.ecx, native_ecx);
    CHECK(!r.push);
}

/* Nops: EIP += length, nothing else; pause (f3 90) and 0f 1f /1 are not nops here. */
static void check_nops(void)
{
    static const uint8_t nops[][8] = { { 1, 0x90 }, { 2, 0x66, 0x90 }, { 3, 0x0f, 0x1f, 0x00 },
                                       { 5, 0x0f, 0x1f, 0x44, 0x00, 0x00 },
                                       { 6, 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00 } };
    static const uint8_t pause[] = { 0xf3, 0x90 }, hint[] = { 0x0f, 0x1f, 0x08 };
    struct insn in;
    unsigned i;
    for (i = 0; i < sizeof nops / sizeof nops[0]; i++) {
        struct emu_regs r = { 0x1000, 0x246, 7, true, 0 };
        CHECK_EQ(insn_decode(&in, nops[i] + 1, nops[i][0]), INSN_OK);
        CHECK(emulate_is_nop(&in) && emulate_supported(&in));
        emulate_branch(&in, &r);
        CHECK_EQ(r.eip, 0x1000u + nops[i][0]);
        CHECK(!r.push && r.ecx == 7 && r.eflags == 0x246);
    }
    CHECK_EQ(insn_decode(&in, pause, 2), INSN_OK);
    CHECK(!emulate_is_nop(&in) && !emulate_supported(&in));
    CHECK_EQ(insn_decode(&in, hint, 3), INSN_OK);
    CHECK(!emulate_is_nop(&in));
}

int main(void)
{
    uint8_t *buf = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint32_t f, seed = 12345;
    int cc, i, k;
    static const uint8_t loops[] = { 0xe0, 0xe1, 0xe2, 0xe3 };
    static const uint32_t ecxs[] = { 0, 1, 2, 7, 0xffffffffu };
    CHECK(buf != MAP_FAILED);
    for (cc = 0; cc < 16; cc++)
        for (f = 0; f <= FLAGS_MASK; f++) {
            if (f & ~FLAGS_MASK) continue;
            int taken = jcc_native(buf, cc, f | 2);
            check_branch(buf + 6, f | 2, 0, taken, 0);
        }
    for (k = 0; k < 4; k++)
        for (i = 0; i < 5; i++)
            for (f = 0; f < 2; f++) {
                uint32_t flags = (f ? 0x40 : 0) | 2, ecx = ecxs[i];
                uint32_t res = loop_native(buf, loops[k], ecx, flags);
                uint32_t native_ecx = loops[k] == 0xe3 ? ecx : ecx - 1;   /* jecxz keeps ECX */
                CHECK_EQ(res >> 1, native_ecx & 0x7fffffff);              /* 2*ecx + taken, mod 2^32 */
                check_branch(buf + 10, flags, ecx, res & 1, native_ecx);
            }
    for (i = 0; i < 2000; i++) {                 /* random flags, jcc rel32 form (0f 8x) */
        uint8_t j32[6] = { 0x0f, 0x80, 0x10, 0, 0, 0 };
        struct insn in;
        seed = seed * 1103515245u + 12345u;
        cc = (int)(seed >> 28);
        f = ((seed >> 4) & FLAGS_MASK) | 2;
        j32[1] = (uint8_t)(0x80 + cc);
        CHECK_EQ(insn_decode(&in, j32, 6), INSN_OK);
        CHECK_EQ(emulate_cond((uint8_t)cc, f), jcc_native(buf, cc, f));
    }
    check_nops();
    return check_done("test_emulate");
}
