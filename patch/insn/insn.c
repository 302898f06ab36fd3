/* insn.c - decode one x86-32 instruction: prefixes, opcode (legacy maps,
 * VEX, EVEX, XOP), ModRM, SIB, displacement and immediates.
 * Follows Intel SDM Vol. 2, Ch. 2 (2.1 format, 2.3 VEX, 2.7 EVEX) and
 * Appendix A; all opcode knowledge comes from the generated tables. */
#include "patch/insn/insn_dec.h"
#include "patch/insn/insn_modrm.h"
#include "patch/insn/insn_vex.h"
#include "insn_tables.h"

/* Legacy prefixes (SDM 2.1.1): record each and stop at the first opcode
 * byte, left in *first. */
DEC_INLINE int dec_prefixes(struct dec *d, uint8_t *first)
{
	struct insn *in = d->in;
	uint8_t b;
	int err;

	for (;;) {
		err = insn_dec_peek(d, d->pos, &b);
		if (err)
			return err;
		*first = b;
		switch (insn_map_onebyte[b].special) {
		case INSN_SP_PFX_SEG:  in->seg = b; break;
		case INSN_SP_PFX_OPSZ: in->has66 = true; break;
		case INSN_SP_PFX_ADSZ: in->adsize16 = true; break;
		case INSN_SP_PFX_LOCK: in->lock = true; break;
		case INSN_SP_PFX_REP:  in->rep = b; break;
		default: return INSN_OK;
		}
		d->pos++;
		in->nprefix++;
	}
}

/* Mandatory prefix index for legacy maps: last F2/F3 wins, else 66. */
DEC_INLINE uint8_t dec_mpfx(const struct insn *in)
{
	if (in->rep == 0xf3)
		return 2;
	if (in->rep == 0xf2)
		return 3;
	return in->has66 ? 1 : 0;
}

_Static_assert(INSN_MAP_1B == 0, "insn_zero leaves the one-byte map");

/* Legacy opcode bytes: one byte, 0F xx, 0F 38 xx, 0F 3A xx. */
DEC_INLINE int dec_legacy_opcode(struct dec *d, uint8_t b)
{
	struct insn *in = d->in;
	uint8_t sp = insn_map_onebyte[b].special;
	int err;

	if (in->nprefix) {		/* else all three are insn_zero's 0 */
		in->map = INSN_MAP_1B;
		in->mpfx = dec_mpfx(in);
		in->opsize16 = in->has66;
	}
	while (sp == INSN_SP_ESC_0F || sp == INSN_SP_ESC_0F38 ||
	       sp == INSN_SP_ESC_0F3A) {
		in->map = sp == INSN_SP_ESC_0F ? INSN_MAP_0F :
			  sp == INSN_SP_ESC_0F38 ? INSN_MAP_0F38 : INSN_MAP_0F3A;
		d->pos++;
		err = insn_dec_peek(d, d->pos, &b);
		if (err)
			return err;
		sp = insn_maps[in->map][b].special;
	}
	in->opcode = b;
	in->opcode_off = (uint8_t)d->pos;
	d->pos++;
	return INSN_OK;
}

/* Opcode from its first byte b (at d->pos): VEX/EVEX/XOP if the escape
 * byte says so, else legacy. */
DEC_INLINE int dec_opcode(struct dec *d, uint8_t b)
{
	uint8_t sp = insn_map_onebyte[b].special;
	int vex;

	if (sp == INSN_SP_VEX2 || sp == INSN_SP_VEX3 || sp == INSN_SP_EVEX ||
	    sp == INSN_SP_XOP) {
		vex = insn_dec_is_vex(d, sp);
		if (vex < 0)
			return vex;
		if (vex)
			return insn_dec_vex(d, sp);
	}
	return dec_legacy_opcode(d, b);
}

/* Resolve the table leaf of op; needs the ModRM byte when it has one. */
DEC_INLINE const struct insn_attr *dec_leaf(struct dec *d, const struct insn_op *op)
{
	struct insn *in = d->in;
	unsigned idx = 0, m = in->modrm;

	if (!(op->sel & 0x0f))
		return &insn_attrs[op->idx];
	if (op->sel & INSN_SEL_PFX)
		idx = idx * 4 + in->mpfx;
	if (op->sel & INSN_SEL_MOD)
		idx = idx * 2 + ((m >> 6) == 3);
	if (op->sel & INSN_SEL_REG)
		idx = idx * 8 + ((m >> 3) & 7);
	if (op->sel & INSN_SEL_RM)
		idx = idx * 8 + (m & 7);
	return &insn_attrs[insn_sel[op->idx + idx]];
}

/* The ModRM byte, when the opcode (op) has one. */
DEC_INLINE int dec_modrm_byte(struct dec *d, const struct insn_op *op)
{
	struct insn *in = d->in;
	int err;

	if (!(op->sel & INSN_SEL_MODRM))
		return INSN_OK;
	err = insn_dec_peek(d, d->pos, &in->modrm);
	if (err)
		return err;
	in->has_modrm = true;
	in->modrm_off = (uint8_t)d->pos;
	d->pos++;
	return INSN_OK;
}

/* Bytes of one immediate of kind k under the current sizes: by kind, then
 * [opsize16][adsize16].  Z and JZ: 2 or 4 by operand size; A (far
 * pointer): 4 or 6 by operand size; O (moffs): 2 or 4 by address size. */
