/* sites.c - probe-site verdicts over a whole text (see sites.h): per
 * function, patch/insn's analysis (H3 H4 H5 H9 H12) and ool_classify (the
 * int3 probe's out-of-line step); across functions, H4 through an index of
 * every direct branch sorted by target (a radix sort: linear).  Pure. */
#include "patch/sites.h"
#include "patch/ool.h"

const char *const sites_hazards[SITES_NHAZ] = { "H3", "H4", "H5", "H9", "H12" };

int sites_hazard_index(const char *h)
{
	int i, j;

	for (i = 0; i < SITES_NHAZ; i++) {
		for (j = 0; h[j] && h[j] == sites_hazards[i][j]; j++)
			;
		if (!h[j] && !sites_hazards[i][j])
			return i;
	}
	return SITES_NHAZ;
}

/* Decode and analyse one function into s->fn. */
bool sites_setup(struct sites *s, const uint8_t *code, uint32_t addr, uint32_t size)
{
	return analyze_function(&s->fn, code, addr, size) == ANALYZE_OK;
}

/* First pass: the function's direct branches into the index. */
void sites_collect(struct sites *s, struct sites_stats *st, const uint8_t *code,
		   uint32_t addr, uint32_t size)
{
	int i;

	if (!sites_setup(s, code, addr, size))
		return;
	st->insns += (uint32_t)s->fn.ninsn;
	for (i = 0; i < s->fn.ntargets; i++) {
		if (s->nall == s->cap) {
			st->all_overflow++;
			return;
		}
		s->all[s->nall].target = s->fn.targets[i];
		s->all[s->nall++].src = s->fn.target_src[i];
	}
}

/* LSD radix sort of n entries by target, 8 bits a pass, through tmp (as
 * long); true if sorted.  Also the kernel's own index (patch/xref.c).  No
 * pass over the bytes above the largest target (all zero: the pass would
 * leave the order as it is; text targets fit in 3 bytes). */
bool sites_xref_sort(struct sites_xref *all, struct sites_xref *tmp, int n)
{
	struct sites_xref *a = all, *b = tmp, *t;
	uint32_t cnt[4][256], max = 0, *c;
	int pass, i;

	for (i = 0; i < 4 * 256; i++)
		cnt[i / 256][i % 256] = 0;
	for (i = 0; i < n; i++) {		/* every pass's counts at once */
		uint32_t x = all[i].target;

		max |= x;
		cnt[0][x & 255]++;
		cnt[1][(x >> 8) & 255]++;
		cnt[2][(x >> 16) & 255]++;
		cnt[3][x >> 24]++;
	}
	for (pass = 0; pass < 32 && (pass == 0 || max >> pass); pass += 8) {
		c = cnt[pass / 8];
		for (i = 1; i < 256; i++)
			c[i] += c[i - 1];
		for (i = n - 1; i >= 0; i--)
			b[--c[(a[i].target >> pass) & 255]] = a[i];
		t = a;
		a = b;
		b = t;
	}
	for (i = 0; a != all && i < n; i++)	/* an odd number of passes */
		all[i] = a[i];
	for (i = 1; i < n && all[i - 1].target <= all[i].target; i++)
		;
	return n == 0 || i == n;
}

bool sites_sort(struct sites *s)
{
	return sites_xref_sort(s->all, s->tmp, s->nall);
}

/* In a sorted index: a branch from outside [lo, hi) whose target is
 * strictly inside (a, b), or NULL.  H4 across functions (tail calls, asm). */
const struct sites_xref *sites_xref_into(const struct sites_xref *all, int n, uint32_t a,
					 uint32_t b, uint32_t lo, uint32_t hi)
{
	int l = 0, h = n;

	while (l < h) {			/* first target > a */
		int m = (l + h) / 2;

		if (all[m].target <= a)
			l = m + 1;
		else
			h = m;
	}
	for (; l < n && all[l].target < b; l++)
		if (all[l].src < lo || all[l].src >= hi)
			return &all[l];
	return NULL;
}

