/* Displaced-instruction execution (see ool.h).  A step copy runs with TF set
 * and IF clear; the #DB handler calls ool_finish(), which moves EIP back to
 * the original code and undoes the effects of running at another address:
 * an indirect call's pushed return address, pushf's saved TF/IF bits.
 * Refused (ool_classify, pure, in patch/ool_class.c): instructions that
 * trap, change IF/TF or depend on their own EIP in a way we cannot fix up
 * (hazard IDs as in the design's catalogue). */
#include "patch/ool.h"
#include "patch/emulate.h"
#include "patch/slot.h"
#include "patch/poke.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "kernel/panic.h"

#define EFL_TF EFLAGS_TF
#define EFL_IF EFLAGS_IF

int ool_decide(struct ool *o, uint32_t addr, const uint8_t *bytes, size_t n,
               const char **hazard, const char **why)
{
    int r = insn_decode(&o->insn, bytes, n), kind;
    *hazard = "H12";
    if (r != INSN_OK) { *why = insn_strerror(r); return -1; }
    if ((kind = ool_classify(&o->insn, hazard, why)) < 0)
        return -1;
    o->addr = addr;
    o->len = o->insn.len;
    o->kind = (uint8_t)kind;
    o->slot = NULL;
    o->fix = FIX_EIP;
    if (kind == OOL_EMULATE)
        return 0;
    if (o->insn.flags & INSN_F_ICALL) o->fix = FIX_CALL;
    else if (o->insn.flags & (INSN_F_RET | INSN_F_IJMP)) o->fix = FIX_NONE;
    else if (o->insn.map == INSN_MAP_1B && o->insn.opcode == 0x9C) o->fix = FIX_PUSHF;
    return 0;
}

int ool_prepare(struct ool *o, uint32_t addr, const uint8_t *bytes, size_t n,
                const char **hazard, const char **why)
{
    if (ool_decide(o, addr, bytes, n, hazard, why))
        return -1;
    if (o->kind == OOL_EMULATE)
        return 0;
    o->slot = slot_alloc();
    if (!o->slot) { *hazard = ""; *why = "out of instruction slots"; return -1; }
    text_patch_write(o->slot, bytes, o->len);     /* caller holds the text lock */
    return 0;
}

void ool_release(struct ool *o)
{
    if (o->slot)
        slot_free(o->slot);
    o->slot = NULL;
}

NOPROBE bool ool_start(const struct ool *o, struct trapframe *tf)
{
    struct emu_regs r;
    if (o->kind == OOL_EMULATE) {
        r.eip = o->addr;
        r.eflags = tf->eflags;
        r.ecx = tf->ecx;
        emulate_branch(&o->insn, &r);
        tf->eip = r.eip;
        tf->ecx = r.ecx;
        if (r.push)
            trap_push_on_return(tf, r.push_val);
        return false;
    }
    tf->eip = (uint32_t)o->slot;
    tf->eflags = (tf->eflags | EFL_TF) & ~EFL_IF;
    return true;
}

/* After a single-step #DB: EIP back at the copy's start means a rep string
 * instruction finished one iteration and must go on (TF stays set). */
NOPROBE bool ool_step_again(const struct ool *o, struct trapframe *tf)
{
    return o->kind == OOL_STEP && tf->eip == (uint32_t)o->slot;
}

NOPROBE void ool_finish(const struct ool *o, struct trapframe *tf, uint32_t saved_if)
{
    uint32_t esp = (uint32_t)&tf->eflags + 4;     /* ring 0: stack continues above the frame */
    uint32_t next_copy = (uint32_t)o->slot + o->len;
    switch (o->fix) {
    case FIX_CALL:
        if (*(uint32_t *)esp == next_copy)
            *(uint32_t *)esp = o->addr + o->len;
        break;
    case FIX_PUSHF:
        *(uint32_t *)esp = (*(uint32_t *)esp & ~(EFL_TF | EFL_IF)) | saved_if;
        /* fall through */
    case FIX_EIP:
        if (tf->eip != next_copy)              /* it cannot branch: see ool_classify */
            panic("ool: single-step of %08x ended at %08x, expected the copy's end %08x",
                  o->addr, tf->eip, next_copy);
        tf->eip = o->addr + o->len;
        break;
    case FIX_NONE:
        break;
    }
    tf->eflags = (tf->eflags & ~(EFL_TF | EFL_IF)) | saved_if;
}
