/* User-probe edge cases (issue 30, items 1-6 and 9) on user/uedge_asm.S: a
 * jump across two text pages, a region longer than 16 bytes, post-handlers on
 * an optimized site and after a faulted emulation, H10 both ways, H4 and H5
 * from the whole program, a fault inside a detour buffer, a two-byte int $3
 * and stray int $0x81/0x82: each checked on what the process and the text do. */
#include "kernel/ktest.h"
#include "kernel/proc.h"
#include "kernel/uimage.h"
#include "kernel/uprog.h"
#include "kernel/elf.h"
#include "kernel/usys.h"
#include "kernel/trap.h"
#include "kernel/mem.h"
#include "kernel/console.h"
#include "patch/uprobe.h"
#include "patch/kprobe.h"
#include "kernel/fixup.h"
#include "kernel/ipi.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"

#define UE_N 20                          /* calls per target in mode 0 */

static uint32_t ue_sym(const char *name)
{
    int prog = uimage_find("uedge");
    uint32_t v = 0;
    elf_symbol(uprogs[prog].image, uprogs[prog].size, name, &v);
    return v;
}

/* Run uedge(mode, n); its exit code, and where a kill said it was. */
static int ue_run(int mode, int n, uint32_t *kill_eip)
{
    char err[96];
    struct proc *p = proc_spawn("uedge", (uint32_t)(mode << 16 | n), NULL, false, CPUMASK_ALL,
                                err, sizeof err);
    if (!p)
        return -9999;
    wait_for_completion(&p->done);
    if (kill_eip)
        *kill_eip = p->kill_eip;
    return proc_wait(p);
}

static int ue_pre(struct uprobe *u, struct trapframe *tf, struct proc *p) { (void)u; (void)tf; (void)p; return 0; }
static volatile int ue_posts;
static void ue_post(struct uprobe *u, struct trapframe *tf, struct proc *p) { (void)u; (void)tf; (void)p; ue_posts++; }

static int ue_optimize(struct uprobe *u, char *err, size_t n)
{
    int r, i;
    for (i = 0; i < 100 && (r = uprobe_optimize(u, err, n)) == 1; i++)
        thread_sleep_ns(1000000);
    if (r)
        kprintf("# %s\n", err);
    return r;
}

static uint8_t *ue_text(uint32_t va)
{
    uint32_t pg = uimage_text_page(uimage_find("uedge"), va);
    return pg ? (uint8_t *)(pg + (va & 0xFFF)) : NULL;
}

