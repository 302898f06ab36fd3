/* The exact unwinder on a realigned stack (gcc's DRAP, DWARF 5 6.4.2:
 * DW_CFA_def_cfa_expression): a thread is parked (preempted by a debug-
 * register breakpoint) at every instruction boundary of uwd_realigned, a
 * function whose over-aligned local and variable-length array make gcc
 * realign its stack, and of its callee; another thread unwinds it and must
 * get the caller chain exactly: the return into uwd_drive with uwd_drive's
 * own ESP (the realigned frame's CFA), its caller park_call, the bottom. */
#include "kernel/fmt.h"
#include "kernel/ktest.h"
#include "kernel/unwind.h"
#include "kernel/thread.h"
#include "kernel/ksym.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "patch/insn/insn.h"
#include "tests/kernel/hazard_park.h"

#define UWD_X 5
#define UWD_FRAMES 16

int uwd_drive(int x);
extern char uwd_drive_ret[];
uint32_t uwd_drive_sp;

__attribute__((noinline)) int uwd_helper(volatile int *p, int n)
{
    int i, s = 0;
    for (i = 0; i < n; i++)
        s += p[i];
    return s;
}

/* gcc: lea 4(%esp),%ecx; and $-32,%esp; push -4(%ecx); push %ebp; mov
 * %esp,%ebp; ... push %ecx: CFA = ECX, then the word at EBP-k. */
__attribute__((noinline)) int uwd_realigned(int x, int n)
{
    volatile int a[8] __attribute__((aligned(32)));
    volatile int v[n + 1];
    int i;
    for (i = 0; i < 8; i++)
        a[i] = x + i;
    v[n] = x;
    return uwd_helper(a, 8) + v[n] + ((uint32_t)a & 31);
}

static int uwd_model(int x) { return 9 * x + 28 + 1; }

static bool uwd_in(const char *fn, uint32_t pc)
{
    const struct ksym *k = ksym_by_name(fn);
    return k && pc >= k->addr && pc < k->addr + k->size;
}

/* Frames after the interrupted one at `at` against the truth; NULL if right. */
static const char *uwd_truth(uint32_t at, const uint32_t *pc, const uint32_t *sp, int n)
{
    int k = 0;
    if (uwd_in("uwd_helper", at) && !(n > k && uwd_in("uwd_realigned", pc[k++] - 1)))
        return "the helper's return into uwd_realigned is wrong";
    if (!(n > k && pc[k] == (uint32_t)uwd_drive_ret))
        return "the return into uwd_drive is wrong";
    if (sp[k++] != uwd_drive_sp)
        return "uwd_drive's ESP (the realigned frame's CFA) is wrong";
    if (!(n > k && uwd_in("park_call", pc[k] - 1)))
        return "the return into park_call is wrong";
    return NULL;
}

#define UWD_WHYS 6
struct uwd_run {
    int parked, unreached, bad, base[16];   /* base[]: the rules the walks used, by kind */
    uint32_t bad_at;
    const char *why[UWD_WHYS];              /* the distinct reasons, [0] the first's */
    int nwhy[UWD_WHYS];
};

static void uwd_bad(struct uwd_run *r, uint32_t at, const char *why)
{
    int i;
    if (!r->bad++)
        r->bad_at = at;
    for (i = 0; i < UWD_WHYS && r->why[i] && r->why[i] != why; i++)
        ;
    if (i < UWD_WHYS) {
        r->why[i] = why;
        r->nwhy[i]++;
    }
}

/* Park at one boundary and unwind; counts into r. */
static void uwd_one(uint32_t at, struct uwd_run *r)
{
    struct park pk = { at, PARK_PREEMPT, ncpu > 1 ? 1 : 0, uwd_drive, UWD_X };
    struct unwind_regs regs;
    struct unwind_state u;
    uint32_t pc[UWD_FRAMES], sp[UWD_FRAMES];
    const char *why = NULL;
    char err[96];
    int e, n = -1;
    if (park_start(&pk, err, sizeof err)) {
        if (pk.done) {                      /* a path this run does not take */
            thread_join(pk.t);
            r->unreached++;
            return;
        }
        why = "could not park";
        goto out;
    }
    unwind_switched(&regs, pk.t);
    unwind_begin(&u, &regs, pk.t->stack_lo, pk.t->stack_hi);
    while ((e = unwind_next(&u)) > 0) {
        const struct unwind_entry *x = unwind_find(u.exact ? u.pc : u.pc - 1);
        if (n < 0 && u.exact && u.pc == at)
            n = 0;                          /* the interrupted frame: the chain follows */
        else if (n >= 0 && n < UWD_FRAMES)
            pc[n] = u.pc, sp[n++] = u.sp;
        if (n >= 0 && x && uwd_in("uwd_realigned", x->addr))
            r->base[x->base & 15]++;
    }
    park_finish(&pk);
    r->parked++;
    why = n < 0 ? "the walk never reached the interrupted frame" : uwd_truth(at, pc, sp, n);
    if (!why && e != UNWIND_END)
        why = unwind_strerror(e);
    if (!why && pk.result != uwd_model(UWD_X))
        why = "the parked thread's result is wrong";
out:
    if (why)
        uwd_bad(r, at, why);
}

/* Every instruction boundary of fn. */
static void uwd_function(const char *fn, struct uwd_run *r)
{
    const struct ksym *k = ksym_by_name(fn);
    struct insn in;
    uint32_t a;
    if (!k)
        panic("test_unwind_drap: no symbol %s", fn);
    for (a = k->addr; a < k->addr + k->size; a += in.len) {
        if (insn_decode(&in, (const uint8_t *)a, 16) != INSN_OK)
            panic("test_unwind_drap: cannot decode %08x", a);
        uwd_one(a, r);
    }
}

KTEST(unwind_drap_parked)
{
    static struct uwd_run r;
    char sym[64] = "";
    int i;
    kmemset(&r, 0, sizeof r);
    KEXPECT_EQ(uwd_drive(UWD_X), uwd_model(UWD_X));    /* the stack really is realigned */
    uwd_function("uwd_realigned", &r);
    uwd_function("uwd_helper", &r);
    if (r.bad)
        ksym_format(r.bad_at, sym, sizeof sym);
    kprintf("# unwind_drap: parked at %d boundaries (%d not on the path), rules used in the realigned "
            "frame: CFA=[EBP+k] %d, CFA=DRAP register %d, CFA=EBP+k %d, CFA=ESP+k %d; %d unwound wrong%s%s\n",
            r.parked, r.unreached, r.base[UNWIND_BASE_EBP_DEREF], r.base[UNWIND_BASE_REG + 1] +
            r.base[UNWIND_BASE_REG + 7], r.base[UNWIND_BASE_EBP], r.base[UNWIND_BASE_ESP], r.bad,
            r.bad ? ", first at " : "", sym);
    for (i = 0; i < UWD_WHYS && r.why[i]; i++)
        kprintf("# unwind_drap: %d wrong: %s\n", r.nwhy[i], r.why[i]);
    KEXPECT(r.parked > 40);
    KEXPECT(r.base[UNWIND_BASE_EBP_DEREF] > 0);                /* both new shapes were walked */
    KEXPECT(r.base[UNWIND_BASE_REG + 1] + r.base[UNWIND_BASE_REG + 7] > 0);
    KEXPECT_EQ(r.bad, 0);
}
