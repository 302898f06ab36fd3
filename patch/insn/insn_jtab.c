/* insn_jtab.c - jump tables resolved, as objtool does: the table behind a
 * bounded `jmp *tbl(,%reg,4)` is read from the image and its entries become
 * branch targets (H4), so the jump no longer refuses its whole function (H5).
 * Bound: `cmp $N, x; ja` a few instructions before, x the index or its
 * zero-extended source (SDM Vol. 2: CMP, Jcc, MOVZX, SIB).  Freestanding. */
#include "patch/insn/insn_analyze.h"

#define JT_BACK 5		/* instructions searched before the jump */

/* An operand: a register (mod 3) or a memory form, and its size. */
struct jt_opnd {
	uint8_t mod, rm, sib, size;
	int32_t disp;
};

static bool jt_decode(const struct analyze_fn *fn, int i, struct insn *in)
{
	uint32_t off = fn->insn_off[i];

	return insn_decode(in, fn->code + off, fn->size - off) == INSN_OK;
}

static struct jt_opnd jt_rm(const struct insn *in, uint8_t size)
{
	struct jt_opnd o = { (uint8_t)(in->modrm >> 6), (uint8_t)(in->modrm & 7),
			     in->has_sib ? in->sib : 0, size, in->disp };

	return o;
}

static bool jt_same(const struct jt_opnd *a, const struct jt_opnd *b)
{
	return a->mod == b->mod && a->rm == b->rm && a->size == b->size &&
	       (a->mod == 3 || (a->sib == b->sib && a->disp == b->disp));
}

/* Registers (bit per reg32) an operand reads or is. */
static unsigned jt_regs(const struct jt_opnd *o)
{
	unsigned m = 0;

	if (o->mod == 3)
		return 1u << (o->size == 8 ? (o->rm & 3) : o->rm);
	if (o->rm == 4) {
		if (((o->sib >> 3) & 7) != 4)
			m |= 1u << ((o->sib >> 3) & 7);
		if ((o->sib & 7) != 5 || o->mod)
			m |= 1u << (o->sib & 7);
	} else if (!(o->rm == 5 && o->mod == 0)) {
		m |= 1u << o->rm;
	}
	return m;
}

/* Is in `cmp $imm, t` (same operand)?  *n = imm, unsigned in t's size. */
static bool jt_cmp(const struct insn *in, const struct jt_opnd *t, uint32_t *n)
{
	struct jt_opnd o;

	if (in->enc != INSN_ENC_LEGACY || in->map != INSN_MAP_1B || in->nprefix)
		return false;
	if (in->opcode == 0x3c || in->opcode == 0x3d) {	/* cmp al/eax, imm */
		o.mod = 3;
		o.rm = 0;
		o.size = in->opcode == 0x3c ? 8 : 32;
	} else if ((in->opcode == 0x80 || in->opcode == 0x81 ||
		    in->opcode == 0x83) && ((in->modrm >> 3) & 7) == 7) {
		o = jt_rm(in, in->opcode == 0x80 ? 8 : 32);
	} else {
		return false;
	}
	if (!jt_same(&o, t))
		return false;
	*n = o.size == 8 ? (uint8_t)in->imm : (uint32_t)in->imm;
	return true;
}

/* A move into the tracked register t: t becomes its source. */
static bool jt_move(const struct insn *in, struct jt_opnd *t)
{
	uint8_t reg = (in->modrm >> 3) & 7;

	if (t->mod != 3 || t->size != 32 || in->nprefix || !in->has_modrm ||
	    in->enc != INSN_ENC_LEGACY)
		return false;
	if (in->map == INSN_MAP_1B && in->opcode == 0x8b && reg == t->rm) {
		*t = jt_rm(in, 32);
	} else if (in->map == INSN_MAP_1B && in->opcode == 0x89 &&
		   (in->modrm >> 6) == 3 && (in->modrm & 7) == t->rm) {
		t->rm = reg;
	} else if (in->map == INSN_MAP_0F && (in->opcode == 0xb6 ||
		   in->opcode == 0xb7) && reg == t->rm) {
		*t = jt_rm(in, in->opcode == 0xb6 ? 8 : 16);
	} else {
		return false;
	}
	return true;
}

/* A register move that leaves t alone (writes no register t reads). */
static bool jt_harmless(const struct insn *in, const struct jt_opnd *t)
{
	uint8_t dst;

	if (in->enc != INSN_ENC_LEGACY || in->map != INSN_MAP_1B ||
	    in->nprefix || (in->modrm >> 6) != 3)
		return false;
	if (in->opcode == 0x89)
		dst = in->modrm & 7;
	else if (in->opcode == 0x8b)
		dst = (in->modrm >> 3) & 7;
	else
		return false;
	return !(jt_regs(t) & (1u << dst));
}

