/* Process address spaces under two layouts (uspace=, kernel/uvm.h).
 * shared: a process's page directory holds the kernel's page-directory
 * entries (the same page tables) next to its user ones, as a 3G/1G kernel's.
 * split (the 4G/4G case): the kernel runs on its own directory, which maps no
 * user page; a process's directory maps its user pages plus, supervisor-only,
 * the entry area (kernel/entry.h) and its thread's kernel stack, through
 * private "mirror" page tables.  SDM Vol. 3, 4.3 and 4.10.4: a CR3 load
 * flushes non-global translations, so a process's user translations live
 * only in the TLB of the CPU it runs on and a local invlpg suffices. */
#include "kernel/uvm.h"
#include "kernel/mem.h"
#include "kernel/x86.h"
#include "kernel/panic.h"
#include "kernel/param.h"
#include "kernel/entry.h"
#include "kernel/usys.h"
#include "kernel/thread.h"
#include "kernel/tss.h"
#include "kernel/proc.h"
#include "kernel/uread.h"

int uspace_layout;
KPARAM_ENUM("uspace", uspace_layout, "shared|split",
            "user-space layout: shared (user pages next to the kernel in each process's page "
            "directory) or split (4G/4G: the kernel's page tables map no user page; entry and "
            "exit switch CR3 through the entry area)");
int uspace_bug;
KPARAM_ENUM("uspace_bug", uspace_bug, "none|cr3_skip|nofixup|text_user",
            "negative controls: cr3_skip leaves CR3 unswitched on the way to user mode, nofixup "
            "makes system calls dereference user pointers directly, text_user maps kernel text "
            "user-writable");

static uint32_t *kpgdir;

static bool user_pde(uint32_t i)
{
    return i >= (USER_BASE >> 22) && i < (USER_TOP >> 22);
}

uint32_t uvm_kernel_cr3(void) { return (uint32_t)kpgdir; }

void uvm_init(void)
{
    kpgdir = (uint32_t *)read_cr3();
    entry_kernel_cr3 = (uint32_t)kpgdir;
    entry_split = uspace_layout == USPACE_SPLIT;
    paging_freeze();                 /* process directories copy the kernel's entries */
    if (uspace_bug == UBUG_TEXT_USER && uspace_layout == USPACE_SHARED) {
        uint32_t va;                 /* BUG on purpose: kernel text user-writable */
        for (va = (uint32_t)__text_start; va < (uint32_t)__text_end; va += PAGE_SIZE)
            *paging_pte(va) |= PTE_U | PTE_W;
        write_cr3(read_cr3());
    }
}

/* The page-table entry of va in pgdir; with create, a missing table is
 * allocated (user tables user-accessible, mirror tables not). */
uint32_t *uvm_pte(uint32_t *pgdir, uint32_t va, bool create)
{
    uint32_t *pde = &pgdir[va >> 22], *pt;
    if (!(*pde & PTE_P)) {
        if (!create || !(pt = palloc()))
            return NULL;
        *pde = (uint32_t)pt | PTE_P | PTE_W | (user_pde(va >> 22) ? PTE_U : 0);
    }
    return &((uint32_t *)(*pde & ~0xFFFu))[(va >> 12) & 0x3FF];
}

int uvm_mirror(uint32_t *pgdir, uint32_t lo, uint32_t hi, uint32_t flags)
{
    uint32_t va, *pte;
    ASSERT(uspace_layout == USPACE_SPLIT && !user_pde(lo >> 22) && !user_pde((hi - 1) >> 22));
    for (va = ALIGN_DOWN(lo, PAGE_SIZE); va < hi; va += PAGE_SIZE) {
        if (!(pte = uvm_pte(pgdir, va, true)))
            return -ENOMEM;
        *pte = va | PTE_P | flags;
        pgdir[va >> 22] |= flags & PTE_U;
    }
    return 0;
}

uint32_t *uvm_create(void)
{
    uint32_t *pd = palloc(), i;
    bool bug = uspace_bug == UBUG_TEXT_USER;   /* BUG on purpose: kernel text user-writable */
    if (!pd)
        return NULL;
    if (uspace_layout == USPACE_SHARED) {
        for (i = 0; i < 1024; i++)
            if (!user_pde(i))
                pd[i] = kpgdir[i] | (bug ? PTE_U : 0);
        return pd;
    }
    if (uvm_mirror(pd, (uint32_t)__entry_text_start, (uint32_t)__entry_text_end, 0) ||
        uvm_mirror(pd, (uint32_t)__entry_data_start, (uint32_t)__entry_data_end, PTE_W) ||
        (bug && uvm_mirror(pd, (uint32_t)__text_start, (uint32_t)__text_end, PTE_W | PTE_U))) {
        uvm_free(pd);
        return NULL;
    }
    return pd;
}

