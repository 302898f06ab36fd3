/* User-probe hits (patch/uprobe.h), from kernel/uspace.c with interrupts off.
 * #BP: find the site, take a reference, run the handlers, then either
 * emulate the instruction (relative branches and calls: patch/emulate.c,
 * pushes go to the user stack) or copy it to the process's slot page and
 * single-step it there (EFLAGS.TF, SDM Vol. 3, 17.3.1.4); #DB: the fix-ups
 * of patch/ool.c on the user's stack, the post-handlers, the reference back.
 * One thread per process, so one slot page per process holds one copy. */
#include "patch/uprobe_int.h"
#include "patch/emulate.h"
#include "kernel/proc.h"
#include "kernel/uvm.h"
#include "kernel/usys.h"
#include "kernel/trap.h"
#include "kernel/x86.h"
#include "kernel/mem.h"
#include "kernel/panic.h"
#include "kernel/console.h"
#include "kernel/uspace.h"

static struct usite *find_ref(int prog, uint32_t addr)
{
    int k;
    for (k = 0; k < USITE_MAX; k++) {
        struct usite *s = &usites[k];
        if (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) == USITE_ARMED && s->prog == prog &&
            s->addr == addr) {
            __atomic_add_fetch(&s->refs, 1, __ATOMIC_ACQ_REL);   /* before the remover's sync ends */
            return s;
        }
    }
    return NULL;
}

static void put(struct usite *s) { __atomic_sub_fetch(&s->refs, 1, __ATOMIC_RELEASE); }

static void kill(struct proc *p, int vec, const char *why, uint32_t at)
{
    kprintf("process %s (pid %d) killed: %s, user probe at %08x (user)\n", p->name, p->pid, why, at);
    p->kill_vec = vec;
    p->killed = true;
    __atomic_add_fetch(&uspace_nkills, 1, __ATOMIC_RELAXED);
}

static bool user_word(struct trapframe *tf, uint32_t *v, bool write)
{
    uint32_t esp = TF_USER(tf)->esp;
    return write ? !copy_to_user(esp, v, 4) : !copy_from_user(v, esp, 4);
}

bool usite_pre(struct usite *s, struct trapframe *tf, struct proc *p)
{
    struct uprobe *u;
    bool skip = false;
    for (u = s->probes; u; u = u->next)
        if (!(u->flags & UPROBE_DISABLED)) {
            __atomic_add_fetch(&u->nhit, 1, __ATOMIC_RELAXED);
            if (u->pre_handler && u->pre_handler(u, tf, p))
                skip = true;
        }
    return skip;
}

static void post(struct usite *s, struct trapframe *tf, struct proc *p)
{
    struct uprobe *u;
    for (u = s->probes; u; u = u->next)
        if (!(u->flags & UPROBE_DISABLED) && u->post_handler)
            u->post_handler(u, tf, p);
}

/* False: the instruction faulted (the process is killed, nothing completed). */
static bool emulate(struct usite *s, struct trapframe *tf, struct proc *p)
{
    struct emu_regs r;
    r.eip = s->addr;
    r.eflags = tf->eflags;
    r.ecx = tf->ecx;
    emulate_branch(&s->o.insn, &r);
    if (r.push) {
        uint32_t esp = TF_USER(tf)->esp - 4;
        if (copy_to_user(esp, &r.push_val, 4)) {
            kill(p, T_PF, "#PF pushing the emulated call's return address", s->addr);
            return false;
        }
        TF_USER(tf)->esp = esp;
    }
    tf->eip = r.eip;
    tf->ecx = r.ecx;
    USTAT_ADD(emulated, 1);
    return true;
}

static bool on_bp(struct proc *p, struct trapframe *tf)
{
    uint32_t a = tf->eip - 1, *pte;
    struct usite *s;
    if (uretprobe_trap(p, tf))         /* a return through the user return probes' trampoline */
        return true;
    s = find_ref(p->prog, a);
    if (!s) {
        /* Removed meanwhile only while its site is GOING (the remover's core
         * sync cannot end while this handler runs); anything else, a lone
         * 0xCC or the 03 of a two-byte int $3 (cd 03), is the program's own. */
        if (!usite_going(p->prog, a))
            return false;
        tf->eip = a;                   /* run the restored byte */
        USTAT_ADD(retries, 1);
        return true;
    }
    USTAT_ADD(hits, 1);
    tf->eip = a;
    if (usite_pre(s, tf, p)) {
        put(s);                        /* a handler moved EIP: no step, no post-handler */
        return true;
    }
    if (s->o.kind == OOL_EMULATE) {
        if (emulate(s, tf, p))
            post(s, tf, p);            /* not after a faulted one: it never completed */
        put(s);
        return true;
    }
    pte = uvm_pte(p->pgdir, USER_XOL, false);
    ASSERT(pte && (*pte & PTE_P));
    if (kmemcmp((void *)(*pte & ~0xFFFu), s->bytes, s->o.len))   /* not already there from the last hit */
        text_write((void *)(*pte & ~0xFFFu), s->bytes, s->o.len);   /* through an alias: a code change */
    p->ustep = s;
    p->ustep_tf = tf->eflags & EFLAGS_TF;
    tf->eip = USER_XOL;
    tf->eflags |= EFLAGS_TF;
    USTAT_ADD(steps, 1);
    return true;
}

static void fixup(struct usite *s, struct trapframe *tf, struct proc *p)
{
    uint32_t next = USER_XOL + s->o.len, w;
    switch (s->o.fix) {
    case FIX_CALL:
        if (user_word(tf, &w, false) && w == next) {
            w = s->addr + s->o.len;
            if (!user_word(tf, &w, true))
                kill(p, T_PF, "#PF fixing the stepped call's return address", s->addr);
        }
        break;
    case FIX_PUSHF:
        if (user_word(tf, &w, false)) {
            w = (w & ~EFLAGS_TF) | p->ustep_tf;
            user_word(tf, &w, true);
        }
        /* fall through */
    case FIX_EIP:
        if (tf->eip != next)           /* cannot happen for these instructions (ool_classify) */
            kill(p, T_DB, "the step of its copy ended elsewhere", s->addr);
        tf->eip = s->addr + s->o.len;
        break;
    case FIX_NONE:
        break;
    }
}

bool (*uprobe_db_hook)(struct trapframe *tf);

static bool on_db(struct proc *p, struct trapframe *tf)
{
    struct usite *s = p->ustep;
    if (!s || !(tf->err & DR6_BS))
        return (tf->err & DR6_B0) && uprobe_db_hook && uprobe_db_hook(tf);   /* a test's breakpoint */
    if (tf->eip == USER_XOL)
        return true;                   /* a rep string instruction: one more iteration */
    fixup(s, tf, p);
    tf->eflags = (tf->eflags & ~EFLAGS_TF) | p->ustep_tf;
    post(s, tf, p);
    p->ustep = NULL;
    put(s);
    return true;
}

bool uprobe_trap(struct trapframe *tf)
{
    struct proc *p = proc_current();
    if (tf->trapno == T_BP)
        return on_bp(p, tf);
    if (tf->trapno == T_DB)
        return on_db(p, tf);
    return false;
}

void uprobe_proc_exit(struct proc *p)
{
    if (p->ustep) {
        put(p->ustep);
        p->ustep = NULL;
    }
}

uint32_t uprobe_real_eip(const struct proc *p, uint32_t eip)
{
    struct usite *s = p->ustep;
    if (s && eip >= USER_XOL && eip <= USER_XOL + s->o.len)
        return s->addr + (eip - USER_XOL);
    return uopt_real_eip(p->prog, eip);
}
