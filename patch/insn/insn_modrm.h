/* insn_modrm.h - SIB byte and displacement after a ModRM byte.
 * Follows Intel SDM Vol. 2, 2.1.5, Tables 2-1 (16-bit addressing, with
 * the 0x67 prefix in 32-bit mode), 2-2 (32-bit) and 2-3 (SIB).  Inline in
 * insn.c: half of all instructions take this step.  Internal to the decoder. */
#ifndef PATCH_INSN_MODRM_H
#define PATCH_INSN_MODRM_H

#include "patch/insn/insn_dec.h"

DEC_INLINE int modrm_disp(struct dec *d, int n)
{
	struct insn *in = d->in;

	in->disp_off = (uint8_t)d->pos;
	in->disp_len = (uint8_t)n;
	return n ? insn_dec_le(d, n, &in->disp) : INSN_OK;
}

DEC_INLINE int modrm16(struct dec *d, uint8_t mod, uint8_t rm)
{
	if (mod == 1)
		return modrm_disp(d, 1);
	if (mod == 2 || rm == 6)
		return modrm_disp(d, 2);
	return INSN_OK;
}

DEC_INLINE int modrm32(struct dec *d, uint8_t mod, uint8_t rm)
{
	struct insn *in = d->in;
	int err;

	if (rm == 4) {
		err = insn_dec_peek(d, d->pos, &in->sib);
		if (err)
			return err;
		in->has_sib = true;
		d->pos++;
		if (mod == 0 && (in->sib & 7) == 5)
			return modrm_disp(d, 4);
	}
	if (mod == 1)
		return modrm_disp(d, 1);
	if (mod == 2 || (mod == 0 && rm == 5))
		return modrm_disp(d, 4);
	return INSN_OK;
}

/* Everything after ModRM up to the immediates. */
DEC_INLINE int insn_dec_modrm_rest(struct dec *d)
{
	struct insn *in = d->in;
	uint8_t mod = in->modrm >> 6, rm = in->modrm & 7;

	if (!in->has_modrm || mod == 3 || (in->flags & INSN_F_REGONLY))
		return INSN_OK;
	return in->adsize16 ? modrm16(d, mod, rm) : modrm32(d, mod, rm);
}

#endif
