/* Emulation of relative control transfers (jmp, jcc, call, loop/loopcc,
 * jecxz) and nops for probes: an instruction with a relative operand cannot be
 * single-stepped from a copy, so its effect is computed from the registers.
 * Pure; host-tested against native execution (tests/host/test_emulate.c). */
#ifndef EMULATE_H
#define EMULATE_H
#include <stdint.h>
#include <stdbool.h>
#include "patch/insn/insn.h"

struct emu_regs {
    uint32_t eip, eflags, ecx;
    bool push;                 /* out: a call pushed push_val */
    uint32_t push_val;
};

/* Can emulate_branch() handle this instruction?  (16-bit operand or address
 * size and xbegin are refused.) */
bool emulate_supported(const struct insn *in);
bool emulate_is_nop(const struct insn *in);       /* 90, 0F 1F /0: EIP += length */
/* r->eip must be the instruction's address; on return r holds the effect. */
void emulate_branch(const struct insn *in, struct emu_regs *r);
bool emulate_cond(uint8_t cc, uint32_t eflags);   /* SDM Vol. 1, B.1 cc table */
#endif
