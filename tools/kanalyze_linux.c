/* kanalyze_linux.c - Linux's optprobe rules (arch/x86/kernel/kprobes/opt.c,
 * can_optimize, as documented there; our own code) judged on the same
 * boundaries as patch/sites.c, and every disagreement counted by cause with
 * examples.  Modelled: a symbol's entry-text, room for 5 bytes before its
 * end, an indirect jump (ff /4, ff /5, ea, or a jump into the retpoline
 * thunks) or an exception-table entry anywhere in the function, a jmp/jcc/
 * loop of the function whose target is in [addr+1, addr+5]; the kprobe
 * blacklist taken as the no-probe ranges of the plan.  Not modelled:
 * can_boost's per-instruction table and the reserved-text lookups. */
#include <stdlib.h>
#include <string.h>
#include "tools/kanalyze.h"

int ka_linux_enabled = 1;
FILE *ka_bfile;				/* every boundary, uint32 LE, if set */

enum { LX_OK, LX_BLACK, LX_ENTRY, LX_END, LX_IJMP, LX_THUNK, LX_EXTABLE, LX_INTO, LX_INTO_END, LX_N };
static const char *const lx_name[LX_N] = {
	"ok", "kprobe blacklist (kprobes, entry, noinstr text)", "entry text", "fewer than 5 bytes to the symbol end",
	"indirect jump in the function", "jump to a retpoline thunk in the function",
	"exception-table entry in the function", "jmp/jcc into [addr+1, addr+5]",
	"jmp/jcc to addr+5, the end of a 5-byte region (inclusive bound)",
};

#define NCLASS 32
#define NEX 3
static struct { char key[96]; long n; char ex[NEX][96]; int nex; } cls[NCLASS];
static int ncls;
static long agree_jump, agree_refuse, linux_ok, ours_ok, total;

static const struct ka_plan *P;
static int cur;
static const uint8_t *cur_code;
static int fn_rule;			/* LX_* for the whole function */
static uint8_t *into;			/* per byte: a jmp/jcc lands here */
static uint32_t into_cap;

static void count(const char *key, uint32_t addr)
{
	int i;

	for (i = 0; i < ncls && strcmp(cls[i].key, key); i++)
		;
	if (i == ncls) {
		if (ncls == NCLASS)
			return;
		snprintf(cls[ncls++].key, sizeof(cls[0].key), "%s", key);
	}
	cls[i].n++;
	if (cls[i].nex < NEX)
		snprintf(cls[i].ex[cls[i].nex++], sizeof(cls[0].ex[0]), "%s+%#x",
			 P->fn[cur].name, addr - P->fn[cur].addr);
}

bool ka_ex_in(uint32_t lo, uint32_t hi)
{
	int l = 0, h = P->nex;

	while (l < h) {
		int m = (l + h) / 2;

		if (P->ex[m] < lo)
			l = m + 1;
		else
			h = m;
	}
	return l < P->nex && P->ex[l] < hi;
}

static uint32_t *fixt;			/* fixup targets, sorted */

