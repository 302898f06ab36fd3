/* xmc: a QEMU TCG plugin that checks every executed instruction against the
 * cross-modifying-code rules of Intel SDM Vol. 3A, "Handling Self- and
 * Cross-Modifying Code" (rules X1-X3, docs/xmc.md).  QEMU feeds it stores,
 * translations and executions; xmc_state.c judges; this file reports.
 *   -plugin build/xmc.so,out=FILE,elf=IMAGE[@BIAS],max=N */
#include <inttypes.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tools/xmc/qemu_api.h"
#include "tools/xmc/xmc_serial.h"
#include "tools/xmc/xmc_state.h"
#include "tools/xmc/xmc_sym.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = XMC_PLUGIN_API;

/* One translated instruction: the exec and store callbacks' user data. */
struct xinsn {
    uint64_t vaddr, phys, translated_at;
    uint64_t tb;                           /* its translation's number (from 1) */
    const uint8_t *haddr;                  /* memory now, in QEMU's RAM */
    int idx;                               /* its place in the translation */
    uint8_t len, serial, resolved, hlt;
    uint8_t bytes[XMC_INSN_MAX];           /* as translated */
};

#define CHUNK 65536
struct chunk { struct chunk *next; size_t used; struct xinsn v[CHUNK]; };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct xmc_state *st;
static struct xmc_syms *syms;
static struct chunk *arena;
static FILE *out;
static long max_lines = 50, lines, alines;    /* violations and artifacts each up to max */
static int64_t ram_delta;                  /* host = guest physical + ram_delta, for RAM */
static int have_delta, broken;
static uint64_t delta_checks, nstores, sipi_starts, ntrans;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    if (out) {
        fputs(buf, out);
        fflush(out);
    } else {
        qemu_plugin_outs(buf);
    }
}

static struct xinsn *insn_new(void)
{
    if (!arena || arena->used == CHUNK) {
        struct chunk *c = malloc(sizeof(*c));
        if (!c)
            abort();
        c->next = arena, c->used = 0;
        arena = c;
    }
    return &arena->v[arena->used++];
}

/* Every translation is gone (QEMU flushed its cache, all vCPUs stopped):
 * so are the callbacks that point into the arena. */
static void on_flush(qemu_plugin_id_t id)
{
    (void)id;
    pthread_mutex_lock(&lock);
    while (arena && arena->next) {
        struct chunk *c = arena->next;
        arena->next = c->next;
        free(c);
    }
    if (arena)
        arena->used = 0;
    pthread_mutex_unlock(&lock);
}

/* A page of guest RAM as it is now (the offset is known when this is asked). */
static const uint8_t *ram_page(uint64_t page, void *arg)
{
    (void)arg;
    return (const uint8_t *)(uintptr_t)((int64_t)page + ram_delta);
}

/* The guest physical address of a translated instruction, from where its
 * bytes lie in QEMU's RAM; false for ROM and before the offset is known. */
static int resolve(struct xinsn *x)
{
    uint64_t phys;
    if (x->resolved || !have_delta || !x->haddr)
        return x->resolved;
    phys = (uint64_t)((int64_t)(uintptr_t)x->haddr - ram_delta);
    if (phys >> XMC_PHYS_BITS)
        return 0;                          /* not guest RAM (a ROM) */
    x->phys = phys;
    xmc_translate(st, phys, x->bytes, x->len, ram_page, NULL);
    x->resolved = 1;
    return 1;
}

/* The bytes, "??" where unknown (an old value the history no longer holds). */
static void hexbytes(char *buf, size_t n, const uint8_t *b, size_t len, uint32_t unknown)
{
    size_t i, k = 0;
    for (i = 0; i < len && k + 4 < n; i++)
        k += (size_t)(unknown >> i & 1 ? snprintf(buf + k, n - k, "%s??", i ? " " : "")
                                       : snprintf(buf + k, n - k, i ? " %02x" : "%02x", b[i]));
}

/* Under a violation's line, each change behind it, oldest first per byte:
 * which byte, from what to what, which store, and how often the executing
 * CPU had serialized by then (its count now ends the line above's list). */
