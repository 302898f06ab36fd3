/* probe-all torture (issue 21): every function of kernel text in turn (the
 * symbol table, pa_stride apart, after the pa_first list) gets an int3 probe,
 * then in a second pass a jump-optimized one, for pa_ms each under the load
 * of probeall_load.c (NMIs on every CPU) and the anywhere-torture (the probe
 * machinery itself).  Each function is printed before it is probed; after
 * it, its hits must equal its handler's runs and the load must pass its
 * checks.  Ends with the counts by outcome and every function left out.
 * duration=, when given, ends the walk early (a key in the shell too). */
#include "kernel/thread.h"
#include "kernel/cpu.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/ksym.h"
#include "kernel/param.h"
#include "kernel/scenario.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "kernel/gbound.h"
#include "tests/kernel/probeall.h"
#include "tests/kernel/anywhere.h"

static int pa_stride = 1, pa_offset, pa_ms = 2, pa_passes, pa_any = 1, pa_nmi_db;
int pa_nmi_us = 100, pa_nmi_timeout_ms = 200, pa_bug;
static char pa_first[256];
KPARAM_INT("pa_stride", pa_stride, 1, 100000, "probe-all: probe every Nth function of the symbol table");
KPARAM_INT("pa_offset", pa_offset, 0, 100000, "probe-all: index of the first function of the stride walk");
KPARAM_INT("pa_ms", pa_ms, 0, 60000, "probe-all: ms each function stays probed");
KPARAM_INT("pa_nmi_db", pa_nmi_db, 0, 1000,
           "probe-all: each function also stays probed until this many NMIs interrupted a #DB entry "
           "(within 20 x pa_ms of every CPU's guest time)");
KPARAM_ENUM("pa_passes", pa_passes, "both|int3|jump", "probe-all: the int3 pass, the jump-optimized pass, or both");
KPARAM_INT("pa_nmi_us", pa_nmi_us, 0, 1000000, "probe-all: NMI to every CPU this often (us; 0: none)");
KPARAM_INT("pa_nmi_timeout_ms", pa_nmi_timeout_ms, 1, 600000,
           "probe-all: an NMI not taken within this many ms is an error (host time: raise it under -singlestep)");
KPARAM_INT("pa_any", pa_any, 0, 1, "probe-all: 1 also runs the anywhere-torture as load");
KPARAM_STR("pa_first", pa_first, "probe-all: comma-separated functions walked first (NMI context)");
KPARAM_ENUM("pa_bug", pa_bug, "none|count|unlocked|nmi_lost|ipi_lost",
            "probe-all negative controls: count (a handler run not counted), unlocked (a load worker skips "
            "its lock), nmi_lost (an NMI request never sent), ipi_lost (a worker's IPI never sent)");

#define NREASON 32
struct pa_reason { char what[56]; uint32_t n; };
struct pa_pass {
    const char *name;
    uint32_t tried, skipped, registered, hit_fns, hits, missed, optimized;
    uint64_t ns;
    struct pa_reason refused[NREASON], int3_left[NREASON];
};
static struct pa_pass passes[2] = { { .name = "int3" }, { .name = "jump" } };
static struct kprobe pa_kp;
static volatile uint32_t pa_runs[NCPU_MAX];
static uint64_t pa_end;                          /* duration= given: the walk ends here */

static int pa_pre(struct kprobe *p, struct trapframe *tf)
{
    (void)p; (void)tf;
    if (pa_bug == PA_BUG_COUNT && kprobe_nhit(p) == 3)
        return 0;                                /* BUG on purpose: a run not counted */
    pa_runs[cpu_id()]++;
    return 0;
}

static const char *pa_chr(const char *s, char ch)
{
    for (; *s; s++)
        if (*s == ch)
            return s;
    return NULL;
}

static bool pa_has(const char *s, const char *sub)
{
    size_t n = kstrlen(sub);
    for (; *s; s++)
        if (!kmemcmp(s, sub, n))
            return true;
    return false;
}

