/* Two-level 32-bit paging with 4 KiB pages (Intel SDM Vol. 3, 4.3).  RAM is
 * identity-mapped; kernel text, rodata and the symbol table are read-only and
 * CR0.WP makes that binding in ring 0, so a stray write to code faults.
 * Page 0 stays unmapped to catch NULL dereferences. */
#include "kernel/mem.h"
#include "kernel/panic.h"
#include "kernel/x86.h"
#include "kernel/console.h"

static uint32_t *pgdir;
static bool frozen;                  /* process directories copied the kernel's entries */
extern uint32_t mem_top;

NOPROBE uint32_t *paging_pte(uint32_t va)
{
    uint32_t pde = pgdir[va >> 22];
    if (!(pde & PTE_P))
        return NULL;
    return &((uint32_t *)(pde & ~0xFFFu))[(va >> 12) & 0x3FF];
}

void paging_map(uint32_t va, uint32_t pa, uint32_t flags)
{
    uint32_t *pde = &pgdir[va >> 22];
    if (va % PAGE_SIZE || pa % PAGE_SIZE)
        panic("paging_map: unaligned va %08x pa %08x", va, pa);
    if (!(*pde & PTE_P)) {
        uint32_t *pt;
        if (frozen)
            panic("paging_map: %08x needs a new kernel page table after uvm_init", va);
        pt = palloc();
        if (!pt)
            panic("paging_map: out of memory for a page table");
        *pde = (uint32_t)pt | PTE_P | PTE_W;
    }
    ((uint32_t *)(*pde & ~0xFFFu))[(va >> 12) & 0x3FF] = pa | flags | PTE_P;
    invlpg((void *)va);
}

void paging_unmap(uint32_t va)
{
    uint32_t *pte = paging_pte(va);
    if (!pte)
        panic("paging_unmap: %08x has no page table", va);
    *pte = 0;
    invlpg((void *)va);
}

bool mem_is_mapped(uint32_t va, uint32_t len)
{
    uint32_t p, end = va + len;
    if (end < va)
        return false;
    if (!pgdir)
        return true;                 /* paging off: all physical memory */
    for (p = ALIGN_DOWN(va, PAGE_SIZE); p < end; p += PAGE_SIZE) {
        uint32_t *pte = paging_pte(p);
        if (!pte || !(*pte & PTE_P))
            return false;
        if (p + PAGE_SIZE < p) break;
    }
    return true;
}

static bool is_readonly(uint32_t pa)
{
    return (pa >= (uint32_t)__text_start && pa < (uint32_t)__rodata_end) ||
           (pa >= (uint32_t)__ksymtab_start && pa < (uint32_t)__ksymtab_end);
}

/* RAM below top, a page table at a time: a paging_map call per page cost a
 * second of every -singlestep boot. */
static void map_ram(uint32_t top)
{
    uint32_t pa, *pt = NULL;
    for (pa = PAGE_SIZE; pa < top; pa += PAGE_SIZE) {
        if (!pt || pa % (4u << 20) == 0) {
            paging_map(pa, pa, 0);                   /* makes the table */
            pt = (uint32_t *)(pgdir[pa >> 22] & ~0xFFFu);
        }
        pt[(pa >> 12) & 0x3FF] = pa | (is_readonly(pa) ? 0 : PTE_W) | PTE_P;
    }
}

void paging_init(void)
{
    uint32_t pa, top = ALIGN_UP(mem_top, 4u << 20);
    pgdir = palloc();
    if (!pgdir)
        panic("paging_init: no page for the page directory");
    map_ram(top);
    for (pa = 0xFEC00000u; pa < 0xFEE01000u; pa += PAGE_SIZE)   /* IOAPIC..LAPIC */
        paging_map(pa, pa, PTE_W | PTE_PCD | PTE_PWT);
    paging_map(ALIAS_BASE, 0, 0);            /* create the alias page table now */
    paging_unmap(ALIAS_BASE);
    paging_enable_cpu();
    pr_info("paging: identity map to %08x, text %08x-%08x read-only\n", top,
            (uint32_t)__text_start, (uint32_t)__rodata_end);
}

/* From now on the kernel's page-directory entries are fixed: uspace=shared
 * process directories copy them (kernel/uvm.c). */
void paging_freeze(void)
{
    frozen = true;
}

void paging_enable_cpu(void)
{
    write_cr3((uint32_t)pgdir);
    write_cr0(read_cr0() | CR0_PG | CR0_WP);
}