static void report_changes(const struct xmc_violation *v)
{
    char wat[160];
    int k;
    for (k = 0; k < v->ndetail; k++) {
        const struct xmc_change *d = &v->detail[k];
        xmc_syms_name(syms, d->pc, wat, sizeof(wat));
        if (d->cpu < 0)
            say("xmc:   byte %u %02x -> %02x: store %" PRIu64 ", its record lost\n", d->byte, d->old, d->new, d->id);
        else
            say("xmc:   byte %u %02x -> %02x: store %" PRIu64 " by cpu %d at 0x%08" PRIx64 " <%s> to 0x%08" PRIx64
                "; cpu %d had serialized %u times then, %u now\n", d->byte, d->old, d->new, d->id, d->cpu, d->pc,
                wat, d->vaddr, v->cpu, d->exec_nser, v->exec_nser);
    }
}

static void report(const struct xmc_violation *v, int kind)
{
    char at[160], wat[160], old[64], now[64], since[256];
    size_t k = 0;
    int c;
    long *n = kind == XE_ARTIFACT ? &alines : &lines;
    if (*n >= max_lines)
        return;
    (*n)++;
    xmc_syms_name(syms, v->vaddr, at, sizeof(at));
    xmc_syms_name(syms, v->w.pc, wat, sizeof(wat));
    hexbytes(old, sizeof(old), v->old, v->len, v->unknown_old);
    hexbytes(now, sizeof(now), v->now, v->len, 0);
    since[0] = 0;
    for (c = 0; c < v->ncpu && k + 16 < sizeof(since); c++)
        k += (size_t)(v->since_known ? snprintf(since + k, sizeof(since) - k, " cpu%d %u", c, v->since[c])
                                     : snprintf(since + k, sizeof(since) - k, " cpu%d ?", c));
    say("xmc: %s cpu %d ran 0x%08" PRIx64 " <%s> (phys 0x%" PRIx64 ") bytes %s, %s %s: "
        "changed by %d store%s%s, the latest by cpu %d at 0x%08" PRIx64 " <%s> to 0x%08" PRIx64
        "; serializing points since:%s\n",
        kind == XE_ARTIFACT ? "artifact" : xmc_rule_name(v->rule), v->cpu, v->vaddr, at, v->phys,
        now, kind == XE_ARTIFACT ? "memory holds" : "were", old, v->nwrites, v->nwrites == 1 ? "" : "s",
        v->before_code ? " before any CPU fetched from the page" : "", v->w.cpu, v->w.pc, wat,
        v->w.vaddr, since);
    if (kind != XE_ARTIFACT)
        report_changes(v);
}

/* INIT-SIPI: an AP waiting for its start-up IPI is halted (the firmware
 * parks it with HLT) and idle in QEMU, and starts in real mode at the
 * vector's page (SDM Vol. 3A, "MP Initialization Protocol Algorithm").  Its
 * first instruction after a HLT or an idle spell, if at a page boundary
 * below 1 MiB, is taken for such a start: serialized, as after reset.  (A
 * CPU woken from HLT by an interrupt resumes after its HLT or in a handler.) */
static uint8_t resumed[XMC_MAXCPU];

static void on_idle(qemu_plugin_id_t id, unsigned int vcpu)
{
    (void)id;
    if (vcpu < XMC_MAXCPU)
        __atomic_store_n(&resumed[vcpu], 0, __ATOMIC_RELAXED);
}

static void on_resume(qemu_plugin_id_t id, unsigned int vcpu)
{
    (void)id;
    if (vcpu < XMC_MAXCPU)
        __atomic_store_n(&resumed[vcpu], 1, __ATOMIC_RELAXED);
}

static uint8_t ran[XMC_MAXCPU];            /* the vCPU has run an instruction */

static void sipi_start(unsigned int vcpu, const struct xinsn *x)
{
    if (vcpu >= XMC_MAXCPU)
        return;
    if (ran[vcpu] && !__atomic_load_n(&resumed[vcpu], __ATOMIC_RELAXED))
        return;
    resumed[vcpu] = 0;
    if (ran[vcpu] && (x->vaddr & 0xfff || x->vaddr >= 0x100000))
        return;
    ran[vcpu] = 1;                         /* its first instruction: reset or SIPI */
    pthread_mutex_lock(&lock);
    xmc_serialize(st, (int)vcpu);
    sipi_starts++;
    pthread_mutex_unlock(&lock);
}

