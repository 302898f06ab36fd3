/* insn_test.c - unit tests for the decoder (lengths and fields per
 * opcode class, 16-bit addressing, VEX/EVEX/XOP, truncation, invalid
 * encodings) and classification.
 * Expected values are worked out by hand from Intel SDM Vol. 2. */
#include <stdlib.h>
#include "tests/host/check.h"
#include "patch/insn/insn.h"

struct lcase {
	const char *hex;
	int len;
	int err;
};

/* Hex string "8b 45 08" to bytes; returns the count. */
static int unhex(const char *s, uint8_t *out)
{
	int n = 0;

	while (*s) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		out[n++] = (uint8_t)strtoul((char[]){ s[0], s[1], 0 }, 0, 16);
		s += 2;
	}
	return n;
}

static const struct lcase lengths[] = {
	{ "90", 1, 0 }, { "55", 1, 0 }, { "89 e5", 2, 0 },
	{ "8b 45 08", 3, 0 },			/* disp8 */
	{ "8b 84 24 00 01 00 00", 7, 0 },	/* SIB + disp32 */
	{ "8b 04 25 78 56 34 12", 7, 0 },	/* SIB base 101, mod 00 */
	/* SIB base 101 (EBP) takes disp32 in place of a base only at mod 00:
	 * at mod 01 it is EBP plus disp8, at mod 10 EBP plus disp32 */
	{ "8b 44 25 08", 4, 0 },		/* 8(%ebp,%eiz,1) */
	{ "8b 44 2d f8", 4, 0 },		/* -8(%ebp,%ebp,1) */
	{ "8b 84 25 78 56 34 12", 7, 0 },	/* 0x12345678(%ebp,%eiz,1) */
	{ "8b 04 2d 78 56 34 12", 7, 0 },	/* 0x12345678(,%ebp,1): no base */
	{ "8b 05 78 56 34 12", 6, 0 },		/* disp32 absolute */
	{ "8b 0c 24", 3, 0 },
	{ "66 8b 45 08", 4, 0 }, { "66 b8 34 12", 4, 0 },
	{ "b8 78 56 34 12", 5, 0 }, { "66 05 34 12", 4, 0 },
	{ "67 8b 46 08", 4, 0 },		/* [bp+disp8] */
	{ "67 8b 06 34 12", 5, 0 },		/* mod 00 rm 110: disp16 */
	{ "67 8b 86 34 12", 5, 0 },		/* [bp+disp16] */
	{ "67 8b 04", 3, 0 },			/* [si]: no SIB */
	{ "67 a1 34 12", 4, 0 }, { "a1 78 56 34 12", 5, 0 },
	{ "9a 78 56 34 12 08 00", 7, 0 }, { "66 9a 34 12 08 00", 6, 0 },
	{ "ea 78 56 34 12 08 00", 7, 0 },
	{ "c8 10 00 01", 4, 0 }, { "c2 08 00", 3, 0 },
	{ "f6 c0 01", 3, 0 }, { "f6 d0", 2, 0 },	/* test vs not */
	{ "f7 c0 78 56 34 12", 6, 0 }, { "66 f7 c0 34 12", 5, 0 },
	{ "f7 d8", 2, 0 }, { "69 c0 78 56 34 12", 6, 0 },
	{ "6b c0 01", 3, 0 }, { "80 38 01", 3, 0 }, { "81 38 78 56 34 12", 6, 0 },
	{ "c1 e0 04", 3, 0 }, { "d1 e0", 2, 0 },
	{ "0f 1f 44 00 00", 5, 0 }, { "66 0f 1f 84 00 00 00 00 00", 9, 0 },
	{ "0f 20 c0", 3, 0 }, { "0f 20 00", 3, 0 },	/* mod ignored */
	{ "0f 22 1d", 3, 0 },
	{ "0f 0f c1 b4", 4, 0 },		/* 3DNow! pfmul */
	{ "0f 0f 44 24 08 b4", 6, 0 },
	{ "0f 0f c1 01", 4, INSN_ERR_INVALID },	/* no 3DNow! op 01 */
	{ "66 0f 3a 0f c1 08", 6, 0 }, { "0f 38 00 c1", 4, 0 },
	{ "66 0f 38 00 04 24", 6, 0 }, { "f3 0f b8 c1", 4, 0 },
	{ "f2 0f 38 f1 c1", 5, 0 }, { "0f ba e0 03", 4, 0 },
	{ "0f a4 c1 04", 4, 0 }, { "0f c2 c1 00", 4, 0 },
	{ "0f 70 c1 1b", 4, 0 }, { "66 0f 73 d8 04", 5, 0 },
	{ "c5 f8 77", 3, 0 }, { "c5 f9 6f 44 24 10", 6, 0 },
	{ "c4 e2 79 00 c1", 5, 0 }, { "c4 e3 79 0f c1 08", 6, 0 },
	{ "c4 e3 79 4a c1 20", 6, 0 },		/* is4 operand */
	{ "c4 01", 2, 0 }, { "c5 45 08", 3, 0 },	/* LES, LDS */
	{ "62 f1 7c 48 58 c0", 6, 0 }, { "62 f1 7c 48 58 40 01", 7, 0 },
	{ "62 f3 7d 48 0f 40 01 05", 8, 0 },	/* EVEX map 3 imm8 */
	{ "62 f5 7c 48 58 c0", 6, 0 },		/* EVEX map 5 */
	{ "62 00", 2, 0 },			/* BOUND */
	{ "8f c0", 2, 0 }, { "8f 00", 2, 0 },	/* POP */
	{ "8f e8 78 a2 c0 10", 6, 0 },		/* XOP map 8 */
	{ "8f e9 78 80 c0", 5, 0 },		/* XOP map 9 */
	{ "8f ea 78 10 c0 01 02 03 04", 9, 0 },	/* XOP map A imm32 */
	{ "66 0f 78 c0 01 02", 6, 0 }, { "0f 78 c0", 3, 0 },
	{ "f2 0f 78 c1 01 02", 6, 0 },
	{ "c7 f8 00 00 00 00", 6, 0 }, { "66 c7 f8 00 00", 5, 0 },
	{ "c6 f8 01", 3, 0 }, { "c7 00 78 56 34 12", 6, 0 },
	{ "f0 0f c7 0e", 4, 0 }, { "26 2e 36 3e 64 65 90", 7, 0 },
	{ "e3 fe", 2, 0 }, { "67 e3 fe", 3, 0 },
	{ "d9 e8", 2, 0 }, { "dd 05 78 56 34 12", 6, 0 },
	{ "0f 01 d0", 3, 0 }, { "0f 01 15 78 56 34 12", 7, 0 },
	{ "0f ae f0", 3, 0 }, { "f3 0f 1e fb", 4, 0 },
	{ "0f 0b", 2, 0 }, { "0f ff 00", 3, 0 },
	{ "66 66 66 66 66 66 66 66 66 66 66 66 66 66 90", 15, 0 },
	/* invalid encodings */
	{ "d6", 1, INSN_ERR_INVALID }, { "0f 04", 2, INSN_ERR_INVALID },
	{ "ff ff", 2, INSN_ERR_INVALID }, { "fe d0", 2, INSN_ERR_INVALID },
	{ "c6 c8 01", 3, INSN_ERR_INVALID },	/* c6 /1 keeps Ib */
	{ "0f 38 50 c0", 4, INSN_ERR_INVALID },
	{ "66 c5 f8 77", 4, INSN_ERR_INVALID },	/* 66 before VEX */
	{ "62 f1 78 48 58 c0", 6, INSN_ERR_INVALID },	/* EVEX P1 bit 2 */
	{ "c4 e0 78 00 c0", 0, INSN_ERR_INVALID },	/* VEX map 0 */
	{ "62 f4 7c 48 58 c0", 0, INSN_ERR_INVALID },	/* EVEX map 4 */
	{ "62 f1 7c 48 77 c0", 6, INSN_ERR_INVALID },	/* no EVEX form */
	{ "c5 f8 00 c0", 4, INSN_ERR_INVALID },	/* VEX 0F 00 unused */
	{ "c5 f9 77", 3, INSN_ERR_INVALID },	/* vzeroupper needs pp 0 */
	{ "8f e8 78 00 c0 00", 6, INSN_ERR_INVALID },	/* XOP8 00 unused */
	{ "8d c0", 2, INSN_ERR_INVALID },	/* lea needs memory */
	{ "0f c5 00 01", 4, INSN_ERR_INVALID },	/* pextrw needs register */
	{ "8f 20 00", 0, INSN_ERR_INVALID },	/* XOP map 0 */
	/* too long */
	{ "66 66 66 66 66 66 66 66 66 66 66 66 66 66 66 90", 0,
	  INSN_ERR_TOOLONG },
	{ "66 66 66 66 66 66 66 66 66 66 66 66 66 05 34 12", 0,
	  INSN_ERR_TOOLONG },
};