void uvm_free(uint32_t *pgdir)
{
    uint32_t i, j, *pt;
    for (i = USER_BASE >> 22; i < USER_TOP >> 22; i++)
        pgdir[i] &= ~PTE_P;          /* not present, table kept: probe_read_user refuses */
    uread_sync();                    /* no read still walks a table or copies a frame freed below */
    for (i = 0; i < 1024; i++) {
        if (!(pgdir[i] & (user_pde(i) ? ~0xFFFu : PTE_P)) ||
            (!user_pde(i) && uspace_layout == USPACE_SHARED))
            continue;                /* shared: the kernel's own tables */
        pt = (uint32_t *)(pgdir[i] & ~0xFFFu);
        for (j = 0; j < 1024 && user_pde(i); j++)
            if ((pt[j] & PTE_P) && !(pt[j] & PTE_SHARED))
                pfree((void *)(pt[j] & ~0xFFFu));
        pfree(pt);
    }
    pfree(pgdir);
}

static bool range_mapped(uint32_t *pgdir, uint32_t va, uint32_t n, bool want)
{
    uint32_t k, *pte;
    for (k = 0; k < n; k++) {
        pte = uvm_pte(pgdir, va + k * PAGE_SIZE, false);
        if (!!(pte && (*pte & PTE_P)) != want || (want && (*pte & PTE_SHARED)))
            return false;
    }
    return true;
}

int uvm_unmap(uint32_t *pgdir, uint32_t va, uint32_t npages)
{
    uint32_t k, *pte;
    if (!range_mapped(pgdir, va, npages, true))
        return -EINVAL;
    for (k = 0; k < npages; k++) {
        *uvm_pte(pgdir, va + k * PAGE_SIZE, false) &= ~PTE_P;   /* the frame stays named */
        invlpg((void *)(va + k * PAGE_SIZE));   /* see the top: only this CPU may hold it */
    }
    uread_sync();                    /* no probe_read_user still copies one of the frames */
    for (k = 0; k < npages; k++) {
        pte = uvm_pte(pgdir, va + k * PAGE_SIZE, false);
        pfree((void *)(*pte & ~0xFFFu));
        *pte = 0;
    }
    return 0;
}

int uvm_alloc(uint32_t *pgdir, uint32_t va, uint32_t npages)
{
    uint32_t k, *pte;
    void *pg;
    if (!range_mapped(pgdir, va, npages, false))
        return -EEXIST;
    for (k = 0; k < npages; k++) {
        if (!(pg = palloc()) || !(pte = uvm_pte(pgdir, va + k * PAGE_SIZE, true))) {
            if (pg)
                pfree(pg);
            if (k)
                uvm_unmap(pgdir, va, k);
            return -ENOMEM;
        }
        *pte = (uint32_t)pg | PTE_P | PTE_W | PTE_U;
    }
    return 0;
}

uint32_t uvm_user_pages(uint32_t *pgdir)
{
    uint32_t i, j, n = 0, *pt;
    for (i = USER_BASE >> 22; i < USER_TOP >> 22; i++) {
        if (!(pgdir[i] & PTE_P))
            continue;
        pt = (uint32_t *)(pgdir[i] & ~0xFFFu);
        for (j = 0; j < 1024; j++)
            n += (pt[j] & (PTE_P | PTE_SHARED)) == PTE_P;
    }
    return n;
}

/* Before swtch to next (interrupts off): its kernel stack for ring-3
 * interrupts and, under shared, its page directory (the kernel's for kernel
 * threads, so no CPU keeps a dead process's directory loaded). */
void uspace_switch(int cpu, struct thread *next)
{
    struct proc *p = next->proc;
    uint32_t want = p ? (uint32_t)p->pgdir : (uint32_t)kpgdir;
    if (p)
        tss_set_esp0(cpu, next->stack_hi);
    if (uspace_layout != USPACE_SHARED || !kpgdir || read_cr3() == want)
        return;
    if (p && uspace_bug == UBUG_CR3_SKIP)
        return;                      /* BUG on purpose: runs on the last directory */
    write_cr3(want);
}