/* An exception fixup target strictly inside (lo, hi)? */
static bool fix_in(uint32_t lo, uint32_t hi)
{
	int l = 0, h = P->nfix;

	while (l < h) {
		int m = (l + h) / 2;

		if (fixt[m] <= lo)
			l = m + 1;
		else
			h = m;
	}
	return l < P->nfix && fixt[l] < hi;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static bool lx_branch(const struct insn *in)
{
	return (in->flags & INSN_F_REL) && (in->flags & (INSN_F_JMP | INSN_F_JCC | INSN_F_LOOP));
}

/* One linear decode: the function's rule and its jump targets. */
static void lx_scan(const struct ka_fn *f, const uint8_t *code)
{
	uint32_t off, t;
	struct insn in;

	fn_rule = LX_OK;
	memset(into, 0, f->size + 1);
	if (f->addr >= P->entry.lo && f->addr < P->entry.hi)
		fn_rule = LX_ENTRY;
	if (!fn_rule && ka_ex_in(f->addr, f->addr + f->size))
		fn_rule = LX_EXTABLE;
	for (off = 0; off < f->size; off += in.len) {
		if (insn_decode(&in, code + off, f->size - off) != INSN_OK)
			return;
		if (!fn_rule && (in.flags & INSN_F_IJMP))
			fn_rule = LX_IJMP;
		if (!lx_branch(&in))
			continue;
		t = insn_rel_target(&in, f->addr + off);
		if (!fn_rule && t - P->thunk.lo < P->thunk.hi - P->thunk.lo)
			fn_rule = LX_THUNK;
		if (t - f->addr <= f->size)
			into[t - f->addr] = 1;
	}
}

static bool in_black(uint32_t a)
{
	int i;

	for (i = 0; i < P->nnoprobe; i++)
		if (a >= P->noprobe[i].lo && a < P->noprobe[i].hi)
			return true;
	return false;
}

static int lx_judge(uint32_t addr, uint32_t *region_end)
{
	const struct ka_fn *f = &P->fn[cur];
	uint32_t off = addr - f->addr, o, len = 0;
	struct insn in;

	while (len < 5 && off + len < f->size &&
	       insn_decode(&in, cur_code + off + len, f->size - off - len) == INSN_OK)
		len += in.len;
	*region_end = addr + len;
	if (in_black(addr))
		return LX_BLACK;
	if (f->size - off < 5)
		return LX_END;
	if (fn_rule)
		return fn_rule;
	for (o = off + 1; o <= off + 5 && o <= f->size; o++)
		if (into[o])
			return o == off + 5 && len == 5 ? LX_INTO_END : LX_INTO;
	return LX_OK;
}

static void lx_site(void *ctx, uint32_t addr, uint32_t len, int v, const char *hz)
{
	uint32_t rend = 0;
	int r;
	char key[96];

	(void)ctx;
	(void)len;
	if (!ka_linux_enabled)
		return;
	if (ka_bfile)
		fwrite(&addr, 4, 1, ka_bfile);
	r = lx_judge(addr, &rend);
	total++;
	linux_ok += r == LX_OK;
	ours_ok += v == SITES_JUMP;
	if ((r == LX_OK) == (v == SITES_JUMP)) {
		if (r == LX_OK)
			agree_jump++;
		else
			agree_refuse++;
		return;
	}
	if (v == SITES_JUMP)
		snprintf(key, sizeof(key), "linux refuses, ours optimizes: %s", lx_name[r]);
	else if (!strcmp(hz, "H4x"))
		snprintf(key, sizeof(key), "ours refuses (H4: %s), linux optimizes",
			 fix_in(addr, rend) ? "an exception fixup lands inside" :
			 "a branch from another function lands inside");
	else if (!strcmp(hz, "H12fixup"))
		snprintf(key, sizeof(key), "ours refuses (H12: a faulting instruction "
			 "with an exception entry inside), linux optimizes");
	else
		snprintf(key, sizeof(key), "ours refuses (%s%s), linux optimizes", hz,
			 v == SITES_NONE ? ": no int3 either" : ": region");
	count(key, addr);
}

void ka_linux_begin(const struct ka_plan *p)
{
	uint32_t m = 16;
	int i;

	P = p;
	if (into)
		return;
	for (i = 0; i < p->nfn; i++)
		if (p->fn[i].size > m)
			m = p->fn[i].size;
	into_cap = m + 1;
	into = malloc(into_cap);
	qsort(p->ex, (size_t)p->nex, sizeof(uint32_t), cmp_u32);
	fixt = malloc((size_t)(p->nfix + 1) * sizeof(uint32_t));
	for (i = 0; i < p->nfix; i++)
		fixt[i] = p->fix[i].lo;
	qsort(fixt, (size_t)p->nfix, sizeof(uint32_t), cmp_u32);
}

void ka_linux_fn_begin(struct sites *s, const struct ka_plan *p, int i, const uint8_t *code)
{
	s->site = lx_site;
	cur = i;
	cur_code = code;
	if (ka_linux_enabled && code)
		lx_scan(&p->fn[i], code);
}

void ka_linux_json(FILE *o)
{
	int i, j;

	fprintf(o, "{\"boundaries\":%ld,\"linux_optimizable\":%ld,\"ours_optimizable\":%ld,"
		"\"agree_optimizable\":%ld,\"agree_refused\":%ld,\"exception_entries\":%d,"
		"\"disagreements\":[", total, linux_ok, ours_ok, agree_jump, agree_refuse, P->nex);
	for (i = 0; i < ncls; i++) {
		fprintf(o, "%s\n  {\"class\":\"%s\",\"n\":%ld,\"examples\":[", i ? "," : "",
			cls[i].key, cls[i].n);
		for (j = 0; j < cls[i].nex; j++)
			fprintf(o, "%s\"%s\"", j ? "," : "", cls[i].ex[j]);
		fprintf(o, "]}");
	}
	fprintf(o, "]}");
}
