/* insn_region.c - choose and judge the probe region for an address: the
 * fewest whole instructions covering the 5-byte jump, each copied,
 * relocated or refused.  Hazards H3 H4 H5 H9 H12 from the design's table;
 * decoding per Intel SDM Vol. 2.  Pure and freestanding. */
#include "patch/insn/insn_analyze.h"
#include "patch/insn/insn_fmt.h"

/* Refuse r with a reason naming the instruction at addr. */
static int reg_fail(struct analyze_region *r, int err, const char *hazard,
		    const char *what, uint32_t addr, const struct insn *in)
{
	struct insn_fmt f;

	r->err = err;
	r->hazard = hazard;
	insn_fmt_reason(&f, r->reason, sizeof(r->reason), hazard, what, addr);
	if (in) {
		insn_fmt_str(&f, " (");
		insn_fmt_str(&f, insn_name(in));
		insn_fmt_str(&f, ")");
	}
	return err;
}

/* Decode the instructions from addr until 5 bytes are covered. */
static int reg_collect(const struct analyze_fn *fn, struct analyze_region *r)
{
	uint32_t end = fn->start + fn->size, a = r->addr;
	struct analyze_insn *ai;

	while (r->len < ANALYZE_JMP_LEN) {
		if (a >= end)
			return reg_fail(r, ANALYZE_ERR_CROSSES_END, "H12",
					"region crosses the function end", a,
					0);
		ai = &r->insn[r->n++];
		ai->addr = a;
		if (insn_decode(&ai->in, fn->code + (a - fn->start), end - a))
			return reg_fail(r, ANALYZE_ERR_INSN, "H12",
					"undecodable", a, 0);
		ai->action = insn_ool(&ai->in, &ai->hazard, &ai->why);
		r->len += ai->in.len;
		a += ai->in.len;
	}
	return ANALYZE_OK;
}

/* Per-instruction refusals, then H3: a call only as the last insn. */
static int reg_judge_insns(struct analyze_region *r)
{
	int i;

	for (i = 0; i < r->n; i++) {
		struct analyze_insn *ai = &r->insn[i];

		if (ai->action == INSN_OOL_REFUSE)
			return reg_fail(r, ANALYZE_ERR_INSN, ai->hazard,
					ai->why, ai->addr, &ai->in);
		if ((ai->in.flags & INSN_F_CALL) && i != r->n - 1)
			return reg_fail(r, ANALYZE_ERR_CALL_NOT_LAST, "H3",
					"call is not the last instruction",
					ai->addr, &ai->in);
	}
	return ANALYZE_OK;
}

/* H4 then H5: other code must not jump into the region's interior, and
 * the function must have no indirect jump (jump tables are invisible). */
static int reg_judge_fn(const struct analyze_fn *fn, struct analyze_region *r)
{
	int t = analyze_target_inside(fn, r->addr, r->addr + r->len);

	if (t >= 0)
		return reg_fail(r, ANALYZE_ERR_TARGET_INSIDE, "H4",
				"branch into the region from", fn->target_src[t],
				0);
	if (fn->has_ijmp)
		return reg_fail(r, ANALYZE_ERR_INDIRECT_JUMP, "H5",
				"indirect jump in the function at",
				fn->ijmp_addr, 0);
	return ANALYZE_OK;
}

/* Choose and judge the region starting at addr in an analysed function.
 * r->err == ANALYZE_OK means the site can be jump-optimized. */
int analyze_region(const struct analyze_fn *fn, uint32_t addr,
		   struct analyze_region *r)
{
	int err;

	if (!fn || !r)
		return ANALYZE_ERR_ARG;	/* nothing to report into */
	r->addr = addr;
	r->len = 0;
	r->n = 0;
	r->err = ANALYZE_OK;
	r->hazard = "";
	r->reason[0] = 0;
	if (fn->err || !fn->code)
		return reg_fail(r, fn->err ? fn->err : ANALYZE_ERR_ARG,
				fn->hazard, "function not analysable:",
				fn->start, 0);
	if (addr < fn->start || addr - fn->start >= fn->size)
		return reg_fail(r, ANALYZE_ERR_OUTSIDE, "H12",
				"address outside the function", addr, 0);
	if (!analyze_is_boundary(fn, addr))
		return reg_fail(r, ANALYZE_ERR_NOT_BOUNDARY, "H12",
				"not an instruction boundary", addr, 0);
	err = reg_collect(fn, r);
	if (!err)
		err = reg_judge_insns(r);
	if (!err)
		err = reg_judge_fn(fn, r);
	return err;
}
