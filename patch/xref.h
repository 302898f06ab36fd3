/* Direct branches across functions (H4 from elsewhere: tail calls, asm):
 * every rel8/rel32 jmp, jcc, call and loop in kernel text, decoded once on
 * first use (patch/insn/insn.c, SDM Vol. 2) and sorted by target. */
#ifndef XREF_H
#define XREF_H
#include "kernel/types.h"

/* A direct branch from outside [lo, hi) whose target is strictly inside
 * (a, b)?  Returns its address, or 0. */
uint32_t xref_branch_into(uint32_t a, uint32_t b, uint32_t lo, uint32_t hi);

/* Jump tables (patch/insn/insn_jtab.c) read from the kernel's own read-only
 * image: sets fn's reader (jtab_bug=first is the negative control: every
 * entry read as the table's first). */
struct analyze_fn;
void xref_tables(struct analyze_fn *fn);
#endif
