/* Jump-optimized user probes: the int3 site's region (whole instructions,
 * at least 5 bytes, no control transfer, no branch into its interior from
 * its function) becomes a jmp to a detour buffer in the program's buffer
 * page (USER_UBUF): `int $T_UPROBE` (one trap instead of int3 plus a
 * single-step), the region's instructions relocated (patch/insn/insn_reloc.h),
 * a jmp back.  Strategy (uprobe_opt=safe): the jump is written with every
 * CPU parked (a rendezvous) and only if no process of the program would
 * resume strictly inside the region; a buffer is reused only once no
 * process's EIP is in it.  Every user thread's EIP is known exactly (the
 * ring-3 frame atop its kernel stack, or its slot copy's), and a region
 * holds no call, so no return address can point into it: the user stack,
 * which cannot tell code from data, need not be scanned.  uprobe_opt=naive
 * (a negative control) writes the jump in place and frees buffers at once. */
#include "patch/uprobe_int.h"
#include "patch/insn/insn_reloc.h"
#include "patch/poke.h"
#include "kernel/proc.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/elf.h"
#include "kernel/usys.h"
#include "kernel/trap.h"
#include "kernel/ipi.h"
#include "kernel/sleeplock.h"
#include "kernel/param.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/panic.h"
#include "kernel/console.h"

#define UBUF_SIZE 64
#define UBUF_N    (PAGE_SIZE / UBUF_SIZE)
#define UIMAGE_N  16
#define UBUF_ORPHAN ((struct usite *)1)              /* left with a process in it: reserved */
static struct usite *ubuf_owner[UIMAGE_N][UBUF_N];   /* buffer -> site; freed: NULL */
/* What buffer i holds, kept while it is orphaned: probed addr, region length
 * (0: the relocated copy is not byte for byte, faults map to addr). */
static struct { uint32_t addr; uint8_t olen; } ubuf_map[UIMAGE_N][UBUF_N];
/* Per program, built once from its ELF image (the original bytes): every
 * direct branch (src -> dst) and indirect jump (dst UXREF_IJMP) in its
 * sized functions, for H4 (a branch from anywhere into a region) and H5. */
#define UXREF_IJMP 0xFFFFFFFFu
static struct { int n; uint32_t *src, *dst; } uxref[UIMAGE_N];
static int uprobe_opt_naive;
KPARAM_ENUM("uprobe_opt", uprobe_opt_naive, "safe|naive",
            "optimized user probes: safe (rendezvous + EIP check) or naive (a negative control: the "
            "jump written in place, buffers freed while processes may run them)");

static uint32_t buf_va(int i) { return USER_UBUF + (uint32_t)i * UBUF_SIZE; }

static int refuse(char *err, size_t n, const char *hz, struct usite *s, const char *why, uint32_t at)
{
    ksnprintf(err, n, "not optimized: %s: %s:%08x: %s (at %08x)", hz, uprogs[s->prog].name, s->addr, why, at);
    return -1;
}

/* The read-only segment whose file bytes hold [lo, hi), or NULL. */
static const struct elf_seg *text_seg(const struct elf_image *e, uint32_t lo, uint32_t hi)
{
    int i;
    for (i = 0; i < e->nseg; i++)
        if (!e->seg[i].writable && lo >= e->seg[i].vaddr && hi <= e->seg[i].vaddr + e->seg[i].filesz)
            return &e->seg[i];
    return NULL;
}

/* Walk prog's sized functions in its ELF image: the direct branches and
 * indirect jumps, stored if src is set; their count, or -1 at an address
 * that does not decode (*bad).  Each function is decoded from its own
 * symbol: a function that ends in data (a trap, then a table's bytes) may
 * decode past its end, into the next one's first instructions, and a walk
 * resumed there never sees the next function's branches (issue 39 item 17). */
