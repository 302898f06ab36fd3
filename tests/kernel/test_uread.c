/* Self-tests for probe_read_user (kernel/uread.c; Intel SDM Vol. 3, 4.10.4):
 * the kernel reads user/umem processes, each byte a function of (pid, address):
 * exact bytes, refused pages and ranges, one slot reused, NMI reads nested and
 * under churn, a kprobe handler, the cost.  Controls: tests/scenarios/neg-uread-*. */
#include "kernel/ktest.h"
#include "kernel/uread.h"
#include "kernel/proc.h"
#include "kernel/uvm.h"
#include "kernel/uimage.h"
#include "kernel/usys.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"
#include "kernel/ipi.h"
#include "kernel/x86.h"
#include "kernel/gbound.h"
#include "kernel/clock.h"
#include "kernel/thread.h"
#include "kernel/console.h"
#include "kernel/fmt.h"
#include "patch/kprobe.h"
#include "user/umem.h"

#define UMEM_MS   20000u          /* umem's own deadline; the tests stop it long before */
#define AREA      (UMEM_PAGES * PAGE_SIZE)
#define NOT_CPU1  (~(1u << 1))    /* owners stay off cpu 1, where the reads run */

static uint8_t big[6 * PAGE_SIZE];

/* A umem process that has mapped and filled its pages, or NULL. */
static struct proc *umem_start(uint32_t mode, uint32_t affinity)
{
    char err[96];
    struct gbound b;
    struct proc *p = proc_spawn("umem", UMEM_ARG(mode, UMEM_MS), NULL, false, affinity, err, sizeof err);
    if (!p) {
        kprintf("# spawn umem: %s\n", err);
        return NULL;
    }
    gbound_start(&b, GBOUND_ALL, 5000, 0);
    while (READ_ONCE(p->report[UMEM_R_READY]) != UMEM_BASE && p->state == P_RUN && !gbound_expired(&b))
        thread_sleep_ns(1000000);
    if (READ_ONCE(p->report[UMEM_R_READY]) != UMEM_BASE)
        kprintf("# umem pid %d did not get ready\n", p->pid);
    return p;
}

/* Set its stop word (through its page tables) and reap it: its exit code. */
static int umem_stop(struct proc *p)
{
    uint32_t a = READ_ONCE(p->report[UMEM_R_STOP]), *pte;
    if (a && (pte = uvm_pte(p->pgdir, a, false)) && (*pte & PTE_P))
        __atomic_store_n((uint32_t *)((*pte & ~0xFFFu) + (a & 0xFFFu)), 1, __ATOMIC_RELEASE);
    return proc_wait(p);
}

/* Bytes of buf that are not pid's at [ua, ua+n) (0 allowed if zero_ok: a
 * page mapped but not refilled yet); the first such address in *bad. */
static uint32_t bad_bytes(const uint8_t *buf, uint32_t pid, uint32_t ua, uint32_t n, bool zero_ok,
                          uint32_t *bad)
{
    uint32_t i, a, w = 0, nbad = 0;
    uint8_t want;
    for (i = 0; i < n; i++) {
        a = ua + i;
        if (!i || !(a & 3))
            w = umem_word(pid, a & ~3u);             /* once a word: the readers stay in reads */
        want = (uint8_t)(w >> 8 * (a & 3));
        if (buf[i] != want && !(zero_ok && !buf[i]) && !nbad++)
            *bad = a;
    }
    return nbad;
}

static uint32_t strict_bad(const uint8_t *buf, struct proc *p, uint32_t ua, uint32_t n)
{
    uint32_t bad = 0, nbad = bad_bytes(buf, (uint32_t)p->pid, ua, n, false, &bad);
    if (nbad)
        kprintf("# uread: %u wrong bytes in [%08x, +%u) of pid %d, the first at %08x: %02x, want %02x\n",
                nbad, ua, n, p->pid, bad, buf[bad - ua], umem_byte((uint32_t)p->pid, bad));
    return nbad;
}

