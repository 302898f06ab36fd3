/* Executable slots for out-of-line code (single-step copies, trampolines).
 * Slot pages are mapped read-only like kernel text and written only through
 * text_write(); a freed slot is filled with ud2 so a late user faults at once
 * (H8).  Slots are SLOT_SIZE bytes; slot_alloc_n takes contiguous slots. */
#ifndef SLOT_H
#define SLOT_H
#include "kernel/types.h"

#define SLOT_SIZE   32
#define SLOT_PAGES  256

void slot_init(void);                  /* boot CPU, before the APs start */
/* Allocation and release: caller holds the text lock (patch/poke.c). */
uint8_t *slot_alloc(void);
uint8_t *slot_alloc_n(int n);          /* n contiguous slots in one page */
void slot_free(uint8_t *s);
void slot_free_n(uint8_t *s, int n);
bool slot_contains(uint32_t addr);     /* inside any slot page? */
bool slot_is_free(uint32_t addr);      /* inside a slot not allocated now? */
int slot_in_use(void);
/* The kernel-text address whose code n slots from s run (a detour buffer:
 * its probe's address), set by their user before the code is reachable and
 * cleared by slot_free_n; slot_owner reads it with no lock (0: none). */
void slot_set_owner(uint8_t *s, int n, uint32_t text);
uint32_t slot_owner(uint32_t addr);
/* The pool: [slot_pool_start, + SLOT_POOL_BYTES) once slot_init ran. */
extern uint32_t slot_pool_start;
#define SLOT_POOL_BYTES (SLOT_PAGES * 4096u)
#endif