static int xref_walk(int prog, uint32_t *src, uint32_t *dst, uint32_t *bad)
{
    const struct uprog *up = &uprogs[prog];
    const struct elf_seg *sg;
    struct elf_image e;
    char why[80];
    uint32_t at = 0, lo, hi, end, t, from;
    struct insn in;
    int n = 0;
    if (elf_check(up->image, up->size, &e, why, sizeof why))
        return *bad = 0, -1;
    for (from = 0; !elf_func_from(up->image, up->size, from, &lo, &hi); from = lo + 1) {
        if (!(sg = text_seg(&e, lo, hi)))
            continue;                  /* not in the program's read-only text */
        end = sg->vaddr + sg->filesz;
        for (at = lo; at < hi; at += in.len) {
            if (insn_decode(&in, up->image + sg->offset + (at - sg->vaddr), end - at < 15 ? end - at : 15) != INSN_OK)
                return *bad = at, -1;
            t = (in.flags & INSN_F_REL) ? insn_rel_target(&in, at) : (in.flags & INSN_F_IJMP) ? UXREF_IJMP : 0;
            if (t && src) {
                src[n] = at;
                dst[n] = t;
            }
            n += t != 0;
        }
    }
    return n;
}

/* H4 (a direct branch from anywhere in the program into the region's
 * interior) and H5 (an indirect jump in the region's function, lo..hi). */
static int branches_in(struct usite *s, uint32_t lo, uint32_t hi, char *err, size_t n)
{
    int k, c;
    uint32_t bad;
    if (!uxref[s->prog].src) {
        if ((c = xref_walk(s->prog, NULL, NULL, &bad)) < 0)
            return refuse(err, n, "H12", s, "cannot decode the program's functions", bad);
        uxref[s->prog].src = kmalloc_array((uint32_t)c + 1, 4);
        uxref[s->prog].dst = kmalloc_array((uint32_t)c + 1, 4);
        if (!uxref[s->prog].src || !uxref[s->prog].dst)
            panic("uprobe_opt: no memory for %s's branch table (%d)", uprogs[s->prog].name, c);
        uxref[s->prog].n = xref_walk(s->prog, uxref[s->prog].src, uxref[s->prog].dst, &bad);
    }
    for (k = 0; k < uxref[s->prog].n; k++) {
        uint32_t from = uxref[s->prog].src[k], to = uxref[s->prog].dst[k];
        if (to == UXREF_IJMP && from >= lo && from < hi)
            return refuse(err, n, "H5", s, "an indirect jump in the function", from);
        if (to != UXREF_IJMP && to > s->addr && to < s->addr + s->olen)
            return refuse(err, n, "H4", s, "a branch lands inside the region", from);
    }
    return 0;
}

/* H10: another probe's int3 inside the region (the jump would overwrite
 * it, and unoptimize would restore the original byte under it).  Only
 * ARMED sites have one: an orphaned (GOING) site's byte is restored. */
static int probe_inside(struct usite *s, char *err, size_t n)
{
    int k;
    for (k = 0; k < USITE_MAX; k++) {
        struct usite *o = &usites[k];
        if (o != s && o->state == USITE_ARMED && o->prog == s->prog && o->addr > s->addr &&
            o->addr < s->addr + s->olen)
            return refuse(err, n, "H10", s, "another probe inside the region", o->addr);
    }
    return 0;
}

/* The region and its original bytes, or a refusal by hazard. */
static int region(struct usite *s, char *err, size_t n)
{
    const struct uprog *up = &uprogs[s->prog];
    uint32_t lo, hi, at;
    struct insn in;
    uint8_t b[15];
    if (elf_func_range(up->image, up->size, s->addr, &lo, &hi))
        return refuse(err, n, "H12", s, "not inside a sized function", s->addr);
    for (at = s->addr; at < s->addr + 5; at += in.len) {
        if (usite_orig(s->prog, at, b, 15) || insn_decode(&in, b, 15) != INSN_OK || at + in.len > hi)
            return refuse(err, n, "H12", s, "the region crosses the function's end", at);
        if (uprobe_opt_naive)
            continue;                  /* BUG on purpose: a blind copy, no analysis */
        if (in.flags & (INSN_F_CALL | INSN_F_ICALL))
            return refuse(err, n, "H3", s, "a call inside the region (its return address would point into the jump)", at);
        if (in.flags & (INSN_F_REL | INSN_F_IJMP | INSN_F_RET | INSN_F_INT | INSN_F_IRET | INSN_F_FAR))
            return refuse(err, n, "H12", s, "a control transfer inside the region", at);
    }
    s->olen = (uint8_t)(at - s->addr);
    ASSERT(s->olen <= sizeof s->region);
    if (!uprobe_opt_naive && (probe_inside(s, err, n) || branches_in(s, lo, hi, err, n)))
        return -1;
    return usite_orig(s->prog, s->addr, s->region, s->olen);
}

