/* Process address spaces (kernel/uvm.c): page directories under the two
 * layouts of uspace=shared|split, user pages, the entry-area mirror, and the
 * kernel's copies to and from user memory.  Intel SDM Vol. 3, 4.3 (32-bit
 * paging), 4.6 (U/S and R/W access rights). */
#ifndef UVM_H
#define UVM_H
#include "kernel/types.h"

#define PTE_U      0x004
#define PTE_SHARED 0x200          /* AVL bit: a program's shared text page, never freed here */

enum { USPACE_SHARED, USPACE_SPLIT };
extern int uspace_layout;
enum { UBUG_NONE, UBUG_CR3_SKIP, UBUG_NOFIXUP, UBUG_TEXT_USER };
extern int uspace_bug;

struct thread;
void uvm_init(void);              /* after paging_init, before any process */
uint32_t *uvm_create(void);       /* a process's page directory; NULL if out of memory */
void uvm_free(uint32_t *pgdir);   /* every user page but shared ones, every table */
/* split: map [lo, hi) of kernel memory (a thread's kernel stack) at its own
 * address with flags (PTE_W; PTE_U only for a negative control) */
int uvm_mirror(uint32_t *pgdir, uint32_t lo, uint32_t hi, uint32_t flags);
uint32_t *uvm_pte(uint32_t *pgdir, uint32_t va, bool create);   /* user va's PTE or NULL */
int uvm_alloc(uint32_t *pgdir, uint32_t va, uint32_t npages);   /* zeroed user-writable pages */
int uvm_unmap(uint32_t *pgdir, uint32_t va, uint32_t npages);   /* all mapped, else -EINVAL */
uint32_t uvm_user_pages(uint32_t *pgdir);                       /* private pages mapped */
uint32_t uvm_kernel_cr3(void);
void uspace_switch(int cpu, struct thread *next);               /* esp0 and (shared) CR3 */

/* The current process's memory, from a system call.  0 or -EFAULT: a range
 * outside [USER_BASE, USER_TOP), a page not present or (writes) read-only. */
int copy_from_user(void *dst, uint32_t usrc, uint32_t n);
int copy_to_user(uint32_t udst, const void *src, uint32_t n);
int strncpy_from_user(char *dst, uint32_t usrc, uint32_t max);  /* length, -EFAULT, -EINVAL (too long) */
/* [a, a+n) inside [USER_BASE, USER_TOP) without wrapping: the copies'
 * first check, made before any byte is touched. */
bool uvm_user_range(uint32_t a, uint32_t n);
#endif
