/* ELF32 image checks and symbol look-ups (kernel/elf.h), following the System
 * V ABI / TIS ELF 1.2 (headers, program headers, .symtab) and the i386 psABI
 * (EM_386, little-endian, ELFCLASS32).  Pure: every offset read from the image
 * is bounds-checked against size before use; nothing is written. */
#include "kernel/elf.h"
#include "kernel/fmt.h"
#include "kernel/usys.h"

struct symtab {
    const struct elf32_shdr *sh;    /* all section headers */
    uint32_t nsh;
    const struct elf32_sym *sym;
    uint32_t nsym;
    const char *str;                /* NUL-terminated at str[strsize - 1] */
    uint32_t strsize;
};

static bool in_image(uint32_t size, uint32_t off, uint64_t len)
{
    return off <= size && len <= size - off;
}

/* A table of n entries of entsize bytes at off: inside the image, 4-aligned. */
static bool table_ok(uint32_t size, uint32_t off, uint32_t n, uint32_t entsize)
{
    return (off & 3) == 0 && in_image(size, off, (uint64_t)n * entsize);
}

static int __attribute__((format(printf, 3, 4))) fail(char *err, int errlen, const char *fmt, ...)
{
    va_list ap;
    if (err && errlen > 0) {
        va_start(ap, fmt);
        kvsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int check_header(const uint8_t *img, uint32_t size, char *err, int errlen)
{
    const struct elf32_ehdr *h = (const void *)img;
    if (!img || ((uintptr_t)img & 3) || size < sizeof *h)
        return fail(err, errlen, "image %p size %u: not a 4-aligned ELF header", img, size);
    if (img[0] != 0x7f || img[1] != 'E' || img[2] != 'L' || img[3] != 'F')
        return fail(err, errlen, "bad magic %02x %02x %02x %02x", img[0], img[1], img[2], img[3]);
    if (img[4] != 1 || img[5] != 1 || img[6] != 1)
        return fail(err, errlen, "class %u data %u version %u: want ELF32 LSB v1", img[4], img[5], img[6]);
    if (h->e_type != ET_EXEC || h->e_machine != EM_386)
        return fail(err, errlen, "type %u machine %u: want ET_EXEC EM_386", h->e_type, h->e_machine);
    if (h->e_phentsize != sizeof(struct elf32_phdr) || h->e_phnum == 0 ||
        !table_ok(size, h->e_phoff, h->e_phnum, sizeof(struct elf32_phdr)))
        return fail(err, errlen, "program headers (off %x, %u of %u bytes) outside the image (size %x)",
                    h->e_phoff, h->e_phnum, h->e_phentsize, size);
    return 0;
}

/* Check PT_LOAD number i against the image and the segments before it. */
static int check_seg(const struct elf32_phdr *p, int i, const struct elf_image *im,
                     uint32_t size, char *err, int errlen)
{
    uint32_t end = p->p_vaddr + ALIGN_UP(p->p_memsz, PAGE_SIZE);
    int j;
    if (im->nseg == ELF_MAXSEG)
        return fail(err, errlen, "segment %d: more than %d PT_LOAD segments", i, ELF_MAXSEG);
    if (p->p_vaddr % PAGE_SIZE)
        return fail(err, errlen, "segment %d: vaddr %x not page-aligned", i, p->p_vaddr);
    if (p->p_vaddr < USER_BASE || p->p_memsz > USER_MAP_BASE - p->p_vaddr)
        return fail(err, errlen, "segment %d: [%x, +%x) outside user space [%x, %x)",
                    i, p->p_vaddr, p->p_memsz, USER_BASE, USER_MAP_BASE);
    if (p->p_filesz > p->p_memsz)
        return fail(err, errlen, "segment %d: filesz %x > memsz %x", i, p->p_filesz, p->p_memsz);
    if (p->p_filesz && (p->p_offset % PAGE_SIZE || !in_image(size, p->p_offset, p->p_filesz)))
        return fail(err, errlen, "segment %d: file bytes [%x, +%x) not page-aligned inside the image (size %x)",
                    i, p->p_offset, p->p_filesz, size);
    for (j = 0; j < im->nseg; j++) {
        const struct elf_seg *s = &im->seg[j];
        if (p->p_vaddr < s->vaddr + ALIGN_UP(s->memsz, PAGE_SIZE) && s->vaddr < end)
            return fail(err, errlen, "segment %d: [%x, +%x) overlaps [%x, +%x)",
                        i, p->p_vaddr, p->p_memsz, s->vaddr, s->memsz);
    }
    return 0;
}

static bool entry_ok(const struct elf_image *im)
{
    int i;
    for (i = 0; i < im->nseg; i++) {
        const struct elf_seg *s = &im->seg[i];
        if (s->exec && im->entry >= s->vaddr && im->entry - s->vaddr < s->filesz)
            return true;
    }
    return false;
}

int elf_check(const uint8_t *img, uint32_t size, struct elf_image *out, char *err, int errlen)
{
    const struct elf32_ehdr *h = (const void *)img;
    const struct elf32_phdr *ph;
    int i;
    if (!out)
        return fail(err, errlen, "no output");
    if (check_header(img, size, err, errlen))
        return -1;
    ph = (const void *)(img + h->e_phoff);
    out->entry = h->e_entry;
    out->nseg = 0;
    for (i = 0; i < h->e_phnum; i++) {
        const struct elf32_phdr *p = &ph[i];
        if (p->p_type == PT_DYNAMIC || p->p_type == PT_INTERP)
            return fail(err, errlen, "segment %d: type %u: dynamic linking not supported", i, p->p_type);
        if (p->p_type != PT_LOAD || p->p_memsz == 0)
            continue;
        if (check_seg(p, i, out, size, err, errlen))
            return -1;
        out->seg[out->nseg++] = (struct elf_seg){ p->p_vaddr, p->p_memsz, p->p_filesz,
            p->p_offset, (p->p_flags & PF_W) != 0, (p->p_flags & PF_X) != 0 };
    }
    if (!entry_ok(out))
        return fail(err, errlen, "entry %x not in the file bytes of an executable segment", out->entry);
    return 0;
}

/* The first SHT_SYMTAB and its string table, every bound checked. */
static int find_symtab(const uint8_t *img, uint32_t size, struct symtab *t)
{
    const struct elf32_ehdr *h = (const void *)img;
    const struct elf32_shdr *s, *ss;
    uint32_t i;
    if (check_header(img, size, NULL, 0) || h->e_shentsize != sizeof *s ||
        !table_ok(size, h->e_shoff, h->e_shnum, sizeof *s))
        return -1;
    t->sh = (const void *)(img + h->e_shoff);
    t->nsh = h->e_shnum;
    for (i = 0; i < t->nsh && t->sh[i].sh_type != SHT_SYMTAB; i++)
        ;
    if (i == t->nsh)
        return -1;
    s = &t->sh[i];
    if (s->sh_entsize != sizeof *t->sym || s->sh_size % sizeof *t->sym ||
        !table_ok(size, s->sh_offset, s->sh_size, 1) || s->sh_link >= t->nsh)
        return -1;
    ss = &t->sh[s->sh_link];
    if (ss->sh_type != SHT_STRTAB || ss->sh_size == 0 || !in_image(size, ss->sh_offset, ss->sh_size) ||
        img[ss->sh_offset + ss->sh_size - 1] != 0)
        return -1;
    t->sym = (const void *)(img + s->sh_offset);
    t->nsym = s->sh_size / sizeof *t->sym;
    t->str = (const char *)img + ss->sh_offset;
    t->strsize = ss->sh_size;
    return 0;
}

/* Symbol i's name, or NULL if its offset is outside the string table. */
static const char *sym_name(const struct symtab *t, uint32_t i)
{
    return t->sym[i].st_name < t->strsize ? t->str + t->sym[i].st_name : NULL;
}

static bool streq(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

/* A code address's symbol: a function or a label, defined in a section. */
static bool code_sym(const struct elf32_sym *s)
{
    int type = ELF32_ST_TYPE(s->st_info);
    return (type == STT_FUNC || type == STT_NOTYPE) && s->st_shndx != 0 && s->st_shndx < SHN_LORESERVE;
}

int elf_symbol(const uint8_t *img, uint32_t size, const char *name, uint32_t *value)
{
    struct symtab t;
    uint32_t i;
    const char *n;
    if (!name || !*name || !value || find_symtab(img, size, &t))
        return -1;
    for (i = 1; i < t.nsym; i++) {
        n = sym_name(&t, i);
        if (n && t.sym[i].st_shndx != 0 && streq(n, name)) {
            *value = t.sym[i].st_value;
            return 0;
        }
    }
    return -1;
}

/* The allocated section holding addr, or 0 (SHN_UNDEF: none). */
static uint32_t section_of(const struct symtab *t, uint32_t addr)
{
    uint32_t i;
    for (i = 1; i < t->nsh; i++) {
        const struct elf32_shdr *s = &t->sh[i];
        if ((s->sh_flags & SHF_ALLOC) && addr >= s->sh_addr && addr - s->sh_addr < s->sh_size)
            return i;
    }
    return 0;
}

int elf_addr_symbol(const uint8_t *img, uint32_t size, uint32_t addr,
                    const char **name, uint32_t *off)
{
    struct symtab t;
    uint32_t i, sec, best = 0;
    if (!name || !off || find_symtab(img, size, &t) || (sec = section_of(&t, addr)) == 0)
        return -1;
    for (i = 1; i < t.nsym; i++) {
        const struct elf32_sym *s = &t.sym[i], *b = &t.sym[best];
        const char *n = sym_name(&t, i);
        if (!n || !*n || !code_sym(s) || s->st_shndx != sec || s->st_value > addr)
            continue;
        /* the nearest; at equal addresses a global (bind 1) before a local */
        if (!best || s->st_value > b->st_value ||
            (s->st_value == b->st_value && (s->st_info >> 4) > (b->st_info >> 4)))
            best = i;
    }
    if (!best)
        return -1;
    *name = sym_name(&t, best);
    *off = addr - t.sym[best].st_value;
    return 0;
}

int elf_func_entry(const uint8_t *img, uint32_t size, uint32_t addr, const char **in, uint32_t *off)
{
    struct symtab t;
    uint32_t i;
    bool starts = false;
    if (!in || !off || find_symtab(img, size, &t))
        return -1;
    *in = NULL;
    *off = 0;
    for (i = 1; i < t.nsym; i++) {
        const struct elf32_sym *s = &t.sym[i];
        if (ELF32_ST_TYPE(s->st_info) != STT_FUNC || !code_sym(s))
            continue;
        if (s->st_value == addr)
            starts = true;
        else if (s->st_value < addr && addr - s->st_value < s->st_size) {
            *in = sym_name(&t, i);
            *off = addr - s->st_value;
            return 1;
        }
    }
    return starts ? 0 : 1;
}

/* The STT_FUNC symbol whose [value, value + size) holds addr: 0 with its
 * extent in [*lo, *hi), or -1 (none, or no valid .symtab). */
int elf_func_range(const uint8_t *img, uint32_t size, uint32_t addr, uint32_t *lo, uint32_t *hi)
{
    struct symtab t;
    uint32_t i;
    if (!lo || !hi || find_symtab(img, size, &t))
        return -1;
    for (i = 1; i < t.nsym; i++) {
        const struct elf32_sym *s = &t.sym[i];
        if (ELF32_ST_TYPE(s->st_info) == STT_FUNC && s->st_size && s->st_value <= addr &&
            addr - s->st_value < s->st_size) {
            *lo = s->st_value;
            *hi = s->st_value + s->st_size;
            return 0;
        }
    }
    return -1;
}

int elf_func_from(const uint8_t *img, uint32_t size, uint32_t addr, uint32_t *lo, uint32_t *hi)
{
    struct symtab t;
    const struct elf32_sym *best = NULL;
    uint32_t i;
    if (!lo || !hi || find_symtab(img, size, &t))
        return -1;
    for (i = 1; i < t.nsym; i++) {
        const struct elf32_sym *s = &t.sym[i];
        if (ELF32_ST_TYPE(s->st_info) != STT_FUNC || !s->st_size || s->st_shndx == 0 ||
            s->st_shndx >= SHN_LORESERVE || s->st_value < addr || s->st_size > 0xFFFFFFFFu - s->st_value)
            continue;
        if (!best || s->st_value < best->st_value ||
            (s->st_value == best->st_value && s->st_size > best->st_size))
            best = s;
    }
    if (!best)
        return -1;
    *lo = best->st_value;
    *hi = best->st_value + best->st_size;
    return 0;
}
