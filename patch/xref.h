/* Direct branches across functions (H4 from elsewhere: tail calls, asm):
 * every rel8/rel32 jmp, jcc, call and loop in kernel text, taken from the
 * function analyses (patch/insn/insn_analyze.c, SDM Vol. 2) made once on
 * first use and kept, sorted by target. */
#ifndef XREF_H
#define XREF_H
#include "kernel/types.h"

/* Build the table (and every function's analysis) if not yet built; takes
 * the text lock unless the caller holds it. */
void xref_build(void);

/* A direct branch from outside [lo, hi) whose target is strictly inside
 * (a, b)?  Returns its address, or 0; XREF_UNKNOWN if the table could not
 * be built (out of memory): refuse. */
#define XREF_UNKNOWN 0xffffffffu
uint32_t xref_branch_into(uint32_t a, uint32_t b, uint32_t lo, uint32_t hi);

/* Jump tables (patch/insn/insn_jtab.c) read from the kernel's own read-only
 * image: sets fn's reader (jtab_bug=first is the negative control: every
 * entry read as the table's first). */
struct analyze_fn;
void xref_tables(struct analyze_fn *fn);
#endif
