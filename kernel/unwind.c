/* Exact unwinder (kernel/unwind.h): one step per frame, following the table
 * kernel/gen_unwind.py builds from the DWARF call-frame information (DWARF 5,
 * 6.4.1: CFA, return address and saved EBP rules).  A return address is
 * looked up one byte back (it may follow a call that never returns); the
 * EIP of an interrupted frame (a trap frame, SDM Vol. 3, 6.12.1) exactly. */
#include "kernel/unwind.h"
#include "kernel/thread.h"
#include "kernel/trap.h"
#include "kernel/param.h"
#include "patch/kretprobe.h"

#define UNWIND_MAX_DEPTH 64

extern const struct unwind_entry unwind_table[];
extern const uint32_t unwind_nr;
extern char __text_start[], __text_end[], swtch_resume[];
uint32_t (*unwind_foreign)(uint32_t pc, int *extra);

static int unwind_bug;
KPARAM_ENUM("unwind_bug", unwind_bug, "none|drap",
            "exact unwinder: correct, or a realigned frame read as a plain EBP frame (CFA = EBP+8, "
            "the DRAP register and its saved copy ignored; a negative control)");
enum { UNWIND_BUG_NONE, UNWIND_BUG_DRAP };

_Static_assert(sizeof(struct unwind_entry) == 12, "kernel/gen_unwind.py emits 12-byte entries");

const struct unwind_entry *unwind_find(uint32_t pc)
{
    uint32_t lo = 0, hi = unwind_nr;
    if (pc < (uint32_t)__text_start || pc >= (uint32_t)__text_end || !hi)
        return NULL;
    while (hi - lo > 1) {                  /* the last entry with addr <= pc */
        uint32_t mid = (lo + hi) / 2;
        if (unwind_table[mid].addr <= pc)
            lo = mid;
        else
            hi = mid;
    }
    return unwind_table[lo].addr <= pc ? &unwind_table[lo] : NULL;
}

void unwind_begin(struct unwind_state *s, const struct unwind_regs *r, uint32_t lo, uint32_t hi)
{
    s->pc = r->pc; s->sp = r->sp; s->bp = r->bp;
    s->exact = true;
    s->slot = 0;
    s->lo = lo; s->hi = hi;
    s->depth = 0;
    s->regs = false;
}

void unwind_switched(struct unwind_regs *r, const struct thread *t)
{
    r->pc = (uint32_t)swtch_resume;        /* CFA = ESP + 20 there, EBP saved in the frame */
    r->sp = t->esp;
    r->bp = 0;
}

static bool in_text(uint32_t pc)
{
    int extra;
    return (pc >= (uint32_t)__text_start && pc < (uint32_t)__text_end) ||
           (unwind_foreign && unwind_foreign(pc, &extra));
}

static uint32_t word(uint32_t a) { return *(const volatile uint32_t *)a; }

/* A word of the frame's stack at a, or false (outside [sp, hi)). */
static bool stack_word(const struct unwind_state *s, uint32_t a, uint32_t *w)
{
    if (a < s->sp || a > s->hi - 4)
        return false;
    *w = word(a);
    return true;
}

/* The CFA of e's frame: 0, or why it cannot be known. */
static int unwind_cfa(const struct unwind_state *s, const struct unwind_entry *e, int extra, uint32_t *cfa)
{
    int r = e->base - UNWIND_BASE_REG;
    if (unwind_bug == UNWIND_BUG_DRAP && (e->base == UNWIND_BASE_EBP_DEREF || (r >= 0 && r < 8)))
        return *cfa = s->bp + 8, 0;        /* the control: a plain frame's CFA */
    switch (e->base) {
    case UNWIND_BASE_ESP:
        return *cfa = s->sp + extra + e->cfa_off, 0;
    case UNWIND_BASE_EBP:
        return *cfa = s->bp + e->cfa_off, 0;
    case UNWIND_BASE_EBP_DEREF:            /* the DRAP, saved in the realigned frame */
        return stack_word(s, s->bp + e->cfa_off, cfa) ? 0 : UNWIND_BAD_CFA;
    }
    if (r < 0 || r >= 8 || r == 4 || r == 5)
        return UNWIND_UNDESCRIBED;
    if (!s->regs)                          /* the DRAP itself: known in an interrupted frame only */
        return UNWIND_UNDESCRIBED;
    return *cfa = s->reg[r] + e->cfa_off, 0;
}

/* After a trap frame's step: the interrupted registers, once pushal saved them. */
static void unwind_trap_regs(struct unwind_state *s, uint32_t eip_slot, uint32_t sp)
{
    const struct trapframe *tf = (const struct trapframe *)(eip_slot - offsetof(struct trapframe, eip));
    s->regs = (uint32_t)tf >= sp;
    if (!s->regs)
        return;
    s->reg[0] = tf->eax; s->reg[1] = tf->ecx; s->reg[2] = tf->edx; s->reg[3] = tf->ebx;
    s->reg[4] = 0;       s->reg[5] = tf->ebp; s->reg[6] = tf->esi; s->reg[7] = tf->edi;
}