static void test_lengths(void)
{
	uint8_t b[32];
	struct insn in;
	size_t i;
	int n, err, k;

	for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
		n = unhex(lengths[i].hex, b);
		err = insn_decode(&in, b, n);
		if (err != lengths[i].err || (lengths[i].len && in.len != lengths[i].len))
			printf("  case %s: err %d len %d\n", lengths[i].hex, err, in.len);
		CHECK_EQ(err, lengths[i].err);
		if (err != INSN_ERR_TOOLONG)
			CHECK_EQ(in.len, lengths[i].len);
		if (err)
			continue;
		/* every proper prefix of a valid encoding is truncated */
		for (k = 0; k < n; k++)
			CHECK_EQ(insn_decode(&in, b, k), INSN_ERR_TRUNC);
	}
}

static struct insn dec(const char *hex)
{
	uint8_t b[16];
	struct insn in;
	int n = unhex(hex, b);

	CHECK_EQ(insn_decode(&in, b, n), INSN_OK);
	return in;
}

static void test_fields(void)
{
	struct insn in;

	in = dec("26 66 67 8b 46 08");
	CHECK_EQ(in.nprefix, 3);
	CHECK_EQ(in.seg, 0x26);
	CHECK(in.opsize16 && in.adsize16);
	CHECK(in.has_modrm && !in.has_sib);
	CHECK_EQ(in.modrm, 0x46);
	CHECK_EQ(in.disp_len, 1);
	CHECK_EQ(in.disp, 8);
	in = dec("8b 84 24 f0 ff ff ff");
	CHECK(in.has_sib);
	CHECK_EQ(in.sib, 0x24);
	CHECK_EQ(in.disp_len, 4);
	CHECK_EQ(in.disp, -16);
	CHECK_EQ(in.disp_off, 3);
	in = dec("8b 44 2d f8");		/* SIB base EBP, mod 01: disp8 */
	CHECK(in.has_sib);
	CHECK_EQ(in.sib, 0x2d);
	CHECK_EQ(in.disp_len, 1);
	CHECK_EQ(in.disp, -8);
	CHECK_EQ(in.disp_off, 3);
	in = dec("8b 84 25 78 56 34 12");	/* SIB base EBP, mod 10: disp32 */
	CHECK_EQ(in.disp_len, 4);
	CHECK_EQ(in.disp, 0x12345678);
	in = dec("8b 04 2d 78 56 34 12");	/* SIB base 101, mod 00: disp32, no base */
	CHECK_EQ(in.disp_len, 4);
	CHECK_EQ(in.disp, 0x12345678);
	in = dec("8b 04 2c");			/* SIB base ESP, index EBP, mod 00: no disp */
	CHECK_EQ(in.len, 3);
	CHECK_EQ(in.disp_len, 0);
	in = dec("c8 10 00 01");
	CHECK_EQ(in.imm_len, 2);
	CHECK_EQ(in.imm, 16);
	CHECK_EQ(in.imm2_len, 1);
	CHECK_EQ(in.imm2, 1);
	in = dec("9a 78 56 34 12 08 00");
	CHECK_EQ(in.imm_len, 4);
	CHECK_EQ(in.imm, 0x12345678);
	CHECK_EQ(in.imm2, 8);
	in = dec("66 0f 3a 0f c1 08");
	CHECK_EQ(in.map, INSN_MAP_0F3A);
	CHECK_EQ(in.mpfx, 1);
	CHECK_EQ(in.opcode, 0x0f);
	CHECK_EQ(in.imm, 8);
	in = dec("c4 e3 79 0f c1 08");
	CHECK_EQ(in.enc, INSN_ENC_VEX3);
	CHECK_EQ(in.map, INSN_MAP_VEX3);
	CHECK_EQ(in.mpfx, 1);
	CHECK_EQ(in.vex_len, 3);
	in = dec("62 f1 7c 48 58 40 01");
	CHECK_EQ(in.enc, INSN_ENC_EVEX);
	CHECK_EQ(in.map, INSN_MAP_EVEX1);
	CHECK_EQ(in.opcode, 0x58);
	CHECK_EQ(in.disp, 1);
	in = dec("c4 01");
	CHECK_EQ(in.enc, INSN_ENC_LEGACY);
	CHECK_STR(insn_name(&in), "les");
	in = dec("0f a2");
	CHECK_STR(insn_name(&in), "cpuid");
	in = dec("f3 90");
	CHECK_STR(insn_name(&in), "pause");
	in = dec("0f 01 d0");
	CHECK_STR(insn_name(&in), "xgetbv");
	in = dec("0f 0f c1 b4");
	CHECK_STR(insn_name(&in), "pfmul");
}

