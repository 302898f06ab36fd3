/* jtab_test.c - self-tests of jump tables resolved (patch/insn/insn_jtab.c,
 * issue 33) through the kernel's own reader (patch/xref.c xref_tables): a
 * bounded table's entries are H4 targets, so only the region an entry lands
 * in is refused; without the reader the whole function is H5; the real
 * optimizer optimizes beside a table's targets and refuses over one.
 * Control: jtab_bug=first (neg-jtab-first.scn). */
#include "kernel/ktest.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "patch/insn/insn_analyze.h"
#include "patch/xref.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"

extern char jt_a[], jt_b[], jt_s[];	/* offsets in jt_fn, jt_sfn (absolute symbols) */
extern int jt_fn(int), jt_sfn(int);

static uint32_t jt_off[64], jt_tg[64], jt_src[64];

static int jt_analyze_fn(struct analyze_fn *fn, bool tables, const char *name)
{
	const struct ksym *k = ksym_by_name(name);

	kmemset(fn, 0, sizeof(*fn));
	if (tables)
		xref_tables(fn);
	fn->insn_off = jt_off;
	fn->insn_cap = 64;
	fn->targets = jt_tg;
	fn->target_src = jt_src;
	fn->target_cap = 64;
	return k ? analyze_function(fn, (const uint8_t *)k->addr, k->addr, k->size) : -1;
}

static int jt_analyze(struct analyze_fn *fn, bool tables)
{
	return jt_analyze_fn(fn, tables, "jt_fn");
}

KTEST(jtab_entries_refuse_only_their_region)
{
	static struct analyze_fn fn;
	static struct analyze_region r;
	uint32_t fa = ksym_by_name("jt_fn")->addr;

	KEXPECT(jt_fn(0) == 4 && jt_fn(1) == 4 && jt_fn(2) == 3 && jt_fn(3) == 9);
	KASSERT(jt_analyze(&fn, true) == ANALYZE_OK);
	KEXPECT_EQ(fn.nijmp, 1);
	KEXPECT_EQ(fn.njtab, 1);
	KEXPECT(!fn.has_ijmp);
	analyze_region(&fn, fa + (uint32_t)jt_a, &r);
	if (r.err != ANALYZE_ERR_TARGET_INSIDE)
		ktest_fail(ktest_ctx, __FILE__, __LINE__, "jump table entry 1 lands inside "
			   "the region at jt_fn+%#x, not refused (H4): %s", (uint32_t)jt_a,
			   r.err ? r.reason : "accepted");
	KEXPECT_EQ(analyze_region(&fn, fa + (uint32_t)jt_b, &r), ANALYZE_OK);
}

KTEST(jtab_unread_is_h5)
{
	static struct analyze_fn fn;
	static struct analyze_region r;
	uint32_t fa = ksym_by_name("jt_fn")->addr;

	KASSERT(jt_analyze(&fn, false) == ANALYZE_OK);
	KEXPECT(fn.has_ijmp);
	KEXPECT_EQ(fn.njtab, 0);
	KEXPECT_EQ(analyze_region(&fn, fa + (uint32_t)jt_b, &r), ANALYZE_ERR_INDIRECT_JUMP);
	/* the unbounded table of the H5 hazard cell stays H5 */
	fn.insn_off = jt_off;
	KASSERT(ksym_by_name("dj_h5t") != NULL);
	xref_tables(&fn);
	KEXPECT_EQ(analyze_function(&fn, (const uint8_t *)ksym_by_name("dj_h5t")->addr,
				    ksym_by_name("dj_h5t")->addr, ksym_by_name("dj_h5t")->size),
		   ANALYZE_OK);
	KEXPECT(fn.has_ijmp);
}

static int jt_pre(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; return 0; }

/* The real optimizer: jt_b is optimized and jt_fn still computes right
 * through every entry; jt_a stays int3, refused for H4 from the jmp. */
