/* insn_analyze.h - pure function analysis for jump-optimized probes:
 * decode a whole function, collect direct branch targets, find indirect
 * jumps, and choose/judge the probe region for an address.  Uses the
 * hazard IDs of the design (H3 H4 H5 H9 H12).  Freestanding. */
#ifndef PATCH_INSN_ANALYZE_H
#define PATCH_INSN_ANALYZE_H

#include "patch/insn/insn.h"

#define ANALYZE_JMP_LEN   5	/* e9 rel32 written over the probe site */
#define ANALYZE_MAX_INSNS 5	/* a 5-byte region holds at most 5 insns */
#define ANALYZE_REASON    128
#define ANALYZE_MAX_IJMP  8	/* indirect jumps tried per function */
#define ANALYZE_MAX_TABLE 1024	/* entries of one jump table */

/* Reads n bytes at addr of the image (a jump table): 0, or -1. */
typedef int (*analyze_read_fn)(void *ctx, uint32_t addr, void *buf, uint32_t n);

enum analyze_err {
	ANALYZE_OK,
	ANALYZE_ERR_ARG,		/* bad arguments */
	ANALYZE_ERR_CAPACITY,		/* caller's arrays too small */
	ANALYZE_ERR_DECODE,		/* H12: undecodable byte in function */
	ANALYZE_ERR_OUTSIDE,		/* H12: address outside the function */
	ANALYZE_ERR_NOT_BOUNDARY,	/* H12: not an instruction start */
	ANALYZE_ERR_CROSSES_END,	/* H12: region crosses function end */
	ANALYZE_ERR_INSN,		/* an instruction cannot run out of line */
	ANALYZE_ERR_CALL_NOT_LAST,	/* H3 */
	ANALYZE_ERR_TARGET_INSIDE,	/* H4 */
	ANALYZE_ERR_INDIRECT_JUMP,	/* H5 */
};

/* Caller provides the arrays (no allocation here). */
struct analyze_fn {
	const uint8_t *code;
	uint32_t start, size;
	uint32_t *insn_off;	/* offsets of instruction starts */
	int insn_cap, ninsn;
	uint32_t *targets;	/* direct branch targets (any address) */
	uint32_t *target_src;	/* address of the branch giving targets[i] */
	int target_cap, ntargets;
	bool has_ijmp;		/* an indirect jump not resolved (H5) */
	uint32_t ijmp_addr;	/* first such indirect jump */
	/* In: jump tables are read through read (NULL: none resolved, every
	 * indirect jump is H5); a direct jmp into [thunk_lo, thunk_hi) is an
	 * indirect jump (a retpoline thunk).  Out: the counts. */
	analyze_read_fn read;
	void *read_ctx;
	uint32_t thunk_lo, thunk_hi;
	int nijmp, njtab;	/* indirect jumps; of them resolved tables */
	/* Optional (size entries): per byte of the function, 1 + the index of
	 * a target landing there, or 0; makes analyze_target_inside O(region)
	 * instead of O(targets), so a whole function's analysis is linear. */
	uint32_t *tmap;
	uint32_t ijmp_off[ANALYZE_MAX_IJMP];	/* insn_off indices */
	int err;
	const char *hazard;
	char reason[ANALYZE_REASON];
};

enum analyze_action { ANALYZE_COPY, ANALYZE_RELOC, ANALYZE_REFUSE };

struct analyze_insn {
	uint32_t addr;
	struct insn in;
	int action;		/* enum analyze_action */
	const char *hazard;	/* "" or "H3", "H9", "H12" */
	const char *why;
};

struct analyze_region {
	uint32_t addr, len;	/* whole instructions covering >= 5 bytes */
	int n;
	struct analyze_insn insn[ANALYZE_MAX_INSNS];
	int err;		/* enum analyze_err */
	const char *hazard;	/* "" when err == ANALYZE_OK */
	char reason[ANALYZE_REASON];
};

int analyze_function(struct analyze_fn *fn, const uint8_t *code,
		     uint32_t start, uint32_t size);
bool analyze_is_boundary(const struct analyze_fn *fn, uint32_t addr);
int analyze_target_inside(const struct analyze_fn *fn, uint32_t lo,
			  uint32_t hi);
int analyze_region(const struct analyze_fn *fn, uint32_t addr,
		   struct analyze_region *r);
const char *analyze_strerror(int err);
/* insn_jtab.c: resolve fn's indirect jumps that are bounded jump tables. */
void analyze_jump_tables(struct analyze_fn *fn);

#endif
