/* GDT slot numbers and selectors (Intel SDM Vol. 3, 3.4.2 selectors).
 * The kernel runs with %ds/%es = SEL_UDATA (a DPL-3 flat data segment is
 * usable at CPL 0), so a return to user mode has no data segment to load. */
#ifndef GDT_H
#define GDT_H
#include "kernel/cpu.h"
#define GDT_KCODE  1
#define GDT_KDATA  2
#define GDT_PERCPU 3
#define GDT_TSS    (GDT_PERCPU + NCPU_MAX)   /* one TSS per CPU (kernel/tss.c) */
#define GDT_DFTSS  (GDT_TSS + NCPU_MAX)      /* the double-fault task's TSS */
#define GDT_UCODE  (GDT_DFTSS + 1)        /* ring 3 flat code */
#define GDT_UDATA  (GDT_DFTSS + 2)        /* ring 3 flat data: also the kernel's %ds/%es */
#define GDT_NENTRIES (GDT_UDATA + 1)
#define SEL_KCODE  (GDT_KCODE << 3)
#define SEL_KDATA  (GDT_KDATA << 3)
#define SEL_UCODE  ((GDT_UCODE << 3) | 3)
#define SEL_UDATA  ((GDT_UDATA << 3) | 3)
/* %fs selector from the TR selector (kernel/trapasm.S reloads %fs on entry
 * from user mode with `str`): GDT_TSS + id and GDT_PERCPU + id differ by this. */
#define SEL_TR_TO_FS ((GDT_TSS - GDT_PERCPU) << 3)
#ifndef __ASSEMBLY__
/* A system-segment descriptor (byte granular), e.g. a TSS (type 0x89). */
void gdt_set_system(int slot, uint32_t base, uint32_t limit, uint8_t type);
#endif
#endif