/* n bytes into buffer i of prog's buffer page, through the text writer. */
static void buf_write(int prog, int i, const uint8_t *b, int n)
{
    uint8_t *dst = (uint8_t *)uimage_ubuf_page(prog) + i * UBUF_SIZE;
    int k, c;
    text_lock();
    for (k = 0; k < n; k += c) {
        c = n - k < POKE_MAX_LEN ? n - k : POKE_MAX_LEN;
        text_patch_write(dst + k, b + k, c);
    }
    text_sync_cores();
    text_unlock();
}

/* Write buffer i: int $T_UPROBE, the relocated region, the jmp back. */
static int fill_buffer(struct usite *s, int i, char *err, size_t n)
{
    uint8_t b[UBUF_SIZE];
    struct reloc_result res;
    int k;
    b[0] = 0xCD;
    b[1] = T_UPROBE;
    if (uprobe_opt_naive) {            /* BUG on purpose: the bytes copied blindly, then a jmp back */
        uint32_t rel = s->addr + s->olen - (buf_va(i) + 2 + s->olen + 5);
        kmemcpy(b + 2, s->region, s->olen);
        b[2 + s->olen] = 0xE9;
        kmemcpy(b + 3 + s->olen, &rel, 4);
        buf_write(s->prog, i, b, 2 + s->olen + 5);
        ubuf_map[s->prog][i].addr = s->addr;
        ubuf_map[s->prog][i].olen = s->olen;
        return 0;
    }
    k = reloc_region(s->region, s->addr, s->olen, b + 2, UBUF_SIZE - 2, buf_va(i) + 2, &res);
    if (k < 0)
        return refuse(err, n, res.hazard ? res.hazard : "H9", s, res.why ? res.why : "relocation", res.fail_addr);
    buf_write(s->prog, i, b, k + 2);
    ubuf_map[s->prog][i].addr = s->addr;
    ubuf_map[s->prog][i].olen = k == s->olen + 5 ? s->olen : 0;
    return 0;
}

/* In a rendezvous: the first process of prog about to resume in [lo, hi)
 * (its EIP in *at), or NULL.  Only a live process can resume: a zombie or a
 * killed one never returns to user mode (kernel/uspace.c), so its EIP is
 * no hazard, and its thread may be freed already (kernel/proc.h). */
static struct proc *anyone_in(int prog, uint32_t lo, uint32_t hi, uint32_t *at)
{
    int i;
    for (i = 0; i < NPROC; i++) {
        struct proc *p = proc_slot(i);
        uint32_t eip;
        if (uprobe_scan_dead_bug() ? p->state == P_FREE : p->state != P_RUN || p->killed)
            continue;                  /* BUG on purpose with uprobe_bug=scan_dead */
        if (p->prog != prog || !p->thread)
            continue;
        eip = proc_user_eip(p);
        if (p->ustep && eip >= USER_XOL && eip < USER_XOL + PAGE_SIZE)
            eip = p->ustep->addr + p->ustep->o.len;   /* where its step goes on in the text */
        if (eip >= lo && eip < hi) {
            *at = eip;
            return p;
        }
    }
    return NULL;
}

struct rv_jump { struct usite *s; const uint8_t *bytes; bool check; int busy; };

