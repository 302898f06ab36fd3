/* Task-state segments (Intel SDM Vol. 3, 7.2.1 32-bit TSS layout): one per
 * CPU (loaded in TR: ss0/esp0 are the stack of an interrupt from user mode,
 * SDM 6.12.1) and one double-fault task reached through a task gate on
 * vector 8. */
#ifndef TSS_H
#define TSS_H
#include "kernel/types.h"

struct tss {                          /* SDM Figure 7-2, 104 bytes */
    uint16_t link, r0;
    uint32_t esp0; uint16_t ss0, r1;
    uint32_t esp1; uint16_t ss1, r2;
    uint32_t esp2; uint16_t ss2, r3;
    uint32_t cr3, eip, eflags, eax, ecx, edx, ebx, esp, ebp, esi, edi;
    uint16_t es, r4, cs, r5, ss, r6, ds, r7, fs, r8, gs, r9, ldt, r10;
    uint16_t trap, iomap;
} __attribute__((packed));

void tss_init(void);                  /* BSP after paging: DF task + IDT gate */
void tss_init_cpu(int id);            /* every CPU: load TR */
void tss_set_esp0(int id, uint32_t esp0);   /* ring-3 interrupts' kernel stack */
#endif