/* A reason's class: its hazard tag and words up to the first number,
 * symbol or address, the site ("name+0x3: ") dropped, so that one class
 * gathers many functions. */
static void pa_class(const char *why, char *c, size_t cn)
{
    const char *p = why, *q;
    size_t i = 0;
    if (pa_has(why, "no-probe section"))
        p = "H11: in the no-probe section";
    else if (why[0] == 'H' && (q = pa_chr(why, ':')) && q - why < 4 && q[1] == ' ') {
        for (; why + i < q + 2 && i < cn - 1; i++)
            c[i] = why[i];                       /* "H12: " */
        p = q + 2;
        for (q = p; *q && *q != ' ' && *q != ':'; q++)
            ;
        if (*q == ':' && q[1] == ' ' && pa_chr(p, '+') && pa_chr(p, '+') < q)
            p = q + 2;                           /* a site */
    }
    for (; *p && i < cn - 1; p++, i++) {
        if (i > 5 && (*p == '<' || *p == '(' || (*p >= '0' && *p <= '9')))
            break;
        c[i] = *p;
    }
    while (i && (c[i - 1] == ' ' || c[i - 1] == ':' || c[i - 1] == ','))
        i--;
    c[i] = 0;
}

static void pa_count(struct pa_reason *r, const char *why)
{
    char c[56];
    int k;
    pa_class(why, c, sizeof c);
    for (k = 0; k < NREASON && r[k].n; k++)
        if (!kmemcmp(r[k].what, c, kstrlen(c) + 1))
            break;
    if (k == NREASON)
        k = NREASON - 1;                         /* the last class takes the overflow */
    else if (!r[k].n)
        kmemcpy(r[k].what, c, kstrlen(c) + 1);
    r[k].n++;
}

static uint32_t pa_sum_runs(void)
{
    uint32_t n = 0;
    int i;
    for (i = 0; i < NCPU_MAX; i++)
        n += pa_runs[i];
    return n;
}

/* Functions the walk leaves out, and why: the load's own tokens. */
static const char *const pa_skip[][2] = {
    { "any_marker", "its address is the anywhere-torture's ksym_lookup token, which the "
                    "optimizer's region check looks up too" },
};

static const char *pa_skipped(const struct ksym *k)
{
    unsigned i;
    for (i = 0; pa_any && i < sizeof pa_skip / sizeof pa_skip[0]; i++)
        if (ksym_by_name(pa_skip[i][0]) == k)
            return pa_skip[i][1];
    return NULL;
}

/* pa_ms, and (pa_nmi_db=) until that many NMIs landed in a #DB entry: the
 * state a DR6 control needs, reached however slowly a busy host runs NMIs. */
static void pa_hold(const struct ksym *k)
{
    struct gbound b;
    uint32_t db0 = pa_nmi_in_db_count();
    thread_sleep_ns((uint64_t)pa_ms * 1000000);
    if (pa_nmi_db <= 0 || pa_nmi_in_db_count() - db0 >= (uint32_t)pa_nmi_db)
        return;
    gbound_start(&b, GBOUND_ALL, 20 * (uint32_t)pa_ms, 0);
    while (pa_nmi_in_db_count() - db0 < (uint32_t)pa_nmi_db && !gbound_expired(&b))
        thread_sleep_ns(1000000);
    kprintf("probe-all: %s: %u NMIs in a #DB entry after %u ms more (pa_nmi_db=%d)\n", k->name,
            pa_nmi_in_db_count() - db0, gbound_ms(&b), pa_nmi_db);
}

