/* insn_sites.c - probe-site statistics over the whole kernel text: every
 * instruction boundary of every text symbol is judged by patch/insn_analyze
 * (int3-probe-able, jump-optimizable, or refused by hazard ID H3 H4 H5 H9
 * H12 per the design's table); optimizable regions must also relocate. */
#include "kernel/ktest.h"
#include "kernel/ksym.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "patch/insn_analyze.h"
#include "patch/insn_reloc.h"

#define SITES_MAX_INSNS   16384
#define SITES_MAX_TARGETS 4096

static const char *const site_hazards[] = { "H3", "H4", "H5", "H9", "H12" };
#define NHAZ 5

struct site_stats {
	int funcs, undecodable, boundaries, int3_ok, jump_ok, noprobe;
	int reloc_fail;
	int refused[NHAZ + 1];		/* last: other (capacity) */
};

static uint32_t s_off[SITES_MAX_INSNS];
static uint32_t s_tg[SITES_MAX_TARGETS], s_src[SITES_MAX_TARGETS];
static struct analyze_fn s_fn;
static struct analyze_region s_reg;
static uint8_t s_tramp[ANALYZE_MAX_INSNS * RELOC_MAX_PER_INSN + 5];

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

/* Judge one boundary; an optimizable region must relocate too. */
static void site_one(struct site_stats *st, uint32_t addr)
{
	int n;

	st->boundaries++;
	if (in_noprobe(addr)) {		/* blacklisted: H12, no probe at all */
		st->noprobe++;
		st->refused[hazard_index("H12")]++;
		return;
	}
	st->int3_ok++;
	if (analyze_region(&s_fn, addr, &s_reg) != ANALYZE_OK) {
		st->refused[hazard_index(s_reg.hazard)]++;
		return;
	}
	st->jump_ok++;
	n = reloc_region((const uint8_t *)addr, addr, s_reg.len, s_tramp,
			 sizeof(s_tramp), (uint32_t)s_tramp, 0);
	if (n < 0)
		st->reloc_fail++;
}

static void site_func(struct site_stats *st, const struct ksym *k)
{
	int i;

	s_fn.insn_off = s_off;
	s_fn.insn_cap = SITES_MAX_INSNS;
	s_fn.targets = s_tg;
	s_fn.target_src = s_src;
	s_fn.target_cap = SITES_MAX_TARGETS;
	st->funcs++;
	if (analyze_function(&s_fn, (const uint8_t *)k->addr, k->addr,
			     k->size) != ANALYZE_OK) {
		if (st->undecodable++ < 5)
			kprintf("insn_sites: %s: %s\n", k->name, s_fn.reason);
		return;
	}
	for (i = 0; i < s_fn.ninsn; i++)
		site_one(st, k->addr + s_off[i]);
}

static void site_print(const struct site_stats *st)
{
	int i;

	kprintf("insn_sites: functions %d (undecodable %d), boundaries %d, "
		"int3-probe-able %d, jump-optimizable %d, no-probe section %d\n",
		st->funcs, st->undecodable, st->boundaries, st->int3_ok,
		st->jump_ok, st->noprobe);
	kprintf("insn_sites: refused:");
	for (i = 0; i < NHAZ; i++)
		kprintf(" %s %d", site_hazards[i], st->refused[i]);
	kprintf(" other %d; relocation failures %d\n", st->refused[NHAZ],
		st->reloc_fail);
}

static bool in_text(const struct ksym *k)
{
	return k->size && k->addr >= (uint32_t)__text_start &&
	       k->addr + k->size <= (uint32_t)__text_end;
}

KTEST(insn_sites)
{
	static struct site_stats st;
	int i, refused = 0;

	kmemset(&st, 0, sizeof(st));
	for (i = 0; i < ksym_count(); i++)
		if (in_text(ksym_at(i)))
			site_func(&st, ksym_at(i));
	site_print(&st);
	for (i = 0; i <= NHAZ; i++)
		refused += st.refused[i];
	KEXPECT(st.funcs > 50);
	KEXPECT(st.boundaries > 1000);
	KEXPECT(st.jump_ok > 0);
	KEXPECT_EQ(st.jump_ok + refused, st.boundaries);
	KEXPECT_EQ(st.reloc_fail, 0);
	/* gcc-compiled C decodes completely */
	KEXPECT(st.undecodable * 10 < st.funcs);
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
		s_fn.insn_off = s_off;
		s_fn.insn_cap = SITES_MAX_INSNS;
		s_fn.targets = s_tg;
		s_fn.target_src = s_src;
		s_fn.target_cap = SITES_MAX_TARGETS;
		KEXPECT_EQ(analyze_function(&s_fn, (const uint8_t *)k->addr,
					    k->addr, k->size), ANALYZE_OK);
		KEXPECT(s_fn.ninsn > 3);
		KEXPECT(analyze_is_boundary(&s_fn, k->addr));
	}
}
