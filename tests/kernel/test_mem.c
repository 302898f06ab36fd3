/* Foundation self-tests: paging protections, the alias text writer, the page
 * allocator and the heap.  The KTEST_MANUAL ones are negative controls that
 * crash on purpose (see tests/scenarios/neg-*.scn). */
#include "kernel/ktest.h"
#include "kernel/mem.h"
#include "kernel/fixup.h"
#include "kernel/x86.h"
#include "kernel/ipi.h"
#include "kernel/cpu.h"
#include "kernel/console.h"
#include "patch/livepatch.h"

uint32_t text_target_imm(void);
void text_target_cross_page(void);
static const uint32_t some_rodata = 0x12345678;
static volatile uint32_t some_data = 1;

KTEST(paging_text_is_readonly)
{
    uint8_t *code = (uint8_t *)text_target_imm;
    uint8_t before = code[0];
    KEXPECT(read_cr0() & CR0_WP);
    KEXPECT(!(*paging_pte((uint32_t)code) & PTE_W));
    KEXPECT(!(*paging_pte((uint32_t)&some_rodata) & PTE_W));
    KEXPECT(*paging_pte((uint32_t)&some_data) & PTE_W);
    KEXPECT_EQ(mem_try_write8(code, 0xCC), -1);            /* a direct write faults */
    KEXPECT_EQ(code[0], before);                             /* ... and changes nothing */
    KEXPECT_EQ(mem_try_write8((void *)&some_rodata, 0), -1);
    KEXPECT_EQ(some_rodata, 0x12345678);
    KEXPECT_EQ(mem_try_write8((void *)&some_data, 7), 0);
    KEXPECT_EQ(some_data, 7);
}

KTEST(paging_null_page_unmapped)
{
    KEXPECT(!mem_is_mapped(0, 1));
    KEXPECT_EQ(mem_try_read8((void *)0x10), -1);
    KEXPECT(mem_is_mapped((uint32_t)text_target_imm, 1));
}

KTEST(text_write_alias)
{
    uint8_t *imm = (uint8_t *)text_target_imm + 1;
    uint32_t v2 = 0x22222222, v1 = 0x11111111;
    KASSERT(text_target_imm() == 0x11111111);
    text_write(imm, &v2, 4);
    KEXPECT_MEMEQ(imm, &v2, 4);                              /* bytes changed */
    KEXPECT_EQ(text_target_imm(), 0x22222222);               /* and execute */
    KEXPECT(!(*paging_pte((uint32_t)imm) & PTE_W));          /* still read-only */
    KEXPECT(!mem_is_mapped(ALIAS_BASE, 1));                  /* alias gone */
    text_write(imm, &v1, 4);
    KEXPECT_EQ(text_target_imm(), 0x11111111);
}

KTEST(text_write_crosses_page)
{
    /* a write spanning two text pages goes through two alias mappings */
    uint8_t *p = (uint8_t *)text_target_cross_page;
    uint8_t save[4], junk[4] = { 0xCC, 0xCC, 0xCC, 0xCC };
    KASSERT(((uint32_t)p + 2) % PAGE_SIZE == 0);
    kmemcpy(save, p, 4);
    text_write(p, junk, 4);
    KEXPECT_MEMEQ(p, junk, 4);
    text_write(p, save, 4);
    KEXPECT_MEMEQ(p, save, 4);
}

KTEST(palloc_zeroed_and_poisoned)
{
    uint32_t before = palloc_free_count();
    uint8_t *pg = palloc();
    int i, nz = 0;
    KASSERT(pg != NULL);
    KEXPECT_EQ(palloc_free_count(), before - 1);
    KEXPECT_EQ((uint32_t)pg % PAGE_SIZE, 0);
    for (i = 0; i < (int)PAGE_SIZE; i++) nz += pg[i] != 0;
    KEXPECT_EQ(nz, 0);
    pfree(pg);
    KEXPECT_EQ(pg[100], 0x6B);
    KEXPECT_EQ(palloc_free_count(), before);
}

KTEST(kheap_alloc_free_poison)
{
    uint32_t used = kheap_used();
    uint8_t *a = kmalloc(100), *b = kzalloc(5000);
    KASSERT(a && b);
    KEXPECT_EQ((uint32_t)a % 16, 0);
    KEXPECT_EQ(b[4999], 0);
    KEXPECT(a + 100 <= b || b + 5000 <= a);
    kfree(a);
    KEXPECT_EQ(a[0], 0x6B);                                  /* freed memory poisoned */
    kfree(b);
    KEXPECT_EQ(kheap_used(), used);
}

/* Freed chunks merge with their free neighbours: a 20 KB block freed and then
 * split by a small request is not lost (without merging these 300 rounds
 * would strand 6 MB of the 8 MB heap), and everything freed comes back as
 * one block large enough for 4 MB. */
KTEST(kheap_coalesces)
{
    static void *small[300];
    uint32_t used = kheap_used();
    void *big;
    int i, ok = 1;
    for (i = 0; i < 300 && ok; i++) {
        big = kmalloc(20000);
        kfree(big);
        ok = big && (small[i] = kmalloc(64));
    }
    KASSERT(ok);
    for (i = 0; i < 300; i++)
        kfree(small[i]);
    KEXPECT_EQ(kheap_used(), used);
    big = kmalloc(4 << 20);
    KEXPECT(big != NULL);
    kfree(big);
}