/* One function, one pass: 0, or 1 with why (a check failed). */
static int pa_one(struct pa_pass *ps, const struct ksym *k, int idx, int total, bool opt, char *why, size_t n)
{
    char err[160];
    uint32_t runs;
    bool jumped = false;
    if (pa_skipped(k)) {
        kprintf("probe-all: %s skipped %s: %s\n", ps->name, k->name, pa_skipped(k));
        ps->skipped++;
        return 0;
    }
    kprintf("probe-all: %s %d/%d %s\n", ps->name, idx, total, k->name);
    ps->tried++;
    kmemset(&pa_kp, 0, sizeof pa_kp);
    kmemset((void *)pa_runs, 0, sizeof pa_runs);
    pa_kp.addr = k->addr;
    pa_kp.pre_handler = pa_pre;
    pa_kp.flags = opt ? KPROBE_OPTIMIZE : 0;
    if (kprobe_register(&pa_kp, err, sizeof err)) {
        pa_count(ps->refused, err);
        kprintf("probe-all: %s left out %s: %s\n", ps->name, k->name, err);
        return 0;
    }
    ps->registered++;
    if (opt) {
        djprobe_flush();
        if ((jumped = kprobe_opt_state(&pa_kp) == DJ_OPTIMIZED))
            ps->optimized++;
        else
            pa_count(ps->int3_left, kprobe_opt_why(&pa_kp));
    }
    pa_hold(k);
    kprobe_unregister(&pa_kp);
    runs = pa_sum_runs();
    ps->hits += kprobe_nhit(&pa_kp);
    ps->missed += pa_kp.nmissed;
    ps->hit_fns += kprobe_nhit(&pa_kp) != 0;
    if (kprobe_nhit(&pa_kp) || pa_kp.nmissed)
        kprintf("probe-all: %s %s: %u hits, %u missed%s\n", ps->name, k->name, kprobe_nhit(&pa_kp),
                pa_kp.nmissed, jumped ? " (jump-optimized)" : "");
    if (runs != kprobe_nhit(&pa_kp))
        return ksnprintf(why, n, "%s (%s): %u hits counted, the handler ran %u times",
                         k->name, ps->name, kprobe_nhit(&pa_kp), runs), 1;
    return pa_load_check(why, n);
}

/* The pa_first names, then every pa_stride-th symbol from pa_offset (the
 * pa_first ones skipped there): the function with walk index i, or NULL. */
static const struct ksym *pa_first_sym(int i)
{
    char name[48];
    const char *p = pa_first;
    size_t l;
    for (;; i--) {
        for (l = 0; p[l] && p[l] != ','; l++)
            ;
        if (!l)
            return NULL;
        if (!i) {
            if (l >= sizeof name)
                return NULL;
            kmemcpy(name, p, l);
            name[l] = 0;
            return ksym_by_name(name);
        }
        p += l + (p[l] == ',');
    }
}

static bool pa_in_first(const struct ksym *k, int nfirst)
{
    int i;
    for (i = 0; i < nfirst; i++)
        if (pa_first_sym(i) == k)
            return true;
    return false;
}

/* Stop walking: a key in the shell, or the time duration= gave is over. */
static bool pa_over(void)
{
    if (READ_ONCE(scenario_stop))
        return true;
    if (!pa_end || clock_ns() < pa_end)
        return false;
    if (pa_end != 1)
        kprintf("probe-all: duration=%d ms reached: the walk ends here\n", param_duration_ms);
    pa_end = 1;                                  /* said once; still over */
    return true;
}

static int pa_walk(struct pa_pass *ps, bool opt, char *why, size_t n)
{
    int nfirst = 0, total, i, idx = 0, nsym = ksym_count();
    uint64_t t0 = clock_ns();
    while (pa_first_sym(nfirst))
        nfirst++;
    total = nfirst + (nsym > pa_offset ? (nsym - pa_offset + pa_stride - 1) / pa_stride : 0);
    for (i = 0; i < nfirst; i++)
        if (pa_one(ps, pa_first_sym(i), ++idx, total, opt, why, n))
            return 1;
    for (i = pa_offset; i < nsym && !pa_over(); i += pa_stride) {
        ++idx;
        if (pa_in_first(ksym_at(i), nfirst))
            continue;
        if (pa_one(ps, ksym_at(i), idx, total, opt, why, n))
            return 1;
    }
    ps->ns = clock_ns() - t0;
    return 0;
}

