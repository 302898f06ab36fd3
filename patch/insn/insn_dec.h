/* insn_dec.h - decoder state shared by insn.c, insn_vex.c, insn_modrm.c.
 * Internal to the decoder; follows Intel SDM Vol. 2, Ch. 2.
 * Freestanding. */
#ifndef PATCH_INSN_DEC_H
#define PATCH_INSN_DEC_H

#include "patch/insn/insn.h"

struct dec {
	const uint8_t *buf;
	size_t size;
	size_t pos;
	struct insn *in;
	bool bad;		/* #UD encoding whose length is still known */
};

int insn_dec_peek(const struct dec *d, size_t pos, uint8_t *b);
int insn_dec_le(struct dec *d, int n, int32_t *v);
int insn_dec_is_vex(const struct dec *d, uint8_t special);
int insn_dec_vex(struct dec *d, uint8_t special);
int insn_dec_modrm_rest(struct dec *d);

#endif
