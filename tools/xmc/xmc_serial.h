/* Serializing instructions recognised from their bytes (Intel SDM Vol. 3A,
 * "Serializing Instructions"): the cross-modifying-code checker (xmc_state.h)
 * calls a CPU serialized once it executes one of these.  Pure; host-tested. */
#ifndef XMC_SERIAL_H
#define XMC_SERIAL_H
#include <stddef.h>
#include <stdint.h>

enum xmc_serial {
    XS_NONE = 0,        /* not serializing (fences, interrupt delivery, CR8, ...) */
    XS_CPUID, XS_IRET, XS_RSM, XS_SERIALIZE,
    XS_MOV_CR, XS_MOV_DR, XS_LGDT, XS_LIDT, XS_LLDT, XS_LTR,
    XS_INVLPG, XS_INVD, XS_WBINVD, XS_WRMSR, XS_INVEPT, XS_INVVPID,
    XS_NKINDS
};

/* The kind of the one instruction in b[0..len) (its whole encoding, as the
 * emulator decoded it), or XS_NONE. */
enum xmc_serial xmc_serial_kind(const uint8_t *b, size_t len);
const char *xmc_serial_name(enum xmc_serial k);

#endif
