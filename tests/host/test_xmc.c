/* Host tests of the cross-modifying-code checker's pure parts: serializing
 * instructions from their bytes (tools/xmc/xmc_serial.c) and the rules X1-X3
 * over synthetic event sequences (tools/xmc/xmc_state.c, docs/xmc.md). */
#include "tests/host/check.h"
#include "tools/xmc/xmc_serial.h"
#include "tools/xmc/xmc_state.h"

#define K(...) ((const uint8_t[]){ __VA_ARGS__ }), sizeof((const uint8_t[]){ __VA_ARGS__ })

static void serial_kinds(void)
{
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0xa2)), XS_CPUID);
    CHECK_EQ(xmc_serial_kind(K(0xcf)), XS_IRET);
    CHECK_EQ(xmc_serial_kind(K(0x66, 0xcf)), XS_IRET);
    CHECK_EQ(xmc_serial_kind(K(0x48, 0xcf)), XS_IRET);            /* iretq */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x22, 0xd8)), XS_MOV_CR);    /* mov %eax,%cr3 */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x22, 0xc0)), XS_MOV_CR);    /* mov %eax,%cr0 */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x22, 0xe0)), XS_MOV_CR);    /* mov %eax,%cr4 */
    CHECK_EQ(xmc_serial_kind(K(0x44, 0x0f, 0x22, 0xc0)), XS_NONE);  /* mov %rax,%cr8 */
    CHECK_EQ(xmc_serial_kind(K(0xf0, 0x0f, 0x22, 0xc0)), XS_NONE);  /* cr8, AMD's LOCK form */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x20, 0xd8)), XS_NONE);      /* mov %cr3,%eax: a read */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0x10)), XS_LGDT);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0x18)), XS_LIDT);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0xd0)), XS_NONE);      /* xgetbv (mod 3) */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0x38)), XS_INVLPG);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0xf8)), XS_NONE);      /* swapgs */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0xe8)), XS_SERIALIZE);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x00, 0xd0)), XS_LLDT);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x00, 0xd8)), XS_LTR);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x00, 0xc0)), XS_NONE);      /* sldt */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x09)), XS_WBINVD);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x08)), XS_INVD);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x30)), XS_WRMSR);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x32)), XS_NONE);            /* rdmsr */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x23, 0xc0)), XS_MOV_DR);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x21, 0xc0)), XS_NONE);      /* mov %dr0,%eax */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0xae, 0xe8)), XS_NONE);      /* lfence */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0xae, 0xf0)), XS_NONE);      /* mfence */
    CHECK_EQ(xmc_serial_kind(K(0x48)), XS_NONE);                  /* dec %eax */
    CHECK_EQ(xmc_serial_kind(K(0xf3, 0x90)), XS_NONE);            /* pause */
    CHECK_EQ(xmc_serial_kind(K(0x66, 0x0f, 0x38, 0x80, 0x08)), XS_INVEPT);
    CHECK_EQ(xmc_serial_kind(K(0x66, 0x0f, 0x38, 0x81, 0x08)), XS_INVVPID);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0xaa)), XS_RSM);
    CHECK_EQ(xmc_serial_kind(K(0xcc)), XS_NONE);
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x0b)), XS_NONE);            /* ud2 */
    CHECK_STR(xmc_serial_name(XS_WRMSR), "wrmsr");
}

static const uint8_t OLD[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };     /* nopl 0(%eax,%eax) */
static const uint8_t NEW[5] = { 0xe9, 0x10, 0x20, 0x30, 0x40 };     /* jmp rel32 */
static const uint8_t CC = 0xcc;
#define SITE 0x101000ull

static struct xmc_state *two_cpus(void)
{
    struct xmc_state *st = xmc_new();
    xmc_cpu_start(st, 0);
    xmc_cpu_start(st, 1);
    xmc_translate(st, SITE, OLD, 5, NULL, NULL);
    return st;
}

