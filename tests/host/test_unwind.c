/* Host test of the exact unwinder's interpreter (kernel/unwind.c) on
 * realigned frames (gcc's DRAP) built by hand on a fake stack: CFA = the
 * word at EBP+k, CFA = the DRAP register (known only through a trap frame),
 * the caller's EBP at EBP+0; the caller's ESP and return addresses must come
 * out exact, and the control unwind_bug=drap must get them wrong.  Also: a
 * CFA past the stack's top, a return address at the next function's first
 * byte (looked up in its caller), one outside text (no frame), and a thread
 * stopped on the return trampoline's first instruction, whose return address
 * is only in its pending instance (kretprobe_popped, stubbed). */
#include "kernel/unwind.c"
#include "tests/host/check.h"

char __text_start[0x100], swtch_resume[1], alltraps_ret[1];
__asm__(".globl __text_end\n.set __text_end, __text_start + 0x100");
/* the return trampoline: text no entry describes (as kernel/unwind.undescribed has it) */
__asm__(".globl kretprobe_trampoline\n.set kretprobe_trampoline, __text_start + 0x90");
uint32_t kretprobe_recover_slow(uint32_t slot, uint32_t ra) { (void)slot; return ra; }
static uint32_t popped_sp, popped_ra;    /* the pending instance of the trampoline case */
uint32_t kretprobe_popped(uint32_t sp) { return sp == popped_sp ? popped_ra : 0; }

#define T(off) ((uint32_t)__text_start + (off))
enum { F = 0x10, F_REG = 0x14, F_DEREF = 0x20, G = 0x40, G_RET = 0x48, H = 0x60, H_RET = 0x68, TRAP = 0x80 };
#define E(a, base, cfa, bp, ra, fl) { T(a), cfa, bp, ra, base, fl, 0 }
const struct unwind_entry unwind_table[] = {
    E(0, UNWIND_BASE_UNDEF, 0, 0, 0, 0),
    E(F, UNWIND_BASE_ESP, 4, 0, -4, 0),                          /* lea 4(%esp),%ecx */
    E(F_REG, UNWIND_BASE_REG + 1, 0, 0, -4, 0),                  /* CFA = ECX: and; push; push %ebp */
    E(F_DEREF, UNWIND_BASE_EBP_DEREF, -12, 0, -4, UNWIND_F_BP_EBP),   /* CFA = [EBP-12] */
    E(G, UNWIND_BASE_ESP, 12, 0, -4, 0),                         /* the caller: ESP-based */
    E(H, UNWIND_BASE_ESP, 4, 0, 0, 0),                           /* the bottom */
    E(TRAP, UNWIND_BASE_ESP, 52, -44, -12, UNWIND_F_SIGNAL),     /* alltraps after pushal */
    E(0x90, UNWIND_BASE_UNDEF, 0, 0, 0, 0),
};
const uint32_t unwind_nr = sizeof unwind_table / sizeof unwind_table[0];

#define BP0 0x1234u                      /* the caller's EBP */
static uint32_t stk[512] __attribute__((aligned(64)));
static uint32_t S;                       /* the caller's ESP at the call: F's CFA */

/* H -> G -> F on stk; F stopped in its body: returns its ESP and EBP. */
static void frames(uint32_t *sp, uint32_t *bp)
{
    uint32_t cfa_g = (uint32_t)&stk[500], a;
    memset(stk, 0, sizeof stk);
    *(uint32_t *)(cfa_g - 4) = T(H_RET);
    S = cfa_g - 12;
    *(uint32_t *)(S - 4) = T(G_RET);     /* call F */
    a = (S - 4) & ~31u;                  /* and $-32,%esp */
    *(uint32_t *)(a - 4) = T(G_RET);     /* push -4(%ecx): the copy */
    *(uint32_t *)(a - 8) = BP0;          /* push %ebp; mov %esp,%ebp */
    *(uint32_t *)(a - 8 - 12) = S;       /* the DRAP saved at EBP-12 */
    *bp = a - 8;
    *sp = a - 40;
}

/* The walk from r against the truth: the number of differences. */
static int walk(const struct unwind_regs *r, bool first_exact_f)
{
    struct unwind_state s;
    int bad = 0;
    unwind_begin(&s, r, (uint32_t)stk, (uint32_t)&stk[512]);
    if (first_exact_f) {                 /* through the trap frame to F */
        bad += unwind_next(&s) != 1 || s.pc != T(F_REG) || !s.exact || !s.regs || s.bp != BP0;
    }
    bad += unwind_next(&s) != 1 || s.pc != T(G_RET) || s.sp != S || s.bp != BP0 || s.slot != S - 4;
    bad += unwind_next(&s) != 1 || s.pc != T(H_RET) || s.sp != S + 12;
    bad += unwind_next(&s) != UNWIND_END;
    return bad;
}

