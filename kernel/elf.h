/* ELF32 executables for the user programs: the checks a loader needs before
 * it maps an image (System V ABI / TIS ELF 1.2, i386 psABI) and symbol
 * look-ups in the image's .symtab.  Pure: also built on the host. */
#ifndef ELF_H
#define ELF_H
#include "kernel/types.h"

#define ELF_MAXSEG 4

struct elf32_ehdr {
    uint8_t  e_ident[16];
    uint16_t e_type, e_machine;
    uint32_t e_version, e_entry, e_phoff, e_shoff, e_flags;
    uint16_t e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx;
};

struct elf32_phdr {
    uint32_t p_type, p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_flags, p_align;
};

struct elf32_shdr {
    uint32_t sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size;
    uint32_t sh_link, sh_info, sh_addralign, sh_entsize;
};

struct elf32_sym {
    uint32_t st_name, st_value, st_size;
    uint8_t  st_info, st_other;
    uint16_t st_shndx;
};

#define ET_EXEC      2
#define EM_386       3
#define PT_LOAD      1
#define PT_DYNAMIC   2
#define PT_INTERP    3
#define PF_X         1
#define PF_W         2
#define SHT_SYMTAB   2
#define SHT_STRTAB   3
#define SHF_ALLOC    2
#define SHN_LORESERVE 0xff00
#define STT_NOTYPE   0
#define STT_FUNC     2
#define ELF32_ST_TYPE(i) ((i) & 0xf)

struct elf_seg {
    uint32_t vaddr;             /* page-aligned */
    uint32_t memsz, filesz;     /* bytes [filesz, memsz) are zero */
    uint32_t offset;            /* of the file bytes in the image */
    bool writable, exec;
};

struct elf_image {
    uint32_t entry;
    int nseg;
    struct elf_seg seg[ELF_MAXSEG];   /* the non-empty PT_LOADs, in file order */
};

/* Validate img[0..size) (4-byte aligned) as an i386 ET_EXEC whose PT_LOADs
 * lie in [USER_BASE, USER_MAP_BASE); fill *out.  0, or -1 with a one-line
 * reason in err[0..errlen). */
int elf_check(const uint8_t *img, uint32_t size, struct elf_image *out, char *err, int errlen);

/* The value of the defined symbol name: 0, or -1 (none, or no valid .symtab). */
int elf_symbol(const uint8_t *img, uint32_t size, const char *name, uint32_t *value);

/* The function or label symbol at or below addr in the section holding addr:
 * its name (pointing into img) and addr's offset from it.  0, or -1. */
int elf_addr_symbol(const uint8_t *img, uint32_t size, uint32_t addr,
                    const char **name, uint32_t *off);
/* Is addr a function's entry: the value of an STT_FUNC symbol, and strictly
 * inside no STT_FUNC symbol's [value, value + size)?  0 yes; 1 no, with
 * *in the enclosing function's name and *off addr's offset in it (*in NULL:
 * no function starts at addr or holds it); -1 no valid .symtab. */
int elf_func_entry(const uint8_t *img, uint32_t size, uint32_t addr, const char **in, uint32_t *off);
/* The function (STT_FUNC with a size) holding addr: [*lo, *hi).  0, or -1. */
int elf_func_range(const uint8_t *img, uint32_t size, uint32_t addr, uint32_t *lo, uint32_t *hi);
/* The first function (STT_FUNC with a size, defined in a section, not
 * wrapping the address space) that starts at or after addr, the longest of
 * those starting there: 0 with its extent in [*lo, *hi), or -1 (none, or no
 * valid .symtab).  Walks every function in address order, each from its
 * own start: addr = 0, then *lo + 1 (no wrap: a function has a byte). */
int elf_func_from(const uint8_t *img, uint32_t size, uint32_t addr, uint32_t *lo, uint32_t *hi);
#endif