static void on_exec(unsigned int vcpu, void *ud)
{
    struct xinsn *x = ud;
    struct xmc_violation v;
    int r = XE_NONE;
    sipi_start(vcpu, x);
    if (x->hlt && vcpu < XMC_MAXCPU)
        __atomic_store_n(&resumed[vcpu], 1, __ATOMIC_RELAXED);
    if (!x->resolved) {
        pthread_mutex_lock(&lock);
        resolve(x);
        pthread_mutex_unlock(&lock);
    }
    if (x->resolved && !xmc_run_continues_stale(st, (int)vcpu, x->tb, x->idx) &&
        xmc_exec_suspect(st, (int)vcpu, x->phys, x->len, x->translated_at)) {
        pthread_mutex_lock(&lock);
        r = xmc_exec(st, (int)vcpu, x->vaddr, x->phys, x->bytes, x->haddr, x->len, x->translated_at, &v);
        if (r == XE_VIOLATION || r == XE_ARTIFACT)
            report(&v, r);
        if ((r == XE_ARTIFACT || r == XE_STALE) && v.stale_run)
            xmc_run_stale(st, (int)vcpu, x->tb, x->idx);
        pthread_mutex_unlock(&lock);
    }
    if (x->serial) {
        pthread_mutex_lock(&lock);
        xmc_serialize(st, (int)vcpu);
        pthread_mutex_unlock(&lock);
    }
}

/* A RAM store's host address, from QEMU's internal record (qemu_api.h): the
 * offset between host and guest physical addresses is learned from the first
 * and checked on every later one; a disagreement stops the checker. */
static const uint8_t *store_host(struct qemu_plugin_hwaddr *hw, uint64_t phys)
{
    const struct xmc_qemu_hwaddr *h = (const void *)hw;
    int64_t d;
    if (qemu_plugin_hwaddr_is_io(hw) || !h->v.ram.hostaddr)
        return NULL;
    d = (int64_t)(uintptr_t)h->v.ram.hostaddr - (int64_t)phys;
    if (!have_delta) {
        ram_delta = d, have_delta = 1;
    } else if (d != ram_delta && phys < 0xc0000000u && (phys < 0xa0000 || phys >= 0x100000)) {
        if (!broken)
            say("xmc: ERROR: RAM store at phys 0x%" PRIx64 " lies at host offset %" PRId64
                ", not %" PRId64 ": this QEMU's internal store record is not 7.2's; checker stopped\n",
                phys, d, ram_delta);
        broken = 1;
        return NULL;
    }
    delta_checks++;
    return d == ram_delta ? h->v.ram.hostaddr : NULL;
}

/* The guest physical address of a store: from its host address where it
 * went to RAM (cheap), through QEMU's lookup for every 1024th such store
 * (checked against the learned offset) and for the others. */
static uint64_t store_phys(struct qemu_plugin_hwaddr *hw, const uint8_t **host)
{
    const struct xmc_qemu_hwaddr *h = (const void *)hw;
    uint64_t phys;
    *host = NULL;
    if (have_delta && !h->is_io && h->v.ram.hostaddr &&
        (__atomic_fetch_add(&nstores, 1, __ATOMIC_RELAXED) & 1023)) {
        phys = (uint64_t)((int64_t)(uintptr_t)h->v.ram.hostaddr - ram_delta);
        if (!(phys >> XMC_PHYS_BITS)) {
            *host = h->v.ram.hostaddr;
            return phys;
        }
    }
    phys = qemu_plugin_hwaddr_phys_addr(hw);
    pthread_mutex_lock(&lock);
    *host = store_host(hw, phys);
    pthread_mutex_unlock(&lock);
    return phys;
}

/* The bytes of one store that lie in one guest page. */
static void store_part(unsigned int vcpu, const struct xinsn *x, uint64_t vaddr, uint64_t phys,
                       const uint8_t *host, size_t size)
{
    if (xmc_store_unwatched(st, (int)vcpu, x->vaddr, vaddr, phys, size))
        return;
    if (!host && have_delta && !broken)
        host = (const uint8_t *)(uintptr_t)((int64_t)phys + ram_delta);   /* code is RAM */
    if (!host)
        return;
    pthread_mutex_lock(&lock);
    xmc_store(st, (int)vcpu, x->vaddr, vaddr, phys, host, size);
    pthread_mutex_unlock(&lock);
}

