/* Symbols for the checker's reports: the function and object symbols of one
 * or more ELF images (32- or 64-bit, System V ABI "Symbol Table"), each with
 * an optional load bias.  Pure; host-tested. */
#ifndef XMC_SYM_H
#define XMC_SYM_H
#include <stddef.h>
#include <stdint.h>

struct xmc_syms;

struct xmc_syms *xmc_syms_new(void);
/* Adds path's symbols, each moved by bias; returns how many, or -1 and a
 * reason in err (errlen bytes). */
long xmc_syms_load(struct xmc_syms *s, const char *path, uint64_t bias, char *err, size_t errlen);
/* The image's executable load segments (program headers PT_LOAD with
 * PF_X): fn(phys, bytes, filesz, memsz, arg) for each, p_paddr as phys, the
 * file's bytes (the rest of memsz is zero).  Returns how many, or -1 and a
 * reason in err. */
long xmc_elf_text(const char *path, void (*fn)(uint64_t phys, const uint8_t *b, size_t filesz,
                                               size_t memsz, void *arg),
                  void *arg, char *err, size_t errlen);
/* "name+0xoff" for addr into buf, or the bare address if no symbol covers it. */
const char *xmc_syms_name(const struct xmc_syms *s, uint64_t addr, char *buf, size_t len);
void xmc_syms_free(struct xmc_syms *s);

#endif
