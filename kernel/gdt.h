/* GDT slot numbers and selectors (Intel SDM Vol. 3, 3.4.2 selectors). */
#ifndef GDT_H
#define GDT_H
#include "kernel/cpu.h"
#define GDT_KCODE  1
#define GDT_KDATA  2
#define GDT_PERCPU 3
#define GDT_TSS    (GDT_PERCPU + NCPU_MAX)   /* one TSS per CPU (kernel/tss.c) */
#define GDT_DFTSS  (GDT_TSS + NCPU_MAX)      /* the double-fault task's TSS */
#define GDT_NENTRIES (GDT_DFTSS + 1)
#define SEL_KCODE  (GDT_KCODE << 3)
#define SEL_KDATA  (GDT_KDATA << 3)
#ifndef __ASSEMBLY__
/* A system-segment descriptor (byte granular), e.g. a TSS (type 0x89). */
void gdt_set_system(int slot, uint32_t base, uint32_t limit, uint8_t type);
#endif
#endif