/* Is a branch target of the function in (lo, hi]? (entered unchecked) */
static bool jt_entered(const struct analyze_fn *fn, uint32_t lo, uint32_t hi)
{
	int i;

	for (i = 0; i < fn->ntargets; i++)
		if (fn->targets[i] > lo && fn->targets[i] <= hi)
			return true;
	return false;
}

/* Number of entries of the table indexed by reg at insn i, from a
 * `cmp $N, x; ja` before it (x is reg, or what reg was loaded from): N+1,
 * or 0 when not found. */
static uint32_t jt_bound(const struct analyze_fn *fn, int i, uint8_t reg)
{
	struct jt_opnd t = { 3, reg, 0, 32, 0 };
	struct insn in;
	bool ja = false;
	uint32_t n;
	int k;

	for (k = i - 1; k >= 0 && k >= i - JT_BACK; k--) {
		if (!jt_decode(fn, k, &in))
			return 0;
		if (in.map == INSN_MAP_1B && in.opcode == 0x77 && !in.nprefix)
			ja = true;
		else if (in.map == INSN_MAP_0F && in.opcode == 0x87 && !in.nprefix)
			ja = true;
		else if (ja && jt_cmp(&in, &t, &n))
			return jt_entered(fn, fn->start + fn->insn_off[k],
					  fn->start + fn->insn_off[i]) ||
			       n >= ANALYZE_MAX_TABLE ? 0 : n + 1;
		else if (!jt_move(&in, &t) && !jt_harmless(&in, &t))
			return 0;
	}
	return 0;
}

/* Resolve the indirect jump at insn i: its targets added, or false. */
static bool jt_resolve(struct analyze_fn *fn, int i)
{
	uint32_t addr = fn->start + fn->insn_off[i], tbl, n, j, e;
	int nt = fn->ntargets;
	struct insn in;

	if (!jt_decode(fn, i, &in) || !insn_is_ijmp(&in) || in.nprefix ||
	    in.enc != INSN_ENC_LEGACY || in.opcode != 0xff ||
	    (in.modrm & 0xff) != 0x24 || (in.sib & 0xc7) != 0x85 ||
	    ((in.sib >> 3) & 7) == 4)
		return false;		/* not jmp (ff /4, no ljmp) *disp32(,%reg,4) */
	tbl = (uint32_t)in.disp;
	n = jt_bound(fn, i, (in.sib >> 3) & 7);
	if (!n || n > (uint32_t)(fn->target_cap - nt))
		return false;
	for (j = 0; j < n; j++) {
		if (fn->read(fn->read_ctx, tbl + 4 * j, &e, 4) ||
		    !analyze_is_boundary(fn, e)) {
			fn->ntargets = nt;	/* an entry we cannot vouch for */
			return false;
		}
		fn->target_src[fn->ntargets] = addr;
		fn->targets[fn->ntargets++] = e;
	}
	return true;
}

static void jt_refuse(struct analyze_fn *fn, uint32_t addr)
{
	if (!fn->has_ijmp) {
		fn->has_ijmp = true;
		fn->ijmp_addr = addr;
	}
}

/* After the sweep: resolve what can be; the rest is H5.  Then each bound
 * again, against every table's entries: one that lands between another
 * table's cmp and its jmp skips that bound (the table is H5 after all). */
void analyze_jump_tables(struct analyze_fn *fn)
{
	bool ok[ANALYZE_MAX_IJMP] = { false };
	int i;

	for (i = 0; i < fn->nijmp; i++) {
		if (i < ANALYZE_MAX_IJMP && fn->read &&
		    jt_resolve(fn, (int)fn->ijmp_off[i])) {
			fn->njtab++;
			ok[i] = true;
			continue;
		}
		jt_refuse(fn, i < ANALYZE_MAX_IJMP ?
			  fn->start + fn->insn_off[fn->ijmp_off[i]] : fn->ijmp_addr);
	}
	for (i = 0; i < fn->nijmp && i < ANALYZE_MAX_IJMP; i++) {
		struct insn in;
		int k = (int)fn->ijmp_off[i];

		if (ok[i] && (!jt_decode(fn, k, &in) ||
			      !jt_bound(fn, k, (in.sib >> 3) & 7)))
			jt_refuse(fn, fn->start + fn->insn_off[k]);
	}
}
