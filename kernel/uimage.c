/* Program images (kernel/uimage.h).  The first spawn of a program checks its
 * ELF (kernel/elf.c) and copies each read-only PT_LOAD into pages of its own,
 * kept for the kernel's lifetime and mapped read-only (PTE_SHARED) by every
 * process running the program, so one write to such a page (a user probe
 * through a kernel alias) is seen by all of them.  TIS ELF 1.2, Book I 2-7. */
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/elf.h"
#include "kernel/uvm.h"
#include "kernel/usys.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/spinlock.h"
#include "kernel/panic.h"

#define UIMAGE_MAX 16
#define UIMAGE_MAXPAGES 64           /* read-only pages per program */

struct uimage {
    bool ready;
    struct elf_image e;
    uint32_t ro[UIMAGE_MAXPAGES];    /* shared pages of the read-only segments, in order */
    uint32_t ubuf;                   /* detour buffers of optimized user probes */
    int nro;
};
static struct uimage images[UIMAGE_MAX];
static struct spinlock img_lock = SPINLOCK_INIT("uimage");

int uimage_find(const char *name)
{
    int i;
    for (i = 0; i < nuprogs && i < UIMAGE_MAX; i++)
        if (!kstrcmp(uprogs[i].name, name))
            return i;
    return -1;
}

static void copy_seg(const struct uprog *up, const struct elf_seg *s, uint32_t va, uint8_t *page)
{
    uint32_t off = va - s->vaddr, n = s->filesz > off ? s->filesz - off : 0;
    if (n > PAGE_SIZE)
        n = PAGE_SIZE;
    kmemcpy(page, up->image + s->offset + off, n);    /* the rest stays zero (palloc) */
}

static int load(int prog, char *err, int errlen)
{
    struct uimage *im = &images[prog];
    const struct uprog *up = &uprogs[prog];
    int i, n = 0;
    uint32_t va;
    if (__atomic_load_n(&im->ready, __ATOMIC_ACQUIRE))
        return 0;
    if (elf_check(up->image, up->size, &im->e, err, errlen))
        return -1;
    for (i = 0; i < im->e.nseg; i++) {
        const struct elf_seg *s = &im->e.seg[i];
        for (va = s->vaddr; !s->writable && va < s->vaddr + s->memsz; va += PAGE_SIZE) {
            uint8_t *pg = n < UIMAGE_MAXPAGES ? palloc() : NULL;
            if (!pg) {
                ksnprintf(err, errlen, "%s: no page for its text (%d pages)", up->name, n);
                while (n) pfree((void *)im->ro[--n]);
                return -ENOMEM;
            }
            copy_seg(up, s, va, pg);
            im->ro[n++] = (uint32_t)pg;
        }
    }
    if (!(im->ubuf = (uint32_t)palloc())) {
        ksnprintf(err, errlen, "%s: no page for its detour buffers", up->name);
        while (n) pfree((void *)im->ro[--n]);
        return -ENOMEM;
    }
    im->nro = n;
    __atomic_store_n(&im->ready, true, __ATOMIC_RELEASE);   /* readers take no lock: e, ro, ubuf first */
    return 0;
}

static int map_seg(const struct uprog *up, struct uimage *im, const struct elf_seg *s,
                   uint32_t *pgdir, int *ro)
{
    uint32_t va, *pte;
    int r;
    for (va = s->vaddr; va < s->vaddr + s->memsz; va += PAGE_SIZE) {
        if (!s->writable) {
            if (!(pte = uvm_pte(pgdir, va, true)))
                return -ENOMEM;
            *pte = im->ro[(*ro)++] | PTE_P | PTE_U | PTE_SHARED;
            continue;
        }
        if ((r = uvm_alloc(pgdir, va, 1)))
            return r;
        copy_seg(up, s, va, (uint8_t *)(*uvm_pte(pgdir, va, false) & ~0xFFFu));
    }
    return 0;
}

int uimage_load(int prog, char *err, int errlen)
{
    int r;
    ASSERT(prog >= 0 && prog < nuprogs && prog < UIMAGE_MAX);
    spin_lock(&img_lock);
    r = load(prog, err, errlen);
    spin_unlock(&img_lock);
    return r;
}

int uimage_map(int prog, uint32_t *pgdir, uint32_t *entry, char *err, int errlen)
{
    struct uimage *im;
    uint32_t *pte;
    int i, r, ro = 0;
    ASSERT(prog >= 0 && prog < nuprogs && prog < UIMAGE_MAX);
    im = &images[prog];
    if ((r = uimage_load(prog, err, errlen)))
        return r;
    for (i = 0; i < im->e.nseg; i++)
        if ((r = map_seg(&uprogs[prog], im, &im->e.seg[i], pgdir, &ro))) {
            ksnprintf(err, errlen, "%s: out of memory mapping segment %d", uprogs[prog].name, i);
            return r;
        }
    if (!(pte = uvm_pte(pgdir, USER_UBUF, true)))
        return -ENOMEM;
    *pte = im->ubuf | PTE_P | PTE_U | PTE_SHARED;
    *entry = im->e.entry;
    return 0;
}

uint32_t uimage_ubuf_page(int prog)
{
    return prog >= 0 && prog < UIMAGE_MAX && __atomic_load_n(&images[prog].ready, __ATOMIC_ACQUIRE) ? images[prog].ubuf : 0;
}

uint32_t uimage_text_page(int prog, uint32_t va)
{
    struct uimage *im = &images[prog];
    int i, k = 0;
    if (prog < 0 || prog >= UIMAGE_MAX || !__atomic_load_n(&im->ready, __ATOMIC_ACQUIRE))
        return 0;
    for (i = 0; i < im->e.nseg; i++) {
        const struct elf_seg *s = &im->e.seg[i];
        uint32_t np = ALIGN_UP(s->memsz, PAGE_SIZE) / PAGE_SIZE;
        if (s->writable)
            continue;
        if (va >= s->vaddr && va < s->vaddr + np * PAGE_SIZE)
            return im->ro[k + (va - s->vaddr) / PAGE_SIZE];
        k += (int)np;
    }
    return 0;
}
