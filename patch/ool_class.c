/* ool_class.c - which instructions may run out of line for an int3 probe
 * (ool_classify, declared in ool.h): pure, so the kernel and the host
 * analysis tool (tools/kanalyze.c) judge sites alike.  Refused: traps, IF/TF
 * changes, far transfers (hazard IDs as in the design's catalogue). */
#include "patch/ool.h"
#include "patch/emulate.h"

static bool refused_opcode(const struct insn *in, const char **why)
{
    if (in->map != INSN_MAP_1B || in->enc != INSN_ENC_LEGACY)
        return false;
    switch (in->opcode) {
    case 0x9D: *why = "popf may change TF/IF while single-stepping"; return true;
    case 0xFA: case 0xFB: *why = "cli/sti change IF while single-stepping"; return true;
    case 0xF4: *why = "hlt cannot be single-stepped"; return true;
    case 0x17: case 0x1F: case 0x07: case 0x8E:     /* mov/pop ss hold off #DB one insn */
        *why = "segment register load"; return true;
    }
    return false;
}

int ool_classify(const struct insn *in, const char **hazard, const char **why)
{
    *hazard = "H12";
    if (insn_ool(in, hazard, why) == INSN_OOL_REFUSE && !(in->flags & INSN_F_ICALL))
        return -1;
    if (emulate_is_nop(in))
        return OOL_EMULATE;
    if (in->flags & INSN_F_REL) {
        if (!emulate_supported(in)) { *hazard = "H9"; *why = "relative branch we cannot emulate"; return -1; }
        return OOL_EMULATE;
    }
    if (in->flags & (INSN_F_IRET | INSN_F_FAR)) { *hazard = "H12"; *why = "far transfer or iret"; return -1; }
    if (refused_opcode(in, why)) { *hazard = "H12"; return -1; }
    return OOL_STEP;
}