static int jump_parked(void *arg)
{
    struct rv_jump *j = arg;
    uint32_t at;
    if (j->check && anyone_in(j->s->prog, j->s->addr + 1, j->s->addr + j->s->olen, &at)) {
        j->busy = 1;                   /* H1: it would resume inside the jump */
        return 0;
    }
    usite_store(j->s->prog, j->s->addr, j->bytes, 5, true);
    j->s->opt = j->bytes[0] == 0xE9;
    return 0;
}

static int write_region(struct usite *s, const uint8_t b[5], bool check)
{
    struct rv_jump j = { s, b, check, 0 };
    text_lock();
    if (uprobe_opt_naive) {            /* BUG on purpose: no rendezvous, no check */
        int k;
        for (k = 0; k < 5; k++)
            text_patch_write(usite_text(s->prog, s->addr + (uint32_t)k), b + k, 1);
        s->opt = b[0] == 0xE9;
    } else {
        text_sync_cores();
        rendezvous_run(jump_parked, &j);
    }
    text_sync_cores();
    text_unlock();
    return j.busy;
}

static void ubuf_reclaim(int prog);

/* Thread context, under uprobe_mutex.  0; -1 refused (err); 1 busy (retry later). */
static int optimize_locked(struct usite *s, char *err, size_t n)
{
    uint8_t jmp[5];
    uint32_t rel;
    int i;
    struct uprobe *u;
    if (s->opt)
        return 0;
    if (uprobe_cow_bug())
        return 1;                      /* the cow control's int3 is not in the shared page */
    for (u = s->probes; u; u = u->next)
        if (u->post_handler)
            return refuse(err, n, "-", s, "a probe there has a post-handler (it stays an int3 probe)", s->addr);
    if (region(s, err, n))
        return -1;
    ubuf_reclaim(s->prog);
    for (i = 0; i < UBUF_N && ubuf_owner[s->prog][i]; i++)
        ;
    if (i == UBUF_N)
        return refuse(err, n, "-", s, "no free detour buffer", s->addr);
    if (fill_buffer(s, i, err, n))
        return -1;
    rel = buf_va(i) - (s->addr + 5);
    jmp[0] = 0xE9;
    kmemcpy(jmp + 1, &rel, 4);
    ubuf_owner[s->prog][i] = s;
    s->buf = (int8_t)i;
    if (write_region(s, jmp, true)) {
        ubuf_owner[s->prog][i] = NULL;   /* nobody can be in it: it was never reachable */
        s->buf = -1;
        USTAT_ADD(opt_busy, 1);
        return 1;
    }
    USTAT_ADD(optimized, 1);
    return 0;
}

struct rv_in { int prog; uint32_t lo, hi; struct proc *p; uint32_t at; int pid; char name[16]; };
static int in_parked(void *arg)
{
    struct rv_in *r = arg;
    if ((r->p = anyone_in(r->prog, r->lo, r->hi, &r->at))) {
        r->pid = r->p->pid;            /* named while it cannot go away */
        kmemcpy(r->name, r->p->name, sizeof r->name);
    }
    return 0;
}

/* Is any process of prog in buffer i?  (A rendezvous scan.) */
static bool buf_busy(int prog, int i, struct rv_in *r)
{
    *r = (struct rv_in){ .prog = prog, .lo = buf_va(i), .hi = buf_va(i) + UBUF_SIZE };
    rendezvous_run(in_parked, r);
    return r->p != NULL;
}

/* Under uprobe_mutex: orphaned buffers of prog nobody runs any more are free again. */
static void ubuf_reclaim(int prog)
{
    struct rv_in r;
    int i;
    for (i = 0; i < UBUF_N; i++)
        if (ubuf_owner[prog][i] == UBUF_ORPHAN && !buf_busy(prog, i, &r)) {
            ubuf_owner[prog][i] = NULL;
            USTAT_ADD(reclaimed_bufs, 1);
        }
}

/* Back to the int3 probe; the buffer is released once nobody runs it,
 * waited for at most uprobe_wait_ms (guest time, a scan every 200 us):
 * past that it is orphaned, named with the process that holds it. */
