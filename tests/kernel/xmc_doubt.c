/* A reviewer's cells for the cross-modifying-code checker (docs/xmc.md):
 * code that spans two physical pages not next to each other, stores that
 * straddle a page boundary, code rewritten by each kind of store, and code
 * run in an interrupt handler (delivery does not serialize).  CPU 1 runs the
 * code with interrupts off and serves core syncs only by polling. */
#include "kernel/ktest.h"
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/ipi.h"
#include "kernel/x86.h"
#include "kernel/mem.h"
#include "kernel/param.h"

static volatile int xd_go, xd_ran, xd_ready, xd_stop, xd_irqs;
static volatile uint32_t xd_result;
static uint32_t (*volatile xd_fn)(void);

/* CPU 1's loop: runs xd_fn when asked; a core sync only while its sender
 * waits (no IRET between a write and the run: it would serialize). */
static void xd_target(void *arg)
{
    (void)arg;
    if (!xd_irqs)
        cli();
    xd_ready = 1;
    while (!READ_ONCE(xd_stop)) {
        if (__atomic_exchange_n(&xd_go, 0, __ATOMIC_ACQ_REL)) {
            xd_result = xd_fn();
            __atomic_fetch_add(&xd_ran, 1, __ATOMIC_RELEASE);
        } else if (!xd_irqs && READ_ONCE(smp_call_waiters)) {
            smp_call_poll();
        }
        pause();
    }
    sti();
}

static uint32_t xd_run_on_1(uint32_t (*fn)(void))
{
    int ran = xd_ran;
    xd_fn = fn;
    xd_go = 1;
    while (READ_ONCE(xd_ran) == ran)
        pause();
    return xd_result;
}

static struct thread *xd_start(int irqs)
{
    struct thread *t;
    xd_ready = xd_stop = xd_ran = xd_go = 0;
    xd_irqs = irqs;
    if (!(t = thread_create("xmc-doubt", xd_target, NULL, 1u << 1)))
        return NULL;
    while (!READ_ONCE(xd_ready))
        pause();
    return t;
}

static void xd_end(struct thread *t)
{
    xd_stop = 1;
    thread_join(t);
}

/* Two linear pages at XD_WIN: the first of three contiguous physical pages
 * and the third; the middle one (the first's physical neighbour) is a decoy
 * that holds only "ret" at its start. */
#define XD_WIN (ALIAS_BASE + 33 * PAGE_SIZE)   /* past the text writer's NCPU_MAX slots */
static uint8_t *xd_pages;

static int xd_map(void)
{
    uint32_t *p0 = paging_pte(XD_WIN), *p1 = paging_pte(XD_WIN + PAGE_SIZE);
    if (!p0 || !p1 || *p0 || *p1 || !(xd_pages = palloc_contig(3)))
        return -1;
    xd_pages[PAGE_SIZE] = 0xc3;
    *p0 = (uint32_t)xd_pages | PTE_W | PTE_P;
    *p1 = (uint32_t)(xd_pages + 2 * PAGE_SIZE) | PTE_W | PTE_P;
    invlpg((void *)XD_WIN);
    invlpg((void *)(XD_WIN + PAGE_SIZE));
    return 0;
}

static void xd_unmap(void)
{
    int i;
    *paging_pte(XD_WIN) = 0;
    *paging_pte(XD_WIN + PAGE_SIZE) = 0;
    tlb_shootdown(XD_WIN);
    tlb_shootdown(XD_WIN + PAGE_SIZE);
    for (i = 0; i < 3; i++)
        pfree(xd_pages + i * PAGE_SIZE);
}

/* xmc_span_sync=0: the control neg-xmc-span-page (X1 expected). */
static int xmc_span_sync = 1;
KPARAM_INT("xmc_span_sync", xmc_span_sync, 0, 1, "xmc_span_insn: sync cores between the change and the run");

