/* sites.h - probe-site verdicts over a whole text: every instruction
 * boundary of every function judged int3-probe-able, jump-optimizable, or
 * refused by hazard ID (H3 H4 H5 H9 H11 H12, docs/hazards.md), with H4 from
 * other functions through a sorted index of every direct branch.  Pure:
 * used in the kernel (tests/kernel/insn_sites.c) and on the host
 * (tools/kanalyze.c) over any i386 image, so both judge alike. */
#ifndef PATCH_SITES_H
#define PATCH_SITES_H
#include "patch/insn/insn_analyze.h"
#include "patch/insn/insn_reloc.h"

#define SITES_NHAZ 5			/* H3 H4 H5 H9 H12; then "other" */
extern const char *const sites_hazards[SITES_NHAZ];

struct sites_stats {
	int funcs, undecodable, boundaries, int3_ok, jump_ok, noprobe, ool_refused;
	uint32_t bytes, bad_bytes;	/* instruction bytes; of them unprobeable */
	int reloc_fail, h4_cross, all_overflow;
	int refused[SITES_NHAZ + 1];	/* last: other (capacity) */
	int ijmp, jtab;			/* indirect jumps; resolved tables */
	uint32_t insns;			/* instructions decoded (both passes) */
};

struct sites_xref { uint32_t target, src; };

/* One boundary's verdict, for callers that want every site. */
enum { SITES_JUMP, SITES_INT3, SITES_NONE };
typedef void (*sites_site_fn)(void *ctx, uint32_t addr, uint32_t len,
			      int verdict, const char *hazard);

/* The caller provides every array (no allocation here). */
struct sites {
	struct analyze_fn fn;		/* insn_off, targets, target_src, caps;
					 * read, read_ctx, thunk_* if wanted */
	struct analyze_region reg;
	struct sites_xref *all, *tmp;	/* the index, and a scratch as long */
	int nall, cap;
	bool (*noprobe)(void *ctx, uint32_t addr);	/* H12/H11 text */
	/* optional: an instruction in [lo, hi) faults to a fixup (H12) */
	bool (*fixup)(void *ctx, uint32_t lo, uint32_t hi);
	sites_site_fn site;		/* optional */
	void *ctx;
	uint8_t tramp[ANALYZE_MAX_INSNS * RELOC_MAX_PER_INSN + 5];
};

int sites_hazard_index(const char *h);
bool sites_setup(struct sites *s, const uint8_t *code, uint32_t addr, uint32_t size);
void sites_collect(struct sites *s, struct sites_stats *st, const uint8_t *code,
		   uint32_t addr, uint32_t size);
bool sites_sort(struct sites *s);
bool sites_xref_sort(struct sites_xref *all, struct sites_xref *tmp, int n);
const struct sites_xref *sites_xref_into(const struct sites_xref *all, int n, uint32_t a,
					 uint32_t b, uint32_t lo, uint32_t hi);
bool sites_cross(const struct sites *s, uint32_t a, uint32_t b, uint32_t lo, uint32_t hi);
bool sites_func(struct sites *s, struct sites_stats *f, const uint8_t *code,
		uint32_t addr, uint32_t size);
void sites_add(struct sites_stats *t, const struct sites_stats *f);
#endif
