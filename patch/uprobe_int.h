/* Internals shared by patch/uprobe.c (registry) and patch/uprobe_hit.c (the
 * trap paths).  A site is one probed address of one program; the hit path
 * finds it without a lock (state ARMED), takes a reference with interrupts
 * still off, and keeps it while the process steps the copy. */
#ifndef UPROBE_INT_H
#define UPROBE_INT_H
#include "patch/uprobe.h"
#include "patch/ool.h"

#define USITE_MAX 64
#define USITE_REGION_MAX (4 + 15)     /* a jump's 5 bytes end inside an instruction of at most 15 */
enum { USITE_FREE, USITE_ARMED, USITE_GOING };
/* uprobe_stats are bumped from every CPU's trap paths: atomically. */
#define USTAT_ADD(field, n) __atomic_add_fetch(&uprobe_stats.field, (n), __ATOMIC_RELAXED)

struct usite {
    volatile int state;
    int prog;
    uint32_t addr;
    uint8_t orig;                     /* the byte the int3 replaced */
    uint8_t bytes[15];                /* the instruction, for the slot */
    struct ool o;                     /* decoded instruction, kind, fix (no slot) */
    struct uprobe *volatile probes;
    volatile uint32_t refs;           /* hits in progress (a process mid-step) */
    bool orphan;                      /* GOING, left with refs after the bounded wait (site_quiet) */
    uint8_t *cow;                     /* negative control uprobe_bug=cow: the private copy */
    /* jump-optimized (patch/uprobe_opt.c): the region [addr, addr + olen)
     * is a jmp to buffer buf of the program's buffer page */
    volatile bool opt;
    uint8_t olen;
    int8_t buf;                       /* -1: none */
    uint8_t region[USITE_REGION_MAX]; /* the region's original bytes */
};
extern struct usite usites[USITE_MAX];

/* The byte at addr of prog's shared text, through the kernel's mapping. */
uint8_t *usite_text(int prog, uint32_t addr);
int usite_orig(int prog, uint32_t addr, uint8_t *buf, uint32_t n);   /* int3s undone */
bool usite_pre(struct usite *s, struct trapframe *tf, struct proc *p);   /* true: skip */
void usite_poke(struct usite *s, const uint8_t *b, uint32_t n);
/* n bytes at addr of prog's text, page by page through each page's own
 * frame; parked: inside a rendezvous (text_patch_store), else text_patch_write. */
void usite_store(int prog, uint32_t addr, const uint8_t *b, uint32_t n, bool parked);
bool usite_going(int prog, uint32_t addr);    /* a site being removed is at addr */
extern int uprobe_wait_ms;                    /* the bound of every wait (site refs, buffers) */
uint32_t uopt_real_eip(int prog, uint32_t eip);   /* a buffer address -> the probed one */
extern struct sleeplock uprobe_mutex;
void usite_unoptimize(struct usite *s);       /* under uprobe_mutex */
bool uprobe_cow_bug(void);                    /* uprobe_bug=cow: int3s in a private copy only */
bool uprobe_unbounded_bug(void);              /* uprobe_bug=unbounded: waits without a bound */
bool uprobe_scan_dead_bug(void);              /* uprobe_bug=scan_dead: scans read zombies */
#endif