/* cpu 1 runs the site as it is now: what does the checker say? */
static int run1(struct xmc_state *st, const uint8_t *b, size_t len, struct xmc_violation *v)
{
    xmc_translate(st, SITE, b, len, NULL, NULL);
    return xmc_exec(st, 1, SITE, SITE, b, b, len, xmc_clock(st), v);
}

static void rule_x1_whole_write(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    CHECK_EQ(run1(st, OLD, 5, &v), XE_NONE);
    xmc_store(st, 0, 0x1234, SITE, SITE, NEW, 5);
    CHECK_EQ(run1(st, NEW, 5, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    CHECK_EQ(v.changed, 0x1f);
    CHECK_EQ(v.nwrites, 1);
    CHECK_EQ(v.old[0], 0x0f);
    CHECK_EQ(v.now[0], 0xe9);
    CHECK_EQ(v.w.cpu, 0);
    CHECK_EQ(v.w.pc, 0x1234);
    CHECK_EQ(run1(st, NEW, 5, &v), XE_NONE);               /* reported once */
    CHECK_EQ(xmc_counts(st)->rule[XR_X1], 1);
    xmc_serialize(st, 1);
    CHECK_EQ(xmc_exec_suspect(st, 1, SITE, 5, xmc_clock(st)), false);
    xmc_free(st);
}

/* int3, sync, tail, sync, head, sync: and without the last sync (the head's
 * change is from int3: the one exception). */
static void rule_int3_protocol(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_store(st, 0, 0x1, SITE, SITE, &CC, 1);
    CHECK_EQ(run1(st, &CC, 1, &v), XE_NONE);               /* int3 over a first byte */
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x2, SITE + 1, SITE + 1, NEW + 1, 4);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x3, SITE, SITE, NEW, 1);
    CHECK_EQ(run1(st, NEW, 5, &v), XE_NONE);
    CHECK(xmc_counts(st)->int3_ok >= 2);
    CHECK_EQ(xmc_counts(st)->rule[XR_X1] + xmc_counts(st)->rule[XR_X3], 0);
    xmc_free(st);
}

/* The tail's sync skipped: cpu 1 last serialized before the tail. */
static void rule_x3_tail_unsynced(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_store(st, 0, 0x1, SITE, SITE, &CC, 1);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x2, SITE + 1, SITE + 1, NEW + 1, 4);
    xmc_store(st, 0, 0x3, SITE, SITE, NEW, 1);
    CHECK_EQ(run1(st, NEW, 5, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X3);
    CHECK_EQ(v.nwrites, 2);
    CHECK_EQ(v.changed, 0x1f);
    CHECK_EQ(v.old[0], 0xcc);                              /* what cpu 1 last serialized on */
    CHECK_EQ(v.old[1], 0x1f);
    CHECK_EQ(v.w.pc, 0x3);                                 /* the latest store */
    CHECK_EQ(v.since[0], 0);
    xmc_free(st);
}

