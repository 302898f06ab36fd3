/* kanalyze.h - the host analysis tool's image, plan and its comparison with
 * Linux's optprobe rules (tools/kanalyze.c, tools/kanalyze_linux.c). */
#ifndef KANALYZE_H
#define KANALYZE_H
#include <stdio.h>
#include "patch/sites.h"

#define KA_MAX_SEC   128
#define KA_MAX_RANGE 16

struct ka_image {
	const uint8_t *base;
	size_t size;
	int nsec;
	struct { uint32_t addr, size; const uint8_t *data; } sec[KA_MAX_SEC];
};

struct ka_range { uint32_t lo, hi; };
struct ka_fn { uint32_t addr, size; const char *name; };

struct ka_plan {
	struct ka_fn *fn;
	int nfn, capfn;
	struct ka_range noprobe[KA_MAX_RANGE], thunk, entry;
	int nnoprobe;
	uint32_t *ex;		/* exception table: faulting instructions */
	int nex, capex;
	struct ka_range *fix;	/* fixup target (lo), its table entry (hi) */
	int nfix, capfix;
};
bool ka_ex_in(uint32_t lo, uint32_t hi);

const uint8_t *ka_bytes(uint32_t addr, uint32_t n);
extern int ka_linux_enabled;
extern FILE *ka_bfile;
void ka_linux_begin(const struct ka_plan *p);
void ka_linux_fn_begin(struct sites *s, const struct ka_plan *p, int i, const uint8_t *code);
void ka_linux_json(FILE *o);
#endif
