/* User-probe registry (patch/uprobe.h): resolve a program address, check it
 * is an instruction boundary that can run out of line (the same checks and
 * hazard IDs as kernel probes: patch/ool.c), write the int3 into the shared
 * text page, and on removal restore the byte, serialize every CPU (so no
 * #BP handler still looks at the site) and wait for the references. */
#include "patch/uprobe_int.h"
#include "patch/insn/insn.h"
#include "patch/poke.h"
#include "kernel/proc.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/elf.h"
#include "kernel/usys.h"
#include "kernel/ipi.h"
#include "kernel/sleeplock.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/panic.h"
#include "kernel/param.h"
#include "kernel/uvm.h"
#include "kernel/x86.h"
#include "kernel/console.h"

struct usite usites[USITE_MAX];
struct uprobe_stats uprobe_stats;
static int uprobe_bug;
KPARAM_ENUM("uprobe_bug", uprobe_bug, "none|cow|no_ref_wait|unbounded|scan_dead",
            "user-probe negative controls: cow writes the int3 into one process's private copy of "
            "the text page (the others run unprobed), no_ref_wait frees a site while a process may "
            "still be stepping its instruction, unbounded waits for a site's references or a "
            "buffer's processes without uprobe_wait_ms, scan_dead has the rendezvous scans read "
            "zombies (their EIP a hazard, their thread perhaps freed)");
enum { UPB_NONE, UPB_COW, UPB_NO_REF_WAIT, UPB_UNBOUNDED, UPB_SCAN_DEAD };
bool uprobe_cow_bug(void) { return uprobe_bug == UPB_COW; }
bool uprobe_unbounded_bug(void) { return uprobe_bug == UPB_UNBOUNDED; }
bool uprobe_scan_dead_bug(void) { return uprobe_bug == UPB_SCAN_DEAD; }
struct sleeplock uprobe_mutex = SLEEPLOCK_INIT("uprobe");
int uprobe_wait_ms = 1000;
KPARAM_INT("uprobe_wait_ms", uprobe_wait_ms, 1, 600000,
           "the bound of a user-probe remover's wait (for a process stepping the site's copy, "
           "or running a detour buffer), in ms of guest time; past it the site or buffer is "
           "orphaned (kept reserved, reported) and reclaimed once a later scan finds it free");
static int nprobes;

uint8_t *usite_text(int prog, uint32_t addr)
{
    uint32_t page = uimage_text_page(prog, addr);
    return page ? (uint8_t *)(page + (addr & 0xFFF)) : NULL;
}

/* The original bytes of prog's text at [addr, addr+n), int3s (and jumps) undone. */
int usite_orig(int prog, uint32_t addr, uint8_t *buf, uint32_t n)
{
    uint32_t i;
    int k;
    for (i = 0; i < n; i++) {
        uint8_t *b = usite_text(prog, addr + i);
        if (!b)
            return -1;
        buf[i] = *b;
        for (k = 0; k < USITE_MAX; k++) {
            struct usite *s = &usites[k];
            if (s->state == USITE_FREE || s->prog != prog)
                continue;
            if (s->addr == addr + i)
                buf[i] = s->orig;
            else if (s->opt && addr + i > s->addr && addr + i < s->addr + s->olen)
                buf[i] = s->region[addr + i - s->addr];
        }
    }
    return 0;
}

/* Is addr an instruction boundary of its function?  Decoded from the
 * function's start; the instruction's bytes in insn. */
static int boundary(int prog, uint32_t addr, uint8_t insn[15], char *why, size_t n)
{
    const struct uprog *up = &uprogs[prog];
    const char *fn;
    uint32_t off, at;
    struct insn in;
    uint8_t b[15];
    if (elf_addr_symbol(up->image, up->size, addr, &fn, &off) || !usite_text(prog, addr))
        return ksnprintf(why, n, "%s:%08x is not in the program's text", up->name, addr), -1;
    for (at = addr - off; at < addr; at += in.len)
        if (usite_orig(prog, at, b, 15) || insn_decode(&in, b, 15) != INSN_OK)
            return ksnprintf(why, n, "%s:%s+%#x: cannot decode", up->name, fn, at - (addr - off)), -1;
    if (at != addr)
        return ksnprintf(why, n, "%s:%s+%#x is inside an instruction (the one at +%#x)", up->name, fn,
                         off, at - in.len - (addr - off)), -1;
    return usite_orig(prog, addr, insn, 15);
}

static int resolve(struct uprobe *u, char *why, size_t n)
{
    const struct uprog *up;
    if ((u->prog_idx = uimage_find(u->prog ? u->prog : "")) < 0)
        return ksnprintf(why, n, "no program named '%s'", u->prog ? u->prog : ""), -1;
    up = &uprogs[u->prog_idx];
    u->addr = u->offset;
    if (u->symbol && elf_symbol(up->image, up->size, u->symbol, &u->addr))
        return ksnprintf(why, n, "%s has no symbol '%s'", up->name, u->symbol), -1;
    if (u->symbol)
        u->addr += u->offset;
    return uimage_load(u->prog_idx, why, (int)n) ? -1 : 0;
}

