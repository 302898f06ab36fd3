/* The entry area: the code and data the CPU and kernel/trapasm.S touch
 * between a user-mode interrupt and the switch to the kernel's page tables
 * (uspace=split), mapped supervisor-only in every process's page directory
 * too: the vector stubs and alltraps/trapret (section .entry.text), the GDT,
 * IDT and TSSs and the two words below (section .entry.data).  Page-aligned
 * by linker.ld.  The idea of the 4G/4G patch's trampoline and Linux's PTI
 * entry area (Intel SDM Vol. 3, 6.12.1: what an interrupt reads). */
#ifndef ENTRY_H
#define ENTRY_H
#include "kernel/types.h"

#define ENTRY_DATA __attribute__((section(".entry.data")))

extern char __entry_text_start[], __entry_text_end[];
extern char __entry_data_start[], __entry_data_end[];

/* Read by alltraps/trapret (contract with kernel/trapasm.S): */
extern uint32_t entry_split;       /* 1: uspace=split, switch CR3 on entry and exit */
extern uint32_t entry_kernel_cr3;  /* the kernel's page directory */
#endif
