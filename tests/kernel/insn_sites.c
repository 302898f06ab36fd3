/* insn_sites.c - probe-site statistics over the whole kernel text: every
 * instruction boundary of every text symbol is judged by patch/insn_analyze
 * (int3-probe-able, jump-optimizable, or refused by hazard ID H3 H4 H5 H9
 * H12 per the design's table), plus H4 for branches from other functions;
 * optimizable regions must also relocate.  An int3 probe also needs its
 * instruction to run out of line (patch/ool.c ool_classify, as kprobes do).
 *
 * Machine-readable output for tests/report.py: the self-test prints one
 * SITES_TOTAL {json} line; the bench-sites scenario also prints one
 * SITES {json} line per function (name, address, boundaries, int3-probe-able,
 * jump-optimizable, refusals by hazard), which the report joins with
 * build/kernel.map to count per source subsystem.  insn_sites_jump_sites()
 * lists the jump-optimizable sites for the stack-scan benchmark. */
#include "kernel/ktest.h"
#include "kernel/ksym.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "patch/insn/insn_analyze.h"
#include "patch/insn/insn_reloc.h"
#include "patch/ool.h"
#include "kernel/scenario.h"
#include "kernel/fmt.h"
#include "tests/kernel/bench.h"
#include "tests/kernel/insn_sites.h"

#define SITES_MAX_INSNS   16384
#define SITES_MAX_TARGETS 4096
#define SITES_MAX_ALL     32768	/* direct branch targets, whole kernel (16,400 in December 2026) */

static const char *const site_hazards[] = { "H3", "H4", "H5", "H9", "H12" };
#define NHAZ 5

struct site_stats {
	int funcs, undecodable, boundaries, int3_ok, jump_ok, noprobe, ool_refused;
	uint32_t bytes, bad_bytes;	/* instruction bytes; of them unprobeable */
	int reloc_fail, h4_cross, all_overflow;
	int refused[NHAZ + 1];		/* last: other (capacity) */
};

static uint32_t s_off[SITES_MAX_INSNS];
static uint32_t s_tg[SITES_MAX_TARGETS], s_src[SITES_MAX_TARGETS];
static struct analyze_fn s_fn;
static struct analyze_region s_reg;
static uint8_t s_tramp[ANALYZE_MAX_INSNS * RELOC_MAX_PER_INSN + 5];
static struct { uint32_t target, src; } s_all[SITES_MAX_ALL];
static int s_nall;
static uint32_t *s_jump;		/* jump-optimizable sites, if asked */
static int s_njump, s_jump_cap;

static int hazard_index(const char *h)
{
	int i, j;

	for (i = 0; i < NHAZ; i++) {
		for (j = 0; h[j] && h[j] == site_hazards[i][j]; j++)
			;
		if (!h[j] && !site_hazards[i][j])
			return i;
	}
	return NHAZ;
}

static bool in_noprobe(uint32_t a)
{
	return a >= (uint32_t)__noprobe_start && a < (uint32_t)__noprobe_end;
}

static bool fn_setup(const struct ksym *k)
{
	s_fn.insn_off = s_off;
	s_fn.insn_cap = SITES_MAX_INSNS;
	s_fn.targets = s_tg;
	s_fn.target_src = s_src;
	s_fn.target_cap = SITES_MAX_TARGETS;
	return analyze_function(&s_fn, (const uint8_t *)k->addr, k->addr,
				k->size) == ANALYZE_OK;
}

/* Shell sort of the whole-kernel target list by target address. */
static void all_sort(void)
{
	int gap, i, j;

	for (gap = s_nall / 2; gap > 0; gap /= 2)
		for (i = gap; i < s_nall; i++)
			for (j = i; j >= gap &&
			     s_all[j - gap].target > s_all[j].target; j -= gap) {
				uint32_t t = s_all[j].target, u = s_all[j].src;

				s_all[j] = s_all[j - gap];
				s_all[j - gap].target = t;
				s_all[j - gap].src = u;
			}
}

/* A branch from outside [lo, hi) whose target is strictly inside
 * (a, b)?  H4 across functions (tail calls, asm). */
static bool cross_target(uint32_t a, uint32_t b, uint32_t lo, uint32_t hi)
{
	int l = 0, h = s_nall;

	while (l < h) {			/* first target > a */
		int m = (l + h) / 2;

		if (s_all[m].target <= a)
			l = m + 1;
		else
			h = m;
	}
	for (; l < s_nall && s_all[l].target < b; l++)
		if (s_all[l].src < lo || s_all[l].src >= hi)
			return true;
	return false;
}

