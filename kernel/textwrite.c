/* text_write: modify read-only code through a temporary writable alias of the
 * same physical page (the alias-PTE idea of the 2005 dprobes discussion).
 * Each CPU owns one alias page at ALIAS_BASE + id * 4 KiB (writes are split at
 * page boundaries); only that CPU touches it, so a local invlpg suffices.
 * SDM Vol. 3, 4.10.4 (TLB invalidation).  Callers serialize other CPUs. */
#include "kernel/mem.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"
#include "kernel/x86.h"

static uint32_t alias_slot(void)
{
    return ALIAS_BASE + (uint32_t)cpu_id() * PAGE_SIZE;
}

/* The alias page table exists from paging_init, so no allocation (and no
 * lock) is on this path: the writer runs it in stop-machine too. */
NOPROBE static void write_chunk(uint8_t *dst, const uint8_t *src, size_t n)
{
    uint32_t va = (uint32_t)dst, *pte = paging_pte(va), alias = alias_slot();
    uint32_t *apte = paging_pte(alias), f = read_eflags();
    size_t i;
    if (!pte || !(*pte & PTE_P) || !apte)
        panic("text_write: destination %08x or alias %08x is not mapped", va, alias);
    cli();                                       /* keep this CPU's slot ours */
    *apte = (*pte & ~0xFFFu) | PTE_W | PTE_P;
    invlpg((void *)alias);
    for (i = 0; i < n; i++)
        ((volatile uint8_t *)alias)[(va & 0xFFF) + i] = src[i];
    *apte = 0;
    invlpg((void *)alias);
    if (f & EFLAGS_IF) sti();
}

/* The store alone: the caller serializes (a core sync, a rendezvous) before
 * any CPU, this one included, may run the new bytes. */
NOPROBE void text_store(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (n) {
        size_t room = PAGE_SIZE - ((uint32_t)d & 0xFFF), k = n < room ? n : room;
        write_chunk(d, s, k);
        if (kmemcmp(d, s, k))
            panic("text_write: bytes at %p differ after the write", d);
        d += k; s += k; n -= k;
    }
}

/* One locked 8-byte compare-and-exchange at dst, which must be 8-aligned:
 * an aligned quadword is written at once, and CMPXCHG8B with LOCK is atomic
 * (SDM Vol. 3, 8.1.1, 8.1.2.2), so no reader, an NMI's fetch on another CPU
 * included, sees part of it.  old: the 8 bytes there now (checked). */
void text_store8(void *dst, const uint8_t old[8], const uint8_t new[8])
{
    uint32_t va = (uint32_t)dst, *pte = paging_pte(va), alias = alias_slot();
    uint32_t *apte = paging_pte(alias), f = read_eflags();
    uint64_t o, w;
    bool ok;
    if (va & 7)
        panic("text_store8: %p is not 8-aligned", dst);
    if (!pte || !(*pte & PTE_P) || !apte)
        panic("text_store8: destination %08x or alias %08x is not mapped", va, alias);
    kmemcpy(&o, old, 8);
    kmemcpy(&w, new, 8);
    cli();                                       /* keep this CPU's slot ours */
    *apte = (*pte & ~0xFFFu) | PTE_W | PTE_P;
    invlpg((void *)alias);
    __asm__ volatile("lock cmpxchg8b %1; sete %0"      /* gcc calls libatomic for it at -march=i686 */
                     : "=q"(ok), "+m"(*(volatile uint64_t *)(alias + (va & 0xFFF))), "+A"(o)
                     : "b"((uint32_t)w), "c"((uint32_t)(w >> 32)) : "memory", "cc");
    *apte = 0;
    invlpg((void *)alias);
    if (f & EFLAGS_IF) sti();
    if (!ok)
        panic("text_store8: the 8 bytes at %p changed under the write", dst);
}

NOPROBE void text_write(void *dst, const void *src, size_t n)
{
    text_store(dst, src, n);
    serialize();                                 /* this CPU sees the new code */
}
