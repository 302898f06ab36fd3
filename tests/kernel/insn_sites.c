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
 * lists the jump-optimizable sites for the stack-scan benchmark.  The
 * judging itself is patch/sites.c, shared with the host tool
 * tools/kanalyze.c; jump tables are resolved (patch/insn/insn_jtab.c) and
 * the figures without that are printed beside (issue 33). */
#include "kernel/ktest.h"
#include "kernel/ksym.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "patch/sites.h"
#include "patch/xref.h"
#include "kernel/scenario.h"
#include "kernel/fmt.h"
#include "tests/kernel/bench.h"
#include "tests/kernel/insn_sites.h"

#define SITES_MAX_INSNS   16384
#define SITES_MAX_TARGETS 4096
#define SITES_MAX_ALL     32768	/* direct branch targets, whole kernel (16,400 in December 2026) */
#define NHAZ SITES_NHAZ
#define site_hazards sites_hazards

#define site_stats sites_stats
static uint32_t s_off[SITES_MAX_INSNS];
static uint32_t s_tg[SITES_MAX_TARGETS], s_src[SITES_MAX_TARGETS];
static struct sites_xref s_all[SITES_MAX_ALL], s_tmp[SITES_MAX_ALL];
static struct sites s_st;
static uint32_t *s_jump;		/* jump-optimizable sites, if asked */
static int s_njump, s_jump_cap;
static int s_tables = 1;		/* resolve jump tables */

static bool in_noprobe(void *ctx, uint32_t a)
{
	(void)ctx;
	return a >= (uint32_t)__noprobe_start && a < (uint32_t)__noprobe_end;
}

static void site_note(void *ctx, uint32_t addr, uint32_t len, int v, const char *hz)
{
	(void)ctx; (void)len; (void)hz;
	if (v == SITES_JUMP && s_jump && s_njump < s_jump_cap)
		s_jump[s_njump++] = addr;
}

static void sites_init(void)
{
	kmemset(&s_st, 0, sizeof(s_st));
	s_st.fn.insn_off = s_off;
	s_st.fn.insn_cap = SITES_MAX_INSNS;
	s_st.fn.targets = s_tg;
	s_st.fn.target_src = s_src;
	s_st.fn.target_cap = SITES_MAX_TARGETS;
	if (s_tables)
		xref_tables(&s_st.fn);
	s_st.all = s_all;
	s_st.tmp = s_tmp;
	s_st.cap = SITES_MAX_ALL;
	s_st.noprobe = in_noprobe;
	s_st.site = site_note;
}

static bool fn_setup(const struct ksym *k)
{
	return sites_setup(&s_st, (const uint8_t *)k->addr, k->addr, k->size);
}

/* JSON fields of one stats record (no braces). */
static void site_json(char *b, size_t n, const struct site_stats *st)
{
	size_t o;
	int i;

	o = (size_t)ksnprintf(b, n, "\"functions\":%d,\"undecodable\":%d,"
		"\"boundaries\":%d,\"int3\":%d,\"jump\":%d,\"noprobe\":%d,"
		"\"no_ool\":%d,\"h4_cross\":%d,\"reloc_fail\":%d,"
		"\"bytes\":%u,\"unprobeable_bytes\":%u,\"ijmp\":%d,\"jtab\":%d",
		st->funcs, st->undecodable, st->boundaries, st->int3_ok,
		st->jump_ok, st->noprobe, st->ool_refused, st->h4_cross,
		st->reloc_fail, st->bytes, st->bad_bytes, st->ijmp, st->jtab);
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
	int o;

	kmemset(&f, 0, sizeof(f));
	if (!sites_func(&s_st, &f, (const uint8_t *)k->addr, k->addr, k->size) &&
	    st->undecodable < 5)
		kprintf("insn_sites: %s: %s\n", k->name, s_st.fn.reason);
	sites_add(st, &f);
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

static void print_pct(const char *what, int a, int b, const struct site_stats *t);

/* SITES_TOTAL, with the figures without jump tables (*_no_tables). */
static void site_print(const struct site_stats *st, const struct site_stats *bf)
{
	static char line[700];
	int i, h4 = sites_hazard_index("H4"), h5 = sites_hazard_index("H5");

	kmemcpy(line, "SITES_TOTAL {", 13);
	site_json(line + 13, sizeof(line) - 100, st);
	i = kstrlen(line);
	i += ksnprintf(line + i, sizeof(line) - i - 3, ",\"jump_no_tables\":%d,"
		       "\"H4_no_tables\":%d,\"H5_no_tables\":%d", bf->jump_ok,
		       bf->refused[h4], bf->refused[h5]);
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
	kprintf("insn_sites: jump tables: %d indirect jumps, %d tables resolved; ",
		st->ijmp, st->jtab);
	print_pct("jump-optimizable", bf->jump_ok, st->jump_ok, st);
	print_pct(", H5", bf->refused[h5], st->refused[h5], st);
	kprintf(" of %d boundaries\n", st->boundaries);
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
	sites_init();
	for (i = 0; i < ksym_count(); i++)
		if (in_text(ksym_at(i)))
			sites_collect(&s_st, st, (const uint8_t *)ksym_at(i)->addr,
				      ksym_at(i)->addr, ksym_at(i)->size);
	st->insns = 0;
	if (!sites_sort(&s_st))
		return false;
	for (i = 0; i < ksym_count(); i++)
		if (in_text(ksym_at(i)))
			site_func(st, ksym_at(i));
	return true;
}

/* The same without jump tables resolved: every indirect jump is H5. */
static void sites_before(struct site_stats *st)
{
	int v = sites_verbose;

	sites_verbose = 0;
	s_tables = 0;
	sites_run(st);
	s_tables = 1;
	sites_verbose = v;
}

static void print_pct(const char *what, int a, int b, const struct site_stats *t)
{
	kprintf("%s %d -> %d (%u.%02u%% -> %u.%02u%%)", what, a, b,
		pct100(a, t->boundaries) / 100, pct100(a, t->boundaries) % 100,
		pct100(b, t->boundaries) / 100, pct100(b, t->boundaries) % 100);
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
	static struct site_stats st, bf;

	sites_verbose = 1;
	if (!sites_run(&st))
		return ksnprintf(why, n, "branch target list unsorted"), 1;
	sites_verbose = 0;
	sites_before(&bf);
	site_print(&st, &bf);
	return 0;
}
KSCENARIO("bench-sites", scenario_bench_sites,
	  "probe-site statistics, one SITES line per function (make report)");

KTEST(insn_sites)
{
	static struct site_stats st, bf;
	int i, refused = 0;

	sites_before(&bf);
	KASSERT(sites_run(&st));			/* targets sorted */
	site_print(&st, &bf);
	/* tables turn H5 refusals into jumps or H4, never the reverse */
	KEXPECT(bf.jump_ok <= st.jump_ok);
	KEXPECT(bf.refused[sites_hazard_index("H5")] >= st.refused[sites_hazard_index("H5")]);
	KEXPECT_EQ(bf.boundaries, st.boundaries);
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

	sites_init();
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		k = ksym_by_name(names[i]);
		KASSERT(k != NULL);
		KEXPECT(fn_setup(k));
		KEXPECT(s_st.fn.ninsn > 3);
		KEXPECT(analyze_is_boundary(&s_st.fn, k->addr));
	}
}