/* Judge one boundary; an optimizable region must relocate too. */
static void site_one(struct site_stats *st, const struct ksym *k,
		     uint32_t addr, uint32_t len)
{
	struct insn in;
	const char *hz = "H12", *why;
	int n;

	st->boundaries++;
	st->bytes += len;
	if (in_noprobe(addr)) {		/* blacklisted: H12, no probe at all */
		st->noprobe++;
		st->bad_bytes += len;
		st->refused[hazard_index("H12")]++;
		return;
	}
	if (insn_decode(&in, (const uint8_t *)addr, k->addr + k->size - addr) != INSN_OK ||
	    ool_classify(&in, &hz, &why) < 0) {
		st->ool_refused++;
		st->bad_bytes += len;
		st->refused[hazard_index(hz)]++;
		return;
	}
	st->int3_ok++;
	if (analyze_region(&s_fn, addr, &s_reg) != ANALYZE_OK) {
		st->refused[hazard_index(s_reg.hazard)]++;
		return;
	}
	if (cross_target(addr, addr + s_reg.len, k->addr, k->addr + k->size)) {
		st->h4_cross++;
		st->refused[hazard_index("H4")]++;
		return;
	}
	st->jump_ok++;
	if (s_jump && s_njump < s_jump_cap)
		s_jump[s_njump++] = addr;
	n = reloc_region((const uint8_t *)addr, addr, s_reg.len, s_tramp,
			 sizeof(s_tramp), (uint32_t)s_tramp, 0);
	if (n < 0)
		st->reloc_fail++;
}

/* First pass: every direct branch target in the kernel text. */
static void site_collect(struct site_stats *st, const struct ksym *k)
{
	int i;

	if (!fn_setup(k))
		return;
	for (i = 0; i < s_fn.ntargets; i++) {
		if (s_nall == SITES_MAX_ALL) {
			st->all_overflow++;
			return;
		}
		s_all[s_nall].target = s_fn.targets[i];
		s_all[s_nall++].src = s_fn.target_src[i];
	}
}

static void site_add(struct site_stats *t, const struct site_stats *f)
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
	for (i = 0; i <= NHAZ; i++)
		t->refused[i] += f->refused[i];
}

/* JSON fields of one stats record (no braces). */
static void site_json(char *b, size_t n, const struct site_stats *st)
{
	size_t o;
	int i;

	o = (size_t)ksnprintf(b, n, "\"functions\":%d,\"undecodable\":%d,"
		"\"boundaries\":%d,\"int3\":%d,\"jump\":%d,\"noprobe\":%d,"
		"\"no_ool\":%d,\"h4_cross\":%d,\"reloc_fail\":%d,"
		"\"bytes\":%u,\"unprobeable_bytes\":%u",
		st->funcs, st->undecodable, st->boundaries, st->int3_ok,
		st->jump_ok, st->noprobe, st->ool_refused, st->h4_cross,
		st->reloc_fail, st->bytes, st->bad_bytes);
	for (i = 0; i < NHAZ && o < n; i++)
		o += (size_t)ksnprintf(b + o, n - o, ",\"%s\":%d",
				       site_hazards[i], st->refused[i]);
	if (o < n)
		ksnprintf(b + o, n - o, ",\"other\":%d", st->refused[NHAZ]);
}

static int sites_verbose;	/* one SITES line per function */

static void site_func(struct site_stats *st, const struct ksym *k)
{
	static struct site_stats f;
	static char line[600];
	int i, o;

	kmemset(&f, 0, sizeof(f));
	f.funcs++;
	if (!fn_setup(k)) {
		if (st->undecodable++ < 5)
			kprintf("insn_sites: %s: %s\n", k->name, s_fn.reason);
		st->funcs++;
		f.undecodable++;
	} else {
		for (i = 0; i < s_fn.ninsn; i++)
			site_one(&f, k, k->addr + s_off[i], (i + 1 < s_fn.ninsn ?
				 s_off[i + 1] : k->size) - s_off[i]);
		site_add(st, &f);
	}
	if (!sites_verbose)
		return;
	o = ksnprintf(line, sizeof(line), "SITES {\"fn\":\"%s\",\"addr\":%u,"
		      "\"size\":%u,", k->name, k->addr, k->size);
	site_json(line + o, sizeof(line) - o - 2, &f);
	o += kstrlen(line + o);
	line[o++] = '}';
	line[o++] = '\n';
	line[o] = 0;
	bench_line(line);
}

/* a/b in hundredths of a percent */
static uint32_t pct100(uint32_t a, uint32_t b)
{
	return b ? (uint32_t)((uint64_t)a * 10000 / b) : 0;
}