/* The caller's EBP: 0, or UNWIND_BAD_CFA (its slot outside the stack). */
static int unwind_caller_bp(const struct unwind_state *s, const struct unwind_entry *e, uint32_t cfa,
                            uint32_t *bp)
{
    bool bug = unwind_bug == UNWIND_BUG_DRAP && e->base >= UNWIND_BASE_EBP_DEREF;
    *bp = s->bp;
    if ((e->flags & UNWIND_F_BP_EBP) || bug)  /* realigned: at EBP + bp_off (the control: [EBP]) */
        return stack_word(s, s->bp + (bug ? 0 : e->bp_off), bp) ? 0 : UNWIND_BAD_CFA;
    if (cfa + e->bp_off < s->sp)
        return UNWIND_BAD_CFA;
    if (e->bp_off)
        *bp = word(cfa + e->bp_off);
    return 0;
}

/* Stopped on the return trampoline's first instruction (no unwind rule:
 * kernel/unwind.undescribed): its `ret` popped the caller's return address
 * from just below sp and an interrupt frame overwrote that word; the
 * thread's pending instance has it (patch/kretprobe.h).  The caller's frame
 * is then as after any return: sp and EBP as they are. */
static int unwind_tramp_entry(struct unwind_state *s)
{
    uint32_t ra = kretprobe_popped(s->sp);
    if (!ra)
        return UNWIND_UNDESCRIBED;
    if (++s->depth > UNWIND_MAX_DEPTH)
        return UNWIND_DEEP;
    if (!in_text(ra - 1))
        return s->bad = ra, UNWIND_BAD_RA;
    s->regs = false;
    s->slot = s->sp - 4;
    s->pc = ra;
    s->exact = false;
    return 1;
}

int unwind_next(struct unwind_state *s)
{
    uint32_t at = s->exact ? s->pc : s->pc - 1, cfa, ra, bp;
    const struct unwind_entry *e;
    int extra = 0, err;
    if (s->exact && s->pc == (uint32_t)kretprobe_trampoline)
        return unwind_tramp_entry(s);
    e = unwind_find(at);
    if (!e && unwind_foreign && (at = unwind_foreign(at, &extra)))
        e = unwind_find(at);
    if (!e || e->base == UNWIND_BASE_UNDEF)
        return UNWIND_UNDESCRIBED;
    if (!e->ra_off)
        return UNWIND_END;
    if (++s->depth > UNWIND_MAX_DEPTH)
        return UNWIND_DEEP;
    if ((err = unwind_cfa(s, e, extra, &cfa)))
        return err;
    if (cfa <= s->sp || cfa > s->hi || cfa + e->ra_off < s->sp)
        return UNWIND_BAD_CFA;
    if ((err = unwind_caller_bp(s, e, cfa, &bp)))
        return err;
    ra = word(cfa + e->ra_off);
    if (!(e->flags & UNWIND_F_SIGNAL))
        ra = kretprobe_recover(cfa + e->ra_off, ra);   /* a return probe's trampoline: the real one */
    if ((e->flags & UNWIND_F_SIGNAL) && (word(cfa + e->ra_off + 4) & 3))
        return UNWIND_END;                 /* interrupted in user mode: the kernel stack ends */
    if (!ra && s->hi - cfa <= 32)
        return UNWIND_END;                 /* a zero return address tops the stack (ap_start.S) */
    if (!in_text((e->flags & UNWIND_F_SIGNAL) ? ra : ra - 1))   /* where the next lookup goes */
        return s->bad = ra, UNWIND_BAD_RA;
    s->regs = false;
    if (e->flags & UNWIND_F_SIGNAL)
        unwind_trap_regs(s, cfa + e->ra_off, s->sp);
    s->bp = bp;
    s->slot = cfa + e->ra_off;
    s->pc = ra;
    s->sp = cfa;
    s->exact = e->flags & UNWIND_F_SIGNAL;
    return 1;
}

const char *unwind_strerror(int err)
{
    switch (err) {
    case UNWIND_END:         return "end of stack";
    case UNWIND_UNDESCRIBED: return "no unwind information for the address";
    case UNWIND_BAD_CFA:     return "frame outside the stack";
    case UNWIND_BAD_RA:      return "return address outside kernel text";
    case UNWIND_DEEP:        return "too many frames";
    }
    return "?";
}

/* The frame-pointer walk this kernel used before the table: EBP chain, and
 * through a trap frame at a return into alltraps.  Inexact (a thread in a
 * prologue, an epilogue or frameless code holds return addresses it never
 * visits): kept as the negative control djprobe_unwind=fp and for the
 * ground-truth self-test.  Fills slot[] with return-address slots. */
int unwind_fp(uint32_t ebp, uint32_t lo, uint32_t hi, uint32_t *slot, int max)
{
    extern char alltraps_ret[];
    int n = 0;
    while (ebp >= lo && ebp + 12 <= hi && n < max - 1) {
        uint32_t ret = word(ebp + 4), next = word(ebp);
        slot[n++] = ebp + 4;
        if (ret == (uint32_t)alltraps_ret) {
            struct trapframe *tf = (struct trapframe *)word(ebp + 8);   /* trap()'s argument */
            if ((uint32_t)tf < lo || (uint32_t)(tf + 1) > hi)
                break;
            slot[n++] = (uint32_t)&tf->eip;
            next = tf->ebp;
        }
        if (next <= ebp)
            break;
        ebp = next;
    }
    return n;
}