/* A store across a page boundary: its two pages' physical addresses need
 * not be adjacent (the meminfo's lookup is for the first byte), so the part
 * in the second page is looked up by its own linear address. */
static void on_store(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *ud)
{
    struct xinsn *x = ud;
    struct qemu_plugin_hwaddr *hw;
    size_t size = (size_t)1 << qemu_plugin_mem_size_shift(info), first = size;
    const uint8_t *host;
    uint64_t phys;
    if (broken || !qemu_plugin_mem_is_store(info) || !(hw = qemu_plugin_get_hwaddr(info, vaddr)))
        return;
    phys = store_phys(hw, &host);
    if ((vaddr & 0xfff) + size > 0x1000)
        first = 0x1000 - (vaddr & 0xfff);
    store_part(vcpu, x, vaddr, phys, host, first);
    if (first < size && (hw = qemu_plugin_get_hwaddr(info, vaddr + first))) {
        phys = store_phys(hw, &host);
        store_part(vcpu, x, vaddr + first, phys, host, size - first);
    }
}

/* Which executions need the callback: serializing instructions, HLT and the
 * start-up IPI's page (INIT-SIPI), code not placed yet, and code in a page a
 * store has reached.  Code in a page no store reached is left alone: a store
 * there makes QEMU translate the page's code again, and the new translation
 * is judged.  (Under multi-threaded TCG a translation racing with a page's
 * first store may escape; docs/xmc.md, Limits.) */
static int judged(const struct xinsn *x)
{
    if (x->serial || x->hlt || !x->resolved || !(x->vaddr & 0xfff))
        return 1;
    return xmc_page_stored(st, x->phys) || xmc_page_stored(st, x->phys + x->len - 1);
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t i, n = qemu_plugin_tb_n_insns(tb);
    (void)id;
    pthread_mutex_lock(&lock);
    ntrans++;
    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, i);
        struct xinsn *x = insn_new();
        size_t len = qemu_plugin_insn_size(in);
        memset(x, 0, sizeof(*x));
        x->tb = ntrans;
        x->idx = (int)i;
        x->len = (uint8_t)(len < XMC_INSN_MAX ? len : XMC_INSN_MAX);
        memcpy(x->bytes, qemu_plugin_insn_data(in), x->len);
        x->vaddr = qemu_plugin_insn_vaddr(in);
        x->haddr = qemu_plugin_insn_haddr(in);
        x->serial = xmc_serial_kind(x->bytes, x->len) != XS_NONE;
        x->hlt = x->len == 1 && x->bytes[0] == 0xf4;
        resolve(x);
        x->translated_at = x->resolved && x->haddr ? xmc_translated_at(st, x->phys, x->bytes, x->haddr, x->len)
                                                   : xmc_clock(st);
        if (judged(x))
            qemu_plugin_register_vcpu_insn_exec_cb(in, on_exec, QEMU_PLUGIN_CB_NO_REGS, x);
        qemu_plugin_register_vcpu_mem_cb(in, on_store, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_W, x);
    }
    pthread_mutex_unlock(&lock);
}

static void on_vcpu_init(qemu_plugin_id_t id, unsigned int vcpu)
{
    (void)id;
    if (vcpu == XMC_MAXCPU)
        say("xmc: vCPU %u and above are not judged (the checker keeps %d CPUs); their stores are\n", vcpu,
            XMC_MAXCPU);
    pthread_mutex_lock(&lock);
    xmc_cpu_start(st, (int)vcpu);
    pthread_mutex_unlock(&lock);
}