/* Only the first byte, but not to or from int3: X1. */
static void rule_x1_first_byte(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint8_t b[5];
    memcpy(b, OLD, 5);
    b[0] = 0x90;
    xmc_store(st, 0, 0x1, SITE, SITE, b, 1);
    CHECK_EQ(run1(st, b, 5, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    CHECK_EQ(v.changed, 1);
    xmc_free(st);
}

/* A CPU's own write through another linear address (an alias): X2; through
 * the same one: its self-modifying-code detection covers it. */
static void rule_x2_alias(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_store(st, 0, 0x5, 0xc0000000 + SITE, SITE, NEW, 5);
    xmc_translate(st, SITE, NEW, 5, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 0, SITE, SITE, NEW, NEW, 5, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X2);
    xmc_serialize(st, 0);
    xmc_store(st, 0, 0x6, SITE, SITE, OLD, 5);                 /* same linear address */
    xmc_translate(st, SITE, OLD, 5, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 0, SITE, SITE, OLD, OLD, 5, xmc_clock(st), &v), XE_NONE);
    CHECK_EQ(xmc_counts(st)->rule[XR_X2], 1);
    xmc_free(st);
}

/* Written before any CPU fetched from its page (a new detour buffer), then
 * run without serializing: it counts (X1, before_code); serialized: fine. */
static void rule_before_code(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x205000;
    xmc_store(st, 0, 0x7, buf, buf, NEW, 5);
    xmc_translate(st, buf, NEW, 5, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, buf, buf, NEW, NEW, 5, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    CHECK(v.before_code);
    xmc_serialize(st, 0);
    CHECK_EQ(xmc_exec(st, 0, buf, buf, NEW, NEW, 5, xmc_clock(st), &v), XE_NONE);
    /* bytes of the same line never stored to: not judged by their neighbours */
    xmc_store(st, 0, 0x7, buf + 0x1000, buf + 0x1000, NEW, 1);
    xmc_translate(st, buf + 0x1001, OLD, 4, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, buf + 0x1001, buf + 0x1001, OLD, OLD, 4, xmc_clock(st), &v), XE_NONE);
    CHECK_EQ(xmc_exec(st, 1, buf + 0x1000, buf + 0x1000, NEW, NEW, 1, xmc_clock(st), &v), XE_VIOLATION);
    xmc_free(st);
}

/* The same bytes written again change nothing. */
static void rule_same_bytes(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_store(st, 0, 0x8, SITE, SITE, OLD, 5);
    CHECK_EQ(run1(st, OLD, 5, &v), XE_NONE);
    CHECK_EQ(xmc_counts(st)->stores_code, 1);
    CHECK_EQ(xmc_counts(st)->stores_changed, 0);
    /* a stale translation of the old bytes teaches nothing: the rewrite of
     * the new bytes after it is no change either */
    xmc_store(st, 0, 0x8, SITE, SITE, NEW, 5);
    xmc_translate(st, SITE, OLD, 5, NULL, NULL);
    xmc_store(st, 0, 0x8, SITE, SITE, NEW, 5);
    CHECK_EQ(xmc_counts(st)->stores_changed, 1);
    xmc_free(st);
}

/* A stale translation run after the CPU serialized: the emulator's artifact,
 * counted apart from the rules, once per change. */
static void artifact(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t t = xmc_clock(st);
    xmc_store(st, 0, 0x9, SITE, SITE, NEW, 5);
    xmc_serialize(st, 1);
    CHECK(xmc_exec_suspect(st, 1, SITE, 5, t));
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, OLD, NEW, 5, t, &v), XE_ARTIFACT);
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, OLD, NEW, 5, t, &v), XE_STALE);
    /* translated after the change: bytes unlike memory are a store in flight */
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, OLD, NEW, 5, xmc_clock(st), &v), XE_NONE);
    CHECK_EQ(xmc_counts(st)->artifact, 1);
    CHECK_EQ(xmc_counts(st)->artifact_runs, 2);
    xmc_free(st);
}

/* Stale and changed since: the int3 written and synced (cpu 1 serialized
 * after it), then the tail written a byte at a time; cpu 1 runs a
 * translation from before the int3 (soak-xmc-lp-torture-livepatch-8 saw
 * this with 8 vCPUs: "X3 ... bytes 0f 1f 44 00 00, were 0f 1f 44 00 00").
 * No CPU could run the old first byte after serializing on the int3: the
 * emulator's artifact, not a torn fetch.  Run from a translation made after
 * the int3, the same tail changes are X3; and with the report's detail. */
