/* ELF symbol tables for the checker's reports (System V gABI, "Symbol Table":
 * SHT_SYMTAB with its linked SHT_STRTAB; Elf32_Sym / Elf64_Sym).  The image
 * is read whole; function, object and untyped symbols with an address are
 * kept, sorted, and looked up by the greatest start not above the address. */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tools/xmc/xmc_sym.h"

struct xsym { uint64_t addr, size; char *name; };
struct xmc_syms { struct xsym *v; size_t n, cap; };

struct xmc_syms *xmc_syms_new(void)
{
    return calloc(1, sizeof(struct xmc_syms));
}

void xmc_syms_free(struct xmc_syms *s)
{
    size_t i;
    if (!s)
        return;
    for (i = 0; i < s->n; i++)
        free(s->v[i].name);
    free(s->v);
    free(s);
}

static int add(struct xmc_syms *s, uint64_t addr, uint64_t size, const char *name)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        struct xsym *v = realloc(s->v, cap * sizeof(*v));
        if (!v)
            return -1;
        s->v = v, s->cap = cap;
    }
    if (!(s->v[s->n].name = strdup(name)))
        return -1;
    s->v[s->n].addr = addr, s->v[s->n++].size = size;
    return 0;
}

static int by_addr(const void *a, const void *b)
{
    const struct xsym *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n)) && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    *len = buf ? (size_t)n : 0;
    fclose(f);
    return buf;
}

/* One symbol table section (32 or 64 bit): every typed symbol with an address. */
#define SCAN(Shdr, Sym, TYPE)                                                           \
    do {                                                                               \
        const Shdr *sh = (const Shdr *)(img + shoff);                                  \
        for (i = 0; i < shnum; i++) {                                                  \
            const Shdr *st = &sh[i], *strs;                                            \
            size_t k;                                                                  \
            if (st->sh_type != SHT_SYMTAB || st->sh_link >= shnum)                     \
                continue;                                                              \
            strs = &sh[st->sh_link];                                                   \
            if (st->sh_offset + st->sh_size > len || strs->sh_offset + strs->sh_size > len) \
                return fail(err, errlen, path, "a section lies outside the file");     \
            for (k = 0; k < st->sh_size / sizeof(Sym); k++) {                          \
                const Sym *y = (const Sym *)(img + st->sh_offset) + k;                 \
                int t = TYPE(y->st_info);                                              \
                if (!y->st_value || y->st_name >= strs->sh_size || y->st_shndx == SHN_UNDEF || \
                    y->st_shndx == SHN_ABS)                                            \
                    continue;                                                          \
                if (t != STT_FUNC && t != STT_OBJECT && t != STT_NOTYPE)               \
                    continue;                                                          \
                if (add(s, y->st_value + bias, y->st_size, img + strs->sh_offset + y->st_name)) \
                    return fail(err, errlen, path, "out of memory");                    \
                added++;                                                               \
            }                                                                          \
        }                                                                              \
    } while (0)

static long fail(char *err, size_t errlen, const char *path, const char *why)
{
    snprintf(err, errlen, "%s: %s", path, why);
    return -1;
}

long xmc_syms_load(struct xmc_syms *s, const char *path, uint64_t bias, char *err, size_t errlen)
{
    size_t len, i;
    uint64_t shoff, shnum;
    long added = 0, r = 0;
    char *img = slurp(path, &len);
    if (!img)
        return fail(err, errlen, path, "cannot read it");
    if (len < EI_NIDENT || memcmp(img, ELFMAG, SELFMAG)) {
        r = fail(err, errlen, path, "not an ELF file");
    } else if (img[EI_CLASS] == ELFCLASS32 && len >= sizeof(Elf32_Ehdr)) {
        const Elf32_Ehdr *eh = (const Elf32_Ehdr *)img;
        shoff = eh->e_shoff, shnum = eh->e_shnum;
        if (shoff + shnum * sizeof(Elf32_Shdr) > len)
            r = fail(err, errlen, path, "section headers outside the file");
        else
            SCAN(Elf32_Shdr, Elf32_Sym, ELF32_ST_TYPE);
    } else if (img[EI_CLASS] == ELFCLASS64 && len >= sizeof(Elf64_Ehdr)) {
        const Elf64_Ehdr *eh = (const Elf64_Ehdr *)img;
        shoff = eh->e_shoff, shnum = eh->e_shnum;
        if (shoff + shnum * sizeof(Elf64_Shdr) > len)
            r = fail(err, errlen, path, "section headers outside the file");
        else
            SCAN(Elf64_Shdr, Elf64_Sym, ELF64_ST_TYPE);
    } else {
        r = fail(err, errlen, path, "truncated ELF header");
    }
    free(img);
    if (r < 0)
        return r;
    qsort(s->v, s->n, sizeof(*s->v), by_addr);
    return added;
}

#define SEGS(Ehdr, Phdr)                                                                  \
    do {                                                                                  \
        const Ehdr *eh = (const Ehdr *)img;                                               \
        if (eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(Phdr) > len) {                   \
            r = fail(err, errlen, path, "program headers outside the file");              \
            break;                                                                        \
        }                                                                                 \
        for (i = 0; i < eh->e_phnum; i++) {                                               \
            const Phdr *ph = (const Phdr *)(img + eh->e_phoff) + i;                       \
            if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X) || !ph->p_memsz)           \
                continue;                                                                 \
            if (ph->p_offset + ph->p_filesz > len || ph->p_filesz > ph->p_memsz) {        \
                r = fail(err, errlen, path, "a load segment lies outside the file");      \
                break;                                                                    \
            }                                                                             \
            fn(ph->p_paddr, (const uint8_t *)img + ph->p_offset, ph->p_filesz, ph->p_memsz, arg); \
            r++;                                                                          \
        }                                                                                 \
    } while (0)

long xmc_elf_text(const char *path, void (*fn)(uint64_t phys, const uint8_t *b, size_t filesz,
                                               size_t memsz, void *arg),
                  void *arg, char *err, size_t errlen)
{
    size_t len, i;
    long r = 0;
    char *img = slurp(path, &len);
    if (!img)
        return fail(err, errlen, path, "cannot read it");
    if (len < EI_NIDENT || memcmp(img, ELFMAG, SELFMAG))
        r = fail(err, errlen, path, "not an ELF file");
    else if (img[EI_CLASS] == ELFCLASS32 && len >= sizeof(Elf32_Ehdr))
        SEGS(Elf32_Ehdr, Elf32_Phdr);
    else if (img[EI_CLASS] == ELFCLASS64 && len >= sizeof(Elf64_Ehdr))
        SEGS(Elf64_Ehdr, Elf64_Phdr);
    else
        r = fail(err, errlen, path, "truncated ELF header");
    free(img);
    return r;
}

const char *xmc_syms_name(const struct xmc_syms *s, uint64_t addr, char *buf, size_t len)
{
    size_t lo = 0, hi = s ? s->n : 0;
    const struct xsym *y;
    while (lo < hi) {                      /* lo: the first symbol above addr */
        size_t mid = lo + (hi - lo) / 2;
        if (s->v[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    y = lo ? &s->v[lo - 1] : NULL;
    if (!y || (y->size ? addr >= y->addr + y->size : addr - y->addr >= 0x1000))
        snprintf(buf, len, "0x%llx", (unsigned long long)addr);
    else if (addr == y->addr)
        snprintf(buf, len, "%s", y->name);
    else
        snprintf(buf, len, "%s+0x%llx", y->name, (unsigned long long)(addr - y->addr));
    return buf;
}
