/* Out-of-line execution of one displaced instruction for an int3 hit: either
 * single-stepped from a copy in a slot (patch/slot.c) or, for relative
 * branches and calls, emulated (patch/emulate.c).  SDM Vol. 3, 17.3.1.4
 * (single-step trap, EFLAGS.TF) and Linux's kprobes for the fix-ups. */
#ifndef OOL_H
#define OOL_H
#include "kernel/types.h"
#include "patch/insn/insn.h"

enum ool_kind { OOL_STEP, OOL_EMULATE };
enum ool_fix { FIX_EIP, FIX_CALL, FIX_NONE, FIX_PUSHF };

struct ool {
    uint32_t addr;             /* original instruction address */
    uint8_t len, kind, fix;
    uint8_t *slot;             /* copy (OOL_STEP) */
    struct insn insn;
};

struct trapframe;
/* Pure: how would in run out of line?  OOL_STEP or OOL_EMULATE, or -1 with
 * *hazard and *why set (it cannot run anywhere but in place). */
int ool_classify(const struct insn *in, const char **hazard, const char **why);
/* Decode and classify the instruction at bytes (n readable) that lives at
 * addr: o's kind and fix-up, no slot (user probes step it from their own). */
int ool_decide(struct ool *o, uint32_t addr, const uint8_t *bytes, size_t n,
               const char **hazard, const char **why);
/* Decode the instruction at bytes (n readable) that lives at addr and prepare
 * to run it out of line.  Returns 0, or -1 with *hazard and *why set. */
int ool_prepare(struct ool *o, uint32_t addr, const uint8_t *bytes, size_t n,
                const char **hazard, const char **why);
void ool_release(struct ool *o);
/* Start executing o for the int3 frame tf.  Returns true if single-stepping
 * (ool_finish() must follow from the #DB handler), false if already done. */
bool ool_start(const struct ool *o, struct trapframe *tf);
/* Called from #DB: true if the step must go on (a rep string iteration). */
bool ool_step_again(const struct ool *o, struct trapframe *tf);
void ool_finish(const struct ool *o, struct trapframe *tf, uint32_t saved_if);
#endif
