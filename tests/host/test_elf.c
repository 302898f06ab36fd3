/* Host unit tests for kernel/elf.c (TIS ELF 1.2 / System V ABI checks):
 * small images built in memory, valid and each way of being rejected, symbol
 * look-ups; then every real user program: the files named on the command
 * line, or else every *.elf in USER_ELF_DIR (build/user). */
#include "tests/host/check.h"
#include "kernel/elf.h"
#include "kernel/usys.h"
#include <dirent.h>
#include <stdlib.h>

#define TEXT  USER_BASE
#define DATA  (USER_BASE + 0x1000)
#define SHOFF 0x3000
#define SYMOFF 0x3200
#define STROFF 0x3400
#define IMGSIZE 0x3500

static uint32_t img_words[IMGSIZE / 4];
static uint8_t *const img = (uint8_t *)img_words;
static char err[128];

static struct elf32_ehdr *eh(void) { return (struct elf32_ehdr *)img; }
static struct elf32_phdr *ph(int i) { return (struct elf32_phdr *)(img + sizeof(struct elf32_ehdr)) + i; }
static struct elf32_shdr *sh(int i) { return (struct elf32_shdr *)(img + SHOFF) + i; }
static struct elf32_sym *sym(int i) { return (struct elf32_sym *)(img + SYMOFF) + i; }

static const char strtab[] = "\0main\0helper\0label\0counter\0ext\0dbg";   /* 1 6 13 19 27 31 */

static void build_symbols(void)
{
    static const struct elf32_sym syms[8] = {
        { 0 },
        { 1, TEXT + 0x20, 0x40, 0x12, 0, 1 },       /* main: FUNC GLOBAL .text */
        { 6, TEXT, 0x10, 0x02, 0, 1 },              /* helper: FUNC LOCAL .text */
        { 13, TEXT + 0x30, 0, 0x10, 0, 1 },         /* label: NOTYPE GLOBAL .text */
        { 19, DATA, 4, 0x11, 0, 2 },                /* counter: OBJECT GLOBAL .data */
        { 27, 0, 0, 0x10, 0, 0 },                   /* ext: undefined */
        { 0, TEXT, 0, 0x03, 0, 1 },                 /* SECTION .text, no name */
        { 31, 8, 0, 0x00, 0, 3 },                   /* dbg: NOTYPE in .symtab (not ALLOC) */
    };
    memcpy(sym(0), syms, sizeof syms);
    memcpy(img + STROFF, strtab, sizeof strtab);
    eh()->e_shoff = SHOFF;
    eh()->e_shentsize = sizeof(struct elf32_shdr);
    eh()->e_shnum = 5;
    *sh(1) = (struct elf32_shdr){ 0, 1, SHF_ALLOC | 4, TEXT, 0x1000, 0x100, 0, 0, 16, 0 };
    *sh(2) = (struct elf32_shdr){ 0, 1, SHF_ALLOC | 1, DATA, 0x2000, 0x2000, 0, 0, 4, 0 };
    *sh(3) = (struct elf32_shdr){ 0, SHT_SYMTAB, 0, 0, SYMOFF, sizeof syms, 4, 1, 4, 16 };
    *sh(4) = (struct elf32_shdr){ 0, SHT_STRTAB, 0, 0, STROFF, sizeof strtab, 0, 0, 1, 0 };
}

/* A valid image: text (R X) at TEXT, data+bss (R W) at DATA, a .symtab. */
static void build(void)
{
    memset(img, 0, IMGSIZE);
    memcpy(eh()->e_ident, "\177ELF\1\1\1", 7);
    eh()->e_type = ET_EXEC;
    eh()->e_machine = EM_386;
    eh()->e_version = 1;
    eh()->e_entry = TEXT + 0x20;
    eh()->e_phoff = sizeof(struct elf32_ehdr);
    eh()->e_ehsize = sizeof(struct elf32_ehdr);
    eh()->e_phentsize = sizeof(struct elf32_phdr);
    eh()->e_phnum = 3;
    *ph(0) = (struct elf32_phdr){ PT_LOAD, 0x1000, TEXT, TEXT, 0x100, 0x100, 5, 0x1000 };
    *ph(1) = (struct elf32_phdr){ PT_LOAD, 0x2000, DATA, DATA, 0x10, 0x2000, 6, 0x1000 };
    *ph(2) = (struct elf32_phdr){ 0x6474e551, 0, 0, 0, 0, 0, 6, 16 };   /* PT_GNU_STACK: ignored */
    build_symbols();
}