static void site_print(const struct site_stats *st)
{
	static char line[600];
	int i;

	kmemcpy(line, "SITES_TOTAL {", 13);
	site_json(line + 13, sizeof(line) - 16, st);
	i = kstrlen(line);
	line[i++] = '}';
	line[i++] = '\n';
	line[i] = 0;
	bench_line(line);

	kprintf("insn_sites: functions %d (undecodable %d), boundaries %d, "
		"int3-probe-able %d, jump-optimizable %d, no-probe section %d, "
		"cannot run out of line %d\n",
		st->funcs, st->undecodable, st->boundaries, st->int3_ok,
		st->jump_ok, st->noprobe, st->ool_refused);
	kprintf("insn_sites: refused:");
	for (i = 0; i < NHAZ; i++)
		kprintf(" %s %d", site_hazards[i], st->refused[i]);
	kprintf(" other %d (H4 from other functions %d); relocation "
		"failures %d\n", st->refused[NHAZ], st->h4_cross,
		st->reloc_fail);
	kprintf("insn_sites: unprobeable %d of %d boundaries (%u.%02u%%), "
		"%u of %u instruction bytes (%u.%02u%%)\n",
		st->noprobe + st->ool_refused, st->boundaries,
		pct100(st->noprobe + st->ool_refused, st->boundaries) / 100,
		pct100(st->noprobe + st->ool_refused, st->boundaries) % 100,
		st->bad_bytes, st->bytes, pct100(st->bad_bytes, st->bytes) / 100,
		pct100(st->bad_bytes, st->bytes) % 100);
}

static bool in_text(const struct ksym *k)
{
	return k->size && k->addr >= (uint32_t)__text_start &&
	       k->addr + k->size <= (uint32_t)__text_end;
}

/* Both passes over every text symbol; returns false if the whole-kernel
 * target list came out unsorted. */
static bool sites_run(struct site_stats *st)
{
	int i;

	kmemset(st, 0, sizeof(*st));
	s_nall = 0;
	for (i = 0; i < ksym_count(); i++)
		if (in_text(ksym_at(i)))
			site_collect(st, ksym_at(i));
	all_sort();
	for (i = 1; i < s_nall && s_all[i - 1].target <= s_all[i].target; i++)
		;
	if (s_nall && i != s_nall)
		return false;
	for (i = 0; i < ksym_count(); i++)
		if (in_text(ksym_at(i)))
			site_func(st, ksym_at(i));
	return true;
}

int insn_sites_jump_sites(uint32_t *addr, int cap)
{
	static struct site_stats st;

	s_jump = addr;
	s_jump_cap = cap;
	s_njump = 0;
	sites_run(&st);
	s_jump = NULL;
	return s_njump;
}

/* bench-sites: the statistics with one SITES line per function. */
static int scenario_bench_sites(char *why, size_t n)
{
	static struct site_stats st;

	sites_verbose = 1;
	if (!sites_run(&st))
		return ksnprintf(why, n, "branch target list unsorted"), 1;
	sites_verbose = 0;
	site_print(&st);
	return 0;
}
KSCENARIO("bench-sites", scenario_bench_sites,
	  "probe-site statistics, one SITES line per function (make report)");

KTEST(insn_sites)
{
	static struct site_stats st;
	int i, refused = 0;

	KASSERT(sites_run(&st));			/* targets sorted */
	site_print(&st);
	for (i = 0; i <= NHAZ; i++)
		refused += st.refused[i];
	KEXPECT(st.funcs > 50);
	KEXPECT(st.boundaries > 1000);
	KEXPECT(st.jump_ok > 0);
	KEXPECT_EQ(st.jump_ok + refused, st.boundaries);
	KEXPECT_EQ(st.reloc_fail, 0);
	KEXPECT_EQ(st.all_overflow, 0);
	/* gcc-compiled C decodes completely */
	KEXPECT(st.undecodable * 10 < st.funcs);
	/* issue 13: under 5% of boundaries refuse an int3 probe */
	KEXPECT(pct100(st.noprobe + st.ool_refused, st.boundaries) < 500);
}

/* A compiled C function is decoded to exactly its symbol size. */
KTEST(insn_sites_c_functions)
{
	static const char *const names[] = { "insn_decode", "analyze_region",
					     "reloc_region", "ksym_lookup" };
	const struct ksym *k;
	unsigned i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		k = ksym_by_name(names[i]);
		KASSERT(k != NULL);
		KEXPECT(fn_setup(k));
		KEXPECT(s_fn.ninsn > 3);
		KEXPECT(analyze_is_boundary(&s_fn, k->addr));
	}
}