KTEST(jtab_optimizer_uses_the_table)
{
	uint32_t fa = ksym_by_name("jt_fn")->addr;
	struct kprobe b = { .addr = fa + (uint32_t)jt_b, .pre_handler = jt_pre,
			    .flags = KPROBE_OPTIMIZE };
	struct kprobe a = { .addr = fa + (uint32_t)jt_a, .pre_handler = jt_pre,
			    .flags = KPROBE_OPTIMIZE };
	char err[160] = "";
	const char *why;
	int i, bad = 0;

	KASSERT(!kprobe_register(&b, err, sizeof(err)));
	djprobe_flush();
	KEXPECT_EQ(kprobe_opt_state(&b), DJ_OPTIMIZED);
	for (i = 0; i < 40; i++)
		bad += jt_fn(i & 3) != (int[]){ 4, 4, 3, 9 }[i & 3];
	KEXPECT_EQ(bad, 0);
	KEXPECT_EQ(kprobe_nhit(&b), 30);
	kprobe_unregister(&b);
	KASSERT(!kprobe_register(&a, err, sizeof(err)));
	djprobe_flush();
	why = kprobe_opt_why(&a);
	if (kprobe_opt_state(&a) != DJ_INT3 || why[0] != 'H' || why[1] != '4') {
		ktest_fail(ktest_ctx, __FILE__, __LINE__, "jump table entry 1 lands inside "
			   "the region at jt_fn+%#x, optimized anyway (H4)", (uint32_t)jt_a);
		kprobe_unregister(&a);		/* before entry 1 lands in the jump */
		return;
	}
	KEXPECT_EQ(jt_fn(0), 4);		/* entry 0 runs through jt_a */
	KEXPECT_EQ(jt_fn(1), 4);		/* entry 1 lands inside it */
	KEXPECT_EQ(kprobe_nhit(&a), 1);
	kprobe_unregister(&a);
}

/* Issue 39 item 19: a bound compared with a signed jg does not bound a
 * negative index (jt_sfn(-1) reads the word before the table, which lands
 * inside the region at jt_s): the table stays unresolved, the function H5,
 * for the analysis and for the real optimizer. */
KTEST(jtab_signed_bound_is_h5)
{
	static struct analyze_fn fn;
	static struct analyze_region r;
	uint32_t fa = ksym_by_name("jt_sfn")->addr;
	struct kprobe s = { .addr = fa + (uint32_t)jt_s, .pre_handler = jt_pre,
			    .flags = KPROBE_OPTIMIZE };
	char err[160] = "";
	const char *why;

	KEXPECT(jt_sfn(0) == 4 && jt_sfn(1) == 4 && jt_sfn(2) == -1 && jt_sfn(-1) == -4 &&
		jt_sfn(3) == 9);
	KASSERT(jt_analyze_fn(&fn, true, "jt_sfn") == ANALYZE_OK);
	KEXPECT_EQ(fn.nijmp, 1);
	KEXPECT_EQ(fn.njtab, 0);
	if (analyze_region(&fn, fa + (uint32_t)jt_s, &r) != ANALYZE_ERR_INDIRECT_JUMP)
		ktest_fail(ktest_ctx, __FILE__, __LINE__, "a table bounded by a signed jg read as "
			   "bounded: the region at jt_sfn+%#x %s, not H5", (uint32_t)jt_s,
			   r.err ? r.reason : "accepted");
	KASSERT(!kprobe_register(&s, err, sizeof(err)));
	djprobe_flush();
	why = kprobe_opt_why(&s);
	if (kprobe_opt_state(&s) != DJ_INT3 || why[0] != 'H' || why[1] != '5') {
		ktest_fail(ktest_ctx, __FILE__, __LINE__, "a table bounded by a signed jg read as "
			   "bounded: the region at jt_sfn+%#x optimized, entry -1 lands inside it",
			   (uint32_t)jt_s);
		kprobe_unregister(&s);		/* before entry -1 lands in the jump */
		return;
	}
	KEXPECT_EQ(jt_sfn(0), 4);		/* through jt_s's int3 */
	KEXPECT_EQ(jt_sfn(-1), -4);		/* entry -1, inside the region */
	KEXPECT_EQ(kprobe_nhit(&s), 1);		/* entry 0 only: -1 starts past the int3 */
	kprobe_unregister(&s);
}
