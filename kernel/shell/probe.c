/* Shell probes: add (int3 or jump-optimized, strategy, force), list, enable,
 * disable, remove; the built-in handler counts and records the registers of
 * the first hits for the shell to print (a handler never prints: it may run
 * anywhere); watch (hits once a second) and call (a test target by hand). */
#include "patch/livepatch.h"
#include "tests/kernel/lp_targets.h"
#include "kernel/shell/shell.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/trap.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/clock.h"
#include "kernel/cpu.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"

#define SH_NPROBE 32
#define SH_LOGMAX 64

struct sh_rec {
    volatile int ready;
    int cpu;
    uint32_t eip, eax, ebx, ecx, edx, esi, edi, ebp, esp, eflags;
    char thread[16];
};

struct sh_probe {
    int id;
    struct kprobe kp;
    uint32_t log_max, nprinted;
    volatile uint32_t nlogged;
    struct sh_rec rec[SH_LOGMAX];
};

static struct sh_probe *probes[SH_NPROBE];
static int next_id = 1;

/* The built-in handler: the probe layer counts hits (nhit); records the
 * registers of the first log_max hits.  No calls but thread_current (no-probe). */
static int sh_pre(struct kprobe *p, struct trapframe *tf)
{
    struct sh_probe *sp = (struct sh_probe *)((char *)p - __builtin_offsetof(struct sh_probe, kp));
    struct thread *t;
    struct sh_rec *r;
    uint32_t i;
    if (READ_ONCE(sp->nlogged) >= sp->log_max)
        return 0;
    if ((i = __atomic_fetch_add(&sp->nlogged, 1, __ATOMIC_RELAXED)) >= sp->log_max)
        return 0;
    r = &sp->rec[i];
    r->cpu = mycpu()->id;
    r->eip = tf->eip - 1;                /* the int3 frame: EIP after the int3 */
    r->eax = tf->eax; r->ebx = tf->ebx; r->ecx = tf->ecx; r->edx = tf->edx;
    r->esi = tf->esi; r->edi = tf->edi; r->ebp = tf->ebp;
    r->esp = (uint32_t)&tf->eflags + 4;
    r->eflags = tf->eflags;
    t = thread_current();
    for (i = 0; t && i < sizeof r->thread - 1 && t->name[i]; i++)
        r->thread[i] = t->name[i];
    r->thread[i] = 0;
    __atomic_store_n(&r->ready, 1, __ATOMIC_RELEASE);
    return 0;
}

static void sh_post(struct kprobe *p, struct trapframe *tf) { (void)p; (void)tf; }

void sh_site_name(uint32_t addr, char *buf, size_t n)
{
    const struct ksym *k = ksym_lookup(addr);
    if (!k)
        ksnprintf(buf, n, "%08x", addr);
    else if (addr == k->addr)
        ksnprintf(buf, n, "%s", k->name);
    else
        ksnprintf(buf, n, "%s+%#x", k->name, addr - k->addr);
}

bool sh_probe_log_flush(bool newline)
{
    bool any = false;
    int i;
    for (i = 0; i < SH_NPROBE; i++) {
        struct sh_probe *sp = probes[i];
        while (sp && sp->nprinted < sp->log_max && __atomic_load_n(&sp->rec[sp->nprinted].ready, __ATOMIC_ACQUIRE)) {
            struct sh_rec *r = &sp->rec[sp->nprinted++];
            if (!any && newline)
                kprintf("\n");
            any = true;
            kprintf("probe %d hit %u: cpu %d thread %s eip %08x eax=%08x ebx=%08x ecx=%08x edx=%08x "
                    "esi=%08x edi=%08x ebp=%08x esp=%08x eflags=%08x\n", sp->id, sp->nprinted, r->cpu,
                    r->thread, r->eip, r->eax, r->ebx, r->ecx, r->edx, r->esi, r->edi, r->ebp, r->esp, r->eflags);
        }
    }
    return any;
}

static struct sh_probe **find(const char *s)
{
    uint32_t id;
    int i;
    if (sh_parse_num(s, &id)) {
        sh_err("bad probe id '%s' (probe list shows them)", s);
        return NULL;
    }
    for (i = 0; i < SH_NPROBE; i++)
        if (probes[i] && probes[i]->id == (int)id)
            return &probes[i];
    sh_err("no probe %u (probe list shows them)", id);
    return NULL;
}