/* mov $imm32,%eax across the window's page boundary (3 bytes in the first
 * physical page, 2 in the third), then ret.  CPU 0 changes the immediate's
 * last byte in the third page; CPU 1 runs it again.  Without a sync that is
 * X1 whichever physical page the byte is in. */
KTEST(xmc_span_insn)
{
    static const uint8_t code[] = { 0xb8, 0x11, 0x22, 0x33, 0x44, 0xc3 };
    uint8_t *at = (uint8_t *)XD_WIN + PAGE_SIZE - 3;
    struct thread *t;
    if (ncpu < 2)
        return;
    KASSERT(xd_map() == 0);
    kmemcpy(at, code, sizeof(code));
    sync_cores();
    KASSERT((t = xd_start(0)));
    KEXPECT_EQ(xd_run_on_1((uint32_t (*)(void))at), 0x44332211);
    xd_pages[2 * PAGE_SIZE + 1] = 0x55;            /* through the identity map */
    if (xmc_span_sync)
        sync_cores();
    KEXPECT_EQ(xd_run_on_1((uint32_t (*)(void))at), 0x55332211);
    xd_end(t);
    xd_unmap();
}

/* xmc_straddle_sync=0: the control neg-xmc-straddle-store (X1 expected). */
static int xmc_straddle_sync = 1;
KPARAM_INT("xmc_straddle_sync", xmc_straddle_sync, 0, 1,
           "xmc_straddle_store: sync cores between the store and the run");

/* Code at the third page's start (mov $imm32,%eax; ret), run by CPU 1
 * through the identity map; CPU 0 changes its first two bytes with one
 * 32-bit store at the window's last two bytes of its first page. */
KTEST(xmc_straddle_store)
{
    static const uint8_t code[] = { 0xb8, 0x11, 0x22, 0x33, 0x44, 0xc3 };
    uint8_t *third;
    struct thread *t;
    if (ncpu < 2)
        return;
    KASSERT(xd_map() == 0);
    third = xd_pages + 2 * PAGE_SIZE;
    kmemcpy(third, code, sizeof(code));
    sync_cores();
    KASSERT((t = xd_start(0)));
    KEXPECT_EQ(xd_run_on_1((uint32_t (*)(void))third), 0x44332211);
    *(volatile uint32_t *)(XD_WIN + PAGE_SIZE - 2) = 0x55b8a5a5u;   /* a5 a5 | b8 55 */
    if (xmc_straddle_sync)
        sync_cores();
    KEXPECT_EQ(xd_run_on_1((uint32_t (*)(void))third), 0x44332255);
    xd_end(t);
    xd_unmap();
}

/* A false positive: after the same straddling store, CPU 1 runs the decoy
 * page (the first page's physical neighbour, which no store reached after
 * the sync).  Nothing there changed: the checker must stay quiet. */
KTEST(xmcfp_straddle_decoy)
{
    struct thread *t;
    if (ncpu < 2)
        return;
    KASSERT(xd_map() == 0);
    sync_cores();
    KASSERT((t = xd_start(0)));
    *(volatile uint32_t *)(XD_WIN + PAGE_SIZE - 2) = 0x90909090u;
    xd_run_on_1((uint32_t (*)(void))(xd_pages + PAGE_SIZE));
    KEXPECT_EQ(xd_pages[PAGE_SIZE], 0xc3);
    xd_end(t);
    xd_unmap();
}

/* ---- code rewritten by each kind of store ---- */

/* xmc_kind_sync=0 with xmc_kind=N: the controls neg-xmc-kind-*. */
static int xmc_kind_sync = 1, xmc_kind = -1;
KPARAM_INT("xmc_kind_sync", xmc_kind_sync, 0, 1, "xmc_store_kinds: sync cores after each rewrite");
KPARAM_INT("xmc_kind", xmc_kind, -1, 5, "xmc_store_kinds: only this kind (-1: all)");

enum { XK_BYTES, XK_REPMOVSB, XK_STRADDLE16, XK_CMPXCHG, XK_CMPXCHG8B, XK_XCHG, XK_N };