static void artifact_changed_since(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t cc = 0xcc, t1 = 0x5b, t2 = 0x48;
    const uint8_t mem[5] = { 0xcc, 0x5b, 0x48, 0x00, 0x00 }, new_tb[5] = { 0xcc, 0x1f, 0x44, 0x00, 0x00 };
    uint64_t t = xmc_clock(st), t_int3;
    xmc_store(st, 0, 0x20, SITE, SITE, &cc, 1);
    xmc_serialize(st, 1);
    t_int3 = xmc_clock(st);
    xmc_store(st, 0, 0x21, SITE + 1, SITE + 1, &t1, 1);
    xmc_store(st, 0, 0x22, SITE + 2, SITE + 2, &t2, 1);
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, OLD, mem, 5, t, &v), XE_ARTIFACT);
    CHECK_EQ(xmc_counts(st)->rule[XR_X3], 0);
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, new_tb, mem, 5, t_int3, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X3);
    CHECK_EQ(v.ndetail, 2);
    CHECK_EQ(v.detail[0].byte, 1);
    CHECK_EQ(v.detail[0].new, 0x5b);
    CHECK_EQ(v.detail[1].pc, 0x22);
    CHECK_EQ(v.detail[1].exec_nser, v.exec_nser);
    xmc_free(st);
}

/* QEMU read the bytes before the int3, the int3 landed and was recorded,
 * and only then did the translation end (text-poke-full-4 and
 * djprobe-none-8 with poke_rewrite=0: "X3 ... bytes 0f 1f 44 00 00, were
 * 0f 1f 44 00 00").  Stamped at the end, the stale translation looked
 * fresh and its run a torn fetch; stamped before the change it missed, it
 * is the emulator's artifact.  Bytes that match memory keep the clock. */
static void translated_late(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t cc = 0xcc, t1 = 0x5b, t2 = 0x48;
    const uint8_t at_int3[5] = { 0xcc, 0x1f, 0x44, 0x00, 0x00 }, mem[5] = { 0xcc, 0x5b, 0x48, 0x00, 0x00 };
    uint64_t t;
    xmc_translate(st, SITE, OLD, 5, NULL, NULL);
    xmc_store(st, 0, 0x20, SITE, SITE, &cc, 1);
    CHECK_EQ(xmc_translated_at(st, SITE, at_int3, at_int3, 5), xmc_clock(st));
    t = xmc_translated_at(st, SITE, OLD, at_int3, 5);
    CHECK(t < xmc_clock(st));
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x21, SITE + 1, SITE + 1, &t1, 1);
    xmc_store(st, 0, 0x22, SITE + 2, SITE + 2, &t2, 1);
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, OLD, mem, 5, t, &v), XE_ARTIFACT);
    CHECK_EQ(xmc_counts(st)->rule[XR_X3], 0);
    xmc_free(st);
}

/* djprobe-none-8 with poke_rewrite=0: cpu 1 runs a translation of a
 * function made before a jump was written over two of its instructions (at
 * SITE, 3 bytes, and SITE + 3, 2 bytes).  The int3 at SITE was synced; the
 * tail was written after.  The first instruction is stale (an artifact),
 * and the second, whose bytes changed since cpu 1 serialized, is reached
 * only through it: the same run continues the artifact, not X1 or X3.  A new
 * run, or another translation, is judged again. */