/* Every case; the number of differences. */
static int drap_cases(void)
{
    struct unwind_regs r;
    struct trapframe *tf;
    struct unwind_state s;
    int bad = 0;
    frames(&r.sp, &r.bp);                /* F's body: CFA = [EBP-12] */
    r.pc = T(F_DEREF + 4);
    bad += walk(&r, false);
    frames(&r.sp, &r.bp);                /* F's prologue, interrupted: CFA = ECX */
    tf = (struct trapframe *)(S - 4) - 1;
    memset(tf, 0, sizeof *tf);
    tf->eip = T(F_REG);
    tf->cs = 8;
    tf->ecx = S;
    tf->ebp = BP0;
    r.pc = T(TRAP + 2);
    r.sp = (uint32_t)tf;
    r.bp = 0;
    bad += walk(&r, true);
    r.pc = T(F_REG);                     /* the DRAP register unknown: unreliable, no guess */
    r.sp = S - 4;
    r.bp = BP0;
    unwind_begin(&s, &r, (uint32_t)stk, (uint32_t)&stk[512]);
    bad += unwind_next(&s) != UNWIND_UNDESCRIBED;
    return bad;
}

/* Stopped on the trampoline's first instruction (the trap frame's EIP):
 * its ret popped G's return address from S - 4, where the frame's EFLAGS
 * are now; the walk takes it from the pending instance and goes on to H
 * and the end; with no instance listed, it stops there, unreliable. */
static int tramp_case(bool listed)
{
    struct unwind_regs r;
    struct unwind_state s;
    struct trapframe *tf;
    int bad = 0;
    frames(&r.sp, &r.bp);
    tf = (struct trapframe *)S - 1;          /* a ring-0 frame ends at the interrupted ESP, S */
    memset(tf, 0, sizeof *tf);
    tf->eip = (uint32_t)kretprobe_trampoline;
    tf->cs = 8;
    tf->ebp = BP0;
    popped_sp = listed ? S : 0;
    popped_ra = T(G_RET);
    r.pc = T(TRAP + 2);
    r.sp = (uint32_t)tf;
    r.bp = 0;
    unwind_begin(&s, &r, (uint32_t)stk, (uint32_t)&stk[512]);
    bad += unwind_next(&s) != 1 || s.pc != (uint32_t)kretprobe_trampoline || !s.exact || s.sp != S;
    if (!listed)
        return bad + (unwind_next(&s) != UNWIND_UNDESCRIBED);
    bad += unwind_next(&s) != 1 || s.pc != T(G_RET) || s.exact || s.sp != S || s.slot != S - 4 || s.bp != BP0;
    bad += unwind_next(&s) != 1 || s.pc != T(H_RET) || s.sp != S + 12;
    bad += unwind_next(&s) != UNWIND_END;
    return bad;
}

/* A return address that is the next function's first byte (a call as its
 * caller's last instruction: noreturn) is looked up one byte back, in the
 * caller's rule; an interrupted EIP or the first PC as it is. */
static int call_last_case(void)
{
    struct unwind_regs r = { T(G), (uint32_t)&stk[400], 0 };
    struct unwind_state s;
    int bad = 0;
    memset(stk, 0, sizeof stk);
    stk[400 + 2] = T(H);                 /* G's return address (CFA = ESP + 12) */
    stk[400 + 5] = T(H_RET);             /* the frame above: G's rule again */
    unwind_begin(&s, &r, (uint32_t)stk, (uint32_t)&stk[512]);
    bad += unwind_next(&s) != 1 || s.pc != T(H) || s.exact;
    bad += unwind_next(&s) != 1 || s.pc != T(H_RET);
    return bad;
}

int main(void)
{
    struct unwind_regs r;
    struct unwind_state s;
    CHECK_EQ(drap_cases(), 0);
    frames(&r.sp, &r.bp);                /* the saved DRAP's slot below ESP: not read */
    r.pc = T(F_DEREF);
    r.sp = r.bp - 8;
    unwind_begin(&s, &r, (uint32_t)stk, (uint32_t)&stk[512]);
    CHECK_EQ(unwind_next(&s), UNWIND_BAD_CFA);
    r = (struct unwind_regs){ T(G), (uint32_t)&stk[498], 0 };   /* CFA = ESP + 12: past the top */
    unwind_begin(&s, &r, (uint32_t)stk, (uint32_t)&stk[500]);
    CHECK_EQ(unwind_next(&s), UNWIND_BAD_CFA);
    CHECK_EQ(call_last_case(), 0);
    memset(stk, 0, sizeof stk);          /* a return address outside text: no frame, said */
    stk[400 + 2] = 0x12345678;
    r = (struct unwind_regs){ T(G), (uint32_t)&stk[400], 0 };
    unwind_begin(&s, &r, (uint32_t)stk, (uint32_t)&stk[512]);
    CHECK_EQ(unwind_next(&s), UNWIND_BAD_RA);
    CHECK_EQ(s.bad, 0x12345678);
    CHECK_EQ(s.pc, T(G));
    unwind_bug = UNWIND_BUG_DRAP;        /* the control: a plain frame's CFA */
    CHECK(drap_cases() > 0);
    unwind_bug = UNWIND_BUG_NONE;
    CHECK_EQ(drap_cases(), 0);
    CHECK_EQ(tramp_case(true), 0);
    CHECK_EQ(tramp_case(false), 0);
    return check_done("test_unwind");
}
