/* Physical pages, the kernel heap, paging and the text writer.
 * All RAM below MEM_LIMIT is identity-mapped (virtual == physical). */
#ifndef MEM_H
#define MEM_H
#include "kernel/types.h"

#define MEM_LIMIT   (512u << 20)     /* highest RAM we map and manage */
#define ALIAS_BASE  0xFF800000u      /* per-CPU alias windows for text_write */
/* probe_read_user's alias slots (kernel/uread.c), above text_write's NCPU_MAX:
 * one page per CPU and nesting level, all in the same (kernel) page table. */
#define ALIAS_UREAD (ALIAS_BASE + 64 * PAGE_SIZE)

struct multiboot_info;
void mem_init(struct multiboot_info *mb);   /* page allocator + heap */
void paging_init(void);                     /* boot CPU: build and enable */
void paging_enable_cpu(void);               /* other CPUs: load CR3, enable */

void *palloc(void);                         /* one zeroed 4 KiB page, or NULL */
void *palloc_contig(uint32_t npages);            /* NULL for 0 pages, or more than RAM has */
void *palloc_contig_raw(uint32_t npages);        /* not zeroed */
void pfree(void *page);
uint32_t palloc_free_count(void);

/* NULL for a size the heap cannot give, or one that does not fit in 32 bits
 * once rounded to 16 (kernel/size.h); kmalloc_array: n * each bytes, NULL
 * where that product does not fit (never a wrapped, smaller block). */
void *kmalloc(size_t n);
void *kzalloc(size_t n);
void *kmalloc_array(uint32_t n, uint32_t each);
void *kzalloc_array(uint32_t n, uint32_t each);
void kfree(void *p);
uint32_t kheap_used(void);

bool mem_is_mapped(uint32_t va, uint32_t len);
uint32_t *paging_pte(uint32_t va);          /* PTE for va, or NULL */
void paging_map(uint32_t va, uint32_t pa, uint32_t flags);
void paging_unmap(uint32_t va);             /* e.g. a stack guard page */
void paging_freeze(void);                   /* no new kernel page table from now on */

/* Write n bytes into read-only kernel text through a temporary writable alias
 * mapping of the same physical page(s); verifies the bytes through the
 * original mapping afterwards.  Panics if dst is not mapped. */
void text_write(void *dst, const void *src, size_t n);
void text_store(void *dst, const void *src, size_t n);    /* text_write without its serialize */
void text_store8(void *dst, const uint8_t old[8], const uint8_t new[8]);   /* one atomic aligned store */

#define PTE_P   0x001
#define PTE_W   0x002
#define PTE_PWT 0x008
#define PTE_PCD 0x010

extern char __text_start[], __text_end[], __rodata_start[], __rodata_end[];
extern char __data_start[], __bss_end[], __ksymtab_start[], __ksymtab_end[], __kernel_end[];
extern char __noprobe_start[], __noprobe_end[];

/* String instructions (SDM vol. 2B, REP MOVS/STOS): a byte loop costs four
 * instructions a byte, and under -singlestep each is a translation block of
 * its own (the boot's 16 MiB of heap zeroing and poisoning took 7 s).  Both
 * copy forwards, as the byte loops did; the kernel runs with DF clear. */
static inline void *kmemcpy(void *d, const void *s, size_t n)
{
    void *dd = d; size_t words = n / 4, bytes = n % 4;
    __asm__ volatile("rep movsl" : "+D"(dd), "+S"(s), "+c"(words) :: "memory");
    __asm__ volatile("rep movsb" : "+D"(dd), "+S"(s), "+c"(bytes) :: "memory");
    return d;
}
static inline void *kmemset(void *d, int c, size_t n)
{
    void *dd = d; size_t words = n / 4, bytes = n % 4;
    uint32_t v = (uint8_t)c * 0x01010101u;
    __asm__ volatile("rep stosl" : "+D"(dd), "+c"(words) : "a"(v) : "memory");
    __asm__ volatile("rep stosb" : "+D"(dd), "+c"(bytes) : "a"(v) : "memory");
    return d;
}
/* Four bytes a step while they match (x86 reads unaligned words), then the
 * first differing byte decides, as the byte loop would. */
static inline int kmemcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (; n >= 4; n -= 4, x += 4, y += 4) {
        uint32_t u, v;
        __builtin_memcpy(&u, x, 4);
        __builtin_memcpy(&v, y, 4);
        if (u != v)
            break;
    }
    for (; n; n--, x++, y++)
        if (*x != *y) return *x - *y;
    return 0;
}
static inline int kstrcmp(const char *a, const char *b)
{
    while (*a && *a == *b) a++, b++;
    return (unsigned char)*a - (unsigned char)*b;
}
static inline size_t kstrlen(const char *s)
{
    size_t n = 0;
    while (s[n]) n++;
    return n;
}
#endif