KTEST(uread_exact_across_pages)
{
    static const struct { uint32_t off, len, pages; } r[] = {
        { 0, 16, 1 }, { PAGE_SIZE - 3, 8, 2 }, { 100, 3 * PAGE_SIZE, 4 },
        { 2 * PAGE_SIZE - 1, 2 * PAGE_SIZE + 2, 4 }, { 0, 5 * PAGE_SIZE, 5 },
        { 5 * PAGE_SIZE - 1, 1, 1 }, { 6 * PAGE_SIZE + 7, 10 * PAGE_SIZE - 7 - 2 * PAGE_SIZE, 8 },
    };
    struct proc *p = umem_start(UMEM_STATIC, CPUMASK_ALL);
    struct uread_stats a, b;
    uint32_t i, w = 0;
    KASSERT(p != NULL);
    for (i = 0; i < ARRAY_SIZE(r); i++) {
        uread_stats(&a);
        KEXPECT_EQ(probe_read_user(big, p, UMEM_BASE + r[i].off, r[i].len), 0);
        KEXPECT_EQ(strict_bad(big, p, UMEM_BASE + r[i].off, r[i].len), 0);
        uread_stats(&b);
        KEXPECT_EQ(b.reads - a.reads, 1);
        KEXPECT_EQ(b.pages - a.pages, r[i].pages);
        KEXPECT_EQ(b.refused - a.refused, 0);
    }
    /* its shared read-only text, and the argument word atop its stack */
    KEXPECT_EQ(probe_read_user(big, p, USER_BASE, 64), 0);
    KEXPECT_MEMEQ(big, (const void *)uimage_text_page(uimage_find("umem"), USER_BASE), 64);
    KEXPECT_EQ(probe_read_user(&w, p, USER_STACK_TOP - 4, 4), 0);
    KEXPECT_EQ(w, UMEM_ARG(UMEM_STATIC, UMEM_MS));
    KEXPECT_EQ(umem_stop(p), 0);
}

KTEST(uread_refused_pages_counted)
{
    struct proc *p = umem_start(UMEM_STATIC, CPUMASK_ALL);
    uint32_t hole = UMEM_BASE + UMEM_HOLE * PAGE_SIZE, faults, *pte;
    struct uread_stats a, b;
    int r;
    KASSERT(p != NULL);
    faults = probe_read_user_faults();
    uread_stats(&a);
    KEXPECT_EQ(probe_read_user(big, p, hole, 4), -1);                    /* unmapped */
    KEXPECT_EQ(probe_read_user(big, p, hole - 2, 4), -1);                /* into it */
    KEXPECT_EQ(probe_read_user(big, p, UMEM_BASE + AREA, 4), -1);        /* never mapped */
    KEXPECT_EQ(probe_read_user(big, p, USER_MAP_TOP - PAGE_SIZE, 4), -1);   /* no page table */
    KASSERT((pte = uvm_pte(p->pgdir, UMEM_BASE, false)) != NULL);
    *pte &= ~PTE_U;                                                      /* supervisor-only */
    r = probe_read_user(big, p, UMEM_BASE, 4);
    *pte |= PTE_U;
    KEXPECT_EQ(r, -1);
    uread_stats(&b);
    KEXPECT_EQ(probe_read_user_faults() - faults, 5);
    KEXPECT_EQ(b.refused - a.refused, 5);
    KEXPECT_EQ(b.reads - a.reads, 5);
    KEXPECT_EQ(b.pages - a.pages, 1);                    /* the 2 bytes before the hole */
    KEXPECT_EQ(probe_read_user(big, p, UMEM_BASE, 4), 0);
    KEXPECT_EQ(strict_bad(big, p, UMEM_BASE, 4), 0);
    KEXPECT_EQ(umem_stop(p), 0);
}

