/* insn_analyze.c - decode a whole function and judge probe regions.
 * Hazards from the design's table: H4 (direct branch into the region),
 * H5 (indirect jump in the function), H3 (call not last), H12 (bad site).
 * Decoding follows Intel SDM Vol. 2 via insn.c.  Pure and freestanding. */
#include "patch/insn/insn_analyze.h"
#include "patch/insn/insn_fmt.h"

static int fn_fail(struct analyze_fn *fn, int err, const char *hazard,
		   uint32_t addr, const char *what)
{
	struct insn_fmt f;

	fn->err = err;
	fn->hazard = hazard;
	insn_fmt_reason(&f, fn->reason, sizeof(fn->reason), hazard, what, addr);
	if (fn->code && addr >= fn->start && addr < fn->start + fn->size) {
		uint32_t o = addr - fn->start, n = fn->size - o;

		insn_fmt_str(&f, " (bytes ");
		insn_fmt_bytes(&f, fn->code + o, n < 6 ? n : 6);
		insn_fmt_str(&f, ")");
	}
	return err;
}

/* Record one decoded instruction and its branch target, if any. */
static int fn_note(struct analyze_fn *fn, uint32_t off, const struct insn *in)
{
	uint32_t addr = fn->start + off;

	if (fn->ninsn >= fn->insn_cap)
		return fn_fail(fn, ANALYZE_ERR_CAPACITY, "", addr,
			       "too many instructions");
	fn->insn_off[fn->ninsn++] = off;
	if ((in->flags & INSN_F_IJMP) || ((in->flags & INSN_F_REL) && (in->flags & INSN_F_JMP) &&
	    insn_rel_target(in, addr) - fn->thunk_lo <
	    fn->thunk_hi - fn->thunk_lo)) {
		if (fn->nijmp < ANALYZE_MAX_IJMP)
			fn->ijmp_off[fn->nijmp] = (uint32_t)(fn->ninsn - 1);
		fn->nijmp++;
	}
	if (!(in->flags & INSN_F_REL))		/* insn_is_rel(), inline */
		return ANALYZE_OK;
	if (fn->ntargets >= fn->target_cap)
		return fn_fail(fn, ANALYZE_ERR_CAPACITY, "", addr,
			       "too many branches");
	fn->target_src[fn->ntargets] = addr;
	fn->targets[fn->ntargets++] = insn_rel_target(in, addr);
	return ANALYZE_OK;
}

/* Fill fn->tmap, if given, from the targets inside the function. */
static void analyze_map_targets(struct analyze_fn *fn)
{
	uint32_t i;

	if (!fn->tmap)
		return;
	for (i = 0; i < fn->size; i++)
		fn->tmap[i] = 0;
	for (i = 0; i < (uint32_t)fn->ntargets; i++) {
		uint32_t o = fn->targets[i] - fn->start;

		if (o < fn->size && !fn->tmap[o])
			fn->tmap[o] = i + 1;
	}
}

/* Decode code[0..size) as the function at start (linear sweep). */
int analyze_function(struct analyze_fn *fn, const uint8_t *code,
		     uint32_t start, uint32_t size)
{
	struct insn in;
	uint32_t off = 0, *insn_off;
	int err, n = 0, cap;

	if (!fn)
		return ANALYZE_ERR_ARG;
	fn->err = ANALYZE_ERR_ARG;
	fn->hazard = "";
	fn->code = code;
	if (!code || !fn->insn_off || !fn->targets || !fn->target_src ||
	    fn->insn_cap <= 0 || fn->target_cap < 0)
		return ANALYZE_ERR_ARG;
	insn_off = fn->insn_off;
	cap = fn->insn_cap;
	fn->start = start;
	fn->size = size;
	fn->ninsn = fn->ntargets = 0;
	fn->nijmp = fn->njtab = 0;
	fn->has_ijmp = false;
	fn->err = ANALYZE_OK;
	fn->hazard = "";
	fn->reason[0] = 0;
	while (off < size) {	/* most instructions: their boundary only */
		err = insn_sweep(&in, code, size, &off, insn_off, &n, cap,
				 INSN_F_IJMP | INSN_F_REL);
		fn->ninsn = n;
		if (err)
			return fn_fail(fn, ANALYZE_ERR_DECODE, "H12", start + off,
				       insn_strerror(err));
		if (off >= size)
			break;
		err = fn_note(fn, off, &in);	/* a branch, or no room */
		n = fn->ninsn;
		if (err)
			return err;
		off += in.len;
	}
	fn->ninsn = n;
	analyze_jump_tables(fn);
	analyze_map_targets(fn);
	return fn->err;
}

/* Binary search over the sorted instruction offsets. */
bool analyze_is_boundary(const struct analyze_fn *fn, uint32_t addr)
{
	int lo = 0, hi = fn->ninsn - 1;
	uint32_t off;

	if (addr < fn->start || addr - fn->start >= fn->size)
		return false;
	off = addr - fn->start;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (fn->insn_off[mid] == off)
			return true;
		if (fn->insn_off[mid] < off)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return false;
}

/* Index of a direct branch whose target is strictly inside (lo, hi),
 * or -1. */
int analyze_target_inside(const struct analyze_fn *fn, uint32_t lo,
			  uint32_t hi)
{
	uint32_t a;
	int i;

	if (fn->tmap && lo >= fn->start && hi <= fn->start + fn->size) {
		for (a = lo + 1; a < hi; a++)
			if (fn->tmap[a - fn->start])
				return (int)fn->tmap[a - fn->start] - 1;
		return -1;
	}
	for (i = 0; i < fn->ntargets; i++)
		if (fn->targets[i] > lo && fn->targets[i] < hi)
			return i;
	return -1;
}

const char *analyze_strerror(int err)
{
	static const char *const s[] = {
		"ok", "bad argument", "capacity exceeded",
		"undecodable instruction", "outside the function",
		"not an instruction boundary", "region crosses the function end",
		"instruction cannot run out of line", "call not last in region",
		"branch target inside region", "indirect jump in function",
	};

	if (err < 0 || err > ANALYZE_ERR_INDIRECT_JUMP)
		return "unknown";
	return s[err];
}