static void on_atexit(qemu_plugin_id_t id, void *ud)
{
    const struct xmc_counts *c = xmc_counts(st);
    char ser[512];
    size_t k = 0;
    int i;
    (void)id, (void)ud;
    pthread_mutex_lock(&lock);
    for (i = 0; i < xmc_ncpu(st) && k + 24 < sizeof(ser); i++)
        k += (size_t)snprintf(ser + k, sizeof(ser) - k, " cpu%d %" PRIu64, i, c->serial[i]);
    if (lines >= max_lines || alines >= max_lines)
        say("xmc: %ld violation and %ld artifact lines printed, more left out (max=%ld each)\n", lines, alines,
            max_lines);
    say("xmc: summary: X1 %" PRIu64 " X2 %" PRIu64 " X3 %" PRIu64 "; artifact %" PRIu64 " (%" PRIu64
        " runs); int3 first-byte changes allowed %" PRIu64 "; stores to code %" PRIu64 " (%" PRIu64
        " changed bytes); judged %" PRIu64 "; RAM offset checked %" PRIu64 " times; start-up IPIs %" PRIu64 "; serializing:%s%s\n",
        c->rule[XR_X1], c->rule[XR_X2], c->rule[XR_X3], c->artifact, c->artifact_runs, c->int3_ok,
        c->stores_code, c->stores_changed, c->checked, delta_checks, sipi_starts, ser, broken ? "; CHECKER STOPPED" : "");
    pthread_mutex_unlock(&lock);
    if (out)
        fclose(out);
}

/* An image's code is code before any CPU runs it: its pages are watched
 * byte by byte from the start, the image's bytes their known content. */
static void watch_segment(uint64_t phys, const uint8_t *b, size_t filesz, size_t memsz, void *arg)
{
    static const uint8_t zero[4096];
    size_t k;
    (void)arg;
    xmc_translate(st, phys, b, filesz, NULL, NULL);
    for (k = filesz; k < memsz; k += sizeof(zero))
        xmc_translate(st, phys + k, zero, memsz - k < sizeof(zero) ? memsz - k : sizeof(zero), NULL, NULL);
}

/* elf=PATH or elf=PATH@BIAS (hex or decimal). */
static int load_elf(const char *arg)
{
    char path[1024], err[1200];
    const char *at = strrchr(arg, '@');
    uint64_t bias = 0;
    long n, segs = 0;
    snprintf(path, sizeof(path), "%.*s", at ? (int)(at - arg) : (int)strlen(arg), arg);
    if (at)
        bias = strtoull(at + 1, NULL, 0);
    if ((n = xmc_syms_load(syms, path, bias, err, sizeof(err))) < 0 ||
        (segs = xmc_elf_text(path, watch_segment, NULL, err, sizeof(err))) < 0) {
        fprintf(stderr, "xmc: elf=%s\n", err);
        return -1;
    }
    say("xmc: %ld symbols and %ld code segments from %s\n", n, segs, path);
    return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv)
{
    int i;
    if (!info->system_emulation) {
        fprintf(stderr, "xmc: needs system emulation (qemu-system-*)\n");
        return -1;
    }
    st = xmc_new();
    syms = xmc_syms_new();
    if (!st || !syms)
        return -1;
    for (i = 0; i < argc; i++) {
        if (!strncmp(argv[i], "out=", 4)) {
            if (!(out = fopen(argv[i] + 4, "w"))) {
                fprintf(stderr, "xmc: out=%s: cannot write it\n", argv[i] + 4);
                return -1;
            }
        } else if (!strncmp(argv[i], "max=", 4)) {
            max_lines = strtol(argv[i] + 4, NULL, 0);
        } else if (strncmp(argv[i], "elf=", 4) || load_elf(argv[i] + 4)) {
            if (strncmp(argv[i], "elf=", 4))
                fprintf(stderr, "xmc: unknown argument '%s' (out=FILE, elf=IMAGE[@BIAS], max=N)\n",
                        argv[i]);
            return -1;
        }
    }
    say("xmc: loaded into %s (plugin API %d, this QEMU takes %d to %d), %d vCPUs\n",
        info->target_name, XMC_PLUGIN_API, info->version.min, info->version.cur,
        info->system.smp_vcpus);
    qemu_plugin_register_vcpu_init_cb(id, on_vcpu_init);
    qemu_plugin_register_vcpu_idle_cb(id, on_idle);
    qemu_plugin_register_vcpu_resume_cb(id, on_resume);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
    qemu_plugin_register_flush_cb(id, on_flush);
    qemu_plugin_register_atexit_cb(id, on_atexit, NULL);
    return 0;
}
