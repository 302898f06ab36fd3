/* Slot allocator (see slot.h): a fixed pool of SLOT_PAGES pages taken at
 * first use, a bitmap of SLOT_SIZE-byte slots, one lock.  Pages are remapped
 * read-only after being filled with ud2 (0F 0B, SDM Vol. 2 UD).  Allocation
 * is next-fit, so a freed slot stays poisoned for as long as possible before
 * it is reused: a late user then faults on ud2 instead of running someone
 * else's instruction (H8). */
#include "patch/slot.h"
#include "kernel/mem.h"
#include "kernel/spinlock.h"
#include "kernel/panic.h"
#include "patch/poke.h"

#define PER_PAGE (PAGE_SIZE / SLOT_SIZE)
#define NSLOTS   (SLOT_PAGES * PER_PAGE)

static uint8_t *pool;
uint32_t slot_pool_start;               /* (uint32_t)pool, for code_home's quick test */
_Static_assert(SLOT_POOL_BYTES == SLOT_PAGES * PAGE_SIZE, "patch/slot.h: the pool's size");
static uint32_t used[NSLOTS / 32];
/* Per slot: the kernel-text address whose code the slot runs (a detour
 * buffer's probe address), or 0.  Plain words, read with no lock (stack
 * checks in a rendezvous): set before the code is reachable, cleared when
 * the slot is freed, after every check found nobody inside. */
static uint32_t owner[NSLOTS];
static int nused, next_hint;
static struct spinlock slock = SPINLOCK_INIT("slot");

static void fill_ud2(uint8_t *p, int n)
{
    uint8_t ud2[SLOT_SIZE];
    int i;
    for (i = 0; i < SLOT_SIZE; i += 2) { ud2[i] = 0x0F; ud2[i + 1] = 0x0B; }
    for (i = 0; i < n; i++)
        text_write(p + i * SLOT_SIZE, ud2, SLOT_SIZE);
}

/* Boot CPU, before the APs start: no other TLB can hold the pages' old
 * writable mapping, so the local invlpg inside paging_map suffices. */
void slot_init(void)
{
    int i;
    pool = palloc_contig(SLOT_PAGES);
    if (!pool)
        panic("slot: no %d contiguous pages for instruction slots", SLOT_PAGES);
    slot_pool_start = (uint32_t)pool;
    for (i = 0; i < SLOT_PAGES * PAGE_SIZE / 4; i++)     /* still writable: no alias */
        ((uint32_t *)pool)[i] = 0x0B0F0B0Fu;             /* ud2 ud2 */
    for (i = 0; i < SLOT_PAGES; i++) {
        uint32_t va = (uint32_t)pool + i * PAGE_SIZE;
        paging_map(va, va, 0);                           /* read-only, like text */
    }
}

static bool is_used(int i) { return used[i / 32] >> (i % 32) & 1; }
static void set_used(int i, bool u)
{
    if (u) used[i / 32] |= 1u << (i % 32);
    else used[i / 32] &= ~(1u << (i % 32));
}

uint8_t *slot_alloc_n(int n)
{
    int i, k, found = -1;
    uint32_t f;
    ASSERT(n >= 1 && n <= PER_PAGE);
    ASSERT(pool != NULL);
    f = spin_lock_irqsave(&slock);
    for (i = 0; i < NSLOTS && found < 0; i++) {
        int at = (next_hint + i) % NSLOTS;
        if ((at % PER_PAGE) + n > PER_PAGE) continue;    /* stay within a page */
        for (k = 0; k < n && !is_used(at + k); k++) ;
        if (k == n) found = at;
    }
    if (found >= 0) {
        for (k = 0; k < n; k++) set_used(found + k, true);
        nused += n;
        next_hint = (found + n) % NSLOTS;
    }
    spin_unlock_irqrestore(&slock, f);
    return found < 0 ? NULL : pool + found * SLOT_SIZE;
}

uint8_t *slot_alloc(void) { return slot_alloc_n(1); }

void slot_free_n(uint8_t *s, int n)
{
    int i = (int)(s - pool) / SLOT_SIZE, k;
    uint32_t f;
    if (!pool || s < pool || (s - pool) % SLOT_SIZE || i + n > NSLOTS)
        panic("slot_free: %p is not a slot", s);
    ASSERT(text_lock_held());             /* no rewrite pass may restore it */
    for (k = 0; k < n; k++)
        __atomic_store_n(&owner[i + k], 0, __ATOMIC_RELEASE);
    text_patch_forget(s, n * SLOT_SIZE);
    fill_ud2(s, n);                                      /* poison before reuse */
    f = spin_lock_irqsave(&slock);
    for (k = 0; k < n; k++) {
        if (!is_used(i + k))
            panic("slot_free: slot %p freed twice", s + k * SLOT_SIZE);
        set_used(i + k, false);
    }
    nused -= n;
    spin_unlock_irqrestore(&slock, f);
}

void slot_free(uint8_t *s) { slot_free_n(s, 1); }

bool slot_contains(uint32_t addr)
{
    return pool && addr >= (uint32_t)pool && addr < (uint32_t)pool + SLOT_PAGES * PAGE_SIZE;
}

int slot_in_use(void) { return nused; }

void slot_set_owner(uint8_t *s, int n, uint32_t text)
{
    int i = (int)(s - pool) / SLOT_SIZE, k;
    if (!pool || s < pool || (s - pool) % SLOT_SIZE || i + n > NSLOTS)
        panic("slot_set_owner: %p is not a slot", s);
    for (k = 0; k < n; k++)
        __atomic_store_n(&owner[i + k], text, __ATOMIC_RELEASE);
}

uint32_t slot_owner(uint32_t addr)
{
    if (!slot_contains(addr))
        return 0;
    return __atomic_load_n(&owner[(addr - (uint32_t)pool) / SLOT_SIZE], __ATOMIC_ACQUIRE);
}

/* For fault reports: is addr inside a slot that is currently free? */
bool slot_is_free(uint32_t addr)
{
    int i;
    if (!slot_contains(addr))
        return false;
    i = (int)(addr - (uint32_t)pool) / SLOT_SIZE;
    return !is_used(i);
}
