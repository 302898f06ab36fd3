/* insn_class.c - classify a decoded instruction: relative branches and
 * their targets, indirect/return/interrupt flow, serializing, privileged,
 * and whether it may run out of line.  Follows Intel SDM Vol. 2 (JMP, Jcc,
 * CALL, LOOP, JCXZ operation: EIP masked to 16 bits under 16-bit operand
 * size) and Vol. 3 9.3 (serializing instructions).  Freestanding. */
#include "patch/insn/insn.h"

bool insn_is_rel(const struct insn *in)
{
	return (in->flags & INSN_F_REL) != 0;
}

/* Target of a relative branch at addr: next EIP + rel, masked to 16 bits
 * when the operand size is 16 (66 prefix), as the SDM pseudocode does. */
NOPROBE uint32_t insn_rel_target(const struct insn *in, uint32_t addr)
{
	uint32_t t = addr + in->len + (uint32_t)in->imm;

	return in->opsize16 ? (t & 0xffff) : t;
}

bool insn_is_ijmp(const struct insn *in)
{
	return (in->flags & INSN_F_IJMP) != 0;
}

bool insn_is_icall(const struct insn *in)
{
	return (in->flags & INSN_F_ICALL) != 0;
}

bool insn_is_ret(const struct insn *in)
{
	return (in->flags & (INSN_F_RET | INSN_F_IRET)) != 0;
}

bool insn_is_int(const struct insn *in)
{
	return (in->flags & (INSN_F_INT | INSN_F_IRET)) != 0;
}

bool insn_is_serializing(const struct insn *in)
{
	return (in->flags & INSN_F_SER) != 0;
}

bool insn_is_privileged(const struct insn *in)
{
	return (in->flags & INSN_F_PRIV) != 0;
}

/* Execution never falls through to the next instruction. */
bool insn_ends_flow(const struct insn *in)
{
	return (in->flags & (INSN_F_RET | INSN_F_IRET | INSN_F_IJMP |
			     INSN_F_JMP | INSN_F_UD)) != 0;
}

/* Policy for copying into a trampoline (see insn.h):
 *   COPY   position-independent: ALU, loads/stores, ret/iret (control
 *          leaves; nothing after it in the copy runs), indirect jmp
 *          (the function is refused for H5 separately), serializing and
 *          privileged instructions (they do not depend on EIP).
 *   RELOC  jcc/jmp/call rel8/rel32, loop/loopcc/jecxz, xbegin: the
 *          relative operand is rewritten (H9).
 *   REFUSE 16-bit operand size relative branches (EIP masked to 16 bits),
 *          int3/int n/into/int1 and ud0/ud1/ud2 (trap handlers look up
 *          the faulting EIP, which would be the trampoline's: H12),
 *          indirect and far calls (return address would point into the
 *          trampoline: H3), invalid encodings (H12). */
int insn_ool(const struct insn *in, const char **hazard, const char **why)
{
	*hazard = "";
	*why = "position independent";
	if (in->flags & INSN_F_INVALID) {
		*hazard = "H12";
		*why = "invalid encoding";
	} else if (in->flags & (INSN_F_INT | INSN_F_UD)) {
		*hazard = "H12";
		*why = "trap instruction reports its own EIP";
	} else if ((in->flags & INSN_F_ICALL) ||
		   ((in->flags & INSN_F_CALL) && !(in->flags & INSN_F_REL))) {
		*hazard = "H3";
		*why = "indirect or far call would return into the trampoline";
	} else if ((in->flags & INSN_F_REL) && in->opsize16) {
		*hazard = "H9";
		*why = "16-bit relative branch truncates EIP";
	} else if (in->flags & INSN_F_REL) {
		*hazard = "H9";
		*why = "relative operand relocated";
		return INSN_OOL_RELOC;
	} else {
		return INSN_OOL_COPY;
	}
	return INSN_OOL_REFUSE;
}