static void stale_run(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t cc = 0xcc, tail[4] = { 0xfd, 0x11, 0xae, 0x00 };
    const uint8_t i1[3] = { 0x8b, 0x45, 0x08 }, i2[2] = { 0x01, 0xc0 };
    const uint8_t m1[3] = { 0xcc, 0xfd, 0x11 }, m2[2] = { 0xae, 0x00 };
    const uint64_t B = SITE + 0x40;                   /* bytes no other translation holds */
    uint64_t t = xmc_clock(st), runs;
    xmc_translate(st, B, i1, 3, NULL, NULL);
    xmc_translate(st, B + 3, i2, 2, NULL, NULL);
    xmc_store(st, 0, 0x20, B, B, &cc, 1);
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x21, B + 1, B + 1, tail, 4);
    CHECK(!xmc_run_continues_stale(st, 1, 7, 0));
    CHECK_EQ(xmc_exec(st, 1, B, B, i1, m1, 3, t, &v), XE_ARTIFACT);
    xmc_run_stale(st, 1, 7, 0);
    runs = xmc_counts(st)->artifact_runs;
    CHECK(xmc_run_continues_stale(st, 1, 7, 1));
    CHECK_EQ(xmc_counts(st)->artifact_runs, runs + 1);
    CHECK(!xmc_run_continues_stale(st, 1, 7, 1));          /* a new run */
    CHECK(!xmc_run_continues_stale(st, 0, 7, 1));          /* another CPU */
    xmc_run_stale(st, 1, 7, 0);
    CHECK(!xmc_run_continues_stale(st, 1, 8, 1));          /* another translation */
    CHECK_EQ(xmc_exec(st, 1, B + 3, B + 3, i2, m2, 2, t, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    xmc_free(st);
}

/* The first byte to int3 and on to another byte with no serializing
 * instruction in between: the CPU that runs it last serialized on the old
 * byte and now runs a new one; neither end is int3 (Linux syncs after the
 * int3: text_poke_bp_batch).  The exception is one change to or from int3. */
static void int3_relay_unsynced(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t nop = 0x90, cc = 0xcc;
    xmc_store(st, 0, 0x16, SITE, SITE, &cc, 1);
    xmc_store(st, 0, 0x17, SITE, SITE, &nop, 1);
    xmc_translate(st, SITE, &nop, 1, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, &nop, &nop, 1, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X3);
    xmc_free(st);
}

/* ... and back to the old byte (armed and disarmed between two of the
 * CPU's serializations): the old byte or int3, both allowed. */
static void int3_and_back_unsynced(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t cc = 0xcc, old0 = 0x0f;
    xmc_store(st, 0, 0x18, SITE, SITE, &cc, 1);
    xmc_store(st, 0, 0x19, SITE, SITE, &old0, 1);
    xmc_translate(st, SITE, &old0, 1, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, &old0, &old0, 1, xmc_clock(st), &v), XE_NONE);
    CHECK_EQ(xmc_counts(st)->int3_ok, 1);
    xmc_free(st);
}

/* Each CPU's serializations between the store and the execution. */
static void since_counts(void)
{
    struct xmc_state *st = xmc_new();
    struct xmc_violation v;
    int c;
    for (c = 0; c < 3; c++)
        xmc_cpu_start(st, c);
    xmc_translate(st, SITE, OLD, 5, NULL, NULL);
    xmc_store(st, 0, 0xa, SITE, SITE, NEW, 5);
    xmc_serialize(st, 0), xmc_serialize(st, 0), xmc_serialize(st, 2);
    xmc_translate(st, SITE, NEW, 5, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, NEW, NEW, 5, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.ncpu, 3);
    CHECK_EQ(v.since[0], 2);
    CHECK_EQ(v.since[1], 0);
    CHECK_EQ(v.since[2], 1);
    xmc_free(st);
}

/* More changes of one byte than the history holds: the old value is marked
 * unknown, never made up. */