/* BUG on purpose (uprobe_bug=cow): the int3 goes into a private copy of the
 * page for the first process running the program, as a debugger's
 * copy-on-write breakpoint would: every other process runs unprobed. */
static void cow_one(struct proc *p, void *arg)
{
    struct usite *s = arg;
    uint32_t *pte;
    uint8_t *copy;
    if (s->cow || p->prog != s->prog || p->state != P_RUN || !(copy = palloc()))
        return;
    pte = uvm_pte(p->pgdir, s->addr, false);
    kmemcpy(copy, (void *)uimage_text_page(s->prog, s->addr), PAGE_SIZE);   /* no older site's int3 */
    *pte = (uint32_t)copy | PTE_P | PTE_U;        /* private: freed with the process */
    s->cow = copy;
}

static void cow_poke(struct usite *s, uint8_t b)
{
    if (b == 0xCC)
        proc_foreach(cow_one, s);
    if (s->cow)
        text_write(s->cow + (s->addr & 0xFFF), &b, 1);
    if (b != 0xCC)
        s->cow = NULL;
    sync_cores();
    tlb_shootdown(s->addr & ~0xFFFu);
}

/* Through the kernel text writer (patch/poke.h): the store goes through a
 * fresh alias of the page, every CPU serializes, and the byte is written
 * once more, so no CPU keeps executing (or an emulator keeps a translation
 * of) the old byte: QEMU's code-page tracking misses a store that races
 * with another CPU translating the page (seen: a re-armed site never hit). */
static void poke(struct usite *s, uint8_t b)
{
    if (uprobe_bug == UPB_COW) {
        cow_poke(s, b);
        return;
    }
    usite_poke(s, &b, 1);
}

void usite_store(int prog, uint32_t addr, const uint8_t *b, uint32_t n, bool parked)
{
    uint32_t k, c;
    for (k = 0; k < n; k += c) {
        c = PAGE_SIZE - ((addr + k) & 0xFFF);    /* to the end of this page */
        if (c > n - k)
            c = n - k;
        if (parked)
            text_patch_store(usite_text(prog, addr + k), b + k, (int)c);
        else
            text_patch_write(usite_text(prog, addr + k), b + k, (int)c);
    }
}

void usite_poke(struct usite *s, const uint8_t *b, uint32_t n)
{
    text_lock();
    usite_store(s->prog, s->addr, b, n, false);
    text_sync_cores();
    text_unlock();
}

bool usite_going(int prog, uint32_t addr)
{
    int k;
    for (k = 0; k < USITE_MAX; k++)
        if (__atomic_load_n(&usites[k].state, __ATOMIC_ACQUIRE) == USITE_GOING &&
            usites[k].prog == prog && usites[k].addr == addr)
            return true;
    return false;
}

static struct usite *site_of(int prog, uint32_t addr)
{
    int k;
    for (k = 0; k < USITE_MAX; k++)
        if (usites[k].state == USITE_ARMED && usites[k].prog == prog && usites[k].addr == addr)
            return &usites[k];
    return NULL;
}

/* A new site: decoded, classified, armed (the int3 written last). */
static struct usite *site_new(struct uprobe *u, char *err, size_t n)
{
    uint8_t insn[15];
    const char *hz, *why;
    char why_b[96];
    struct usite *s = NULL;
    int k;
    for (k = 0; k < USITE_MAX; k++)
        if (usites[k].state == USITE_GOING && usites[k].orphan && !__atomic_load_n(&usites[k].refs, __ATOMIC_ACQUIRE)) {
            usites[k].orphan = false;          /* its last process has left the copy */
            __atomic_store_n(&usites[k].state, USITE_FREE, __ATOMIC_RELEASE);
            USTAT_ADD(reclaimed_sites, 1);
        }
    for (k = 0; k < USITE_MAX && !s; k++)
        if (usites[k].state == USITE_FREE)
            s = &usites[k];
    if (!s)
        return ksnprintf(err, n, "all %d user-probe sites in use", USITE_MAX), NULL;
    if (boundary(u->prog_idx, u->addr, insn, why_b, sizeof why_b))
        return ksnprintf(err, n, "refused: H12: %s", why_b), NULL;
    if (ool_decide(&s->o, u->addr, insn, 15, &hz, &why))
        return ksnprintf(err, n, "refused: %s: %s:%08x: %s", hz, u->prog, u->addr, why), NULL;
    s->prog = u->prog_idx;
    s->addr = u->addr;
    s->orig = insn[0];
    s->opt = false;
    s->buf = -1;
    kmemcpy(s->bytes, insn, sizeof s->bytes);
    s->probes = NULL;
    s->refs = 0;
    s->orphan = false;
    __atomic_store_n(&s->state, USITE_ARMED, __ATOMIC_RELEASE);
    poke(s, 0xCC);
    return s;
}