struct tcase {
	const char *hex;
	uint32_t addr, target, flag;
};

static const struct tcase targets[] = {
	{ "eb fe", 0x1000, 0x1000, INSN_F_JMP },
	{ "e9 00 00 00 00", 0x1000, 0x1005, INSN_F_JMP },
	{ "74 10", 0x1000, 0x1012, INSN_F_JCC },
	{ "0f 84 f0 ff ff ff", 0x1000, 0xff6, INSN_F_JCC },
	{ "e8 fb ff ff ff", 0x1000, 0x1000, INSN_F_CALL },
	{ "66 e9 10 00", 0x12345, 0x2359, INSN_F_JMP },	/* EIP & 0xffff */
	{ "e2 fe", 0x1000, 0x1000, INSN_F_LOOP },
	{ "e0 02", 0x1000, 0x1004, INSN_F_LOOP },
	{ "67 e3 00", 0x1000, 0x1003, INSN_F_LOOP },
	{ "c7 f8 10 00 00 00", 0x1000, 0x1016, INSN_F_XBEGIN },
	{ "e8 00 00 00 80", 0x7ffffffb, 0, INSN_F_CALL },	/* wraps */
};

static void test_targets(void)
{
	size_t i;

	for (i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		struct insn in = dec(targets[i].hex);

		CHECK(insn_is_rel(&in));
		CHECK(in.flags & targets[i].flag);
		CHECK_EQ(insn_rel_target(&in, targets[i].addr), targets[i].target);
	}
}

