/* Exact stack unwinding: a table generated at build time from the kernel's
 * DWARF call-frame information (kernel/gen_unwind.py, DWARF 5 section 6.4)
 * says, at every instruction of kernel text, where the caller's frame is.
 * Where it cannot say, the stack is unreliable: callers retry, never guess. */
#ifndef UNWIND_H
#define UNWIND_H
#include "kernel/types.h"

/* Contract with kernel/gen_unwind.py (emit): 12 bytes, sorted by addr; an
 * entry holds from its addr to the next one's. */
struct unwind_entry {
    uint32_t addr;
    int16_t cfa_off;             /* CFA = base register + cfa_off (EBP_DEREF: the word at EBP + cfa_off) */
    int8_t bp_off;               /* caller's EBP at CFA + bp_off (F_BP_EBP: at EBP + bp_off); 0: EBP holds it */
    int8_t ra_off;               /* return address at CFA + ra_off; 0: the stack ends */
    uint8_t base;                /* UNWIND_BASE_* */
    uint8_t flags;               /* UNWIND_F_* */
    uint16_t pad;
};
/* A realigned stack (gcc's DRAP: lea 4(%esp),%ecx; and $-N,%esp; ...; push
 * %ecx) has CFA = the DRAP register for a few instructions of its prologue
 * and epilogue (BASE_REG + its DWARF number, eax 0 .. edi 7), and CFA = the
 * word the DRAP was saved to, at EBP + cfa_off, in between (EBP_DEREF). */
enum { UNWIND_BASE_UNDEF, UNWIND_BASE_ESP, UNWIND_BASE_EBP, UNWIND_BASE_EBP_DEREF,
       UNWIND_BASE_REG = 8 };
#define UNWIND_F_SIGNAL 1        /* a trap frame: the return address is its struct trapframe's eip */
#define UNWIND_F_BP_EBP 2        /* the caller's EBP at EBP + bp_off (a realigned frame) */

/* Why a walk stopped. */
enum { UNWIND_END = 0, UNWIND_UNDESCRIBED = -1, UNWIND_BAD_CFA = -2, UNWIND_BAD_RA = -3,
       UNWIND_DEEP = -4 };

struct unwind_state {
    uint32_t pc, sp, bp;         /* the current frame */
    bool exact;                  /* pc is where it stopped (first or interrupted frame) */
    uint32_t slot;               /* where pc was read from; 0 for the first frame */
    uint32_t lo, hi;             /* the stack's bounds */
    int depth;
    uint32_t bad;                /* UNWIND_BAD_RA: the value read as the return address */
    bool regs;                   /* reg[] holds the frame's registers: right after a trap frame */
    uint32_t reg[8];             /* by DWARF number (eax 0 .. edi 7), for BASE_REG rules */
};

/* Registers of the caller right after this call returns (kernel/unwind_regs.S). */
struct unwind_regs { uint32_t pc, sp, bp; };   /* offsets 0, 4, 8 */
void unwind_regs(struct unwind_regs *r);

void unwind_begin(struct unwind_state *s, const struct unwind_regs *r, uint32_t lo, uint32_t hi);
/* 1: s is now the caller's frame; UNWIND_END: the bottom was reached; < 0:
 * unreliable from here (the frames before were exact). */
int unwind_next(struct unwind_state *s);
const char *unwind_strerror(int err);

/* The first frame of a thread switched out by swtch (kernel/swtch.S). */
struct thread;
void unwind_switched(struct unwind_regs *r, const struct thread *t);

/* Code outside kernel text whose frames follow a text address's rule (a
 * detour buffer runs copies of its region): set by the patcher.  Returns the
 * text address and the bytes pushed on top of that address's frame, or 0. */
extern uint32_t (*unwind_foreign)(uint32_t pc, int *extra);

/* The old frame-pointer walk (inexact; a negative control): return-address
 * slots from EBP up, through trap frames. */
int unwind_fp(uint32_t ebp, uint32_t lo, uint32_t hi, uint32_t *slot, int max);

/* One entry of the table (for tests), or NULL outside kernel text. */
const struct unwind_entry *unwind_find(uint32_t pc);
#endif
