/* insn_vex.h - VEX (C4/C5), EVEX (62) and XOP (8F) prefixes in 32-bit mode.
 * Follows Intel SDM Vol. 2, 2.3.5 (C4/C5 are VEX only when the next byte
 * has ModRM.mod == 11, else LES/LDS), 2.7.1 (EVEX; 62 is BOUND unless
 * mod == 11) and AMD APM Vol. 4 1.1 (XOP: 8F with ModRM.reg != 0).
 * Inline in insn.c, as insn_modrm.h: no call takes the decoder state's
 * address, so it stays in registers.  Internal to the decoder. */
#ifndef PATCH_INSN_VEX_H
#define PATCH_INSN_VEX_H

#include "patch/insn/insn_dec.h"

/* 1 if the escape byte at d->pos starts a VEX/EVEX/XOP prefix. */
DEC_INLINE int insn_dec_is_vex(const struct dec *d, uint8_t special)
{
	uint8_t b;
	int err = insn_dec_peek(d, d->pos + 1, &b);

	if (err)
		return err;
	if (special == INSN_SP_XOP)
		return (b & 0x38) != 0;
	return (b & 0xc0) == 0xc0;
}

/* Payload bytes after the escape byte, by encoding. */
static const uint8_t vex_payload[] = {
	[INSN_ENC_VEX2] = 1, [INSN_ENC_VEX3] = 2,
	[INSN_ENC_EVEX] = 3, [INSN_ENC_XOP] = 2,
};

DEC_INLINE uint8_t vex_enc(uint8_t special)
{
	if (special == INSN_SP_VEX2)
		return INSN_ENC_VEX2;
	if (special == INSN_SP_VEX3)
		return INSN_ENC_VEX3;
	return special == INSN_SP_EVEX ? INSN_ENC_EVEX : INSN_ENC_XOP;
}

/* Opcode map from the map-select field; -1 if reserved. */
DEC_INLINE int vex_map(const struct insn *in)
{
	uint8_t m = in->vex[0] & 0x1f;

	switch (in->enc) {
	case INSN_ENC_VEX2:
		return INSN_MAP_VEX1;
	case INSN_ENC_VEX3:
		return m >= 1 && m <= 3 ? INSN_MAP_VEX1 + m - 1 : -1;
	case INSN_ENC_EVEX:
		m &= 0x0f;
		if (m >= 1 && m <= 3)
			return INSN_MAP_EVEX1 + m - 1;
		return m == 5 || m == 6 ? INSN_MAP_EVEX5 + m - 5 : -1;
	default:
		return m >= 8 && m <= 10 ? INSN_MAP_XOP8 + m - 8 : -1;
	}
}

/* Parse the prefix and the opcode byte that follows it. */
DEC_INLINE int insn_dec_vex(struct dec *d, uint8_t special)
{
	struct insn *in = d->in;
	uint8_t n, i, b, last;
	int map, err;

	in->enc = vex_enc(special);
	in->vex_off = (uint8_t)d->pos;
	n = vex_payload[in->enc];
	for (i = 0; i < n; i++) {
		err = insn_dec_peek(d, d->pos + 1 + i, &in->vex[i]);
		if (err)
			return err;
	}
	in->vex_len = 1 + n;
	map = vex_map(in);
	if (map < 0)
		return INSN_ERR_INVALID;
	in->map = (uint8_t)map;
	last = in->vex[in->enc == INSN_ENC_EVEX ? 1 : n - 1];	/* W vvvv L pp */
	in->mpfx = last & 3;
	if (in->enc == INSN_ENC_EVEX && !(last & 0x04))
		d->bad = true;		/* EVEX.P1 bit 2 must be 1 */
	if (in->has66 || in->rep || in->lock)
		d->bad = true;		/* SDM 2.3.2: #UD with 66/F2/F3/F0 */
	d->pos += in->vex_len;
	err = insn_dec_peek(d, d->pos, &b);
	if (err)
		return err;
	in->opcode = b;
	in->opcode_off = (uint8_t)d->pos;
	d->pos++;
	return INSN_OK;
}

#endif