KTEST(uread_bad_range_refused)
{
    static const struct { uint32_t a, n; } bad[] = {
        { USER_BASE - 4, 8 }, { USER_BASE - 1, 1 }, { USER_TOP - 4, 8 }, { USER_TOP, 1 },
        { 0xFFFFFFF0u, 0x20 }, { UMEM_BASE, 0xFFFFFFFFu }, { 0x1000, 4 }, { 0xC0100000u, 4 },
    };
    struct proc *p = umem_start(UMEM_STATIC, CPUMASK_ALL);
    struct uread_stats a, b;
    uint32_t i, faults;
    KASSERT(p != NULL);
    faults = probe_read_user_faults();
    uread_stats(&a);
    for (i = 0; i < ARRAY_SIZE(bad); i++)
        KEXPECT_EQ(probe_read_user(big, p, bad[i].a, bad[i].n), -1);
    KEXPECT_EQ(probe_read_user(big, NULL, UMEM_BASE, 4), -1);
    KEXPECT_EQ(probe_read_user(big, p, UMEM_BASE, 0), 0);                /* empty */
    uread_stats(&b);
    KEXPECT_EQ(probe_read_user_faults(), faults);                        /* refused unread */
    KEXPECT_EQ(b.reads - a.reads, 1);
    KEXPECT_EQ(b.pages - a.pages, 0);
    KEXPECT_EQ(umem_stop(p), 0);
}

/* Page A, then page B through the same slot (same CPU, same level, no CR3
 * load between): B's bytes only if the slot's translation was invalidated
 * (SDM Vol. 3, 4.10.4.1); uread_bug=no_invlpg returns A's. */
KTEST(uread_one_slot_page_a_then_b)
{
    static uint8_t pa[PAGE_SIZE], pb[PAGE_SIZE];
    struct proc *p = umem_start(UMEM_STATIC, CPUMASK_ALL);
    uint32_t A = UMEM_BASE, B = UMEM_BASE + PAGE_SIZE, f, slot, x = 0;
    int ra, rb;
    KASSERT(p != NULL);
    f = read_eflags();
    cli();
    write_cr3(read_cr3());                   /* nothing of the slot cached before A */
    ra = probe_read_user(pa, p, A, PAGE_SIZE);
    rb = probe_read_user(pb, p, B, PAGE_SIZE);
    slot = *paging_pte(uread_slot(cpu_id(), 0));
    if (f & EFLAGS_IF)
        sti();
    KEXPECT_EQ(ra, 0);
    KEXPECT_EQ(rb, 0);
    KEXPECT_EQ(strict_bad(pa, p, A, PAGE_SIZE), 0);
    if (bad_bytes(pb, (uint32_t)p->pid, B, PAGE_SIZE, false, &x) &&
        !bad_bytes(pb, (uint32_t)p->pid, A, PAGE_SIZE, false, &x))
        kprintf("# uread: page B (%08x) read through slot %08x returned page A's bytes (%08x): "
                "the slot's old translation was still cached\n", B, uread_slot(cpu_id(), 0), A);
    KEXPECT_EQ(strict_bad(pb, p, B, PAGE_SIZE), 0);
    KEXPECT_EQ(slot, 0);                     /* the slot is left clear */
    KEXPECT_EQ(umem_stop(p), 0);
}

/* Readers for the NMI tests: a kernel thread looping on cpu 1 and NMI
 * callbacks on cpu 1 read random ranges of the owners' areas and check every
 * byte (no output in NMI context: the first wrong byte is recorded). */
static struct {
    struct proc *own[2];
    uint32_t nown;
    bool zero_ok;                            /* churn: a page mapped but not refilled reads 0 */
    volatile int stop;
    volatile uint32_t loop_reads, loop_ok, nmi_reads, nmi_ok, nmi_nested, nmi_done;
    volatile uint32_t nbad, bad_pid, bad_addr, bad_got, bad_nmi;
    uint32_t seed_loop, seed_nmi, seed_self;
    uint8_t loop_buf[2 * PAGE_SIZE], nmi_buf[2 * PAGE_SIZE], self_buf[2 * PAGE_SIZE];
} rd;

static uint32_t rnd(uint32_t *st)            /* xorshift32 */
{
    uint32_t x = *st;
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    return *st = x;
}

/* One random read of an owner, checked: true if it returned 0. */
static bool uread_check(uint8_t *buf, uint32_t *seed, bool nmi)
{
    struct proc *p = rd.own[rnd(seed) % rd.nown];
    uint32_t off = rnd(seed) % AREA, len = 1 + rnd(seed) % (2 * PAGE_SIZE), bad = 0, pid = (uint32_t)p->pid;
    if (len > AREA - off)
        len = AREA - off;
    if (probe_read_user(buf, p, UMEM_BASE + off, len))
        return false;
    if (bad_bytes(buf, pid, UMEM_BASE + off, len, rd.zero_ok, &bad) && !rd.nbad++) {
        rd.bad_pid = pid;
        rd.bad_addr = bad;
        rd.bad_got = buf[bad - UMEM_BASE - off];
        rd.bad_nmi = nmi;
    }
    return true;
}