static void unoptimize_locked(struct usite *s)
{
    uint8_t b[5];
    struct rv_in r;
    uint32_t tries = 0, max = (uint32_t)uprobe_wait_ms * 5;
    if (!s->opt)
        return;
    b[0] = 0xCC;
    kmemcpy(b + 1, s->region + 1, 4);
    write_region(s, b, false);
    while (!uprobe_opt_naive && buf_busy(s->prog, s->buf, &r) && (tries < max || uprobe_unbounded_bug())) {
        tries++;                       /* H8: a process still runs the buffer */
        thread_sleep_ns(200000);
    }
    if (uprobe_opt_naive) {            /* BUG on purpose: poisoned while processes may run it */
        uint8_t poison[UBUF_SIZE];
        kmemset(poison, 0xCC, sizeof poison);
        buf_write(s->prog, s->buf, poison, UBUF_SIZE);
    }
    USTAT_ADD(buf_waits, tries);
    if (!uprobe_opt_naive && tries == max && r.p) {
        ubuf_owner[s->prog][s->buf] = UBUF_ORPHAN;   /* kept as is for the process in it */
        USTAT_ADD(orphan_bufs, 1);
        kprintf("uprobe: buffer %d of %s (probe at %08x) orphaned after %d ms: process %s (pid %d) "
                "at EIP %08x (%08x in the text) runs it\n", s->buf, uprogs[s->prog].name, s->addr,
                uprobe_wait_ms, r.name, r.pid, r.at, uopt_real_eip(s->prog, r.at));
    } else {
        ubuf_owner[s->prog][s->buf] = NULL;
    }
    s->buf = -1;
    USTAT_ADD(unoptimized, 1);
}

int uprobe_optimize(struct uprobe *u, char *err, size_t n)
{
    int r;
    sleeplock_acquire(&uprobe_mutex);
    r = u->site ? optimize_locked(u->site, err, n) : -1;
    sleeplock_release(&uprobe_mutex);
    return r;
}

void uprobe_unoptimize(struct uprobe *u)
{
    sleeplock_acquire(&uprobe_mutex);
    if (u->site)
        unoptimize_locked(u->site);
    sleeplock_release(&uprobe_mutex);
}

void usite_unoptimize(struct usite *s) { unoptimize_locked(s); }

bool uprobe_optimized(const struct uprobe *u) { return u->site && u->site->opt; }

/* int $T_UPROBE from a buffer: the probes' handlers see the probed EIP. */
bool uprobe_opt_trap(struct trapframe *tf)
{
    struct proc *p = proc_current();
    uint32_t at = tf->eip - 2, i = (at - USER_UBUF) / UBUF_SIZE;
    struct usite *s;
    if (at < USER_UBUF || at >= USER_UBUF + PAGE_SIZE || (at - USER_UBUF) % UBUF_SIZE ||
        !(s = ubuf_owner[p->prog][i]))
        return false;
    if (s == UBUF_ORPHAN)
        return true;                   /* its probe is gone: on with the relocated region */
    if (s->state != USITE_ARMED)
        return false;
    USTAT_ADD(opt_hits, 1);
    tf->eip = s->addr;
    if (!usite_pre(s, tf, p))
        tf->eip = at + 2;              /* on with the relocated region */
    return true;
}

/* A user EIP inside buffer i maps back to the probed instruction it copies:
 * the int $T_UPROBE to the probe, the region's copy byte for byte, the jmp
 * back to the region's end (as slot addresses do, patch/uprobe_hit.c). */
uint32_t uopt_real_eip(int prog, uint32_t eip)
{
    uint32_t i = (eip - USER_UBUF) / UBUF_SIZE, off = (eip - USER_UBUF) % UBUF_SIZE;
    if (eip < USER_UBUF || eip >= USER_UBUF + PAGE_SIZE || prog < 0 || prog >= UIMAGE_N ||
        !ubuf_owner[prog][i])
        return eip;
    if (off < 2 || !ubuf_map[prog][i].olen)
        return ubuf_map[prog][i].addr;
    return ubuf_map[prog][i].addr + (off - 2 < ubuf_map[prog][i].olen ? off - 2 : ubuf_map[prog][i].olen);
}
