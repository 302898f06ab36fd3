/* Serializing instructions from their bytes: Intel SDM Vol. 3A, "Serializing
 * Instructions" (privileged: INVD, INVEPT, INVLPG, INVVPID, LGDT, LIDT, LLDT,
 * LTR, MOV to CR except CR8, MOV to DR, WBINVD, WRMSR; non-privileged: CPUID,
 * IRET, RSM, SERIALIZE).  Opcodes from Vol. 2's opcode map (Appendix A). */
#include "tools/xmc/xmc_serial.h"

static const char *names[XS_NKINDS] = {
    "none", "cpuid", "iret", "rsm", "serialize", "mov-cr", "mov-dr", "lgdt",
    "lidt", "lldt", "ltr", "invlpg", "invd", "wbinvd", "wrmsr", "invept", "invvpid",
};

const char *xmc_serial_name(enum xmc_serial k)
{
    return k < XS_NKINDS ? names[k] : "?";
}

static int legacy_prefix(uint8_t b)
{
    switch (b) {
    case 0x66: case 0x67: case 0xf0: case 0xf2: case 0xf3:
    case 0x26: case 0x2e: case 0x36: case 0x3e: case 0x64: case 0x65:
        return 1;
    }
    return 0;
}

/* 0F 01 /r and 0F 00 /r: the kind by ModRM (reg field; mod 3 encodes other
 * instructions: 0F 01 E8 is SERIALIZE, 0F 01 F8 SWAPGS, ...). */
static enum xmc_serial grp7(uint8_t modrm)
{
    int mod = modrm >> 6, reg = (modrm >> 3) & 7;
    if (modrm == 0xe8)
        return XS_SERIALIZE;
    if (mod == 3)
        return XS_NONE;
    return reg == 2 ? XS_LGDT : reg == 3 ? XS_LIDT : reg == 7 ? XS_INVLPG : XS_NONE;
}

static enum xmc_serial grp6(uint8_t modrm)
{
    int reg = (modrm >> 3) & 7;
    return reg == 2 ? XS_LLDT : reg == 3 ? XS_LTR : XS_NONE;
}

enum xmc_serial xmc_serial_kind(const uint8_t *b, size_t len)
{
    size_t i = 0;
    int lock = 0, opsize = 0, rex_r = 0, rep = 0;
    while (i < len && legacy_prefix(b[i])) {
        lock |= b[i] == 0xf0;
        opsize |= b[i] == 0x66;
        rep |= b[i] == 0xf2 || b[i] == 0xf3;
        i++;
    }
    /* 40-4F is a REX prefix only in 64-bit mode, where it cannot be the
     * last byte; in 32-bit mode it is a whole one-byte INC/DEC. */
    if (i + 1 < len && (b[i] & 0xf0) == 0x40) {
        rex_r = b[i] & 4;
        i++;
    }
    if (i >= len)
        return XS_NONE;
    if (b[i] == 0xcf)
        return XS_IRET;
    if (b[i] != 0x0f || i + 1 >= len)
        return XS_NONE;
    i++;
    switch (b[i]) {
    case 0xa2: return XS_CPUID;
    case 0xaa: return XS_RSM;
    case 0x08: return XS_INVD;
    case 0x09: return XS_WBINVD;
    case 0x30: return XS_WRMSR;
    case 0x23: return XS_MOV_DR;
    case 0x22:          /* MOV CRn, r: CR8 is REX.R with reg 0, or LOCK with reg 0 (AMD) */
        if (i + 1 < len && ((b[i + 1] >> 3) & 7) == 0 && (rex_r || lock))
            return XS_NONE;
        return XS_MOV_CR;
    case 0x01:          /* F3/F2 0F 01 E8 are SETSSBSY and XSUSLDTRK, not SERIALIZE */
        if (i + 1 < len && b[i + 1] == 0xe8 && rep)
            return XS_NONE;
        return i + 1 < len ? grp7(b[i + 1]) : XS_NONE;
    case 0x00: return i + 1 < len ? grp6(b[i + 1]) : XS_NONE;
    case 0x38:
        if (opsize && i + 1 < len && b[i + 1] == 0x80)
            return XS_INVEPT;
        if (opsize && i + 1 < len && b[i + 1] == 0x81)
            return XS_INVVPID;
        return XS_NONE;
    }
    return XS_NONE;
}