static void uread_nmi_read(struct trapframe *tf)
{
    (void)tf;
    if (uread_depth())
        rd.nmi_nested++;                     /* landed inside a read on this CPU */
    rd.nmi_reads++;
    rd.nmi_ok += uread_check(rd.nmi_buf, &rd.seed_nmi, true);
    __atomic_store_n(&rd.nmi_done, rd.nmi_done + 1, __ATOMIC_RELEASE);
}

static void uread_loop(void *arg)
{
    (void)arg;
    while (!READ_ONCE(rd.stop)) {
        rd.loop_reads++;
        rd.loop_ok += uread_check(rd.loop_buf, &rd.seed_loop, false);
    }
}

static void rd_reset(bool zero_ok)
{
    kmemset(&rd, 0, sizeof rd);
    rd.zero_ok = zero_ok;
    rd.seed_loop = (uint32_t)rdtsc() | 1;
    rd.seed_nmi = rd.seed_loop * 2654435761u | 1;
    rd.seed_self = rd.seed_nmi * 2654435761u | 1;
}

static const char *who(uint32_t x, char *buf, size_t n)
{
    if (!x)
        ksnprintf(buf, n, "nobody");
    else
        ksnprintf(buf, n, "cpu %u level %u", (x >> 8) - 1, x & 0xFF);
    return buf;
}

/* One NMI read on cpu, waited for.  false: it did not come back within 10 s
 * (with uread_bug=lock the watchdog ends the run first, this CPU having said
 * after 1 s where the NMI waits). */
static bool nmi_read(int cpu)
{
    uint32_t done = READ_ONCE(rd.nmi_done), holder, waiter;
    uint64_t t0 = clock_ns(), t;
    bool said = false;
    char h[32], w[32];
    smp_nmi_call(cpu, uread_nmi_read);
    while (__atomic_load_n(&rd.nmi_done, __ATOMIC_ACQUIRE) == done) {
        pause();
        if ((t = clock_ns() - t0) > 1000000000ull && !said) {
            said = true;
            uread_bug_lock_state(&holder, &waiter);
            kprintf("# uread: the NMI read on cpu %d has not returned in 1000 ms: walk lock held by %s, "
                    "waited for by %s\n", cpu, who(holder, h, sizeof h), who(waiter, w, sizeof w));
        }
        if (t > 10000000000ull)
            return false;
    }
    return true;
}

static void report_bad(void)
{
    if (rd.nbad)
        kprintf("# uread: %u wrong reads, the first at %08x of pid %u (%s): %02x, want %02x%s\n",
                rd.nbad, rd.bad_addr, rd.bad_pid, rd.bad_nmi ? "NMI" : "thread", rd.bad_got,
                umem_byte(rd.bad_pid, rd.bad_addr), rd.zero_ok ? " or 00" : "");
}

/* NMIs to cpu 1 while a thread there loops over reads: at least 20 must land
 * inside a read (nested on the same CPU, a slot of their own).  With
 * uread_bug=lock the first such NMI waits forever for its own CPU's lock. */
