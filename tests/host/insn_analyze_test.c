/* insn_analyze_test.c - unit tests for function analysis (probe regions,
 * hazards H3 H4 H5 H9 H12) and region relocation (byte-exact output).
 * Expected bytes and addresses are worked out by hand (Intel SDM Vol. 2
 * encodings: Jcc 0F 8x rel32, JMP E9, PUSH 68). */
#include <stdlib.h>
#include "tests/host/check.h"
#include "patch/insn/insn_analyze.h"
#include "patch/insn/insn_reloc.h"

static uint32_t offs[256], tg[64], src[64];

static int analyze(struct analyze_fn *fn, const uint8_t *code, uint32_t start,
		   uint32_t size)
{
	fn->insn_off = offs;
	fn->insn_cap = 256;
	fn->targets = tg;
	fn->target_src = src;
	fn->target_cap = 64;
	return analyze_function(fn, code, start, size);
}

/* push ebp; mov ebp,esp; sub esp,16; test eax,eax; je 10f; call 10f;
 * 10f: xor eax,eax; leave; ret */
static const uint8_t f1[] = {
	0x55, 0x89, 0xe5, 0x83, 0xec, 0x10, 0x85, 0xc0, 0x74, 0x05,
	0xe8, 0x00, 0x00, 0x00, 0x00, 0x31, 0xc0, 0xc9, 0xc3,
};

static void test_f1(void)
{
	static struct analyze_fn fn;
	static struct analyze_region r;

	CHECK_EQ(analyze(&fn, f1, 0x100, sizeof(f1)), ANALYZE_OK);
	CHECK_EQ(fn.ninsn, 9);
	CHECK_EQ(fn.ntargets, 2);
	CHECK_EQ(fn.targets[0], 0x10f);
	CHECK_EQ(fn.targets[1], 0x10f);
	CHECK(!fn.has_ijmp);
	CHECK(analyze_is_boundary(&fn, 0x103));
	CHECK(!analyze_is_boundary(&fn, 0x102));
	CHECK_EQ(analyze_region(&fn, 0x100, &r), ANALYZE_OK);
	CHECK_EQ(r.n, 3);
	CHECK_EQ(r.len, 6);
	CHECK_EQ(r.insn[2].action, ANALYZE_COPY);
	CHECK_EQ(analyze_region(&fn, 0x106, &r), ANALYZE_OK);	/* call last */
	CHECK_EQ(r.len, 9);
	CHECK_EQ(r.insn[1].action, ANALYZE_RELOC);
	CHECK_STR(r.insn[1].hazard, "H9");
	CHECK_EQ(r.insn[2].action, ANALYZE_RELOC);
	CHECK_EQ(analyze_region(&fn, 0x10a, &r), ANALYZE_OK);
	CHECK_EQ(analyze_region(&fn, 0x102, &r), ANALYZE_ERR_NOT_BOUNDARY);
	CHECK_STR(r.hazard, "H12");
	CHECK_EQ(analyze_region(&fn, 0x10f, &r), ANALYZE_ERR_CROSSES_END);
	CHECK_STR(r.hazard, "H12");
	CHECK_EQ(analyze_region(&fn, 0x200, &r), ANALYZE_ERR_OUTSIDE);
	/* 0x10b..: region at 0x108 (je, call) covers 0x108..0x10f: the
	 * targets are 0x10f, not strictly inside */
	CHECK_EQ(analyze_region(&fn, 0x108, &r), ANALYZE_OK);
}

/* xor eax,eax; je 7; inc eax x5; ret: je targets inside a region at 4 */
static const uint8_t f2[] = { 0x31, 0xc0, 0x74, 0x03, 0x40, 0x40, 0x40,
			      0x40, 0x40, 0x40, 0xc3 };
/* the same with the je landing on the region's first and last bytes after
 * its start (4+1 and 4+4: both strictly inside, both edges of the check) */
static const uint8_t f2a[] = { 0x31, 0xc0, 0x74, 0x01, 0x40, 0x40, 0x40,
			       0x40, 0x40, 0x40, 0xc3 };
static const uint8_t f2b[] = { 0x31, 0xc0, 0x74, 0x04, 0x40, 0x40, 0x40,
			       0x40, 0x40, 0x40, 0xc3 };