/* mov $imm,%eax; add $1,%eax; ret at offset 0x80 of a fresh page */
static void xk_code(uint8_t *f, uint32_t imm, uint8_t op2)
{
    const uint8_t c[] = { 0xb8, imm, imm >> 8, imm >> 16, imm >> 24, op2, 1, 0, 0, 0, 0xc3, 0x90,
                          0x90, 0x90, 0x90, 0x90 };
    kmemcpy(f, c, sizeof(c));
}

static uint32_t xk_expect(uint32_t imm, uint8_t op2)
{
    return op2 == 0x05 ? imm + 1 : imm - 1;        /* 05: add, 2d: sub */
}

/* Rewrite the code at f from (0x44332211, add) to (new, op2) one way. */
static void xk_write(int kind, uint8_t *f, uint32_t new, uint8_t op2)
{
    uint8_t b[16];
    uint32_t i;
    uint64_t old8, new8;
    switch (kind) {
    case XK_BYTES:
        xk_code(b, new, op2);
        for (i = 0; i < 6; i++)
            ((volatile uint8_t *)f)[i] = b[i];
        break;
    case XK_REPMOVSB: {
        const uint8_t *src = b;
        xk_code(b, new, op2);
        i = 6;
        __asm__ volatile("rep movsb" : "+D"(f), "+S"(src), "+c"(i) :: "memory");
        break;
    }
    case XK_STRADDLE16:       /* the immediate's last byte and the next opcode */
        *(volatile uint16_t *)(f + 4) = (uint16_t)((new >> 24) | op2 << 8);
        break;
    case XK_CMPXCHG:
        __atomic_compare_exchange_n((uint32_t *)(f + 1), &(uint32_t){ 0x44332211 }, new, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        break;
    case XK_CMPXCHG8B:
        kmemcpy(&old8, f, 8);
        xk_code(b, new, op2);
        kmemcpy(&new8, b, 8);
        __asm__ volatile("lock cmpxchg8b %0" : "+m"(*(volatile uint64_t *)f), "+A"(old8)
                         : "b"((uint32_t)new8), "c"((uint32_t)(new8 >> 32)) : "memory", "cc");
        break;
    case XK_XCHG:
        __atomic_exchange_n((uint32_t *)(f + 1), new, __ATOMIC_SEQ_CST);
        break;
    }
}

KTEST(xmc_store_kinds)
{
    static const uint32_t news[XK_N] = { 0x88776655, 0x8877aa55, 0xee332211, 0x8b8a8988, 0x9c9b9a99,
                                         0x11223344 };
    static const uint8_t ops[XK_N] = { 0x05, 0x2d, 0x2d, 0x05, 0x2d, 0x05 };
    struct thread *t;
    uint8_t *page, *f;
    int k;
    if (ncpu < 2)
        return;
    KASSERT((page = palloc()));
    f = page + 0x80;                               /* 8-byte aligned: cmpxchg8b */
    KASSERT((t = xd_start(0)));
    for (k = 0; k < XK_N; k++) {
        uint32_t want = k == XK_STRADDLE16 ? 0xee332211 : news[k];
        uint8_t op = k == XK_CMPXCHG || k == XK_XCHG ? 0x05 : ops[k];
        if (xmc_kind >= 0 && k != xmc_kind)
            continue;
        xk_code(f, 0x44332211, 0x05);
        sync_cores();
        KEXPECT_EQ(xd_run_on_1((uint32_t (*)(void))f), 0x44332212);
        xk_write(k, f, news[k], ops[k]);
        if (xmc_kind_sync)
            sync_cores();
        KEXPECT_EQ(xd_run_on_1((uint32_t (*)(void))f), xk_expect(want, op));
    }
    xd_end(t);
    pfree(page);
}

/* ---- an interrupt's delivery does not serialize ---- */

/* xmc_irq_sync=0: the control neg-xmc-irq-delivery (X1 expected). */
static int xmc_irq_sync = 1;
KPARAM_INT("xmc_irq_sync", xmc_irq_sync, 0, 1, "xmc_irq_run: serialize in the handler before the run");

static uint32_t (*xi_code)(void);
static volatile uint32_t xi_got;

static void xi_call(void *arg)
{
    (void)arg;
    if (xmc_irq_sync)
        serialize();
    xi_got = xi_code();
}

/* CPU 1 idles with interrupts on; CPU 0 rewrites code and calls CPU 1, whose
 * call handler runs it before the handler's IRET. */
KTEST(xmc_irq_run)
{
    struct thread *t;
    uint8_t *page;
    if (ncpu < 2)
        return;
    KASSERT((page = palloc()));
    xk_code(page + 0x40, 0x44332211, 0x05);
    xi_code = (uint32_t (*)(void))(page + 0x40);
    sync_cores();
    KASSERT((t = xd_start(1)));
    KEXPECT_EQ(xd_run_on_1(xi_code), 0x44332212);
    page[0x41] = 0x77;
    smp_call_one(1, xi_call, NULL, true);
    KEXPECT_EQ(xi_got, 0x44332278);
    xd_end(t);
    pfree(page);
}

/* ---- self-modifying code, and a violation counted once ---- */

/* One CPU, interrupts off: code written and rewritten through the linear
 * address it runs from, with no serializing instruction.  The SDM's
 * self-modifying-code detection covers that: the checker stays quiet. */
KTEST(xmc_smc_self)
{
    uint8_t *page;
    uint32_t f, r1, r2;
    KASSERT((page = palloc()));
    f = read_eflags();
    cli();
    xk_code(page + 0x40, 0x44332211, 0x05);         /* before any fetch from the page */
    r1 = ((uint32_t (*)(void))(page + 0x40))();
    xk_code(page + 0x40, 0x88776655, 0x2d);         /* after */
    r2 = ((uint32_t (*)(void))(page + 0x40))();
    if (f & EFLAGS_IF)
        sti();
    KEXPECT_EQ(r1, 0x44332212);
    KEXPECT_EQ(r2, 0x88776654);
    pfree(page);
}

/* xmc_once_sync=0: the control neg-xmc-count-once (exactly one X1). */
static int xmc_once_sync = 1;
KPARAM_INT("xmc_once_sync", xmc_once_sync, 0, 1, "xmc_count_once: sync cores between the change and the run");

/* CPU 0 changes the immediate of a store that CPU 1 then runs; that store
 * writes into its own translation block, so QEMU restarts the block at it
 * and its callback runs twice: one violation, counted once. */
KTEST(xmc_count_once)
{
    struct thread *t;
    uint8_t *page, *f;
    uint32_t dst;
    if (ncpu < 2)
        return;
    KASSERT((page = palloc()));
    f = page + 0x80;
    dst = (uint32_t)(f + 9);                         /* the mov's immediate, byte 1 */
    f[0] = 0xc6, f[1] = 0x05;                        /* movb $0x5a, dst */
    kmemcpy(f + 2, &dst, 4);
    f[6] = 0x5a;
    xk_code(f + 7, 0x44332211, 0x05);                /* mov $imm,%eax; add $1; ret */
    sync_cores();
    KASSERT((t = xd_start(0)));
    KEXPECT_EQ(xd_run_on_1((uint32_t (*)(void))f), 0x44335a12);
    f[6] = 0x6b;
    if (xmc_once_sync)
        sync_cores();
    KEXPECT_EQ(xd_run_on_1((uint32_t (*)(void))f), 0x44336b12);
    xd_end(t);
    pfree(page);
}

/* ---- each serializing instruction of the SDM's list, and some that are not ---- */

static void xs_cpuid(void) { serialize(); }
static void xs_iret(void)
{
    __asm__ volatile("pushfl\n\t.cfi_adjust_cfa_offset 4\n\t"
                     "pushl %%cs\n\t.cfi_adjust_cfa_offset 4\n\t"
                     "pushl $1f\n\t.cfi_adjust_cfa_offset 4\n\t"
                     "iret\n1:\n\t.cfi_adjust_cfa_offset -12" ::: "memory");
}
static void xs_cr0(void) { write_cr0(read_cr0()); }
static void xs_cr2(void) { write_cr2(read_cr2()); }
static void xs_cr3(void) { write_cr3(read_cr3()); }
static void xs_cr4(void) { write_cr4(read_cr4()); }
static void xs_lgdt(void)
{
    uint8_t d[6];
    __asm__ volatile("sgdt %0\n\tlgdt %0" : "+m"(d) :: "memory");
}
static void xs_lidt(void)
{
    uint8_t d[6];
    __asm__ volatile("sidt %0\n\tlidt %0" : "+m"(d) :: "memory");
}
static void xs_lldt(void)
{
    uint16_t s;
    __asm__ volatile("sldt %0\n\tlldt %0" : "=r"(s) :: "memory");
}
static void xs_invlpg(void) { invlpg((void *)XD_WIN); }
static void xs_wbinvd(void) { __asm__ volatile("wbinvd" ::: "memory"); }
static void xs_dr7(void) { write_dr7(read_dr7()); }
static void xs_wrmsr(void)          /* IA32_SYSENTER_CS, written back unchanged */
{
    __asm__ volatile("movl $0x174, %%ecx\n\trdmsr\n\twrmsr" ::: "eax", "ecx", "edx", "memory");
}
/* not serializing */
static void xs_lfence(void) { __asm__ volatile("lfence" ::: "memory"); }
static void xs_mfence(void) { __asm__ volatile("mfence" ::: "memory"); }
static void xs_ljmp(void)
{
    uint32_t fp[2];
    __asm__ volatile("movl $1f, (%0)\n\tmovw %%cs, 4(%0)\n\tljmp *(%0)\n1:" :: "r"(fp) : "memory");
}

static void (*const xs_kinds[])(void) = {
    xs_cpuid, xs_iret, xs_cr0, xs_cr2, xs_cr3, xs_cr4, xs_lgdt, xs_lidt, xs_lldt, xs_invlpg,
    xs_wbinvd, xs_dr7, xs_wrmsr, xs_lfence, xs_mfence, xs_ljmp,
};
#define XS_SERIAL_N 13                  /* the first 13 serialize; the rest do not */
#define XS_N ((int)(sizeof(xs_kinds) / sizeof(xs_kinds[0])))

/* xmc_ser_none=1: run the ones that do not serialize (the control
 * neg-xmc-not-serializing: an X1 for each). */
static int xmc_ser_none;
KPARAM_INT("xmc_ser_none", xmc_ser_none, 0, 1, "xmc_serial_each: the non-serializing instructions instead");

static void (*volatile xs_now)(void);
static uint32_t (*xs_code)(void);

static uint32_t xs_then_run(void)       /* on CPU 1: the instruction, then the code */
{
    xs_now();
    return xs_code();
}

/* CPU 0 changes the code's immediate; CPU 1 runs one instruction of the
 * kind, then the code.  A serializing one keeps the checker quiet. */
KTEST(xmc_serial_each)
{
    struct thread *t;
    uint8_t *page;
    int k;
    if (ncpu < 2)
        return;
    KASSERT((page = palloc()));
    xs_code = (uint32_t (*)(void))(page + 0x40);
    xk_code(page + 0x40, 0x44332211, 0x05);
    sync_cores();
    KASSERT((t = xd_start(0)));
    KEXPECT_EQ(xd_run_on_1(xs_code), 0x44332212);
    for (k = xmc_ser_none ? XS_SERIAL_N : 0; k < (xmc_ser_none ? XS_N : XS_SERIAL_N); k++) {
        page[0x41] = (uint8_t)(0x20 + k);
        xs_now = xs_kinds[k];
        KEXPECT_EQ(xd_run_on_1(xs_then_run), 0x44332200u + 0x21 + k);
    }
    xd_end(t);
    pfree(page);
}
