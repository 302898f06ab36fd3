/* Global descriptor table: flat ring-0 and ring-3 code/data segments plus
 * one data segment per CPU whose base is that CPU's struct cpu (loaded into
 * %fs).  Intel SDM Vol. 3, 3.4.5 (segment descriptors) and 3.5.1 (GDT).  The
 * table is entry data (kernel/entry.h): mapped in user page tables too. */
#include "kernel/cpu.h"
#include "kernel/gdt.h"
#include "kernel/panic.h"
#include "kernel/entry.h"

struct cpu cpus[NCPU_MAX];
int ncpu = 1;
int ncpu_found = 1;

static uint64_t gdt[GDT_NENTRIES] ENTRY_DATA __attribute__((aligned(8)));

static uint64_t seg_desc(uint32_t base, uint32_t limit, uint32_t type)
{
    /* type: access byte; flags: 4K granularity, 32-bit */
    uint64_t d = (limit & 0xFFFF) | ((uint64_t)(base & 0xFFFFFF) << 16);
    d |= (uint64_t)type << 40;
    d |= (uint64_t)((limit >> 16) & 0xF) << 48;
    d |= (uint64_t)0xC << 52;
    d |= (uint64_t)(base >> 24) << 56;
    return d;
}

void gdt_init_cpu(int id)
{
    struct { uint16_t lim; uint32_t base; } __attribute__((packed)) gdtr;
    if (id < 0 || id >= NCPU_MAX)
        panic("gdt_init_cpu: bad cpu %d", id);
    if (id == 0) {
        /* accessed bits preset: the CPU never writes the table */
        gdt[GDT_KCODE] = seg_desc(0, 0xFFFFF, 0x9B);
        gdt[GDT_KDATA] = seg_desc(0, 0xFFFFF, 0x93);
        gdt[GDT_UCODE] = seg_desc(0, 0xFFFFF, 0xFB);
        gdt[GDT_UDATA] = seg_desc(0, 0xFFFFF, 0xF3);
    }
    cpus[id].self = &cpus[id];
    cpus[id].id = id;
    gdt[GDT_PERCPU + id] = seg_desc((uint32_t)&cpus[id], 0xFFFFF, 0x93);
    gdtr.lim = sizeof(gdt) - 1;
    gdtr.base = (uint32_t)gdt;
    __asm__ volatile(
        "lgdt %0\n\t"
        "ljmp %1, $1f\n1:\n\t"
        "movw %2, %%ax\n\t"
        "movw %%ax, %%ss\n\tmovw %%ax, %%gs\n\t"
        "movw %4, %%ax\n\tmovw %%ax, %%ds\n\tmovw %%ax, %%es\n\t"
        "movw %3, %%ax\n\tmovw %%ax, %%fs\n\t"
        :: "m"(gdtr), "i"(SEL_KCODE), "i"(SEL_KDATA), "r"((uint16_t)((GDT_PERCPU + id) << 3)),
           "i"(SEL_UDATA)
        : "eax", "memory");
}

void gdt_set_system(int slot, uint32_t base, uint32_t limit, uint8_t type)
{
    if (slot < GDT_TSS || slot >= GDT_NENTRIES || limit > 0xFFFFF)
        panic("gdt_set_system: bad slot %d or limit %#x", slot, limit);
    gdt[slot] = (limit & 0xFFFF) | ((uint64_t)(base & 0xFFFFFF) << 16) |
                ((uint64_t)type << 40) | ((uint64_t)((limit >> 16) & 0xF) << 48) |
                ((uint64_t)(base >> 24) << 56);
}