static void history_overflow(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint8_t b;
    int i;
    for (i = 0; i < XMC_HIST + 2; i++) {
        b = (uint8_t)(0x40 + i);
        xmc_store(st, 0, 0xb, SITE + 2, SITE + 2, &b, 1);
    }
    CHECK_EQ(xmc_exec(st, 1, SITE + 2, SITE + 2, &b, &b, 1, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.unknown_old, 1);
    CHECK_EQ(v.rule, XR_X3);
    xmc_free(st);
}

/* ---- Doubts of a reviewer (rev-xmc): each rule's boundaries. ---- */

/* SDM list (Vol. 3A "Serializing Instructions") against its neighbours: what
 * is not on it is not serializing, whatever it does to control state. */
static void serial_not_listed(void)
{
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x22, 0xd0)), XS_MOV_CR);    /* mov %eax,%cr2: on the list */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x23, 0xf8)), XS_MOV_DR);    /* mov %eax,%dr7 */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x00, 0x10)), XS_LLDT);      /* lldt (%eax) */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0x3d, 0, 0x10, 0, 0)), XS_INVLPG);  /* invlpg abs */
    CHECK_EQ(xmc_serial_kind(K(0xea, 0, 0x10, 0, 0, 0x08, 0)), XS_NONE);  /* ljmp $8,$0x1000 */
    CHECK_EQ(xmc_serial_kind(K(0xff, 0x2d, 0, 0x10, 0, 0)), XS_NONE);     /* ljmp *0x1000 */
    CHECK_EQ(xmc_serial_kind(K(0x9a, 0, 0x10, 0, 0, 0x08, 0)), XS_NONE);  /* lcall */
    CHECK_EQ(xmc_serial_kind(K(0xcb)), XS_NONE);                  /* lret */
    CHECK_EQ(xmc_serial_kind(K(0xcd, 0x80)), XS_NONE);            /* int $0x80: a delivery */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x35)), XS_NONE);            /* sysexit */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x06)), XS_NONE);            /* clts: writes CR0, not listed */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0xf0)), XS_NONE);      /* lmsw %ax: not listed */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0x30)), XS_NONE);      /* lmsw (%eax) */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0xd1)), XS_NONE);      /* xsetbv */
    CHECK_EQ(xmc_serial_kind(K(0x66, 0x0f, 0x38, 0x82, 0x08)), XS_NONE);  /* invpcid */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0xae, 0xf8)), XS_NONE);      /* sfence */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0xae, 0x38)), XS_NONE);      /* clflush (%eax) */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0xf9)), XS_NONE);      /* rdtscp */
    CHECK_EQ(xmc_serial_kind(K(0x0f, 0x01, 0xc8)), XS_NONE);      /* monitor */
    CHECK_EQ(xmc_serial_kind(K(0xf3, 0x0f, 0x01, 0xe8)), XS_NONE);  /* setssbsy, not SERIALIZE */
}

/* The writer serialized, the runner did not: still X1, and the counts say
 * who serialized; once the runner serializes, nothing. */
