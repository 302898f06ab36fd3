/* insn_reloc.c - relocate a probe region's instructions to a trampoline.
 * jcc/jmp rel8|rel32 -> rel32 form; call rel32 -> push $return; jmp rel32
 * (the callee sees the original return address, so it returns to the
 * original text, not the trampoline); loop/loopcc/jecxz rel8 ->
 * "loop +2; jmp +5; jmp rel32 L"; xbegin rel32 retargeted.  Encodings per
 * Intel SDM Vol. 2 (Jcc 0F 80+cc, JMP E9, PUSH 68).  Pure, freestanding. */
#include "patch/insn/insn_reloc.h"

struct out {
	uint8_t *dst;		/* NULL: size only */
	size_t cap, pos;
	uint32_t addr;		/* dst address of dst[0] */
};

static void out_b(struct out *o, uint8_t b)
{
	if (o->dst && o->pos < o->cap)
		o->dst[o->pos] = b;
	o->pos++;
}

static void out_le32(struct out *o, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		out_b(o, (uint8_t)(v >> (8 * i)));
}

/* rel32 field that ends the instruction being emitted: target - next. */
static void out_rel32(struct out *o, uint32_t target)
{
	out_le32(o, target - (o->addr + (uint32_t)o->pos + 4));
}

static void out_jmp(struct out *o, uint32_t target)
{
	out_b(o, 0xe9);
	out_rel32(o, target);
}

/* Branch prefixes we can drop (hints 2e/3e, bnd f2, inert 67) or keep. */
static int check_prefixes(const uint8_t *p, const struct insn *in)
{
	int i;

	for (i = 0; i < in->nprefix; i++) {
		if (p[i] == 0x2e || p[i] == 0x3e || p[i] == 0xf2 || p[i] == 0x67)
			continue;
		return RELOC_ERR_PREFIX;
	}
	return 0;
}

/* Emit the relocated form of one relative branch at src address a. */
static void emit_branch(struct out *o, const struct insn *in, uint32_t a)
{
	uint32_t t = insn_rel_target(in, a);

	if (in->flags & INSN_F_CALL) {
		out_b(o, 0x68);			/* push $return */
		out_le32(o, a + in->len);
		out_jmp(o, t);
	} else if (in->flags & INSN_F_LOOP) {
		if (in->adsize16)
			out_b(o, 0x67);		/* keeps CX vs ECX */
		out_b(o, in->opcode);
		out_b(o, 2);			/* taken: to the jmp rel32 */
		out_b(o, 0xeb);
		out_b(o, 5);			/* not taken: skip it */
		out_jmp(o, t);
	} else if (in->flags & INSN_F_JCC) {
		out_b(o, 0x0f);
		out_b(o, 0x80 | (in->opcode & 0x0f));
		out_rel32(o, t);
	} else if (in->flags & INSN_F_XBEGIN) {
		out_b(o, 0xc7);
		out_b(o, 0xf8);
		out_rel32(o, t);
	} else {
		out_jmp(o, t);
	}
}

static int fail(struct reloc_result *res, int err, uint32_t a,
		const char *hazard, const char *why)
{
	if (res) {
		res->err = err;
		res->fail_addr = a;
		res->hazard = hazard;
		res->why = why;
	}
	return err;
}

/* One instruction at src offset off: copy, relocate or refuse. */
static int reloc_one(struct out *o, const uint8_t *src, uint32_t off,
		     uint32_t len, uint32_t src_addr, struct insn *in,
		     struct reloc_result *res)
{
	const char *hazard, *why;
	uint32_t a = src_addr + off, i;
	int act;

	if (insn_decode(in, src + off, len - off))
		return fail(res, RELOC_ERR_DECODE, a, "H12",
			    "undecodable or partial instruction");
	act = insn_ool(in, &hazard, &why);
	if (act == INSN_OOL_REFUSE)
		return fail(res, RELOC_ERR_REFUSED, a, hazard, why);
	if (act == INSN_OOL_COPY) {
		for (i = 0; i < in->len; i++)
			out_b(o, src[off + i]);
		return 0;
	}
	if (check_prefixes(src + off, in))
		return fail(res, RELOC_ERR_PREFIX, a, "H9",
			    "unsupported prefix on a relative branch");
	emit_branch(o, in, a);
	return 0;
}

int reloc_region(const uint8_t *src, uint32_t src_addr, uint32_t len,
		 uint8_t *dst, size_t dst_cap, uint32_t dst_addr,
		 struct reloc_result *res)
{
	struct out o = { dst, dst_cap, 0, dst_addr };
	struct insn in;
	uint32_t off = 0;
	int err;

	if (res)
		fail(res, 0, 0, "", "");
	if (!src || len == 0 || len > 64)
		return fail(res, RELOC_ERR_ARG, src_addr, "", "bad region");
	while (off < len) {
		err = reloc_one(&o, src, off, len, src_addr, &in, res);
		if (err)
			return err;
		off += in.len;
	}
	out_jmp(&o, src_addr + len);		/* back to the original text */
	if (dst && o.pos > dst_cap)
		return fail(res, RELOC_ERR_SPACE, src_addr, "", "dst too small");
	return (int)o.pos;
}