KTEST(uread_nmi_nested_in_reads)
{
    struct proc *p;
    struct thread *t;
    struct gbound b;
    if (ncpu < 2) {
        kprintf("# uread: skipped, needs 2 CPUs\n");
        return;
    }
    KASSERT((p = umem_start(UMEM_STATIC, NOT_CPU1)) != NULL);
    rd_reset(false);
    rd.own[0] = p;
    rd.nown = 1;
    KASSERT((t = thread_create("uread-loop", uread_loop, NULL, 1u << 1)) != NULL);
    while (!READ_ONCE(rd.loop_reads))
        thread_sleep_ns(100000);
    for (gbound_start(&b, 1, 3000, 30000); rd.nmi_nested < 20 && !gbound_expired(&b);)
        if (!nmi_read(1)) {
            KEXPECT(!"the NMI read came back");
            KEXPECT_EQ(umem_stop(p), 0);     /* cpu 1 is lost: its thread stays */
            return;
        }
    rd.stop = 1;
    thread_join(t);
    kprintf("# uread: %u NMI reads on cpu 1 (%u ok), %u landed inside a read there; %u loop reads (%u ok)\n",
            rd.nmi_reads, rd.nmi_ok, rd.nmi_nested, rd.loop_reads, rd.loop_ok);
    report_bad();
    KEXPECT(rd.nmi_nested >= 20);
    KEXPECT(rd.nmi_ok > 0 && rd.loop_ok > 0);
    KEXPECT_EQ(rd.nbad, 0);
    KEXPECT_EQ(umem_stop(p), 0);
}

static bool waits(const struct uread_stats *a)   /* an unmap waited for a read since a */
{
    struct uread_stats b;
    uread_stats(&b);
    return b.sync_waits != a->sync_waits;
}

/* Two owners unmap, map and refill pages (freed frames come back at other
 * addresses and in the other process) while cpu 1 reads them from a thread
 * and from NMIs, and this CPU reads too, for 1 s (up to 3 s until an unmap
 * has had to wait for a read): every read is -1 or bytes that are exact or 0;
 * no page leaked. */
KTEST(uread_nmi_reads_while_owners_churn)
{
    struct uread_stats a, b;
    struct thread *t;
    uint32_t before, steps = 0, self = 0, self_ok = 0, i, ms;
    uint64_t t0;
    struct gbound g1, g3;
    if (ncpu < 2) {
        kprintf("# uread: skipped, needs 2 CPUs\n");
        return;
    }
    KASSERT((rd.own[0] = umem_start(UMEM_STATIC, NOT_CPU1)) != NULL);   /* warm: text, heap */
    KEXPECT_EQ(umem_stop(rd.own[0]), 0);
    rd.stop = 1;
    KASSERT((t = thread_create("uread-loop", uread_loop, NULL, 1u << 1)) != NULL);
    thread_join(t);
    before = palloc_free_count();
    uread_stats(&a);
    rd_reset(true);
    rd.nown = 2;
    for (i = 0; i < 2; i++)
        KASSERT((rd.own[i] = umem_start(UMEM_CHURN, ncpu >= 4 ? 1u << (2 + i) : NOT_CPU1)) != NULL);
    KASSERT((t = thread_create("uread-loop", uread_loop, NULL, 1u << 1)) != NULL);
    gbound_start(&g1, GBOUND_ALL, 1000, 0);     /* at least 1 s, up to 3 s of guest time */
    gbound_start(&g3, GBOUND_ALL, 3000, 0);
    for (t0 = clock_ns(); !gbound_expired(&g1) || (!waits(&a) && !gbound_expired(&g3));) {
        if (!nmi_read(1)) {
            KEXPECT(!"the NMI read came back");
            return;
        }
        self++;
        self_ok += uread_check(rd.self_buf, &rd.seed_self, false);
        thread_yield();
    }
    ms = (uint32_t)((clock_ns() - t0) / 1000000);
    rd.stop = 1;
    thread_join(t);
    for (i = 0; i < 2; i++) {
        steps += READ_ONCE(rd.own[i]->report[UMEM_R_STEPS]);
        KEXPECT_EQ(umem_stop(rd.own[i]), 0);
    }
    uread_stats(&b);
    kprintf("# uread: churn %u ms: owners made %u steps (unmap, map, refill); reads: %u NMI (%u ok), "
            "%u loop (%u ok), %u here (%u ok); %u refused, %u syncs (%u waited)\n",
            ms, steps,
            rd.nmi_reads, rd.nmi_ok, rd.loop_reads, rd.loop_ok, self, self_ok, b.refused - a.refused,
            b.syncs - a.syncs, b.sync_waits - a.sync_waits);
    report_bad();
    KEXPECT_EQ(rd.nbad, 0);
    KEXPECT(steps > 0);
    KEXPECT(rd.nmi_ok > 0 && rd.loop_ok > 0 && self_ok > 0);
    KEXPECT(b.refused - a.refused > 0);
    KEXPECT(b.sync_waits - a.sync_waits > 0);
    KEXPECT_EQ(palloc_free_count(), before);
}

