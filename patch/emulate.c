/* Relative branch emulation (see emulate.h).  Condition codes follow the
 * SDM Vol. 1, Appendix B, Table B-1 (tttn encoding); LOOP/LOOPcc/JECXZ follow
 * the SDM Vol. 2 pseudocode with 32-bit address size (ECX). */
#include "patch/emulate.h"

#define CF 0x001
#define PF 0x004
#define ZF 0x040
#define SF 0x080
#define OF 0x800

NOPROBE bool emulate_cond(uint8_t cc, uint32_t f)
{
    bool r, sf = f & SF, of = f & OF;
    switch (cc >> 1) {
    case 0: r = f & OF; break;                       /* O */
    case 1: r = f & CF; break;                       /* B */
    case 2: r = f & ZF; break;                       /* E */
    case 3: r = (f & CF) || (f & ZF); break;         /* BE */
    case 4: r = f & SF; break;                       /* S */
    case 5: r = f & PF; break;                       /* P */
    case 6: r = sf != of; break;                     /* L */
    default: r = (f & ZF) || sf != of; break;        /* LE */
    }
    return (cc & 1) ? !r : r;
}

/* 90 (nop, xchg eax,eax) and 0F 1F /0 (the long nops), without a rep or
 * lock prefix: their whole effect is EIP += length.  Linux's text_poke_bp
 * emulates them too, so a batch writing nops needs no out-of-line copies. */
NOPROBE bool emulate_is_nop(const struct insn *in)
{
    if (in->rep || in->lock || in->map > INSN_MAP_0F)
        return false;
    if (in->map == INSN_MAP_1B)
        return in->opcode == 0x90;
    return in->opcode == 0x1F && in->has_modrm && ((in->modrm >> 3) & 7) == 0;
}

bool emulate_supported(const struct insn *in)
{
    if (emulate_is_nop(in))
        return true;
    if (!(in->flags & (INSN_F_JMP | INSN_F_JCC | INSN_F_CALL | INSN_F_LOOP)) ||
        !(in->flags & INSN_F_REL) || (in->flags & INSN_F_XBEGIN))
        return false;
    return !in->opsize16 && !in->adsize16;
}

static uint8_t jcc_code(const struct insn *in)
{
    return in->opcode & 0x0F;                        /* 70+cc or 0F 80+cc */
}

NOPROBE void emulate_branch(const struct insn *in, struct emu_regs *r)
{
    uint32_t next = r->eip + in->len, target = insn_rel_target(in, r->eip);
    bool taken = true;
    r->push = false;
    if (emulate_is_nop(in)) {
        r->eip = next;
        return;
    }
    if (in->flags & INSN_F_CALL) {
        r->push = true;
        r->push_val = next;
    } else if (in->flags & INSN_F_JCC) {
        taken = emulate_cond(jcc_code(in), r->eflags);
    } else if (in->flags & INSN_F_LOOP) {
        if (in->opcode == 0xE3) {                    /* jecxz */
            taken = r->ecx == 0;
        } else {
            r->ecx--;
            taken = r->ecx != 0;
            if (in->opcode == 0xE1) taken = taken && (r->eflags & ZF);      /* loope */
            if (in->opcode == 0xE0) taken = taken && !(r->eflags & ZF);     /* loopne */
        }
    }
    r->eip = taken ? target : next;
}