/* Flag o: this probe asked for a jump; s: it did not, but shares a site
 * another probe's jump covers (the state column is the site's). */
static char opt_flag(struct sh_probe *sp)
{
    if (sp->kp.flags & KPROBE_OPTIMIZE)
        return 'o';
    return !(sp->kp.flags & KPROBE_DISABLED) && kprobe_opt_state(&sp->kp) != DJ_INT3 ? 's' : '-';
}

static void state_line(struct sh_probe *sp)
{
    char site[64];
    uint32_t lo, hi, buf;
    const char *why = kprobe_opt_why(&sp->kp);
    sh_site_name(sp->kp.addr, site, sizeof site);
    kprintf("%3d  %-22s %08x  %-12s %8u %7u  %c%c%c%c  ", sp->id, site, sp->kp.addr,
            sp->kp.flags & KPROBE_DISABLED ? "disabled" : dj_state_name(kprobe_opt_state(&sp->kp)),
            kprobe_nhit(&sp->kp), sp->kp.nmissed, opt_flag(sp),
            sp->kp.flags & KPROBE_FORCE ? 'f' : '-', sp->log_max ? 'l' : '-', sp->kp.post_handler ? 'p' : '-');
    sh_probe_region(&sp->kp, &lo, &hi, &buf);
    if (buf) {
        kprintf("%08x-%08x buffer %08x (%s)\n", lo, hi, buf, dj_strategy_name(sp->kp.strategy));
    } else if (sp->kp.flags & KPROBE_OPTIMIZE) {
        kprintf("%s\n", why[0] ? why : sp->kp.post_handler ? "has a post-handler: stays an int3 probe" :
                kprobe_opt_state(&sp->kp) == DJ_QUEUED ? "queued" : "not optimized");
    } else {
        kprintf("int3 at %08x\n", sp->kp.addr);
    }
}

static void list(void)
{
    int i, n = 0;
    for (i = 0; i < SH_NPROBE; i++)
        n += probes[i] != NULL;
    if (!n) {
        kprintf("no probes (probe add SITE)\n");
        return;
    }
    kprintf(" id  site                   address   state            hits  missed  flags region / why\n");
    for (i = 0; i < SH_NPROBE; i++)
        if (probes[i])
            state_line(probes[i]);
    kprintf("(flags: o optimize, s on a site another probe optimized, f force, l log, p post-handler)\n");
}

static int add(int argc, char **argv)
{
    struct sh_probe *sp;
    char err[200];
    const char *v;
    uint32_t addr, n;
    int i, slot, strategy = 0, q;
    uint32_t flags = 0, log_max = 0;
    bool post = false;
    if (argc < 3)
        return sh_err("usage: probe add SITE [optimize] [strategy=S] [force] [log[=N]] [post] [disabled]");
    for (i = 3; i < argc; i++) {
        if (sh_eq(argv[i], "optimize") || sh_eq(argv[i], "opt")) flags |= KPROBE_OPTIMIZE;
        else if (sh_eq(argv[i], "force")) flags |= KPROBE_FORCE;
        else if (sh_eq(argv[i], "disabled")) flags |= KPROBE_DISABLED;
        else if (sh_eq(argv[i], "post")) post = true;
        else if (sh_eq(argv[i], "log")) log_max = 16;
        else if ((v = sh_kv(argv[i], "log"))) {
            if (sh_parse_num(v, &n) || n < 1 || n > SH_LOGMAX)
                return sh_err("log=N wants 1 to %d, got '%s'", SH_LOGMAX, v);
            log_max = n;
        } else if ((v = sh_kv(argv[i], "strategy"))) {
            if ((strategy = dj_strategy_parse(v)) < 0)
                return sh_err("unknown strategy '%s' (strategies lists them)", v);
            flags |= KPROBE_OPTIMIZE;
        } else
            return sh_err("unknown option '%s' (optimize strategy= force log log=N post disabled)", argv[i]);
    }
    if (sh_parse_site(argv[2], &addr))
        return -1;
    if ((flags & KPROBE_OPTIMIZE) && !(flags & KPROBE_FORCE) && sh_strategy_broken(strategy)) {
        kprintf("refused: strategy %s is a negative control (%s); add force to use it\n",
                dj_strategy_name(strategy), sh_strategy_why(strategy ? strategy : sh_boot_strategy()));
        return -1;
    }
    for (slot = 0; slot < SH_NPROBE && probes[slot]; slot++)
        ;
    if (slot == SH_NPROBE)
        return sh_err("%d probes already (remove one first)", SH_NPROBE);
    if (!(sp = kzalloc(sizeof *sp)))
        return sh_err("out of memory");
    sp->kp.addr = addr;
    sp->kp.flags = flags;
    sp->kp.strategy = strategy;
    sp->kp.pre_handler = sh_pre;
    sp->kp.post_handler = post ? sh_post : NULL;
    sp->log_max = log_max;
    q = sh_quiet();
    if (kprobe_register(&sp->kp, err, sizeof err)) {
        sh_loud(q);
        kfree(sp);
        kprintf("refused: %s\n", err);
        return -1;
    }
    sp->id = next_id++;
    probes[slot] = sp;
    if (flags & KPROBE_OPTIMIZE)
        djprobe_flush();
    sh_loud(q);
    kprintf("probe %d added\n", sp->id);
    kprintf(" id  site                   address   state            hits  missed  flags region / why\n");
    state_line(sp);
    return 0;
}