static void pa_reasons(const char *pass, const char *what, const struct pa_reason *r)
{
    int k;
    for (k = 0; k < NREASON && r[k].n; k++)
        kprintf("probe-all: %s %s %u: %s\n", pass, what, r[k].n, r[k].what);
}

static void pa_report(void)
{
    struct pa_load_stats ls;
    int p;
    for (p = 0; p < 2; p++) {
        struct pa_pass *ps = &passes[p];
        if (!ps->tried)
            continue;
        kprintf("probe-all: pass %s: %u functions tried (%u skipped) in %u ms, %u registered, %u refused; "
                "%u hit (%u hits, handler ran as many), %u not hit while probed; %u missed (H11)%s",
                ps->name, ps->tried, ps->skipped, (uint32_t)(ps->ns / 1000000), ps->registered,
                ps->tried - ps->registered, ps->hit_fns, ps->hits, ps->registered - ps->hit_fns,
                ps->missed, p ? "" : "\n");
        if (p)
            kprintf("; %u jump-optimized, %u left int3\n", ps->optimized, ps->registered - ps->optimized);
        pa_reasons(ps->name, "refused", ps->refused);
        pa_reasons(ps->name, "left int3", ps->int3_left);
    }
    pa_load_stats(&ls);
    kprintf("probe-all: load: %u rounds, %u heap blocks, %u locked sections, %u IPIs and %u waits; "
            "NMIs %u sent, %u taken, %u not taken in time, %u interrupted a #DB entry and %u a step's "
            "copy; %u errors\n", ls.rounds, ls.heap, ls.locked, ls.ipis, ls.waits, ls.nmis_sent,
            ls.nmis_taken, ls.nmi_timeouts, ls.nmi_in_db, ls.nmi_in_slot, ls.errors);
}

static int scenario_probe_all(char *why, size_t n)
{
    char lwhy[160];
    int r = 0;
    kprintf("probe-all: %d symbols, stride %d from %d, first [%s], %d ms each, NMIs every %d us, %d CPUs\n",
            ksym_count(), pa_stride, pa_offset, pa_first, pa_ms, pa_nmi_us, ncpu);
    pa_end = param_duration_given ? clock_ns() + (uint64_t)param_duration_ms * 1000000 : 0;
    if (pa_end)
        kprintf("probe-all: at most %d ms (duration=)\n", param_duration_ms);
    if (pa_load_start())
        return ksnprintf(why, n, "load: out of memory"), 1;
    if (pa_any && anywhere_start())
        return ksnprintf(why, n, "anywhere-torture: a probe was refused"), 1;
    if (pa_passes != 2)
        r = pa_walk(&passes[0], false, why, n);
    if (!r && pa_passes != 1)
        r = pa_walk(&passes[1], true, why, n);
    if (r)
        kprintf("!!! probe-all: %s\n", why);
    if (pa_any && anywhere_finish(lwhy, sizeof lwhy) && !r) {
        kprintf("!!! anywhere-torture: %s\n", lwhy);
        ksnprintf(why, n, "anywhere-torture: %s", lwhy);
        r = 1;
    }
    if (!r && pa_load_settle(why, n)) {
        kprintf("!!! probe-all: %s\n", why);
        r = 1;
    }
    pa_load_stop();
    if (!r && pa_load_check(why, n))
        r = 1;
    pa_report();
    if (!r && passes[0].tried + passes[1].tried == 0) {
        ksnprintf(why, n, "no function tried");
        r = 1;
    }
    return r;
}
KSCENARIO("probe-all", scenario_probe_all, "every kernel function probed in turn (int3, then jump-optimized) under load and NMIs");