/* Sizes that do not fit in 32 bits are refused, never wrapped (issue 39,
 * item 13): kmalloc's rounding to 16 bytes, kmalloc_array's product, a
 * page run of none or more than there are, a shadow variable's header plus
 * its size.  Nothing is allocated. */
#define HEAP_BYTES (8u << 20)
KTEST(alloc_sizes_that_wrap_are_refused)
{
    static const uint32_t big[4] = { 0xFFFFFFFFu, 0xFFFFFFF1u, 0xFFFFFFF0u - 16, 0x80000000u };
    uint32_t used = kheap_used(), pages = palloc_free_count();
    int i;
    for (i = 0; i < 4; i++) {
        void *p = kmalloc(big[i]);
        if (p)
            ktest_fail(ktest_ctx, __FILE__, __LINE__, "kmalloc(%#x) gave %p", big[i], p);
        KEXPECT(kzalloc(big[i]) == NULL);
    }
    KEXPECT(kmalloc_array(0x40000000u, 4) == NULL);      /* 2^32 */
    KEXPECT(kzalloc_array(0xFFFFFFFFu, 2) == NULL);
    KEXPECT(kmalloc((size_t)(HEAP_BYTES + 1)) == NULL);  /* more than the heap */
    KEXPECT(palloc_contig(0) == NULL);
    KEXPECT(palloc_contig(0xFFFFFFFFu) == NULL);
    KEXPECT(palloc_contig_raw(0) == NULL);
    KEXPECT(lp_shadow_alloc(&used, 0x39, 0xFFFFFFF0u, NULL, NULL) == NULL);   /* 16 + size: 0 */
    KEXPECT(lp_shadow_get(&used, 0x39) == NULL);
    KEXPECT_EQ(kheap_used(), used);
    KEXPECT_EQ(palloc_free_count(), pages);
}

/* Every byte of every allocation is the caller's: 3,000 random allocations
 * and frees (16 to 512 bytes, at most 48 live) each filled to its last byte
 * and checked when freed; a chunk handed out too small for its request lets
 * the fill run into its neighbour (its header: kfree panics; its payload:
 * the check fails). */
KTEST(kheap_every_byte_is_the_callers)
{
    static uint8_t *live[48];
    static uint32_t len[48];
    uint32_t used = kheap_used(), x = 12345, i, k, n, bad = 0;
    for (i = 0; i < 3000; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;
        k = x % 48;
        if (live[k]) {
            for (n = 0; n < len[k]; n++)
                bad += live[k][n] != (uint8_t)(k + n);
            kfree(live[k]);
            live[k] = NULL;
            continue;
        }
        len[k] = 16 + (x >> 8) % 497;
        KASSERT((live[k] = kmalloc(len[k])) != NULL);
        for (n = 0; n < len[k]; n++)
            live[k][n] = (uint8_t)(k + n);
    }
    for (k = 0; k < 48; k++) {
        for (n = 0; live[k] && n < len[k]; n++)
            bad += live[k][n] != (uint8_t)(k + n);
        kfree(live[k]);
        live[k] = NULL;
    }
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(kheap_used(), used);
}

/* Negative controls of the heap's own checks (neg-kheap-*.scn): each must
 * panic naming what was done. */
KTEST_MANUAL(kheap_double_free)
{
    void *p = kmalloc(64);
    kfree(p);
    kfree(p);
    KEXPECT(0);                                              /* not reached */
}

/* A byte written into a freed chunk: the allocations that follow walk the
 * free list in address order, and the one that gets the byte checks it. */
KTEST_MANUAL(kheap_write_after_free)
{
    uint8_t *p = kmalloc(64), *q;
    int i;
    kfree(p);
    p[10] ^= 1;
    for (i = 0; i < 200000 && (q = kmalloc(64)) && q <= p + 64; i++)
        ;
    KEXPECT(0);                                              /* not reached */
}

/* Negative controls: each ends the run with an exception report naming it. */
KTEST_MANUAL(bad_text_write)
{
    *(volatile uint8_t *)text_target_imm = 0xCC;
    KEXPECT(0);                                              /* not reached */
}

KTEST_MANUAL(bad_opcode)
{
    __asm__ volatile("ud2");
    KEXPECT(0);
}

KTEST_MANUAL(hang)
{
    for (;;)
        pause();
}

/* A hang whose CPU holds the console lock inside an NMI handler (NMIs
 * blocked there until an IRET that never comes): the runner's NMI reaches
 * only this CPU, whose report must break the lock to be seen
 * (neg-hang-console-held). */
static volatile int held;
static void hold_console_in_nmi(struct trapframe *tf)
{
    (void)tf;
    console_lock();
    held = 1;
    for (;;)
        pause();
}

KTEST_MANUAL(hang_console_held)
{
    KASSERT(ncpu >= 2);
    smp_nmi_call(cpu_id() ? 0 : 1, hold_console_in_nmi);
    while (!held)
        pause();
    for (;;)
        pause();
}