static int check_img(uint32_t size)
{
    struct elf_image im;
    err[0] = 0;
    return elf_check(img, size, &im, err, sizeof err);
}

/* After build() and the change made by the caller: rejected, err has want. */
#define REJECT(want) do { CHECK_EQ(check_img(IMGSIZE), -1); \
    if (!strstr(err, want)) { check_failed++; printf("  FAIL %s:%d: err \"%s\" lacks \"%s\"\n", \
    __FILE__, __LINE__, err, want); } check_n++; build(); } while (0)

static void test_valid(void)
{
    struct elf_image im;
    build();
    CHECK_EQ(elf_check(img, IMGSIZE, &im, err, sizeof err), 0);
    CHECK_EQ(im.entry, TEXT + 0x20);
    CHECK_EQ(im.nseg, 2);
    CHECK_EQ(im.seg[0].vaddr, TEXT);
    CHECK_EQ(im.seg[0].memsz, 0x100);
    CHECK_EQ(im.seg[0].offset, 0x1000);
    CHECK(im.seg[0].exec && !im.seg[0].writable);
    CHECK_EQ(im.seg[1].filesz, 0x10);
    CHECK_EQ(im.seg[1].memsz, 0x2000);
    CHECK(im.seg[1].writable && !im.seg[1].exec);
    ph(1)->p_filesz = 0;                        /* bss only: offset not looked at */
    ph(1)->p_offset = 0x12345;
    CHECK_EQ(check_img(IMGSIZE), 0);
    build();
    ph(2)->p_type = PT_LOAD;                    /* an empty PT_LOAD is skipped */
    CHECK_EQ(elf_check(img, IMGSIZE, &im, err, sizeof err), 0);
    CHECK_EQ(im.nseg, 2);
}

static void test_header_rejects(void)
{
    struct elf_image im;
    build();
    img[1] = 'e'; REJECT("bad magic");
    img[4] = 2; REJECT("want ELF32 LSB");
    img[5] = 2; REJECT("want ELF32 LSB");
    eh()->e_type = 3; REJECT("want ET_EXEC EM_386");
    eh()->e_machine = 62; REJECT("want ET_EXEC EM_386");
    eh()->e_phoff = IMGSIZE - 40; REJECT("program headers");
    eh()->e_phoff = 0xfffffff0u; REJECT("program headers");
    eh()->e_phoff = 54; REJECT("program headers");                  /* unaligned */
    eh()->e_phnum = 0; REJECT("program headers");
    eh()->e_phnum = 0xffff; REJECT("program headers");
    eh()->e_phentsize = 36; REJECT("program headers");
    CHECK_EQ(check_img(sizeof(struct elf32_ehdr) - 1), -1);       /* truncated */
    CHECK_EQ(check_img(100), -1);                                   /* phdrs cut off */
    CHECK_EQ(elf_check(NULL, IMGSIZE, &im, err, sizeof err), -1);
    CHECK_EQ(elf_check(img + 1, IMGSIZE - 1, &im, err, sizeof err), -1);   /* unaligned image */
    CHECK_EQ(elf_check(img, IMGSIZE, NULL, err, sizeof err), -1);
    CHECK_EQ(elf_check(img, IMGSIZE, NULL, NULL, 0), -1);          /* no err buffer: fine */
    img[0] = 0;
    CHECK_EQ(elf_check(img, IMGSIZE, &im, err, 8), -1);             /* err cut, terminated */
    CHECK_EQ(strlen(err), 7);
    build();
}