bool sites_cross(const struct sites *s, uint32_t a, uint32_t b, uint32_t lo, uint32_t hi)
{
	return sites_xref_into(s->all, s->nall, a, b, lo, hi) != NULL;
}

static void site_out(struct sites *s, uint32_t addr, uint32_t len, int v, const char *hz)
{
	if (s->site)
		s->site(s->ctx, addr, len, v, hz);
}

/* Judge one boundary; an optimizable region must relocate too. */
static void site_one(struct sites *s, struct sites_stats *st, const uint8_t *code,
		     uint32_t fa, uint32_t fsize, uint32_t addr, uint32_t len)
{
	const uint8_t *p = code + (addr - fa);
	const char *hz = "H12", *why;
	struct insn in;

	st->boundaries++;
	st->bytes += len;
	if (s->noprobe && s->noprobe(s->ctx, addr)) {	/* blacklisted: H12 */
		st->noprobe++;
		st->bad_bytes += len;
		st->refused[sites_hazard_index("H12")]++;
		return site_out(s, addr, len, SITES_NONE, "H12");
	}
	if (insn_decode(&in, p, fa + fsize - addr) != INSN_OK ||
	    ool_classify(&in, &hz, &why) < 0) {
		st->ool_refused++;
		st->bad_bytes += len;
		st->refused[sites_hazard_index(hz)]++;
		return site_out(s, addr, len, SITES_NONE, hz);
	}
	st->int3_ok++;
	if (analyze_region(&s->fn, addr, &s->reg) != ANALYZE_OK) {
		st->refused[sites_hazard_index(s->reg.hazard)]++;
		return site_out(s, addr, len, SITES_INT3, s->reg.hazard);
	}
	if (s->fixup && s->fixup(s->ctx, addr, addr + s->reg.len)) {
		st->refused[sites_hazard_index("H12")]++;
		return site_out(s, addr, len, SITES_INT3, "H12fixup");
	}
	if (sites_cross(s, addr, addr + s->reg.len, fa, fa + fsize)) {
		st->h4_cross++;
		st->refused[sites_hazard_index("H4")]++;
		return site_out(s, addr, len, SITES_INT3, "H4x");
	}
	st->jump_ok++;
	site_out(s, addr, len, SITES_JUMP, "");
	if (reloc_region(p, addr, s->reg.len, s->tramp, sizeof(s->tramp),
			 (uint32_t)(uintptr_t)s->tramp, 0) < 0)
		st->reloc_fail++;
}

/* Second pass: every boundary of one function; false if undecodable. */
bool sites_func(struct sites *s, struct sites_stats *f, const uint8_t *code,
		uint32_t addr, uint32_t size)
{
	uint32_t *off = s->fn.insn_off;
	int i, n;

	f->funcs++;
	if (!sites_setup(s, code, addr, size)) {
		f->undecodable++;
		return false;
	}
	n = s->fn.ninsn;
	f->insns += (uint32_t)n;
	f->ijmp += s->fn.nijmp;
	f->jtab += s->fn.njtab;
	for (i = 0; i < n; i++)
		site_one(s, f, code, addr, size, addr + off[i],
			 (i + 1 < n ? off[i + 1] : size) - off[i]);
	return true;
}

void sites_add(struct sites_stats *t, const struct sites_stats *f)
{
	int i;

	t->funcs += f->funcs;
	t->undecodable += f->undecodable;
	t->boundaries += f->boundaries;
	t->int3_ok += f->int3_ok;
	t->jump_ok += f->jump_ok;
	t->noprobe += f->noprobe;
	t->ool_refused += f->ool_refused;
	t->bytes += f->bytes;
	t->bad_bytes += f->bad_bytes;
	t->reloc_fail += f->reloc_fail;
	t->h4_cross += f->h4_cross;
	t->all_overflow += f->all_overflow;
	t->ijmp += f->ijmp;
	t->jtab += f->jtab;
	t->insns += f->insns;
	for (i = 0; i <= SITES_NHAZ; i++)
		t->refused[i] += f->refused[i];
}
