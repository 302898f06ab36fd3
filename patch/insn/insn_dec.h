/* insn_dec.h - decoder state shared by insn.c, insn_vex.h, insn_modrm.h.
 * Internal to the decoder; follows Intel SDM Vol. 2, Ch. 2.
 * Freestanding. */
#ifndef PATCH_INSN_DEC_H
#define PATCH_INSN_DEC_H

#include "patch/insn/insn.h"

/* The decoder's steps: inline wherever they are used (insn_decode and
 * insn_sweep's loop), so the state above stays in registers. */
#define DEC_INLINE static inline __attribute__((always_inline))

struct dec {
	const uint8_t *buf;
	size_t size;
	size_t pos;
	struct insn *in;
	bool bad;		/* #UD encoding whose length is still known */
	size_t lim;		/* min(size, INSN_MAX_LEN): bytes readable */
};

/* Read byte pos; never reads at or past size, nor past 15 bytes.  Inline:
 * the decoder's most frequent step (it decodes a whole kernel text). */
DEC_INLINE int insn_dec_peek(const struct dec *d, size_t pos, uint8_t *b)
{
	if (pos >= d->lim)
		return pos >= INSN_MAX_LEN ? INSN_ERR_TOOLONG : INSN_ERR_TRUNC;
	*b = d->buf[pos];
	return INSN_OK;
}

/* insn_dec_le when the bytes run short: byte by byte, so the error is the
 * first missing byte's. */
DEC_INLINE int insn_dec_le_slow(struct dec *d, int n, int32_t *v)
{
	uint32_t x = 0;
	uint8_t b;
	int i, err;

	for (i = 0; i < n; i++) {
		err = insn_dec_peek(d, d->pos + i, &b);
		if (err)
			return err;
		x |= (uint32_t)b << (8 * i);
	}
	if (n == 1)
		x = (uint32_t)(int32_t)(int8_t)x;
	else if (n == 2)
		x = (uint32_t)(int32_t)(int16_t)x;
	*v = (int32_t)x;
	d->pos += n;
	return INSN_OK;
}

/* Read n (1, 2 or 4) little-endian bytes at d->pos, sign-extended; the
 * bytes are checked once when they are all there, one by one if not. */
DEC_INLINE int insn_dec_le(struct dec *d, int n, int32_t *v)
{
	const uint8_t *p = d->buf + d->pos;

	if (d->pos + (size_t)n > d->lim || (n != 1 && n != 2 && n != 4))
		return insn_dec_le_slow(d, n, v);
	if (n == 1)
		*v = (int8_t)p[0];
	else if (n == 2)
		*v = (int16_t)(p[0] | p[1] << 8);
	else
		*v = (int32_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24);
	d->pos += (size_t)n;
	return INSN_OK;
}

#endif