static void test_segment_rejects(void)
{
    build();
    ph(1)->p_vaddr = 0x40001234; REJECT("segment 1: vaddr 40001234 not page-aligned");
    ph(0)->p_vaddr = 0x00100000; REJECT("segment 0: [100000, +100) outside user space");
    ph(0)->p_vaddr = USER_BASE - 0x1000; REJECT("outside user space");
    ph(1)->p_vaddr = USER_MAP_BASE - 0x1000; REJECT("segment 1: [7ffff000, +2000) outside");
    ph(1)->p_vaddr = USER_MAP_BASE; REJECT("outside user space");
    ph(1)->p_memsz = 0xfffff000u; REJECT("outside user space");     /* would wrap */
    ph(1)->p_filesz = 0x2001; REJECT("segment 1: filesz 2001 > memsz 2000");
    ph(1)->p_offset = IMGSIZE - 8; REJECT("segment 1: file bytes");
    ph(1)->p_offset = 0xfffff000u; REJECT("segment 1: file bytes");
    ph(0)->p_offset = 0x1010; REJECT("segment 0: file bytes [1010");   /* not congruent */
    ph(1)->p_vaddr = TEXT; REJECT("segment 1: [40000000, +2000) overlaps [40000000, +100)");
    ph(0)->p_memsz = 0x1001; ph(0)->p_filesz = 0x1000; REJECT("overlaps");   /* same page */
    ph(0)->p_vaddr = TEXT + 0x2000; REJECT("segment 1: [40001000, +2000) overlaps [40002000");
    ph(2)->p_type = PT_INTERP; REJECT("segment 2: type 3: dynamic linking");
    ph(2)->p_type = PT_DYNAMIC; REJECT("dynamic linking");
}

static void test_entry_and_count(void)
{
    int i;
    build();
    eh()->e_entry = DATA + 4; REJECT("entry 40001004 not in");        /* data is not exec */
    eh()->e_entry = TEXT + 0x100; REJECT("entry 40000100");            /* past text's file bytes */
    eh()->e_entry = TEXT - 1; REJECT("entry");
    ph(0)->p_flags = 4; REJECT("entry");                               /* text not exec */
    eh()->e_phnum = 5;                         /* five PT_LOADs, one page each */
    for (i = 0; i < 5; i++)
        *ph(i) = (struct elf32_phdr){ PT_LOAD, 0x1000, TEXT + i * 0x1000, 0, 0x100, 0x100, 5, 0x1000 };
    REJECT("segment 4: more than 4 PT_LOAD segments");
    eh()->e_phnum = 4;
    for (i = 0; i < 4; i++)
        *ph(i) = (struct elf32_phdr){ PT_LOAD, 0x1000, TEXT + i * 0x1000, 0, 0x100, 0x100, 5, 0x1000 };
    CHECK_EQ(check_img(IMGSIZE), 0);
    build();
}

static void check_addr(uint32_t addr, const char *want, uint32_t want_off)
{
    const char *name = "?";
    uint32_t off = 0;
    CHECK_EQ(elf_addr_symbol(img, IMGSIZE, addr, &name, &off), want ? 0 : -1);
    if (want) {
        CHECK_STR(name, want);
        CHECK_EQ(off, want_off);
    }
}

/* A function's entry (return probes, issue 39 item 12): a label inside a
 * function, or an address inside one, is none. */
static void check_entry(uint32_t addr, int want, const char *in_want, uint32_t off_want)
{
    const char *in = "x";
    uint32_t off = 1;
    CHECK_EQ(elf_func_entry(img, IMGSIZE, addr, &in, &off), want);
    if (in_want)
        CHECK_STR(in ? in : "(null)", in_want);
    else
        CHECK(in == NULL);
    CHECK_EQ(off, off_want);
}

static void test_func_entry(void)
{
    const char *in;
    uint32_t off;
    check_entry(TEXT + 0x20, 0, NULL, 0);                        /* main */
    check_entry(TEXT, 0, NULL, 0);                               /* helper (local) */
    check_entry(TEXT + 0x30, 1, "main", 0x10);                   /* label, inside main */
    check_entry(TEXT + 0x25, 1, "main", 5);
    check_entry(TEXT + 0x18, 1, NULL, 0);                        /* between: no function */
    check_entry(DATA, 1, NULL, 0);                               /* an object */
    CHECK_EQ(elf_func_entry(img, IMGSIZE, TEXT, NULL, &off), -1);
    CHECK_EQ(elf_func_entry(img, 64, TEXT, &in, &off), -1);      /* no .symtab */
}

