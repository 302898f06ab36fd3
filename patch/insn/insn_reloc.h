/* insn_reloc.h - build the out-of-line copy of a probe region for a
 * destination address: relative branches retargeted (rel8 widened to
 * rel32, loop/jecxz expanded, call emulated), then a jmp back (H9).
 * Pure: byte buffers and 32-bit addresses only.  Freestanding. */
#ifndef PATCH_INSN_RELOC_H
#define PATCH_INSN_RELOC_H

#include "patch/insn/insn.h"

#define RELOC_ERR_ARG     -1
#define RELOC_ERR_DECODE  -2	/* H12: undecodable or partial instruction */
#define RELOC_ERR_REFUSED -3	/* insn_ool() refuses an instruction */
#define RELOC_ERR_PREFIX  -4	/* H9: unsupported prefix on a branch */
#define RELOC_ERR_SPACE   -5	/* dst_cap too small */

/* Worst case output per input instruction: loop expansion (10 bytes) or
 * call emulation (10 bytes); a copied instruction is at most 15 bytes. */
#define RELOC_MAX_PER_INSN 15

struct reloc_result {
	int err;
	uint32_t fail_addr;	/* instruction that failed, if any */
	const char *hazard;
	const char *why;
};

/* Relocate src[0..len), which lives at src_addr, to run at dst_addr.
 * Returns the bytes needed (written only when dst != NULL and they fit),
 * or a RELOC_ERR_* code; res (optional) explains a failure. */
int reloc_region(const uint8_t *src, uint32_t src_addr, uint32_t len,
		 uint8_t *dst, size_t dst_cap, uint32_t dst_addr,
		 struct reloc_result *res);

#endif
