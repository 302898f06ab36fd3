/* insn.h - x86-32 instruction decoder: lengths and fields of one instruction.
 * Follows Intel SDM Vol. 2, Ch. 2 (instruction format: prefixes, opcode,
 * ModRM, SIB, displacement, immediate; VEX 2.3, EVEX 2.7) and Appendix A
 * (opcode maps).  Tables are generated from patch/insn/x86-opcode-map.txt.
 * Freestanding: no libc. */
#ifndef PATCH_INSN_H
#define PATCH_INSN_H

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include "kernel/noprobe.h"

#define INSN_MAX_LEN 15

/* insn_decode() results. */
#define INSN_OK           0
#define INSN_ERR_TRUNC   -1   /* buffer ended inside the instruction */
#define INSN_ERR_INVALID -2   /* #UD encoding; len is set if known, else 0 */
#define INSN_ERR_TOOLONG -3   /* longer than 15 bytes */
#define INSN_ERR_ARG     -4   /* NULL pointers */

/* Opcode maps (index of the generated tables). */
enum insn_map {
	INSN_MAP_1B, INSN_MAP_0F, INSN_MAP_0F38, INSN_MAP_0F3A,
	INSN_MAP_VEX1, INSN_MAP_VEX2, INSN_MAP_VEX3,
	INSN_MAP_EVEX1, INSN_MAP_EVEX2, INSN_MAP_EVEX3,
	INSN_MAP_EVEX5, INSN_MAP_EVEX6,
	INSN_MAP_XOP8, INSN_MAP_XOP9, INSN_MAP_XOPA,
	INSN_MAP_3DNOW,		/* indexed by the 3DNow! imm8 suffix */
	INSN_NMAPS
};

/* Encodings. */
enum insn_enc { INSN_ENC_LEGACY, INSN_ENC_VEX2, INSN_ENC_VEX3,
		INSN_ENC_EVEX, INSN_ENC_XOP };

/* Per-opcode directives in the tables (insn_op.special). */
enum insn_special {
	INSN_SP_NONE, INSN_SP_PFX_SEG, INSN_SP_PFX_OPSZ, INSN_SP_PFX_ADSZ,
	INSN_SP_PFX_LOCK, INSN_SP_PFX_REP, INSN_SP_ESC_0F, INSN_SP_ESC_0F38,
	INSN_SP_ESC_0F3A, INSN_SP_VEX2, INSN_SP_VEX3, INSN_SP_EVEX, INSN_SP_XOP
};

/* Immediate kinds (insn_attr.imm1/imm2). */
enum insn_imm {
	INSN_I_NONE, INSN_I_B, INSN_I_W, INSN_I_D,
	INSN_I_Z,	/* 2 or 4 by operand size */
	INSN_I_A,	/* far pointer: 4 or 6 by operand size */
	INSN_I_O,	/* moffs: 2 or 4 by address size */
	INSN_I_JB,	/* rel8 */
	INSN_I_JZ	/* rel16/rel32 by operand size */
};

/* Instruction attributes (insn_attr.flags). */
#define INSN_F_INVALID  (1u << 0)
#define INSN_F_MODRM    (1u << 1)
#define INSN_F_REGONLY  (1u << 2)	/* ModRM.mod ignored: always a register */
#define INSN_F_REL      (1u << 3)	/* has a relative (J) operand */
#define INSN_F_JMP      (1u << 4)
#define INSN_F_JCC      (1u << 5)
#define INSN_F_CALL     (1u << 6)
#define INSN_F_LOOP     (1u << 7)	/* loop, loope, loopne, jecxz */
#define INSN_F_XBEGIN   (1u << 8)
#define INSN_F_IJMP     (1u << 9)
#define INSN_F_ICALL    (1u << 10)
#define INSN_F_FAR      (1u << 11)
#define INSN_F_RET      (1u << 12)
#define INSN_F_IRET     (1u << 13)
#define INSN_F_INT      (1u << 14)	/* int3, int n, into, int1 */
#define INSN_F_UD       (1u << 15)	/* ud0, ud1, ud2 */
#define INSN_F_SER      (1u << 16)	/* serializing */
#define INSN_F_PRIV     (1u << 17)	/* CPL 0 only */
#define INSN_F_SUFFIX   (1u << 18)	/* imm8 selects the op (3DNow!) */

struct insn_attr {
	uint32_t flags;
	uint8_t imm1, imm2;
	uint16_t name;			/* offset into insn_names */
};

/* One opcode: either a leaf attr (sel == 0) or a selector over the
 * mandatory prefix / ModRM.mod / ModRM.reg / ModRM.rm into insn_sel[]. */
#define INSN_SEL_PFX   0x01
#define INSN_SEL_MOD   0x02
#define INSN_SEL_REG   0x04
#define INSN_SEL_RM    0x08
#define INSN_SEL_MODRM 0x10	/* opcode takes a ModRM byte */

struct insn_op {
	uint8_t special;
	uint8_t sel;
	uint16_t idx;
};

struct insn {
	uint8_t len;
	uint8_t nprefix;	/* legacy prefix bytes */
	uint8_t rep;		/* last of 0xf2/0xf3, or 0 */
	uint8_t seg;		/* last segment prefix byte, or 0 */
	bool lock, opsize16, adsize16, has66;
	uint8_t enc;		/* enum insn_enc */
	uint8_t map;		/* enum insn_map */
	uint8_t mpfx;		/* 0 none, 1 0x66, 2 0xf3, 3 0xf2 */
	uint8_t opcode, opcode_off;
	uint8_t vex_off, vex_len;	/* VEX/EVEX/XOP prefix bytes */
	uint8_t vex[3];		/* payload bytes after C4/C5/62/8F */
	bool has_modrm, has_sib;
	uint8_t modrm, modrm_off, sib;
	uint8_t disp_len, disp_off;
	int32_t disp;
	uint8_t imm_len, imm_off;	/* first immediate or rel */
	int32_t imm;
	uint8_t imm2_len, imm2_off;
	int32_t imm2;
	uint32_t flags;		/* INSN_F_* */
	uint16_t name;
};

int insn_decode(struct insn *in, const uint8_t *buf, size_t size);
/* Decode buf[*off..size) one instruction after another, each one's offset
 * into offs[*n++], until the end (*off == size, INSN_OK), an instruction
 * with one of the flags stop or one with no room left (k == cap): decoded
 * into *in at *off, not recorded, INSN_OK; or an error at *off. */
int insn_sweep(struct insn *in, const uint8_t *buf, uint32_t size, uint32_t *off,
	       uint32_t *offs, int *n, int cap, uint32_t stop);
const char *insn_name(const struct insn *in);
const char *insn_strerror(int err);

/* Classification (insn_class.c). */
bool insn_is_rel(const struct insn *in);
uint32_t insn_rel_target(const struct insn *in, uint32_t addr);
bool insn_is_ijmp(const struct insn *in);
bool insn_is_icall(const struct insn *in);
bool insn_is_ret(const struct insn *in);
bool insn_is_int(const struct insn *in);
bool insn_is_serializing(const struct insn *in);
bool insn_is_privileged(const struct insn *in);
bool insn_ends_flow(const struct insn *in);

/* Can the instruction run out of line (in a trampoline)? */
enum insn_ool { INSN_OOL_COPY, INSN_OOL_RELOC, INSN_OOL_REFUSE };
int insn_ool(const struct insn *in, const char **hazard, const char **why);

#endif