static void test_symbols(void)
{
    uint32_t v = 0;
    build();
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), 0);
    CHECK_EQ(v, TEXT + 0x20);
    CHECK_EQ(elf_symbol(img, IMGSIZE, "counter", &v), 0);
    CHECK_EQ(v, DATA);
    CHECK_EQ(elf_symbol(img, IMGSIZE, "ext", &v), -1);          /* undefined */
    CHECK_EQ(elf_symbol(img, IMGSIZE, "mai", &v), -1);
    CHECK_EQ(elf_symbol(img, IMGSIZE, "", &v), -1);
    CHECK_EQ(elf_symbol(img, IMGSIZE, NULL, &v), -1);
    check_addr(TEXT, "helper", 0);
    check_addr(TEXT + 0x1f, "helper", 0x1f);
    check_addr(TEXT + 0x25, "main", 5);
    check_addr(TEXT + 0x32, "label", 2);                         /* the nearest below */
    check_addr(TEXT + 0xff, "label", 0xcf);
    check_addr(TEXT + 0x100, NULL, 0);                           /* past .text */
    check_addr(DATA + 4, NULL, 0);                               /* .data: only an object */
    check_addr(0x00100000, NULL, 0);
    check_addr(8, NULL, 0);                                      /* not in an ALLOC section */
    test_func_entry();
}

/* Every function in address order, each from its own start: helper, then
 * main (not the label, the object, the undefined or the section symbol); at
 * one start the longest; a size that wraps the address space is skipped. */
static void test_func_from(void)
{
    uint32_t lo = 0, hi = 0;
    build();
    CHECK_EQ(elf_func_from(img, IMGSIZE, 0, &lo, &hi), 0);
    CHECK(lo == TEXT && hi == TEXT + 0x10);                      /* helper */
    CHECK_EQ(elf_func_from(img, IMGSIZE, lo + 1, &lo, &hi), 0);
    CHECK(lo == TEXT + 0x20 && hi == TEXT + 0x60);               /* main */
    CHECK_EQ(elf_func_from(img, IMGSIZE, lo + 1, &lo, &hi), -1);
    CHECK_EQ(elf_func_from(img, IMGSIZE, TEXT + 0x11, &lo, &hi), 0);   /* inside helper: main */
    CHECK_EQ(lo, TEXT + 0x20);
    sym(2)->st_value = TEXT + 0x20;                              /* helper at main's start, shorter */
    CHECK_EQ(elf_func_from(img, IMGSIZE, 0, &lo, &hi), 0);
    CHECK_EQ(hi, TEXT + 0x60);
    sym(1)->st_size = 0xffffffffu - sym(1)->st_value + 1;        /* main would end at 2^32 */
    CHECK_EQ(elf_func_from(img, IMGSIZE, 0, &lo, &hi), 0);
    CHECK_EQ(hi, TEXT + 0x30);                                   /* helper */
    CHECK_EQ(elf_func_from(img, STROFF + 3, 0, &lo, &hi), -1);   /* truncated .strtab */
    CHECK_EQ(elf_func_from(img, IMGSIZE, 0, NULL, &hi), -1);
}

/* Each damaged table makes both look-ups fail (or skip the bad entry). */
static void test_symtab_rejects(void)
{
    uint32_t v;
    const char *name;
    build();
    CHECK_EQ(elf_symbol(img, SYMOFF + 40, "main", &v), -1);     /* truncated .symtab */
    CHECK_EQ(elf_addr_symbol(img, SYMOFF + 40, TEXT, &name, &v), -1);
    CHECK_EQ(elf_symbol(img, STROFF + 3, "main", &v), -1);      /* truncated .strtab */
    CHECK_EQ(elf_symbol(img, SHOFF + 100, "main", &v), -1);     /* truncated section headers */
    sh(3)->sh_size = 8 * 16 - 1;
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);          /* partial entry */
    build();
    sh(3)->sh_size = 0xfffffff0u;
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);
    build();
    sh(3)->sh_link = 5;
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);          /* no such strtab */
    build();
    sh(3)->sh_link = 3;
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);          /* linked to itself */
    build();
    img[STROFF + sizeof strtab - 1] = 'x';
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);          /* strtab not terminated */
    build();
    sym(1)->st_name = 0x1000;
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);          /* name out of the strtab */
    CHECK_EQ(elf_symbol(img, IMGSIZE, "label", &v), 0);          /* the others still found */
    check_addr(TEXT + 0x25, "helper", 0x25);
    build();
    eh()->e_shentsize = 20;
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);
    build();
    eh()->e_shnum = 0;
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);
    build();
    sh(3)->sh_type = 0;
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);          /* no .symtab */
    build();
    img[0] = 0;
    CHECK_EQ(elf_symbol(img, IMGSIZE, "main", &v), -1);          /* not an ELF */
}