/* Slots stay in id order: a removal closes the gap, an add takes the end. */
static void remove(struct sh_probe **pp)
{
    struct sh_probe *sp = *pp;
    kprobe_unregister(&sp->kp);
    for (; pp < &probes[SH_NPROBE - 1]; pp++)
        pp[0] = pp[1];
    *pp = NULL;
    sh_probe_log_flush(false);
    kprintf("probe %d removed after %u hits, %u missed\n", sp->id, kprobe_nhit(&sp->kp), sp->kp.nmissed);
    kfree(sp);
}

void sh_probe_cleanup(void)
{
    while (probes[0])
        remove(&probes[0]);
}

int cmd_probe(int argc, char **argv)
{
    struct sh_probe **pp;
    const char *sub = argc > 1 ? argv[1] : "list";
    int q;
    if (sh_eq(argv[0], "probes") || sh_eq(sub, "list")) {
        list();
        sh_uprobe_list(true);          /* user probes, if any */
        return 0;
    }
    if (sh_eq(sub, "add"))
        return add(argc, argv);
    if (!sh_eq(sub, "enable") && !sh_eq(sub, "disable") && !sh_eq(sub, "remove"))
        return sh_err("unknown subcommand 'probe %s' (add list enable disable remove)", sub);
    if (argc != 3)
        return sh_err("usage: probe %s ID%s", sub, sh_eq(sub, "remove") ? "|all" : "");
    if (sh_eq(sub, "remove") && sh_eq(argv[2], "all")) {
        sh_probe_cleanup();
        return 0;
    }
    if (!(pp = find(argv[2])))
        return -1;
    if (sh_eq(sub, "remove")) {
        remove(pp);
        return 0;
    }
    q = sh_quiet();
    if (sh_eq(sub, "enable")) {
        kprobe_enable(&(*pp)->kp);
        if ((*pp)->kp.flags & KPROBE_OPTIMIZE)
            djprobe_flush();
    } else {
        kprobe_disable(&(*pp)->kp);
    }
    sh_loud(q);
    state_line(*pp);
    return 0;
}

int cmd_watch(int argc, char **argv)
{
    static uint32_t last[SH_NPROBE];
    uint32_t count = 0, round;
    char site[64];
    int i;
    if (argc > 2 || (argc == 2 && (sh_parse_num(argv[1], &count) || !count)))
        return sh_err("usage: watch [count] (count >= 1)");
    for (i = 0; i < SH_NPROBE && !probes[i]; i++)
        ;
    if (i == SH_NPROBE)
        return sh_err("no probes to watch (probe add SITE first)");
    for (i = 0; i < SH_NPROBE; i++)
        last[i] = probes[i] ? kprobe_nhit(&probes[i]->kp) : 0;
    kprintf("watching probe hits every second%s\n", count ? "" : "; press a key to stop");
    for (round = 1; !count || round <= count; round++) {
        if (sh_wait_key(1000)) {
            kprintf("(stopped by a key)\n");
            break;
        }
        kprintf("t=%us", round);
        for (i = 0; i < SH_NPROBE; i++) {
            struct sh_probe *sp = probes[i];
            if (!sp)
                continue;
            sh_site_name(sp->kp.addr, site, sizeof site);
            kprintf("  #%d %s %u (+%u) missed %u", sp->id, site, kprobe_nhit(&sp->kp), kprobe_nhit(&sp->kp) - last[i],
                    sp->kp.nmissed);
            last[i] = kprobe_nhit(&sp->kp);
        }
        kprintf("\n");
        sh_probe_log_flush(false);
    }
    return 0;
}