/* int3 in the middle; indirect call; 16-bit jmp; indirect jmp */
static const uint8_t f3[] = { 0x90, 0xcc, 0x90, 0x90, 0x90, 0x90, 0xc3 };
static const uint8_t f4[] = { 0xff, 0xd0, 0x90, 0x90, 0x90, 0x90, 0xc3 };
static const uint8_t f5[] = { 0x66, 0xe9, 0x00, 0x00, 0x90, 0x90, 0xc3 };
static const uint8_t f6[] = { 0x89, 0xe5, 0x90, 0x90, 0x90, 0xff, 0xe0 };
static const uint8_t f7[] = { 0x89, 0xe5, 0xd6, 0x90 };

static void test_hazards(void)
{
	static struct analyze_fn fn;
	static struct analyze_region r;
	static uint32_t tmap[16];
	int i;

	CHECK_EQ(analyze(&fn, f2, 0, sizeof(f2)), ANALYZE_OK);
	CHECK_EQ(analyze_region(&fn, 4, &r), ANALYZE_ERR_TARGET_INSIDE);
	CHECK_STR(r.hazard, "H4");
	CHECK(strstr(r.reason, "0x2") != NULL);		/* names the je */
	CHECK_STR(r.reason, "H4: branch into the region from 0x2");
	CHECK_EQ(analyze_region(&fn, 2, &r), ANALYZE_OK);	/* 2..7: 7 not inside */
	for (i = 0; i < 2; i++) {	/* the target list, then the kernel's map */
		fn.tmap = i ? tmap : NULL;
		CHECK_EQ(analyze(&fn, f2a, 0, sizeof(f2a)), ANALYZE_OK);
		CHECK_EQ(analyze_region(&fn, 4, &r), ANALYZE_ERR_TARGET_INSIDE);	/* at 5 */
		CHECK_EQ(analyze_region(&fn, 5, &r), ANALYZE_OK);	/* at the start: fine */
		CHECK_EQ(analyze(&fn, f2b, 0, sizeof(f2b)), ANALYZE_OK);
		CHECK_EQ(analyze_region(&fn, 4, &r), ANALYZE_ERR_TARGET_INSIDE);	/* at 8 */
		CHECK_STR(r.hazard, "H4");
	}
	fn.tmap = NULL;
	CHECK_EQ(analyze(&fn, f3, 0, sizeof(f3)), ANALYZE_OK);
	CHECK_EQ(analyze_region(&fn, 0, &r), ANALYZE_ERR_INSN);
	CHECK_STR(r.hazard, "H12");
	CHECK(strstr(r.reason, "int3") != NULL);
	CHECK_EQ(analyze_region(&fn, 2, &r), ANALYZE_OK);	/* 5 bytes exactly */
	CHECK_EQ(analyze_region(&fn, 3, &r), ANALYZE_ERR_CROSSES_END);
	CHECK_EQ(analyze(&fn, f4, 0, sizeof(f4)), ANALYZE_OK);
	CHECK_EQ(analyze_region(&fn, 0, &r), ANALYZE_ERR_INSN);
	CHECK_STR(r.hazard, "H3");
	CHECK_EQ(analyze(&fn, f5, 0, sizeof(f5)), ANALYZE_OK);
	CHECK_EQ(analyze_region(&fn, 0, &r), ANALYZE_ERR_INSN);
	CHECK_STR(r.hazard, "H9");
	CHECK_EQ(analyze(&fn, f6, 0x40, sizeof(f6)), ANALYZE_OK);
	CHECK(fn.has_ijmp);
	CHECK_EQ(fn.ijmp_addr, 0x45);
	CHECK_EQ(analyze_region(&fn, 0x40, &r), ANALYZE_ERR_INDIRECT_JUMP);
	CHECK_STR(r.hazard, "H5");
	CHECK_STR(r.reason, "H5: indirect jump in the function at 0x45");
	CHECK_EQ(analyze(&fn, f7, 0, sizeof(f7)), ANALYZE_ERR_DECODE);
	CHECK_STR(fn.hazard, "H12");
	CHECK_EQ(analyze_region(&fn, 0, &r), ANALYZE_ERR_DECODE);
	fn.insn_cap = 2;
	CHECK_EQ(analyze_function(&fn, f1, 0, sizeof(f1)), ANALYZE_ERR_CAPACITY);
	CHECK_EQ(analyze_region(&fn, 0, &r), ANALYZE_ERR_CAPACITY);
	CHECK_EQ(analyze_function(&fn, NULL, 0, 4), ANALYZE_ERR_ARG);
	CHECK_EQ(analyze_region(&fn, 0, &r), ANALYZE_ERR_ARG);
	CHECK_EQ(analyze_function(NULL, f1, 0, 4), ANALYZE_ERR_ARG);
	CHECK_EQ(analyze_region(NULL, 0, &r), ANALYZE_ERR_ARG);
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void test_reloc(void)
{
	static const uint8_t jcc8[] = { 0x74, 0x10, 0x89, 0xe5, 0x90 };
	static const uint8_t loop[] = { 0xe2, 0xfe, 0x90, 0x90, 0x90 };
	static const uint8_t call[] = { 0xe8, 0xfb, 0x0f, 0x00, 0x00 };
	static const uint8_t jcx16[] = { 0x67, 0xe3, 0x00, 0x90, 0x90 };
	static const uint8_t hint[] = { 0x3e, 0x74, 0x00, 0x90, 0x90 };
	static const uint8_t bad[] = { 0x90, 0xcc, 0x90, 0x90, 0x90 };
	static const uint8_t part[] = { 0x90, 0x90, 0x90, 0x90, 0xe9, 0x00 };
	static const uint8_t segjcc[] = { 0x64, 0x74, 0x00, 0x90, 0x90 };
	uint8_t d[64];
	struct reloc_result why;
	int n;

	/* je 0x1012 -> 0f 84 rel32 at 0x5000; mov; nop; jmp 0x1005 */
	n = reloc_region(jcc8, 0x1000, 5, d, sizeof(d), 0x5000, &why);
	CHECK_EQ(n, 6 + 3 + 5);
	CHECK(d[0] == 0x0f && d[1] == 0x84);
	CHECK_EQ(le32(d + 2), 0x1012u - 0x5006u);
	CHECK(d[6] == 0x89 && d[7] == 0xe5 && d[8] == 0x90);
	CHECK_EQ(d[9], 0xe9);
	CHECK_EQ(le32(d + 10), 0x1005u - 0x500eu);
	CHECK_EQ(reloc_region(jcc8, 0x1000, 5, NULL, 0, 0x5000, NULL), n);
	/* loop 0x1000 -> e2 02 eb 05 e9 rel32 */
	n = reloc_region(loop, 0x1000, 5, d, sizeof(d), 0x5000, &why);
	CHECK_EQ(n, 9 + 3 + 5);
	CHECK(d[0] == 0xe2 && d[1] == 2 && d[2] == 0xeb && d[3] == 5);
	CHECK_EQ(d[4], 0xe9);
	CHECK_EQ(le32(d + 5), 0x1000u - 0x5009u);
	/* call 0x2000 -> push $0x1005; jmp 0x2000; jmp 0x1005 */
	n = reloc_region(call, 0x1000, 5, d, sizeof(d), 0x5000, &why);
	CHECK_EQ(n, 10 + 5);
	CHECK_EQ(d[0], 0x68);
	CHECK_EQ(le32(d + 1), 0x1005u);
	CHECK_EQ(d[5], 0xe9);
	CHECK_EQ(le32(d + 6), 0x2000u - 0x500au);
	/* jcxz keeps its 0x67 prefix */
	n = reloc_region(jcx16, 0x1000, 5, d, sizeof(d), 0x5000, &why);
	CHECK(d[0] == 0x67 && d[1] == 0xe3 && d[2] == 2);
	CHECK_EQ(le32(d + 6), 0x1003u - 0x500au);
	/* branch hint dropped */
	n = reloc_region(hint, 0x1000, 5, d, sizeof(d), 0x5000, &why);
	CHECK(d[0] == 0x0f && d[1] == 0x84);
	CHECK_EQ(le32(d + 2), 0x1003u - 0x5006u);
	CHECK_EQ(reloc_region(bad, 0x1000, 5, d, sizeof(d), 0x5000, &why),
		 RELOC_ERR_REFUSED);
	CHECK_STR(why.hazard, "H12");
	CHECK_EQ(why.fail_addr, 0x1001u);
	CHECK_EQ(reloc_region(part, 0x1000, 6, d, sizeof(d), 0x5000, &why),
		 RELOC_ERR_DECODE);
	CHECK_EQ(reloc_region(segjcc, 0x1000, 5, d, sizeof(d), 0x5000, &why),
		 RELOC_ERR_PREFIX);
	CHECK_EQ(reloc_region(jcc8, 0x1000, 5, d, 8, 0x5000, &why),
		 RELOC_ERR_SPACE);
}

/* Jump tables (insn_jtab.c): at 0x1000, mov 4(%esp),%eax; cmp $2,%eax;
 * ja 1f; jmp *0x2000(,%eax,4); 1b: 3x add $1,%eax; 1f: ret.  The table at
 * 0x2000 holds 0x1011, 0x1014, 0x1017 (the three adds). */
static uint8_t jt_code[] = {
	0x8b, 0x44, 0x24, 0x04,			/* 1000 mov 4(%esp),%eax */
	0x83, 0xf8, 0x02,			/* 1004 cmp $2,%eax */
	0x77, 0x11,				/* 1007 ja 101a */
	0xff, 0x24, 0x85, 0x00, 0x20, 0x00, 0x00,	/* 1009 jmp *0x2000(,%eax,4) */
	0x90, 0x90,				/* 1010 nop; 1011 nop */
	0x83, 0xc0, 0x01,			/* 1012 add */
	0x83, 0xc0, 0x01,			/* 1015 add */
	0x83, 0xc0, 0x01,			/* 1018 add: ends 101b */
	0xc3,					/* 101b ret */
};
static uint32_t jt_table[3] = { 0x1012, 0x1015, 0x1018 };

static int jt_read(void *ctx, uint32_t addr, void *buf, uint32_t n)
{
	(void)ctx;
	if (addr < 0x2000 || addr + n > 0x2000 + sizeof(jt_table))
		return -1;
	memcpy(buf, (uint8_t *)jt_table + (addr - 0x2000), n);
	return 0;
}

/* The same with ja rel32 (0f 87): no nops, the adds at 0x1014. */
static uint8_t jt_code32[] = {
	0x8b, 0x44, 0x24, 0x04,			/* 1000 mov 4(%esp),%eax */
	0x83, 0xf8, 0x02,			/* 1004 cmp $2,%eax */
	0x0f, 0x87, 0x10, 0x00, 0x00, 0x00,	/* 1007 ja 101d */
	0xff, 0x24, 0x85, 0x00, 0x20, 0x00, 0x00,	/* 100d jmp *0x2000(,%eax,4) */
	0x83, 0xc0, 0x01,			/* 1014 add */
	0x83, 0xc0, 0x01,			/* 1017 add */
	0x83, 0xc0, 0x01,			/* 101a add: ends 101d */
	0xc3,					/* 101d ret */
};

static int jt_run_code(const uint8_t *code, uint32_t size)
{
	static struct analyze_fn fn;

	memset(&fn, 0, sizeof(fn));
	fn.read = jt_read;
	analyze(&fn, code, 0x1000, size);
	return fn.has_ijmp ? -1 : fn.njtab;
}

static int jt_run(void)
{
	return jt_run_code(jt_code, sizeof(jt_code));
}

/* A signed bound (jg, rel8 and rel32) lets a negative index through, to
 * words before the table: unresolved, H5 (issue 39 item 19). */
static void test_jump_table_signed_bound(void)
{
	static const uint32_t t32[3] = { 0x1014, 0x1017, 0x101a }, t8[3] = { 0x1012, 0x1015, 0x1018 };

	jt_code[7] = 0x7f;				/* jg */
	CHECK_EQ(jt_run(), -1);
	jt_code[7] = 0x77;
	CHECK_EQ(jt_run(), 1);
	memcpy(jt_table, t32, sizeof(jt_table));
	CHECK_EQ(jt_run_code(jt_code32, sizeof(jt_code32)), 1);	/* ja rel32 */
	jt_code32[8] = 0x8f;				/* jg rel32 */
	CHECK_EQ(jt_run_code(jt_code32, sizeof(jt_code32)), -1);
	jt_code32[8] = 0x87;
	memcpy(jt_table, t8, sizeof(jt_table));
}

static void test_jump_tables(void)
{
	static struct analyze_fn fn;
	static struct analyze_region r;

	jt_code[8] = 0x12;				/* ja to the ret */
	CHECK_EQ(jt_run(), 1);				/* resolved */
	memset(&fn, 0, sizeof(fn));
	fn.read = jt_read;
	CHECK_EQ(analyze(&fn, jt_code, 0x1000, sizeof(jt_code)), ANALYZE_OK);
	CHECK_EQ(analyze_region(&fn, 0x1010, &r), ANALYZE_ERR_TARGET_INSIDE);
	CHECK_EQ(fn.target_src[analyze_target_inside(&fn, 0x1010, 0x1010 + r.len)], 0x1009);
	CHECK_EQ(analyze_region(&fn, 0x1015, &r), ANALYZE_ERR_TARGET_INSIDE);
	memset(&fn, 0, sizeof(fn));			/* no reader: H5 */
	analyze(&fn, jt_code, 0x1000, sizeof(jt_code));
	CHECK(fn.has_ijmp);
	CHECK_EQ(fn.ijmp_addr, 0x1009);
	jt_code[7] = 0x76;				/* jbe: no bound */
	CHECK_EQ(jt_run(), -1);
	jt_code[7] = 0x77;
	jt_code[5] = 0xf9;				/* cmp $2,%ecx: not the index */
	CHECK_EQ(jt_run(), -1);
	jt_code[5] = 0xf8;
	jt_code[6] = 0x03;				/* bound 4 entries: the 4th unreadable */
	CHECK_EQ(jt_run(), -1);
	jt_code[6] = 0x02;
	jt_table[1] = 0x1016;				/* an entry not on a boundary */
	CHECK_EQ(jt_run(), -1);
	jt_table[1] = 0x1015;
	jt_code[8] = 0x00;				/* ja .+0: a target between cmp and jmp */
	CHECK_EQ(jt_run(), -1);
	jt_code[8] = 0x12;
	jt_code[10] = 0x2c;				/* ljmp *0x2000(,%eax,4): far */
	CHECK_EQ(jt_run(), -1);
	jt_code[10] = 0x24;
	CHECK_EQ(jt_run(), 1);				/* restored */
	test_jump_table_signed_bound();
}

/* Two tables in one function: the second's entry 0 lands on the first's
 * jump, between its cmp and its jmp, with the first's index (%eax) never
 * compared on that path.  The first's bound then does not hold: its jump
 * may read any word after its three entries.  A target between the bound
 * and the jump refuses a table whichever sweep found it (a direct branch
 * or another table's entry), so the function is H5.
 * 1000 mov 4(%esp),%eax; 1004 mov 8(%esp),%ecx; 1008 cmp $2,%eax;
 * 100b ja 1020; 100d jmp *0x2000(,%eax,4); 1014 cmp $1,%ecx; 1017 ja 1020;
 * 1019 jmp *0x2010(,%ecx,4); 1020 ret.  A (0x2000): 3x 0x1020; B (0x2010):
 * 0x100d, 0x1020. */
static const uint8_t jt2_code[] = {
	0x8b, 0x44, 0x24, 0x04,			/* 1000 mov 4(%esp),%eax */
	0x8b, 0x4c, 0x24, 0x08,			/* 1004 mov 8(%esp),%ecx */
	0x83, 0xf8, 0x02,			/* 1008 cmp $2,%eax */
	0x77, 0x13,				/* 100b ja 1020 */
	0xff, 0x24, 0x85, 0x00, 0x20, 0x00, 0x00,	/* 100d jmp *0x2000(,%eax,4) */
	0x83, 0xf9, 0x01,			/* 1014 cmp $1,%ecx */
	0x77, 0x07,				/* 1017 ja 1020 */
	0xff, 0x24, 0x8d, 0x10, 0x20, 0x00, 0x00,	/* 1019 jmp *0x2010(,%ecx,4) */
	0xc3,					/* 1020 ret */
};
static uint32_t jt2_table[6] = { 0x1020, 0x1020, 0x1020, 0, 0x100d, 0x1020 };

static int jt2_read(void *ctx, uint32_t addr, void *buf, uint32_t n)
{
	(void)ctx;
	if (addr < 0x2000 || addr + n > 0x2000 + sizeof(jt2_table))
		return -1;
	memcpy(buf, (uint8_t *)jt2_table + (addr - 0x2000), n);
	return 0;
}

static void test_jump_table_entered_by_another(void)
{
	static struct analyze_fn fn;

	memset(&fn, 0, sizeof(fn));
	fn.read = jt2_read;
	analyze(&fn, jt2_code, 0x1000, sizeof(jt2_code));
	CHECK(fn.has_ijmp);				/* A's bound does not hold: H5 */
	jt2_table[4] = 0x1020;				/* control: B lands after A */
	memset(&fn, 0, sizeof(fn));
	fn.read = jt2_read;
	analyze(&fn, jt2_code, 0x1000, sizeof(jt2_code));
	CHECK(!fn.has_ijmp);
	CHECK_EQ(fn.njtab, 2);
	jt2_table[4] = 0x100d;
}

int main(void)
{
	test_f1();
	test_hazards();
	test_reloc();
	test_jump_tables();
	test_jump_table_entered_by_another();
	return check_done("insn_analyze_test");
}