/* From a kprobe pre-handler (int3 path): the bytes of a process that is not
 * the current one (the handler runs in a kernel thread). */
int kp_add(int x);
static struct { struct proc *p; int r; uint8_t buf[64]; } kh;

static int uread_kp_handler(struct kprobe *kp, struct trapframe *tf)
{
    (void)kp; (void)tf;
    kh.r = probe_read_user(kh.buf, kh.p, UMEM_BASE + PAGE_SIZE - 32, sizeof kh.buf);
    return 0;
}

KTEST(uread_in_kprobe_handler)
{
    struct kprobe k = { .symbol = "kp_add", .pre_handler = uread_kp_handler };
    char err[160] = "";
    KASSERT((kh.p = umem_start(UMEM_STATIC, CPUMASK_ALL)) != NULL);
    kh.r = 5;
    KASSERT(kprobe_register(&k, err, sizeof err) == 0);
    KEXPECT_EQ(kp_add(3), 11);
    kprobe_unregister(&k);
    KEXPECT_EQ(kprobe_nhit(&k), 1);
    KEXPECT_EQ(kh.r, 0);
    KEXPECT_EQ(strict_bad(kh.buf, kh.p, UMEM_BASE + PAGE_SIZE - 32, sizeof kh.buf), 0);
    KEXPECT_EQ(umem_stop(kh.p), 0);
}

/* The cost, the best of 8 rounds of 32 (TCG and a shared host are noisy):
 * cycles per page of a 4-page read, of a 1-byte read, of the same copy
 * (rep movsl) from kernel memory, and of uread_sync with no read open. */
enum { ROUNDS = 8, PER = 32 };

static void kcopy(void *d, const void *s, uint32_t n)
{
    uint32_t words = n >> 2;
    __asm__ volatile("cld; rep movsl" : "+D"(d), "+S"(s), "+c"(words) :: "memory", "cc");
}

static uint64_t best(uint64_t *b, uint64_t t0, uint32_t per)
{
    uint64_t t = (rdtsc() - t0) / per;
    return *b = t < *b ? t : *b;
}

KTEST(uread_cost_per_page)
{
    struct proc *p = umem_start(UMEM_STATIC, CPUMASK_ALL);
    uint64_t t0, t_page = ~0ull, t_byte = ~0ull, t_kern = ~0ull, t_sync = ~0ull;
    uint32_t i, k, khz = clock_tsc_khz ? clock_tsc_khz : 1;
    int bad = 0;
    KASSERT(p != NULL);
    for (k = 0; k < ROUNDS; k++) {
        t0 = rdtsc();
        for (i = 0; i < PER; i++)
            bad |= probe_read_user(big, p, UMEM_BASE, 4 * PAGE_SIZE);
        best(&t_page, t0, 4 * PER);
        t0 = rdtsc();
        for (i = 0; i < PER; i++)
            bad |= probe_read_user(big, p, UMEM_BASE + i, 1);
        best(&t_byte, t0, PER);
        t0 = rdtsc();
        for (i = 0; i < PER; i++)
            kcopy(big, big + 2 * PAGE_SIZE, 4 * PAGE_SIZE);
        best(&t_kern, t0, 4 * PER);
        t0 = rdtsc();
        for (i = 0; i < PER; i++)
            uread_sync();
        best(&t_sync, t0, PER);
    }
    kprintf("uread: cost under uspace=%s: a page read %u cycles (%u ns), a 1-byte read %u cycles (%u ns); "
            "the same copy from kernel memory %u cycles a page; uread_sync with no read open %u cycles (%u ns)\n",
            uspace_layout == USPACE_SPLIT ? "split" : "shared", (uint32_t)t_page,
            (uint32_t)(t_page * 1000000 / khz), (uint32_t)t_byte, (uint32_t)(t_byte * 1000000 / khz),
            (uint32_t)t_kern, (uint32_t)t_sync, (uint32_t)(t_sync * 1000000 / khz));
    KEXPECT_EQ(bad, 0);
    KEXPECT_EQ(umem_stop(p), 0);
}
