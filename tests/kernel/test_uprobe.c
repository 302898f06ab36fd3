/* Self-tests for user probes (patch/uprobe.h): one probe per way a displaced
 * instruction runs (user/utarget_asm.S: stepped, emulated, call fix-up,
 * pushf fix-up, ret, rep string), each hit exactly once per call by a
 * process started after the probes and one already running; refusals (by
 * hazard) leave the text unchanged; the text is byte for byte the image's
 * again once the probes are gone. */
#include "kernel/ktest.h"
#include "kernel/proc.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/elf.h"
#include "kernel/usys.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/console.h"
#include "kernel/uvm.h"
#include "patch/uprobe.h"

#define UT_CALLS 40
static const char *const sites[] = { "ut_mov_site", "ut_jcc_site", "ut_call_site", "ut_icall_site",
                                     "ut_pushf_site", "ut_ret_site", "ut_rep_site" };
#define NS (sizeof sites / sizeof sites[0])

static int bad_regs;
static int ut_pre(struct uprobe *u, struct trapframe *tf, struct proc *p)
{
    if (!tf_is_user(tf) || tf->eip != u->addr || p->prog != u->prog_idx)
        bad_regs++;
    return 0;
}

static int run(const char *name, uint32_t arg)
{
    char err[96];
    struct proc *p = proc_spawn(name, arg, NULL, false, CPUMASK_ALL, err, sizeof err);
    return p ? proc_wait(p) : -9999;
}

/* prog's text compared with its ELF image, page by page: bytes that differ. */
static uint32_t text_diff(const char *name)
{
    int prog = uimage_find(name);
    const struct uprog *up = &uprogs[prog];
    struct elf_image e;
    char err[80];
    uint32_t i, n = 0;
    if (elf_check(up->image, up->size, &e, err, sizeof err) || e.seg[0].writable)
        return 0xFFFFFFFFu;
    for (i = 0; i < e.seg[0].filesz; i++)
        n += ((uint8_t *)uimage_text_page(prog, e.seg[0].vaddr + i))[(e.seg[0].vaddr + i) & 0xFFF] !=
             up->image[e.seg[0].offset + i];
    return n;
}

KTEST(uprobe_every_step_kind)
{
    static struct uprobe u[NS], twin;
    char err[128];
    uint32_t i;
    bad_regs = 0;
    for (i = 0; i < NS; i++) {
        u[i] = (struct uprobe){ .prog = "utarget", .symbol = sites[i], .pre_handler = ut_pre };
        KEXPECT_EQ(uprobe_register(&u[i], err, sizeof err), 0);
    }
    twin = (struct uprobe){ .prog = "utarget", .symbol = "ut_mov_site", .pre_handler = ut_pre };
    KEXPECT_EQ(uprobe_register(&twin, err, sizeof err), 0);     /* two probes, one site */
    KEXPECT_NE(text_diff("utarget"), 0);
    KEXPECT_EQ(run("utarget", UT_CALLS), 0);                    /* every result right */
    for (i = 0; i < NS; i++) {
        uint32_t want = UT_CALLS * (i == 0 ? 3 : 1);             /* ut_call and ut_icall call ut_mov */
        if (u[i].nhit != want)
            kprintf("# %s: %u hits, want %u\n", sites[i], u[i].nhit, want);
        KEXPECT_EQ(u[i].nhit, want);
    }
    KEXPECT_EQ(twin.nhit, u[0].nhit);
    KEXPECT_EQ(bad_regs, 0);
    for (i = 0; i < NS; i++)
        uprobe_unregister(&u[i]);
    KEXPECT_NE(text_diff("utarget"), 0);                        /* the twin is still there */
    uprobe_unregister(&twin);
    KEXPECT_EQ(text_diff("utarget"), 0);
    KEXPECT_EQ(uprobe_count(), 0);
    KEXPECT_EQ(run("utarget", UT_CALLS), 0);
}

KTEST(uprobe_refusals_leave_text_unchanged)
{
    struct uprobe u = { .prog = "utarget", .symbol = "ut_sys_site", .pre_handler = ut_pre };
    char err[128];
    KEXPECT_EQ(uprobe_register(&u, err, sizeof err), -1);       /* int $0x80 */
    kprintf("# %s\n", err);
    KEXPECT(kmemcmp(err, "refused: H12", 12) == 0);
    u.offset = 1;                                               /* inside the int instruction */
    KEXPECT_EQ(uprobe_register(&u, err, sizeof err), -1);
    kprintf("# %s\n", err);
    u = (struct uprobe){ .prog = "utarget", .symbol = "no_such", .pre_handler = ut_pre };
    KEXPECT_EQ(uprobe_register(&u, err, sizeof err), -1);
    u = (struct uprobe){ .prog = "nope", .symbol = "main", .pre_handler = ut_pre };
    KEXPECT_EQ(uprobe_register(&u, err, sizeof err), -1);
    u = (struct uprobe){ .prog = "utarget", .symbol = NULL, .offset = USER_MAP_BASE, .pre_handler = ut_pre };
    KEXPECT_EQ(uprobe_register(&u, err, sizeof err), -1);
    KEXPECT_EQ(text_diff("utarget"), 0);
    KEXPECT_EQ(uprobe_count(), 0);
}

/* A probe whose instruction is a counter's increment: hits equal the count
 * the process kept, read from its memory once it has exited. */
static int count_pre(struct uprobe *u, struct trapframe *tf, struct proc *p) { (void)u; (void)tf; (void)p; return 0; }

KTEST(uprobe_hits_equal_counted_calls)
{
    static struct uprobe u[4];
    static const char *const cs[4] = { "ut_count0_site", "ut_count1_site", "ut_count2_site", "ut_count3_site" };
    char err[128];
    struct proc *p;
    uint32_t va, k, *pte, total = 0;
    int prog = uimage_find("uworker");
    KASSERT(prog >= 0 && !elf_symbol(uprogs[prog].image, uprogs[prog].size, "uw_counts", &va));
    for (k = 0; k < 4; k++) {
        u[k] = (struct uprobe){ .prog = "uworker", .symbol = cs[k], .pre_handler = count_pre };
        KEXPECT_EQ(uprobe_register(&u[k], err, sizeof err), 0);
    }
    p = proc_spawn("uworker", 300, NULL, false, CPUMASK_ALL, err, sizeof err);
    KASSERT(p != NULL);
    wait_for_completion(&p->done);
    pte = uvm_pte(p->pgdir, va, false);
    for (k = 0; k < 4; k++) {
        uint32_t c = ((uint32_t *)((*pte & ~0xFFFu) + (va & 0xFFF)))[k];
        KEXPECT_EQ(u[k].nhit, c);
        total += c;
    }
    KEXPECT(total > 0);
    KEXPECT_EQ(proc_wait(p), 0);
    for (k = 0; k < 4; k++)
        uprobe_unregister(&u[k]);
}