/* Item 5: a 19-byte region, the next site's probe still hits. */
KTEST(uedge_region_longer_than_16_bytes)
{
    static struct uprobe u, v;
    char err[160];
    KASSERT(uprobe_count() == 0);
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_long_site", .pre_handler = ue_pre };
    v = (struct uprobe){ .prog = "uedge", .symbol = "ue_opt_site", .pre_handler = ue_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    KASSERT(uprobe_register(&v, err, sizeof err) == 0);   /* the next site slot */
    KEXPECT_EQ(ue_optimize(&u, err, sizeof err), 0);
    KEXPECT_EQ(ue_run(0, UE_N, NULL), 0);
    KEXPECT_EQ(u.nhit, UE_N);
    KEXPECT_EQ(v.nhit, UE_N);
    uprobe_unregister(&v);
    uprobe_unregister(&u);
}

/* Item 9: a fault in the buffer's copy of the region's second instruction
 * is reported at that instruction's probed address. */
KTEST(uedge_fault_in_buffer_reported_at_probe)
{
    static struct uprobe u;
    char err[160];
    uint32_t at = 0;
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_long_site", .pre_handler = ue_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    KEXPECT_EQ(ue_optimize(&u, err, sizeof err), 0);
    KEXPECT_EQ(ue_run(2, 0, &at), PROC_KILLED(T_PF));
    KEXPECT_EQ(at, ue_sym("ue_long_site") + 4);
    uprobe_unregister(&u);
}

/* Item 2: a post-handler probe added to an optimized site unoptimizes it. */
KTEST(uedge_post_handler_unoptimizes)
{
    static struct uprobe u, v;
    char err[160];
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_opt_site", .pre_handler = ue_pre };
    v = (struct uprobe){ .prog = "uedge", .symbol = "ue_opt_site", .pre_handler = ue_pre,
                         .post_handler = ue_post };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    KEXPECT_EQ(ue_optimize(&u, err, sizeof err), 0);
    KASSERT(uprobe_register(&v, err, sizeof err) == 0);
    KEXPECT(!uprobe_optimized(&u));
    ue_posts = 0;
    KEXPECT_EQ(ue_run(0, UE_N, NULL), 0);
    KEXPECT_EQ(u.nhit, UE_N);
    KEXPECT_EQ(v.nhit, UE_N);
    KEXPECT_EQ(ue_posts, UE_N);
    uprobe_unregister(&v);
    uprobe_unregister(&u);
}

/* Item 3, H10 one way: a probe inside an optimized region unoptimizes it. */
KTEST(uedge_h10_probe_inside_optimized_region)
{
    static struct uprobe u, v;
    char err[160];
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_opt_site", .pre_handler = ue_pre };
    v = (struct uprobe){ .prog = "uedge", .symbol = "ue_opt_site", .offset = 2, .pre_handler = ue_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    KEXPECT_EQ(ue_optimize(&u, err, sizeof err), 0);
    KEXPECT_EQ(uprobe_register(&v, err, sizeof err), 0);
    KEXPECT(!uprobe_optimized(&u));
    KEXPECT_EQ(ue_run(0, UE_N, NULL), 0);
    KEXPECT_EQ(u.nhit, UE_N);
    KEXPECT_EQ(v.nhit, UE_N);
    uprobe_unregister(&v);
    uprobe_unregister(&u);
}

/* Item 3, H10 the other way: a region over an existing probe is refused. */
KTEST(uedge_h10_region_covers_a_probe)
{
    static struct uprobe u, v;
    char err[160];
    uint8_t before[7];
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_opt_site", .pre_handler = ue_pre };
    v = (struct uprobe){ .prog = "uedge", .symbol = "ue_opt_site", .offset = 2, .pre_handler = ue_pre };
    KASSERT(uprobe_register(&v, err, sizeof err) == 0);
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    kmemcpy(before, ue_text(u.addr), sizeof before);
    KEXPECT_EQ(ue_optimize(&u, err, sizeof err), -1);
    KEXPECT(kmemcmp(err, "not optimized: H10", 18) == 0);
    KEXPECT_MEMEQ(ue_text(u.addr), before, sizeof before);
    KEXPECT_EQ(ue_run(0, UE_N, NULL), 0);
    KEXPECT_EQ(u.nhit, UE_N);
    KEXPECT_EQ(v.nhit, UE_N);
    uprobe_unregister(&u);
    uprobe_unregister(&v);
}

/* Item 4: an indirect jump in the function (H5) and a direct branch from
 * another function (H4) into the region: both refused, text unchanged. */
KTEST(uedge_h4_h5_branches_into_region_refused)
{
    static struct uprobe u, w;
    char err[160];
    uint8_t bu[7], bw[7];
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_ij_site", .pre_handler = ue_pre };
    w = (struct uprobe){ .prog = "uedge", .symbol = "ue_h4_site", .pre_handler = ue_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    KASSERT(uprobe_register(&w, err, sizeof err) == 0);
    kmemcpy(bu, ue_text(u.addr), sizeof bu);
    kmemcpy(bw, ue_text(w.addr), sizeof bw);
    KEXPECT_EQ(ue_optimize(&u, err, sizeof err), -1);
    KEXPECT(kmemcmp(err, "not optimized: H5", 17) == 0);
    KEXPECT_EQ(ue_optimize(&w, err, sizeof err), -1);
    KEXPECT(kmemcmp(err, "not optimized: H4", 17) == 0);
    KEXPECT_MEMEQ(ue_text(u.addr), bu, sizeof bu);
    KEXPECT_MEMEQ(ue_text(w.addr), bw, sizeof bw);
    KEXPECT_EQ(ue_run(0, UE_N, NULL), 0);
    KEXPECT_EQ(u.nhit, UE_N);
    KEXPECT_EQ(w.nhit, UE_N);
    uprobe_unregister(&u);
    uprobe_unregister(&w);
}

/* Issue 39 item 17: ue_ij2's indirect jump lands inside its region, and
 * ue_ij2 follows ue_trapdata, whose last byte (data) decodes into ue_ij2's
 * first: the branch table must still see the jump (H5), text unchanged, and
 * uedge runs right through the int3 probe. */
KTEST(uedge_h5_after_a_function_ending_in_data)
{
    static struct uprobe u;
    char err[160];
    uint8_t b[7];
    uint32_t at = 0;
    int r;
    KASSERT(ue_sym("ue_ij2") == ue_sym("ue_trapdata") + 2);   /* the layout the cell is about */
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_ij2_site", .pre_handler = ue_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    kmemcpy(b, ue_text(u.addr), sizeof b);
    r = ue_optimize(&u, err, sizeof err);
    KEXPECT_EQ(r, -1);
    if (r == -1)
        KEXPECT(kmemcmp(err, "not optimized: H5", 17) == 0);
    KEXPECT_MEMEQ(ue_text(u.addr), b, sizeof b);
    KEXPECT_EQ(ue_run(0, UE_N, &at), 0);
    if (at)
        kprintf("# uedge killed at %08x (ue_ij2_site %08x)\n", at, u.addr);
    KEXPECT_EQ(u.nhit, UE_N);
    uprobe_unregister(&u);
}

/* Item 9: no post-handler after an emulated call whose push faulted. */
KTEST(uedge_no_post_after_faulted_emulation)
{
    static struct uprobe u;
    char err[160];
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_badcall_site", .pre_handler = ue_pre,
                         .post_handler = ue_post };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    ue_posts = 0;
    KEXPECT_EQ(ue_run(1, 0, NULL), PROC_KILLED(T_PF));
    KEXPECT_EQ(u.nhit, 1);
    KEXPECT_EQ(ue_posts, 0);
    uprobe_unregister(&u);
    /* ESP in the program's own text: present and user, but read-only (split
     * looks the page up; shared takes the write fault): killed, not written */
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_rocall_site", .pre_handler = ue_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    KEXPECT_EQ(ue_run(6, 0, NULL), PROC_KILLED(T_PF));
    KEXPECT_EQ(u.nhit, 1);
    uprobe_unregister(&u);
}

/* Item 1: a program's own two-byte int $3 with no probe anywhere kills it
 * like any unclaimed trap.  Item 9: stray int $0x81 / $0x82 are reported at
 * the instruction. */
KTEST(uedge_stray_interrupt_instructions)
{
    uint32_t at = 0;
    KASSERT(uprobe_count() == 0);
    KEXPECT_EQ(ue_run(3, 0, NULL), PROC_KILLED(T_BP));
    KEXPECT_EQ(ue_run(4, 0, &at), PROC_KILLED(T_GP));
    KEXPECT_EQ(at, ue_sym("ue_int81_site"));
    KEXPECT_EQ(ue_run(5, 0, &at), PROC_KILLED(T_GP));
    KEXPECT_EQ(at, ue_sym("ue_int82_site"));
}

/* Item 10: a user #PF's address survives a fixed-up #PF taken on the way
 * to the kill line (here a kprobe handler on proc_describe, which the fault
 * path calls, reads an unmapped kernel address: CR2 changes). */
static volatile int cr2_reads;
static int cr2_pre(struct kprobe *k, struct trapframe *tf)
{
    uint32_t v;
    (void)k;
    (void)tf;
    cr2_reads += probe_read(&v, (const void *)0xFFFFF000u, 4) != 0;
    return 0;
}

KTEST(uedge_user_fault_address_survives_a_nested_fault)
{
    static struct kprobe k;
    char err[160];
    struct proc *p;
    k = (struct kprobe){ .symbol = "proc_describe", .pre_handler = cr2_pre };
    KASSERT(kprobe_register(&k, err, sizeof err) == 0);
    cr2_reads = 0;
    p = proc_spawn("uedge", 2 << 16, NULL, false, CPUMASK_ALL, err, sizeof err);
    KASSERT(p != NULL);
    wait_for_completion(&p->done);
    kprobe_unregister(&k);
    KEXPECT_EQ(cr2_reads, 1);                    /* the nested fault happened */
    KEXPECT_EQ(p->kill_cr2, 0);                  /* ue_long(NULL) writes to address 0 */
    KEXPECT_EQ(proc_wait(p), PROC_KILLED(T_PF));
}

/* Item 10, the NMI half: a CPU whose CR2 holds a fault's address takes an
 * NMI whose handler takes a fixed-up #PF of its own; CR2 is the same after
 * (kernel/trap.c saves and restores it around an NMI, as DR6). */
static volatile int cr2n_ready, cr2n_done;
static volatile uint32_t cr2n_seen;
static void cr2n_nmi(struct trapframe *tf)
{
    uint32_t v;
    (void)tf;
    probe_read(&v, (const void *)0xFFFFF000u, 4);
    __atomic_store_n(&cr2n_done, 1, __ATOMIC_RELEASE);
}

static void cr2n_thread(void *arg)
{
    uint32_t v;
    (void)arg;
    cli();
    probe_read(&v, (const void *)0xFFFFE000u, 4);   /* CR2 = fffff000 - 0x1000 */
    __atomic_store_n(&cr2n_ready, 1, __ATOMIC_RELEASE);
    while (!__atomic_load_n(&cr2n_done, __ATOMIC_ACQUIRE))
        pause();
    cr2n_seen = read_cr2();
    sti();
}

KTEST(uedge_cr2_survives_an_nmi)
{
    struct thread *t;
    int i;
    if (ncpu < 2) {
        kprintf("# one CPU: no NMI from another\n");
        return;
    }
    cr2n_ready = cr2n_done = 0;
    KASSERT((t = thread_create("cr2-nmi", cr2n_thread, NULL, 1u << 1)) != NULL);
    for (i = 0; i < 2000 && !cr2n_ready; i++)
        thread_sleep_ns(1000000);
    KASSERT(cr2n_ready);
    smp_nmi_call(1, cr2n_nmi);
    thread_join(t);
    KEXPECT_EQ(cr2n_seen, 0xFFFFE000u);
}

/* Item 6: the jump at ue_strad_site spans two text pages.  Last in this
 * file, so run first (KTESTs run in reverse order): the image is loaded here, its text pages in one-page holes, so the
 * frame after the first page is never the second page. */
KTEST(uedge_jump_across_text_pages)
{
    static struct uprobe u;
    static void *hold[16];
    char err[160];
    uint32_t site = ue_sym("ue_strad_site"), i;
    uint8_t *a, *b, *nb, b0[4], nb0[4];
    bool fresh = !uimage_ubuf_page(uimage_find("uedge"));
    for (i = 0; i < 16; i++)
        hold[i] = palloc();
    for (i = 0; i < 16; i += 2)
        pfree(hold[i]);
    u = (struct uprobe){ .prog = "uedge", .symbol = "ue_strad_site", .pre_handler = ue_pre };
    KASSERT(uprobe_register(&u, err, sizeof err) == 0);
    a = ue_text(site);
    b = ue_text(site + 2);
    KASSERT(a && b && ((site + 2) & 0xFFF) == 0);
    nb = a + 2;                                  /* the frame after the site's page */
    if (nb == b)
        kprintf("# text pages adjacent (image loaded %s): the stray frame is the next page\n",
                fresh ? "here" : "earlier");
    KASSERT(nb != b);
    kmemcpy(b0, b, 4);
    kmemcpy(nb0, nb, 4);
    KEXPECT_EQ(ue_optimize(&u, err, sizeof err), 0);
    KEXPECT_EQ(a[0], 0xE9);
    KEXPECT_NE(kmemcmp(b, b0, 3), 0);            /* the tail in the program's next page */
    KEXPECT_MEMEQ(nb, nb0, 4);                   /* and nowhere else */
    KEXPECT_EQ(ue_run(0, UE_N, NULL), 0);
    KEXPECT_EQ(u.nhit, UE_N);
    uprobe_unregister(&u);
    KEXPECT_MEMEQ(b, b0, 4);
    KEXPECT_MEMEQ(nb, nb0, 4);
    for (i = 1; i < 16; i += 2)
        pfree(hold[i]);
}