static void test_classes(void)
{
	struct insn in;
	const char *h, *w;

	CHECK(insn_is_ijmp((in = dec("ff e0"), &in)));
	CHECK(insn_is_ijmp((in = dec("ff 24 85 00 00 00 00"), &in)));
	CHECK(insn_is_ijmp((in = dec("ff 2d 00 00 00 00"), &in)));	/* ljmp */
	CHECK(insn_is_icall((in = dec("ff d0"), &in)));
	CHECK(insn_is_icall((in = dec("ff 15 00 00 00 00"), &in)));
	CHECK(!insn_is_rel((in = dec("ff d0"), &in)));
	CHECK(insn_is_ret((in = dec("c3"), &in)));
	CHECK(insn_is_ret((in = dec("c2 08 00"), &in)));
	CHECK(insn_is_ret((in = dec("cb"), &in)));
	CHECK(insn_is_ret((in = dec("cf"), &in)));
	CHECK(insn_is_int((in = dec("cc"), &in)));
	CHECK(insn_is_int((in = dec("cd 80"), &in)));
	CHECK(insn_is_int((in = dec("ce"), &in)));
	CHECK(insn_is_int((in = dec("f1"), &in)));
	CHECK(insn_is_serializing((in = dec("0f a2"), &in)));
	CHECK(insn_is_serializing((in = dec("cf"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 22 d8"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 23 c0"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 01 38"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 01 10"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 01 18"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 00 d0"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 00 d8"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 30"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 08"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 09"), &in)));
	CHECK(insn_is_serializing((in = dec("0f aa"), &in)));
	CHECK(insn_is_serializing((in = dec("0f 01 e8"), &in)));
	CHECK(!insn_is_serializing((in = dec("0f 20 c0"), &in)));
	CHECK(!insn_is_serializing((in = dec("0f 01 00"), &in)));	/* sgdt */
	CHECK(!insn_is_serializing((in = dec("89 e5"), &in)));
	CHECK(insn_is_privileged((in = dec("f4"), &in)));
	CHECK(insn_is_privileged((in = dec("0f 32"), &in)));
	CHECK(!insn_is_privileged((in = dec("0f a2"), &in)));
	CHECK(!insn_is_privileged((in = dec("0f 01 d0"), &in)));	/* xgetbv */
	CHECK(insn_is_privileged((in = dec("0f 01 d1"), &in)));	/* xsetbv */
	CHECK(insn_ends_flow((in = dec("c3"), &in)));
	CHECK(insn_ends_flow((in = dec("eb fe"), &in)));
	CHECK(!insn_ends_flow((in = dec("74 00"), &in)));
	CHECK(!insn_ends_flow((in = dec("e8 00 00 00 00"), &in)));
	CHECK_EQ(insn_ool((in = dec("89 e5"), &in), &h, &w), INSN_OOL_COPY);
	CHECK_EQ(insn_ool((in = dec("c3"), &in), &h, &w), INSN_OOL_COPY);
	CHECK_EQ(insn_ool((in = dec("74 10"), &in), &h, &w), INSN_OOL_RELOC);
	CHECK_STR(h, "H9");
	CHECK_EQ(insn_ool((in = dec("cc"), &in), &h, &w), INSN_OOL_REFUSE);
	CHECK_STR(h, "H12");
	CHECK_EQ(insn_ool((in = dec("0f 0b"), &in), &h, &w), INSN_OOL_REFUSE);
	CHECK_EQ(insn_ool((in = dec("ff d0"), &in), &h, &w), INSN_OOL_REFUSE);
	CHECK_STR(h, "H3");
	CHECK_EQ(insn_ool((in = dec("9a 00 00 00 00 08 00"), &in), &h, &w),
		 INSN_OOL_REFUSE);
	CHECK_EQ(insn_ool((in = dec("66 e9 10 00"), &in), &h, &w),
		 INSN_OOL_REFUSE);
	CHECK_STR(h, "H9");
}

int main(void)
{
	test_lengths();
	test_fields();
	test_targets();
	test_classes();
	return check_done("insn_test");
}
