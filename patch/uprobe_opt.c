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

#define UBUF_SIZE 64
#define UBUF_N    (PAGE_SIZE / UBUF_SIZE)
#define UIMAGE_N  16
static struct usite *ubuf_owner[UIMAGE_N][UBUF_N];   /* buffer -> site; freed: NULL */
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

/* The region and its original bytes, or a refusal by hazard. */
static int region(struct usite *s, char *err, size_t n)
{
    const struct uprog *up = &uprogs[s->prog];
    uint32_t lo, hi, at, t;
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
    if (uprobe_opt_naive)
        return usite_orig(s->prog, s->addr, s->region, s->olen);
    for (at = lo; at < hi; at += in.len) {           /* H4: a branch into the interior */
        if (usite_orig(s->prog, at, b, 15) || insn_decode(&in, b, 15) != INSN_OK)
            return refuse(err, n, "H12", s, "cannot decode the function", at);
        t = (in.flags & INSN_F_REL) ? insn_rel_target(&in, at) : 0;
        if (t > s->addr && t < s->addr + s->olen)
            return refuse(err, n, "H4", s, "a branch targets the region's interior", at);
    }
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
        return 0;
    }
    k = reloc_region(s->region, s->addr, s->olen, b + 2, UBUF_SIZE - 2, buf_va(i) + 2, &res);
    if (k < 0)
        return refuse(err, n, res.hazard ? res.hazard : "H9", s, res.why ? res.why : "relocation", res.fail_addr);
    buf_write(s->prog, i, b, k + 2);
    return 0;
}

/* In a rendezvous: is any process of prog about to resume in [lo, hi)? */
static bool anyone_in(int prog, uint32_t lo, uint32_t hi)
{
    int i;
    for (i = 0; i < NPROC; i++) {
        struct proc *p = proc_slot(i);
        uint32_t eip;
        if (p->state == P_FREE || p->prog != prog || !p->thread)
            continue;
        eip = proc_user_eip(p);
        if (p->ustep && eip >= USER_XOL && eip < USER_XOL + PAGE_SIZE)
            eip = p->ustep->addr + p->ustep->o.len;   /* where its step goes on in the text */
        if (eip >= lo && eip < hi)
            return true;
    }
    return false;
}

struct rv_jump { struct usite *s; const uint8_t *bytes; bool check; int busy; };

static int jump_parked(void *arg)
{
    struct rv_jump *j = arg;
    if (j->check && anyone_in(j->s->prog, j->s->addr + 1, j->s->addr + j->s->olen)) {
        j->busy = 1;                   /* H1: it would resume inside the jump */
        return 0;
    }
    text_patch_store(usite_text(j->s->prog, j->s->addr), j->bytes, 5);
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
        uprobe_stats.opt_busy++;
        return 1;
    }
    uprobe_stats.optimized++;
    return 0;
}

struct rv_in { int prog; uint32_t lo, hi; bool in; };
static int in_parked(void *arg)
{
    struct rv_in *r = arg;
    r->in = anyone_in(r->prog, r->lo, r->hi);
    return 0;
}

/* Back to the int3 probe; the buffer is released once nobody runs it. */
static void unoptimize_locked(struct usite *s)
{
    uint8_t b[5];
    struct rv_in r;
    int tries = 0;
    if (!s->opt)
        return;
    b[0] = 0xCC;
    kmemcpy(b + 1, s->region + 1, 4);
    write_region(s, b, false);
    r = (struct rv_in){ s->prog, buf_va(s->buf), buf_va(s->buf) + UBUF_SIZE, true };
    while (!uprobe_opt_naive && (rendezvous_run(in_parked, &r), r.in)) {
        tries++;                       /* H8: a process still runs the buffer */
        thread_sleep_ns(200000);
    }
    if (uprobe_opt_naive) {            /* BUG on purpose: poisoned while processes may run it */
        uint8_t poison[UBUF_SIZE];
        kmemset(poison, 0xCC, sizeof poison);
        buf_write(s->prog, s->buf, poison, UBUF_SIZE);
    }
    uprobe_stats.buf_waits += (uint32_t)tries;
    ubuf_owner[s->prog][s->buf] = NULL;
    s->buf = -1;
    uprobe_stats.unoptimized++;
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
        !(s = ubuf_owner[p->prog][i]) || s->state != USITE_ARMED)
        return false;
    uprobe_stats.opt_hits++;
    tf->eip = s->addr;
    if (!usite_pre(s, tf, p))
        tf->eip = at + 2;              /* on with the relocated region */
    return true;
}