static uint8_t *read_file(const char *path, uint32_t *size)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    long n;
    if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc(n)) && fread(buf, 1, n, f) == (size_t)n)
        *size = (uint32_t)n;
    else
        free(buf), buf = NULL;
    if (f)
        fclose(f);
    return buf;
}

static void check_sym(const uint8_t *p, uint32_t size, const char *file, const char *name, uint32_t *v)
{
    int r = elf_symbol(p, size, name, v);
    CHECK_EQ(r, 0);
    if (r)
        printf("  %s: no symbol %s\n", file, name);
}

/* A program from user/user.mk: two PT_LOADs (text R X at USER_BASE, then
 * data R W), entry _start, the symbols the kernel looks up. */
static void test_program(const char *path)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path, *name = "";
    uint32_t size, v, w, off = 1;
    struct elf_image im;
    uint8_t *p = read_file(path, &size);
    CHECK(p != NULL);
    if (!p)
        return;
    CHECK_EQ(elf_check(p, size, &im, err, sizeof err), 0);
    if (err[0])
        printf("  %s: %s\n", path, err);
    CHECK_EQ(im.nseg, 2);
    CHECK(im.seg[0].vaddr == USER_BASE && im.seg[0].exec && !im.seg[0].writable);
    CHECK(im.seg[1].writable && !im.seg[1].exec);
    CHECK_EQ(elf_symbol(p, size, "", &v), -1);                  /* not a section symbol */
    check_sym(p, size, base, "_start", &v);
    CHECK_EQ(v, im.entry);
    CHECK_EQ(elf_addr_symbol(p, size, im.entry, &name, &off), 0);
    CHECK_STR(name, "_start");
    CHECK_EQ(off, 0);
    if (strcmp(base, "spin.elf"))
        check_sym(p, size, base, "main", &v);
    if (!strcmp(base, "utorture.elf")) {
        check_sym(p, size, base, "utorture_block", &v);
        check_sym(p, size, base, "utorture_block_end", &w);
        CHECK(v < w && w - v > 40);
        CHECK_EQ(elf_addr_symbol(p, size, v + 3, &name, &off), 0);
        CHECK_STR(name, "utorture_block");
    }
    if (!strcmp(base, "uret.elf")) {               /* issue 39, item 12 */
        check_sym(p, size, base, "uret_lbl_mid", &v);
        CHECK_EQ(elf_func_entry(p, size, v, &name, &off), 1);
        CHECK_STR(name ? name : "(null)", "uret_lbl");
        check_sym(p, size, base, "uret_f", &v);
        CHECK_EQ(elf_func_entry(p, size, v, &name, &off), 0);
    }
    if (!strcmp(base, "spin.elf")) {
        check_sym(p, size, base, "spin_loop", &v);
        check_sym(p, size, base, "spin_loop_end", &w);
        CHECK(v < w);
    }
    printf("  %s: entry %x, %u bytes: ok\n", base, im.entry, size);
    free(p);
}

/* Every *.elf in dir; all of user/user.mk's programs must be there. */
static void test_dir(const char *dir)
{
    static const char *const want[] = { "hello", "syscalls", "badptr", "fault", "utorture", "spin" };
    char path[512];
    struct dirent *d;
    DIR *dp = opendir(dir);
    size_t i, n, found = 0;
    CHECK(dp != NULL);
    while (dp && (d = readdir(dp))) {
        n = strlen(d->d_name);
        if (n < 5 || strcmp(d->d_name + n - 4, ".elf"))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, d->d_name);
        test_program(path);
        for (i = 0; i < ARRAY_SIZE(want); i++)
            found += strlen(want[i]) == n - 4 && !strncmp(d->d_name, want[i], n - 4);
    }
    if (dp)
        closedir(dp);
    CHECK_EQ(found, ARRAY_SIZE(want));
}

int main(int argc, char **argv)
{
    int i;
    test_valid();
    test_header_rejects();
    test_segment_rejects();
    test_entry_and_count();
    test_symbols();
    test_func_from();
    test_symtab_rejects();
    for (i = 1; i < argc; i++)
        test_program(argv[i]);
    if (argc == 1)
        test_dir(USER_ELF_DIR);
    return check_done("test_elf");
}