static const uint8_t imm_size[INSN_I_JZ + 1][2][2] = {
	[INSN_I_B] = { { 1, 1 }, { 1, 1 } },
	[INSN_I_W] = { { 2, 2 }, { 2, 2 } },
	[INSN_I_D] = { { 4, 4 }, { 4, 4 } },
	[INSN_I_Z] = { { 4, 4 }, { 2, 2 } },
	[INSN_I_A] = { { 6, 6 }, { 4, 4 } },
	[INSN_I_O] = { { 4, 2 }, { 4, 2 } },
	[INSN_I_JB] = { { 1, 1 }, { 1, 1 } },
	[INSN_I_JZ] = { { 4, 4 }, { 2, 2 } },
};

DEC_INLINE int dec_imm_size(const struct insn *in, uint8_t k)
{
	return k <= INSN_I_JZ ? imm_size[k][in->opsize16][in->adsize16] : 0;
}

/* Immediates; a far pointer's 2-byte selector lands in imm2. */
DEC_INLINE int dec_imms(struct dec *d, const struct insn_attr *a)
{
	struct insn *in = d->in;
	int n, n2, err;

	if (!a->imm1 && !a->imm2) {	/* most instructions: none */
		in->imm_off = in->imm2_off = (uint8_t)d->pos;
		return INSN_OK;
	}
	n = dec_imm_size(in, a->imm1);
	n2 = dec_imm_size(in, a->imm2);
	if (a->imm1 == INSN_I_A) {
		n -= 2;
		n2 = 2;
	}
	in->imm_off = (uint8_t)d->pos;
	in->imm_len = (uint8_t)n;
	err = n ? insn_dec_le(d, n, &in->imm) : INSN_OK;
	if (err)
		return err;
	in->imm2_off = (uint8_t)d->pos;
	in->imm2_len = (uint8_t)n2;
	return n2 ? insn_dec_le(d, n2, &in->imm2) : INSN_OK;
}

/* 3DNow!: the imm8 suffix picks the operation (and its validity). */
DEC_INLINE void dec_suffix(struct insn *in)
{
	const struct insn_attr *a =
		&insn_attrs[insn_maps[INSN_MAP_3DNOW][(uint8_t)in->imm].idx];

	in->flags |= a->flags & INSN_F_INVALID;
	in->name = a->name;
}

/* Word stores, unrolled: a loop of them cost more than the rest of a
 * one-byte instruction's decode. */
typedef uint32_t __attribute__((may_alias)) insn_word;
_Static_assert(sizeof(struct insn) % 4 == 0, "struct insn: whole words");
DEC_INLINE void insn_zero(struct insn *in)
{
	insn_word *w = (insn_word *)in;
	unsigned i;

#pragma GCC unroll 16
	for (i = 0; i < sizeof(*in) / 4; i++)
		w[i] = 0;
}

/* insn_decode's body, inline in it and in insn_sweep's loop. */
DEC_INLINE int dec_one(struct insn *in, const uint8_t *buf, size_t size)
{
	struct dec d = { buf, size, 0, in, false,
			 size < INSN_MAX_LEN ? size : INSN_MAX_LEN };
	const struct insn_attr *a;
	const struct insn_op *op;
	uint8_t b;
	int err;

	if (!in || (!buf && size))
		return INSN_ERR_ARG;
	insn_zero(in);
	err = dec_prefixes(&d, &b);
	if (!err)
		err = dec_opcode(&d, b);
	if (err)
		return err;
	op = &insn_maps[in->map][in->opcode];
	err = dec_modrm_byte(&d, op);
	if (err)
		return err;
	a = dec_leaf(&d, op);
	in->flags = a->flags;
	in->name = a->name;
	err = in->has_modrm && (in->modrm >> 6) != 3 && !(in->flags & INSN_F_REGONLY) ?
	      insn_dec_modrm_rest(&d) : INSN_OK;	/* its own test, without the call */
	if (!err)
		err = dec_imms(&d, a);
	if (err)
		return err;
	in->len = (uint8_t)d.pos;
	if (!(in->flags & (INSN_F_SUFFIX | INSN_F_INVALID)) && !d.bad)
		return INSN_OK;			/* most: neither */
	if (in->flags & INSN_F_SUFFIX)
		dec_suffix(in);
	if ((in->flags & INSN_F_INVALID) || d.bad)
		return INSN_ERR_INVALID;
	return INSN_OK;
}

/* Decode the instruction at buf[0..size).  Returns INSN_OK or an error;
 * with INSN_ERR_INVALID, in->len is the length when it is known. */
int insn_decode(struct insn *in, const uint8_t *buf, size_t size)
{
	return dec_one(in, buf, size);
}

/* A linear sweep of buf[*off..size) (see insn.h): the decode inline in the
 * loop, as a whole function's analysis decodes thousands in a row. */
int insn_sweep(struct insn *in, const uint8_t *buf, uint32_t size, uint32_t *off,
	       uint32_t *offs, int *n, int cap, uint32_t stop)
{
	uint32_t o = *off;
	int k = *n, err = INSN_OK;

	while (o < size) {
		err = dec_one(in, buf + o, size - o);
		if (err || (in->flags & stop) || k >= cap)
			break;
		offs[k++] = o;
		o += in->len;
	}
	*off = o;
	*n = k;
	return err;
}

const char *insn_name(const struct insn *in)
{
	return &insn_names[in->name];
}

const char *insn_strerror(int err)
{
	switch (err) {
	case INSN_OK: return "ok";
	case INSN_ERR_TRUNC: return "truncated";
	case INSN_ERR_INVALID: return "invalid encoding";
	case INSN_ERR_TOOLONG: return "longer than 15 bytes";
	case INSN_ERR_ARG: return "bad argument";
	default: return "unknown error";
	}
}
