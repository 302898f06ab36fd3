/* Physical page allocator: a bitmap over RAM below MEM_LIMIT, seeded from the
 * multiboot memory map (Multiboot 0.6.96, 3.3) minus the kernel image, the
 * first megabyte and the boot modules.  One lock; pages come back zeroed
 * (palloc_contig_raw: as they were). */
#include "kernel/mem.h"
#include "kernel/multiboot.h"
#include "kernel/spinlock.h"
#include "kernel/panic.h"
#include "kernel/console.h"
#include "kernel/size.h"

#define NPAGES (MEM_LIMIT / PAGE_SIZE)
static uint32_t used_map[NPAGES / 32];     /* bit set = not free */
static uint32_t nfree;
static struct spinlock plock = SPINLOCK_INIT("palloc");
uint32_t mem_top;                          /* end of highest usable RAM */

static void mark(uint32_t pfn, bool used)
{
    if (used) used_map[pfn / 32] |= 1u << (pfn % 32);
    else used_map[pfn / 32] &= ~(1u << (pfn % 32));
}
static bool is_used(uint32_t pfn) { return used_map[pfn / 32] >> (pfn % 32) & 1; }

static void reserve(uint32_t addr, uint32_t len)
{
    uint32_t pfn, last;
    if (!size_last(addr, len, &last))
        return;                              /* empty; past 2^32: to the top, not wrapped */
    for (pfn = addr / PAGE_SIZE; pfn <= last / PAGE_SIZE && pfn < NPAGES; pfn++)
        if (!is_used(pfn)) { mark(pfn, true); nfree--; }
}

void palloc_init(struct multiboot_info *mb)
{
    struct mem_region r[32];
    int n, i;
    uint32_t pfn, kend = ALIGN_UP((uint32_t)__kernel_end, PAGE_SIZE);
    if (!(mb->flags & MB_INFO_MMAP))
        panic("palloc_init: boot loader gave no memory map (multiboot flag 6)");
    n = mb_parse_mmap((void *)mb->mmap_addr, mb->mmap_length, MEM_LIMIT, r, 32);
    if (n <= 0)
        panic("palloc_init: malformed or empty multiboot memory map");
    kmemset(used_map, 0xFF, sizeof used_map);
    for (i = 0; i < n; i++) {
        uint32_t s = ALIGN_UP((uint32_t)r[i].base, PAGE_SIZE) / PAGE_SIZE;
        uint32_t e = (uint32_t)(r[i].base + r[i].len) / PAGE_SIZE;
        for (pfn = s; pfn < e; pfn++)
            if (pfn * PAGE_SIZE >= kend) { mark(pfn, false); nfree++; }
        if (e * PAGE_SIZE > mem_top) mem_top = e * PAGE_SIZE;
    }
    reserve((uint32_t)mb, sizeof *mb);              /* boot info stays readable */
    reserve(mb->mmap_addr, mb->mmap_length);
    if (mb->flags & MB_INFO_CMDLINE)
        reserve(mb->cmdline, 4096);
    pr_info("mem: %d regions, %u MiB usable above the kernel, top %08x\n", n,
            nfree / 256, mem_top);
}

static void *alloc_run(uint32_t npages)
{
    uint32_t pfn, run = 0;
    if (!npages || npages > NPAGES)
        return NULL;                         /* a run of none would be a page not taken */
    for (pfn = 0; pfn < NPAGES; pfn++) {
        if (pfn % 32 == 0 && used_map[pfn / 32] == ~0u) {
            pfn += 31, run = 0;                      /* 32 used pages at once */
            continue;
        }
        run = is_used(pfn) ? 0 : run + 1;
        if (run == npages) {
            uint32_t s = pfn + 1 - npages, k;
            for (k = s; k <= pfn; k++) mark(k, true);
            nfree -= npages;
            return (void *)(s * PAGE_SIZE);
        }
    }
    return NULL;
}

/* Pages holding whatever they held: for a caller that fills them at once. */
void *palloc_contig_raw(uint32_t npages)
{
    uint32_t f = spin_lock_irqsave(&plock);
    void *p = alloc_run(npages);
    spin_unlock_irqrestore(&plock, f);
    return p;
}

void *palloc_contig(uint32_t npages)
{
    void *p = palloc_contig_raw(npages);
    if (p)
        kmemset(p, 0, npages * PAGE_SIZE);
    return p;
}

void *palloc(void) { return palloc_contig(1); }

void pfree(void *page)
{
    uint32_t pfn = (uint32_t)page / PAGE_SIZE, f;
    if ((uint32_t)page % PAGE_SIZE || pfn >= NPAGES)
        panic("pfree: bad page %p", page);
    kmemset(page, 0x6B, PAGE_SIZE);        /* poison: a late user sees garbage */
    f = spin_lock_irqsave(&plock);
    if (!is_used(pfn))
        panic("pfree: double free of %p", page);
    mark(pfn, false);
    nfree++;
    spin_unlock_irqrestore(&plock, f);
}

uint32_t palloc_free_count(void) { return nfree; }