/* H10: a new probe strictly inside an optimized region: that site goes
 * back to its int3 first (forced unoptimize), so the new int3 is written
 * into original bytes, not into the jump's displacement. */
static void unoptimize_covering(int prog, uint32_t addr)
{
    int k;
    for (k = 0; k < USITE_MAX; k++) {
        struct usite *o = &usites[k];
        if (o->state == USITE_ARMED && o->prog == prog && o->opt && addr > o->addr &&
            addr < o->addr + o->olen)
            usite_unoptimize(o);
    }
}

int uprobe_register(struct uprobe *u, char *err, size_t n)
{
    struct usite *s;
    int r;
    err[0] = 0;
    if (!u->pre_handler && !u->post_handler)
        return ksnprintf(err, n, "no handler"), -1;
    sleeplock_acquire(&uprobe_mutex);
    if (!(r = resolve(u, err, n)))
        unoptimize_covering(u->prog_idx, u->addr);
    if (r || (!(s = site_of(u->prog_idx, u->addr)) && !(s = site_new(u, err, n)))) {
        USTAT_ADD(refused, 1);
        sleeplock_release(&uprobe_mutex);
        return -1;
    }
    if (u->post_handler)
        usite_unoptimize(s);           /* its post calls follow the int3's single-step */
    u->site = s;
    u->nhit = 0;
    u->next = s->probes;
    __atomic_store_n(&s->probes, u, __ATOMIC_RELEASE);
    nprobes++;
    sleeplock_release(&uprobe_mutex);
    return 0;
}

/* Under ptable_lock (proc_foreach): name a process stepping site arg's copy. */
static void report_holder(struct proc *p, void *arg)
{
    struct usite *s = arg;
    if (p->state == P_RUN && p->ustep == s)
        kprintf("uprobe: site %s:%08x orphaned after %d ms: process %s (pid %d) at EIP %08x "
                "(%08x in the text) still steps its copy\n", uprogs[s->prog].name, s->addr,
                uprobe_wait_ms, p->name, p->pid, proc_user_eip(p), uprobe_real_eip(p, proc_user_eip(p)));
}

/* No #BP handler still inside (they run with interrupts off), and no
 * process still stepping this site's copy: waited for at most
 * uprobe_wait_ms (guest time, polled every 100 us).  False: still held. */
static bool site_quiet(struct usite *s)
{
    uint32_t polls = 0, max = (uint32_t)uprobe_wait_ms * 10;
    sync_cores();
    while (uprobe_bug != UPB_NO_REF_WAIT && __atomic_load_n(&s->refs, __ATOMIC_ACQUIRE)) {
        if (++polls > max && uprobe_bug != UPB_UNBOUNDED)
            return false;              /* BUG on purpose with uprobe_bug=unbounded: no bound */
        thread_sleep_ns(100000);       /* BUG on purpose above with uprobe_bug=no_ref_wait */
    }
    return true;
}

void uprobe_unregister(struct uprobe *u)
{
    struct usite *s = u->site;
    struct uprobe **pp;
    sleeplock_acquire(&uprobe_mutex);
    for (pp = (struct uprobe **)&s->probes; *pp && *pp != u; pp = &(*pp)->next)
        ;
    ASSERT(*pp == u);
    *pp = u->next;
    if (!s->probes)
        usite_unoptimize(s);           /* the int3 first, the buffer released */
    if (!s->probes) {
        poke(s, s->orig);              /* first: a #BP taken meanwhile still finds the site */
        __atomic_store_n(&s->state, USITE_GOING, __ATOMIC_RELEASE);
    }
    if (!site_quiet(s) && !s->probes) {   /* u may be freed on return: no step reads it */
        s->orphan = true;              /* stays GOING: site_new takes it back once refs are 0 */
        USTAT_ADD(orphan_sites, 1);
        proc_foreach(report_holder, s);
    } else if (!s->probes) {
        __atomic_store_n(&s->state, USITE_FREE, __ATOMIC_RELEASE);
    }
    nprobes--;
    u->site = NULL;
    sleeplock_release(&uprobe_mutex);
}

void uprobe_enable(struct uprobe *u) { __atomic_and_fetch(&u->flags, ~UPROBE_DISABLED, __ATOMIC_RELEASE); }
void uprobe_disable(struct uprobe *u) { __atomic_or_fetch(&u->flags, UPROBE_DISABLED, __ATOMIC_RELEASE); }
int uprobe_count(void) { return nprobes; }
