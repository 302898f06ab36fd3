/* insn_fuzz.c - libFuzzer target for the decoder, function analysis and
 * relocation (patch/insn/insn*.c).  Decodes from a heap copy of exactly the
 * input size so ASan catches any over-read; checks len <= 15, len <= size,
 * field offsets inside the instruction, and that a relocated region
 * decodes cleanly and ends with a jmp back.  Host only (clang). */
#include <stdlib.h>
#include <string.h>
#include "patch/insn/insn.h"
#include "patch/insn/insn_analyze.h"
#include "patch/insn/insn_reloc.h"

#define FUZZ_CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

static void check_fields(const struct insn *in, size_t size)
{
	FUZZ_CHECK(in->len >= 1 && in->len <= INSN_MAX_LEN && in->len <= size);
	FUZZ_CHECK(in->opcode_off < in->len);
	FUZZ_CHECK(!in->has_modrm || in->modrm_off < in->len);
	FUZZ_CHECK(in->disp_off + in->disp_len <= in->len);
	FUZZ_CHECK(in->imm_off + in->imm_len <= in->len);
	FUZZ_CHECK(in->imm2_off + in->imm2_len <= in->len);
}

static void fuzz_decode(const uint8_t *buf, size_t size)
{
	struct insn in;
	int err = insn_decode(&in, buf, size);

	if (err == INSN_OK || (err == INSN_ERR_INVALID && in.len))
		check_fields(&in, size);
	FUZZ_CHECK(err <= 0 && err >= INSN_ERR_ARG);
}

/* Relocate a region into a buffer of exactly the needed size. */
static void fuzz_reloc(const uint8_t *code, uint32_t addr, uint32_t len)
{
	int n = reloc_region(code, addr, len, NULL, 0, 0x40000000, NULL);
	uint8_t *dst;
	struct insn in;
	int off = 0, m;

	if (n < 0)
		return;
	dst = malloc(n);
	m = reloc_region(code, addr, len, dst, n, 0x40000000, NULL);
	FUZZ_CHECK(m == n);
	while (off < n) {
		FUZZ_CHECK(insn_decode(&in, dst + off, n - off) == INSN_OK);
		off += in.len;
	}
	FUZZ_CHECK(off == n && in.opcode == 0xe9);
	FUZZ_CHECK(insn_rel_target(&in, 0x40000000 + n - 5) == addr + len);
	free(dst);
}

static void fuzz_analyze(const uint8_t *buf, size_t size)
{
	static uint32_t offs[256], tg[256], src[256];
	static struct analyze_fn fn;
	struct analyze_region r;
	int i;

	fn.insn_off = offs;
	fn.insn_cap = 256;
	fn.targets = tg;
	fn.target_src = src;
	fn.target_cap = 256;
	if (analyze_function(&fn, buf, 0x1000, size) != ANALYZE_OK)
		return;
	for (i = 0; i < fn.ninsn; i++) {
		analyze_region(&fn, 0x1000 + offs[i], &r);
		FUZZ_CHECK(r.len <= size);
		if (r.err == ANALYZE_OK || r.err == ANALYZE_ERR_TARGET_INSIDE ||
		    r.err == ANALYZE_ERR_INDIRECT_JUMP)
			fuzz_reloc(buf + offs[i], 0x1000 + offs[i], r.len);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *buf = malloc(size ? size : 1);

	if (size)
		memcpy(buf, data, size);
	fuzz_decode(size ? buf : NULL, size);
	if (size && size <= 4096)
		fuzz_analyze(buf, size);
	free(buf);
	return 0;
}
