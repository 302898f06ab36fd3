/* Self-tests for text_poke (patch/poke.c): single and batch flips through
 * the int3 bypass protocol, refusals that leave the text unchanged, and the
 * int3 handler's vanished / stray int3 decisions (H7). */
#include "kernel/ktest.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/cpu.h"
#include "patch/poke.h"
#include "patch/int3.h"
#include "patch/slot.h"
#include "patch/kprobe.h"
#include "tests/kernel/poke_sites.h"

volatile uint32_t poke_counts[NCPU_MAX];
void poke_count(void) { __atomic_fetch_add(&poke_counts[cpu_id()], 1, __ATOMIC_RELAXED); }
void poke_stray_int3(void);

static uint32_t total_counts(void)
{
    uint32_t s = 0;
    int i;
    for (i = 0; i < NCPU_MAX; i++) s += poke_counts[i];
    return s;
}

KTEST(text_poke_single_flip)
{
    uint8_t b[5];
    char err[128] = "";
    int slots = slot_in_use();
    KEXPECT_EQ(poke_alu(5), ALU_MOV_RESULT);
    alu_bytes(b, 1);
    KASSERT(text_poke(alu_site(), b, 5, err, sizeof err) == 0);
    KEXPECT_MEMEQ(alu_site(), b, 5);
    KEXPECT_EQ(poke_alu(5), 5 + ALU_ADD_IMM);
    alu_bytes(b, 0);
    KASSERT(text_poke(alu_site(), b, 5, err, sizeof err) == 0);
    KEXPECT_EQ(poke_alu(5), ALU_MOV_RESULT);
    KEXPECT_EQ(slot_in_use(), slots);
}

KTEST(text_poke_batch_two_sites)
{
    struct poke_site s[2];
    char err[128] = "";
    uint32_t c0 = total_counts();
    int enc;
    for (enc = 1; enc >= 0; enc--) {
        s[0].addr = alu_site(); s[0].len = 5; alu_bytes(s[0].new, enc);
        s[1].addr = call_site(); s[1].len = 5; call_bytes(s[1].new, enc);
        if (s[1].addr < s[0].addr) { struct poke_site t = s[0]; s[0] = s[1]; s[1] = t; }
        KASSERT(text_poke_batch(s, 2, err, sizeof err) == 0);
        poke_call();
        KEXPECT_EQ(total_counts(), c0 + 1);      /* counted once: while patched in */
        KEXPECT_EQ(poke_alu(1), enc ? 1 + ALU_ADD_IMM : ALU_MOV_RESULT);
    }
}

static void refused(struct ktest_ctx *ktest_ctx, struct poke_site *s, int n, const char *want)
{
    char err[160] = "";
    uint8_t before[16];
    int i, match = 0;
    kmemcpy(before, poke_alu, 16);
    KEXPECT_EQ(text_poke_batch(s, n, err, sizeof err), -1);
    for (i = 0; err[i] && !match; i++)
        match = !kmemcmp(err + i, want, kstrlen(want));
    if (!match)
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "error '%s' does not say '%s'", err, want);
    KEXPECT_MEMEQ(before, poke_alu, 16);
}

KTEST(text_poke_refusals)
{
    static uint32_t data_word;
    struct poke_site s[2];
    int slots = slot_in_use();
    s[0].addr = alu_site(); s[0].len = 5;
    kmemset(s[0].new, 0x90, 5);                   /* five instructions, not one */
    refused(ktest_ctx, s, 1, "H12: site 0");
    s[0].addr = (uint8_t *)&data_word; s[0].len = 4;
    refused(ktest_ctx, s, 1, "outside kernel text");
    s[0].addr = alu_site(); s[0].len = 5; alu_bytes(s[0].new, 1);
    s[1] = s[0]; s[1].addr = alu_site() + 2;      /* overlapping */
    refused(ktest_ctx, s, 2, "overlaps");
    s[0].len = POKE_MAX_LEN + 1;                   /* longer than a site's buffers */
    refused(ktest_ctx, s, 1, "bad length");
    KEXPECT_EQ(slot_in_use(), slots);              /* prepared slots released */
}

/* The old bytes must be one whole instruction of the new length at an
 * instruction boundary: a thread stopped after a shorter old instruction
 * would resume inside the new one; a longer one would leave a stray byte. */
KTEST(text_poke_checks_old_instruction)
{
    struct poke_site s[1];
    char want[64];
    s[0].addr = (uint8_t *)poke_alu; s[0].len = 5; alu_bytes(s[0].new, 1);
    refused(ktest_ctx, s, 1, "H12: site 0 at");
    refused(ktest_ctx, s, 1, "the old instruction there is 4 bytes, not 5");
    s[0].addr = alu_site() + 1;
    ksnprintf(want, sizeof want, "poke_alu+%#x is not an instruction boundary", (uint32_t)(s[0].addr - (uint8_t *)poke_alu));
    refused(ktest_ctx, s, 1, want);
    /* nor a longer one: its last byte would stay behind the new instruction */
    s[0].addr = alu_site(); s[0].len = 4;
    kmemcpy(s[0].new, "\x0f\x1f\x40\x00", 4);   /* nopl 0(%eax) */
    refused(ktest_ctx, s, 1, "the old instruction there is 5 bytes, not 4");
}

/* A poke over an armed int3 probe is refused (H10): it would silently stop
 * the probe, and the probe's removal would write back a stale byte. */
static int count_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }
KTEST(text_poke_refuses_probed_text)
{
    struct kprobe p = { .addr = (uint32_t)alu_site(), .pre_handler = count_pre };
    struct poke_site s[1];
    uint8_t orig[5];
    char err[160] = "";
    kmemcpy(orig, alu_site(), 5);
    KASSERT(kprobe_register(&p, err, sizeof err) == 0);
    s[0].addr = alu_site(); s[0].len = 5; alu_bytes(s[0].new, 1);
    refused(ktest_ctx, s, 1, "H10: site 0");
    refused(ktest_ctx, s, 1, "overlaps the int3 probe at");
    KEXPECT_EQ(poke_alu(1), ALU_MOV_RESULT);        /* the probe still fires */
    KEXPECT_EQ(kprobe_nhit(&p), 1);
    kprobe_unregister(&p);
    KEXPECT_MEMEQ(alu_site(), orig, 5);
}

KTEST(int3_vanished_and_stray)
{
    struct trapframe tf;
    kmemset(&tf, 0, sizeof tf);
    tf.eip = (uint32_t)alu_site() + 1;            /* as if an int3 there had trapped */
    KEXPECT(int3_handle(&tf));                     /* byte is not 0xCC any more: restart */
    KEXPECT_EQ(tf.eip, (uint32_t)alu_site());
    tf.eip = (uint32_t)poke_stray_int3 + 1;        /* a real int3 no one owns */
    KEXPECT(!int3_handle(&tf));
}
