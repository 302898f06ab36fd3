/* The kernel's accesses to the current process's memory from a system call
 * (kernel/uvm.h).  shared: the user address itself, through the fault-safe
 * copy of kernel/fixup_asm.S (a #PF returns -EFAULT, the idea of Linux's
 * exception tables).  split: the user address means nothing on the kernel's
 * page tables, so each page is looked up in the process's directory and
 * reached through the kernel's alias of all RAM (the identity map).  SDM
 * Vol. 3, 4.6: CR0.WP makes a read-only user page read-only for us too. */
#include "kernel/uvm.h"
#include "kernel/usys.h"
#include "kernel/mem.h"
#include "kernel/proc.h"
#include "kernel/fixup.h"
#include "kernel/panic.h"

bool uvm_user_range(uint32_t a, uint32_t n)
{
    return a >= USER_BASE && a + n >= a && a + n <= USER_TOP;
}

static int split_copy(void *kbuf, uint32_t uaddr, uint32_t n, bool to_user)
{
    uint32_t *pgdir = proc_current()->pgdir, *pte, need = PTE_P | PTE_U | (to_user ? PTE_W : 0);
    uint8_t *k = kbuf;
    while (n) {
        uint32_t off = uaddr & 0xFFF, len = PAGE_SIZE - off < n ? PAGE_SIZE - off : n;
        pte = uvm_pte(pgdir, uaddr, false);
        if (!pte || (*pte & need) != need)
            return -EFAULT;
        if (to_user)
            kmemcpy((uint8_t *)(*pte & ~0xFFFu) + off, k, len);
        else
            kmemcpy(k, (uint8_t *)(*pte & ~0xFFFu) + off, len);
        k += len; uaddr += len; n -= len;
    }
    return 0;
}

static int ucopy(void *kbuf, uint32_t uaddr, uint32_t n, bool to_user)
{
    void *u = (void *)uaddr;
    ASSERT(proc_current());
    if (!uvm_user_range(uaddr, n))
        return -EFAULT;
    if (uspace_bug == UBUG_NOFIXUP) {  /* BUG on purpose: a plain dereference */
        if (to_user) kmemcpy(u, kbuf, n); else kmemcpy(kbuf, u, n);
        return 0;
    }
    if (uspace_layout == USPACE_SPLIT)
        return split_copy(kbuf, uaddr, n, to_user);
    return mem_try_copy(to_user ? u : kbuf, to_user ? kbuf : u, n) ? -EFAULT : 0;
}

int copy_from_user(void *dst, uint32_t usrc, uint32_t n) { return ucopy(dst, usrc, n, false); }
int copy_to_user(uint32_t udst, const void *src, uint32_t n) { return ucopy((void *)src, udst, n, true); }

int strncpy_from_user(char *dst, uint32_t usrc, uint32_t max)
{
    uint32_t i;
    int r;
    for (i = 0; i < max; i++) {
        if ((r = copy_from_user(&dst[i], usrc + i, 1)))
            return r;
        if (!dst[i])
            return (int)i;
    }
    return -EINVAL;
}
