/* Program images (kernel/uimage.c): a built-in program's ELF checked once,
 * its read-only segments copied once into pages that every process running
 * it maps read-only (as a page cache would share file pages), its writable
 * segments copied per process. */
#ifndef UIMAGE_H
#define UIMAGE_H
#include "kernel/types.h"

int uimage_find(const char *name);   /* index in uprogs[], or -1 */
/* Map program prog into pgdir; its entry point in *entry.  0, or -ENOMEM /
 * -ENOEXEC-style failure (-1) with the reason in err. */
int uimage_map(int prog, uint32_t *pgdir, uint32_t *entry, char *err, int errlen);
int uimage_load(int prog, char *err, int errlen);   /* check and cache: 0, or -1 with why */
/* The program's page of detour buffers (optimized user probes), mapped
 * read-only at USER_UBUF by every process running it. */
uint32_t uimage_ubuf_page(int prog);
/* The shared page holding va of prog's read-only text, or 0 (not loaded, not text). */
uint32_t uimage_text_page(int prog, uint32_t va);
#endif