/* ---- call: test targets with a model of each result ---------------------- */

int kt_a(int x);
int kt_b(int x);
int dj_add(int x);
int dj_jcc(int x);
int dj_call_last(void);
/* Models as in tests/kernel/kprobe_torture_targets.S and djprobe_targets.S. */
static uint32_t mdl_a(uint32_t x) { uint32_t r = (((x + 3) * 2) ^ 0x55) + 7; return r >= 1000 ? r - 1000 : r; }
static uint32_t mdl_b(uint32_t x) { return (x * 9 >> 2) + (x != 0); }
static uint32_t m_add(uint32_t x) { return 2 * x + 5; }
static uint32_t m_jcc(uint32_t x) { return (int)x > 10; }
static uint32_t m_42(uint32_t x) { (void)x; return 42; }
static uint32_t m_sum(uint32_t x) { return (int)x > 0 ? x * (x - 1) / 2 : 0; }
static int w_call_last(int x) { (void)x; return dj_call_last(); }
static int w_mid_call(int x) { (void)x; return sh_mid_call(sh_callee); }
/* lpt_version: 1, or the version of the live patch on top (tests/kernel/lp_new.c). */
static int w_version(int x) { (void)x; return lpt_version(); }
static uint32_t m_version(uint32_t x)
{
    void *v = lp_active(lpt_version);
    (void)x;
    return v == lpn_version2 ? 2 : v == lpn_version3 ? 3 : 1;
}

const struct sh_target sh_targets[] = {
    { "sh_add", sh_add, m_add }, { "sh_sum", sh_sum, m_sum }, { "sh_mid_call", w_mid_call, m_42 },
    { "kt_a", kt_a, mdl_a }, { "kt_b", kt_b, mdl_b }, { "dj_add", dj_add, m_add },
    { "dj_jcc", dj_jcc, m_jcc }, { "dj_call_last", w_call_last, m_42 }, { "lpt_version", w_version, m_version },
    { 0, 0, 0 },
};

int cmd_call(int argc, char **argv)
{
    const struct sh_target *t;
    uint32_t times = 1, x = 0, i, bad = 0, r = 0;
    uint64_t t0;
    if (argc < 2 || argc > 4)
        return sh_err("usage: call FUNC [times] [arg]");
    for (t = sh_targets; t->name && !sh_eq(t->name, argv[1]); t++)
        ;
    if (!t->name) {
        kprintf("error: call runs only the test targets:");
        for (t = sh_targets; t->name; t++)
            kprintf(" %s", t->name);
        kprintf("\n");
        return -1;
    }
    if (argc > 2 && (sh_parse_num(argv[2], &times) || times < 1 || times > 10000000))
        return sh_err("times wants 1 to 10000000, got '%s'", argv[2]);
    if (argc > 3 && (sh_parse_num(argv[3], &x) || x > 65535))
        return sh_err("arg wants 0 to 65535, got '%s'", argv[3]);
    if (sh_eq(t->name, "sh_sum") && x > 9000)
        return sh_err("sh_sum wants arg <= 9000");
    t0 = clock_ns();
    for (i = 0; i < times; i++)
        if ((r = (uint32_t)t->fn((int)x)) != t->model(x))
            bad++;
    kprintf("%s(%u) = %u, %u call%s in %u us\n", t->name, x, r, times, times > 1 ? "s" : "",
            (uint32_t)((clock_ns() - t0) / 1000));
    if (bad)                            /* a probe changed what the code computes */
        kprintf("!!! call: %s(%u) returned a wrong result %u times (want %u)\n", t->name, x, bad, t->model(x));
    return bad ? -1 : 0;
}