static void writer_serialized_only(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_store(st, 0, 0x10, SITE, SITE, NEW, 5);
    xmc_serialize(st, 0);
    CHECK_EQ(run1(st, NEW, 5, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    CHECK_EQ(v.since[0], 1);
    CHECK_EQ(v.since[1], 0);
    CHECK(v.since_known);
    xmc_store(st, 0, 0x11, SITE, SITE, OLD, 5);
    xmc_serialize(st, 1);
    CHECK_EQ(run1(st, OLD, 5, &v), XE_NONE);
    xmc_free(st);
}

/* One store putting int3 at the first byte and changing the second too: not
 * the exception (two bytes); int3 at the second byte alone: not either. */
static void int3_boundaries(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t two[5] = { 0xcc, 0x90, 0x44, 0x00, 0x00 };
    const uint8_t second[5] = { 0x0f, 0xcc, 0x44, 0x00, 0x00 };
    xmc_store(st, 0, 0x12, SITE, SITE, two, 2);
    CHECK_EQ(run1(st, two, 5, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    CHECK_EQ(v.changed, 3);
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x13, SITE, SITE, OLD, 5);
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x14, SITE + 1, SITE + 1, second + 1, 1);
    CHECK_EQ(run1(st, second, 5, &v), XE_VIOLATION);
    CHECK_EQ(v.changed, 2);
    xmc_free(st);
}

/* int3 over the first byte and back: counted once however often the block
 * is run again (QEMU reruns a callback when a store restarts the block). */
static void int3_counted_once(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint8_t b[5];
    memcpy(b, OLD, 5);
    b[0] = CC;
    xmc_store(st, 0, 0x15, SITE, SITE, &CC, 1);
    CHECK_EQ(run1(st, b, 1, &v), XE_NONE);
    CHECK_EQ(run1(st, b, 1, &v), XE_NONE);
    CHECK_EQ(run1(st, b, 1, &v), XE_NONE);
    CHECK_EQ(xmc_counts(st)->int3_ok, 1);
    xmc_free(st);
}


/* An instruction across two 64-byte lines, changed in the second line only. */
static void line_span(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t at = SITE + 62;
    uint8_t b[5];
    memcpy(b, OLD, 5);
    xmc_translate(st, at, b, 5, NULL, NULL);
    b[3] = 0x77;
    xmc_store(st, 0, 0x18, at + 3, at + 3, b + 3, 1);
    CHECK(xmc_exec_suspect(st, 1, at, 5, xmc_clock(st)));
    CHECK_EQ(xmc_exec(st, 1, at, at, b, b, 5, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.changed, 1u << 3);
    xmc_free(st);
}

/* Code a CPU wrote itself through the linear address it runs it from is
 * self-modifying (the SDM's detection covers it), but another CPU's change
 * of a byte beside it is still cross-modifying: X1, not hidden, not X2. */
static void smc_beside_xmc(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint8_t b[5];
    memcpy(b, OLD, 5);
    b[2] = 0x55, b[3] = 0x66;
    xmc_store(st, 0, 0x19, SITE + 2, SITE + 2, b + 2, 1);
    xmc_store(st, 1, 0x1a, SITE + 3, SITE + 3, b + 3, 1);
    CHECK_EQ(run1(st, b, 5, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    CHECK_EQ(v.changed, 1u << 2);
    CHECK_EQ(v.w.cpu, 0);
    xmc_free(st);
}



/* Another CPU's code run through an alias of the page: X1 like any other. */
static void exec_through_alias(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_store(st, 0, 0x1f, SITE, SITE, NEW, 5);
    xmc_translate(st, SITE, NEW, 5, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, 0xc0000000 + SITE, SITE, NEW, NEW, 5, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    xmc_free(st);
}

/* Stores before any CPU fetched from a page, kept in generations per line
 * (a reviewer's doubts): byte A written, cpu 1 serializes, a neighbour B
 * written later: A predates cpu 1's serialization and is fine. */
static void pre_neighbour_later(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x305000;
    const uint8_t ret = 0xc3, nop = 0x90;
    xmc_store(st, 0, 0x1b, buf, buf, &ret, 1);
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x1c, buf + 8, buf + 8, &nop, 1);
    xmc_translate(st, buf, &ret, 1, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, buf, buf, &ret, &ret, 1, xmc_clock(st), &v), XE_NONE);
    CHECK_EQ(xmc_exec(st, 1, buf + 8, buf + 8, &nop, &nop, 1, xmc_clock(st), &v), XE_VIOLATION);
    xmc_free(st);
}

/* cpu 0 writes A after cpu 1 serialized, then cpu 1 writes a neighbour B
 * itself: A is still another CPU's change cpu 1 never serialized after. */
static void pre_own_store_hides(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x306000;
    const uint8_t ret = 0xc3, nop = 0x90;
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x1d, buf, buf, &ret, 1);
    xmc_store(st, 1, 0x1e, buf + 8, buf + 8, &nop, 1);
    xmc_translate(st, buf, &ret, 1, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, buf, buf, &ret, &ret, 1, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    CHECK(v.before_code);
    CHECK_EQ(v.w.cpu, 0);
    CHECK_EQ(v.w.pc, 0x1d);
    CHECK_EQ(xmc_exec(st, 1, buf + 8, buf + 8, &nop, &nop, 1, xmc_clock(st), &v), XE_NONE);
    xmc_free(st);
}

/* cpu 1 writes through one mapping and runs the byte through another: X2;
 * a neighbour it wrote through the address it runs it at: fine. */
static void pre_alias(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x307000;
    const uint8_t ret = 0xc3, nop = 0x90;
    xmc_store(st, 1, 0x1f, 0xc0000000 + buf, buf, &ret, 1);
    xmc_store(st, 1, 0x20, buf + 8, buf + 8, &nop, 1);
    xmc_translate(st, buf, &ret, 1, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, buf, buf, &ret, &ret, 1, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X2);
    CHECK_EQ(v.w.vaddr, 0xc0000000 + buf);
    CHECK_EQ(xmc_exec(st, 1, buf + 8, buf + 8, &nop, &nop, 1, xmc_clock(st), &v), XE_NONE);
    xmc_free(st);
}

/* Four generations in one line: the line keeps its bytes one by one, so
 * cpu 1 is judged on cpu 0's byte (X1 by cpu 0) and not on its own. */
static void pre_fold(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x308000;
    const uint8_t ret = 0xc3, nop = 0x90;
    xmc_serialize(st, 1);
    xmc_store(st, 1, 0x21, buf + 8, buf + 8, &nop, 1);
    xmc_store(st, 0, 0x22, buf, buf, &ret, 1);
    xmc_store(st, 1, 0x23, buf + 16, buf + 16, &nop, 1);
    xmc_store(st, 0, 0x24, buf + 24, buf + 24, &nop, 1);
    xmc_translate(st, buf, &ret, 1, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, buf, buf, &ret, &ret, 1, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.w.cpu, 0);
    CHECK_EQ(xmc_exec(st, 1, buf + 16, buf + 16, &nop, &nop, 1, xmc_clock(st), &v), XE_NONE);
    CHECK_EQ(xmc_exec(st, 0, buf + 8, buf + 8, &nop, &nop, 1, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.w.cpu, 1);                                  /* the oldest generation kept */
    xmc_free(st);
}

/* A slot page (32-byte slots, two a line) before any CPU fetched from it:
 * slot 0 filled by cpu 0, every CPU serializes (the sync after the fill),
 * then the other slot filled, freed (ud2) and filled again, each after a
 * serialization.  cpu 1 runs slot 0: it serialized after that fill, so
 * nothing to report.  retprobe-torture-2 failed once in make test so
 * (8f99d64: 'X1 cpu 1 ran 0x00c6f000 ... bytes 55 ... changed by 1 store
 * before any CPU fetched from the page'), when the oldest generations
 * folded into the later clock. */
static void pre_spill_exact(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x30a000;
    const uint8_t push = 0x55, ud2[2] = { 0x0f, 0x0b }, nop = 0x90;
    xmc_store(st, 0, 0x30, buf, buf, &push, 1);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x31, buf + 32, buf + 32, &nop, 1);
    xmc_serialize(st, 0);
    xmc_store(st, 0, 0x32, buf + 32, buf + 32, ud2, 2);
    xmc_serialize(st, 0);
    xmc_store(st, 0, 0x33, buf + 34, buf + 34, &nop, 1);
    xmc_serialize(st, 0);
    xmc_store(st, 0, 0x34, buf + 40, buf + 40, &nop, 1);
    xmc_translate(st, buf, &push, 1, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, buf, buf, &push, &push, 1, xmc_clock(st), &v), XE_NONE);
    CHECK_EQ(xmc_exec(st, 1, buf + 40, buf + 40, &nop, &nop, 1, xmc_clock(st), &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    xmc_free(st);
}

int main(void)
{
    serial_kinds();
    rule_x1_whole_write();
    rule_int3_protocol();
    rule_x3_tail_unsynced();
    rule_x1_first_byte();
    rule_x2_alias();
    rule_before_code();
    rule_same_bytes();
    artifact();
    artifact_changed_since();
    translated_late();
    stale_run();
    int3_relay_unsynced();
    int3_and_back_unsynced();
    since_counts();
    history_overflow();
    serial_not_listed();
    writer_serialized_only();
    int3_boundaries();
    int3_counted_once();
    line_span();
    smc_beside_xmc();
    exec_through_alias();
    pre_neighbour_later();
    pre_own_store_hides();
    pre_alias();
    pre_fold();
    pre_spill_exact();
    return check_done("test_xmc");
}
