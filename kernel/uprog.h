/* The built-in user programs: ELF images (TIS ELF 1.2, checked by
 * kernel/elf.c) embedded in the kernel's .rodata by the generated
 * build/user/uprogs.S (user/gen_uprogs.py, user/user.mk). */
#ifndef UPROG_H
#define UPROG_H
#include <stdint.h>

struct uprog {
    const char *name;           /* "hello": SYS_spawn's name */
    const uint8_t *image;       /* the whole ELF file, 4-byte aligned */
    uint32_t size;              /* its length in bytes */
};

extern const struct uprog uprogs[];
extern const int nuprogs;
#endif
