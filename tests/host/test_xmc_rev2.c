/* A second reviewer's doubts about the cross-modifying-code checker
 * (docs/xmc.md, tools/xmc/xmc_state.h), written from the claims only:
 * (S) stale translations hiding a real violation, (R) stale runs leaking,
 * (P) pre-fetch stores in three generations missing an X1/X2, (B) bad input.
 * Each cell names the claim it tests and what it expects. */
#include "tests/host/check.h"
#include "tools/xmc/xmc_state.h"

static const uint8_t OLD[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };     /* nopl 0(%eax,%eax) */
static const uint8_t NEW[5] = { 0xe9, 0x10, 0x20, 0x30, 0x40 };     /* jmp rel32 */
#define SITE 0x101000ull
#define ALIAS 0xc0000000ull

static struct xmc_state *ncpus(int n)
{
    struct xmc_state *st = xmc_new();
    for (int c = 0; c < n; c++)
        xmc_cpu_start(st, c);
    xmc_translate(st, SITE, OLD, 5, NULL, NULL);
    return st;
}
static struct xmc_state *two_cpus(void) { return ncpus(2); }

/* cpu runs phys (vaddr == phys) from a fresh translation of b (== memory). */
static int run(struct xmc_state *st, int cpu, uint64_t phys, const uint8_t *b, size_t len,
               struct xmc_violation *v)
{
    xmc_translate(st, phys, b, len, NULL, NULL);
    return xmc_exec(st, cpu, phys, phys, b, b, len, xmc_clock(st), v);
}

#define INFO(...) printf("  info: " __VA_ARGS__)

/* ---------------- (S) stale translations ---------------- */

/* Claim: an artifact is a stale run "although the CPU serialized after every
 * change"; cpu 1 did NOT serialize after cpu 0's store and runs a translation
 * made before it: still judged, X1 (stale bytes possible), not an artifact. */
static void s_stale_unserialized_is_x1(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t t0 = xmc_clock(st);
    xmc_store(st, 0, 0x100, SITE, SITE, NEW, 5);
    CHECK(xmc_exec_suspect(st, 1, SITE, 5, t0));
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, OLD, NEW, 5, t0, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    CHECK_EQ(xmc_counts(st)->artifact, 0);
    xmc_free(st);
}

/* Claim: "An execution whose bytes (as QEMU translated them) differ from
 * memory, although the CPU serialized after every change ... is QEMU running
 * a stale translation."  A-B-A: OLD -> NEW (cpu 1 serializes) -> OLD again by
 * cpu 0, no sync.  A translation from before the first change holds OLD,
 * which is what memory holds: cpu 1 runs bytes cpu 0 changed after cpu 1's
 * last serialization.  Expect X1 (the bytes equal memory, so not stale). */
static void s_aba_equal_memory(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t t0 = xmc_clock(st);
    xmc_store(st, 0, 0x101, SITE, SITE, NEW, 5);
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x102, SITE, SITE, OLD, 5);
    CHECK(xmc_exec_suspect(st, 1, SITE, 5, t0));
    int r = xmc_exec(st, 1, SITE, SITE, OLD, OLD, 5, t0, &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK_EQ(v.rule, XR_X1);
    /* the same bytes from a fresh translation: X1 for sure */
    struct xmc_state *st2 = two_cpus();
    xmc_store(st2, 0, 0x101, SITE, SITE, NEW, 5);
    xmc_serialize(st2, 1);
    xmc_store(st2, 0, 0x102, SITE, SITE, OLD, 5);
    CHECK_EQ(run(st2, 1, SITE, OLD, 5, &v), XE_VIOLATION);
    xmc_free(st2);
    xmc_free(st);
}

/* Claim (xmc_translated_at): stamped before a change only "when a byte it read
 * is older than a change already recorded"; (docs) bytes unlike memory that
 * were translated after every change known are a store in flight.  Byte 4
 * was changed long ago (recorded); cpu 1 serialized; cpu 0 rewrote bytes 0-3
 * (a real X1 for cpu 1); then a store to byte 4 is in flight (memory has it,
 * the checker does not).  The translation holds byte 4 as recorded now: it
 * is not older than any recorded change.  Expect the stamp to be now, and
 * cpu 1's run to be X1, not hidden as an artifact. */
static void s_inflight_stamp(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t b4 = 0x11;
    const uint8_t tb[5] = { 0xe9, 0x10, 0x20, 0x30, 0x11 };   /* translated */
    const uint8_t mem[5] = { 0xe9, 0x10, 0x20, 0x30, 0x22 };  /* memory: byte 4 in flight */
    xmc_store(st, 0, 0x103, SITE + 4, SITE + 4, &b4, 1);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x104, SITE, SITE, NEW, 4);
    uint64_t now = xmc_clock(st);
    uint64_t t = xmc_translated_at(st, SITE, tb, mem, 5);
    CHECK_EQ(t, now);
    xmc_translate(st, SITE, tb, 5, NULL, NULL);
    CHECK(xmc_exec_suspect(st, 1, SITE, 5, t));
    int r = xmc_exec(st, 1, SITE, SITE, tb, mem, 5, t, &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK_EQ(v.rule, XR_X1);
    CHECK_EQ(xmc_counts(st)->artifact, 0);
    xmc_free(st);
}

/* Same, with the plugin's stamp "now" forced: a store in flight is "not
 * counted" (as an artifact) but the bytes another CPU changed are still
 * judged: X1. */
static void s_inflight_fresh(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t b4 = 0x11;
    const uint8_t tb[5] = { 0xe9, 0x10, 0x20, 0x30, 0x11 };
    const uint8_t mem[5] = { 0xe9, 0x10, 0x20, 0x30, 0x22 };
    xmc_store(st, 0, 0x103, SITE + 4, SITE + 4, &b4, 1);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x104, SITE, SITE, NEW, 4);
    xmc_translate(st, SITE, tb, 5, NULL, NULL);
    uint64_t t = xmc_clock(st);
    int r = xmc_exec(st, 1, SITE, SITE, tb, mem, 5, t, &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK_EQ(v.rule, XR_X1);
    CHECK_EQ(xmc_counts(st)->artifact, 0);
    xmc_free(st);
}

/* Claim: a stale translation is one that "holds a byte as it was before a
 * change that the CPU serialized after".  A block of two instructions: A at
 * SITE (5 bytes), B at SITE+5.  B's byte 7 changed (c1), cpu 1 serialized,
 * then cpu 0 rewrote A (c2, a real X1 for cpu 1).  QEMU read byte 7 before
 * c1 (stale) and A after c2; xmc_translated_at stamps the block before c1.
 * A's bytes are the new ones, equal to memory: expect X1 for A (its run is
 * not stale: no byte of A is older than a change cpu 1 serialized after);
 * B is the artifact. */
static void s_block_stamp_hides_fresh_insn(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t blk0[10] = { 0x0f, 0x1f, 0x44, 0x00, 0x00, 0x8b, 0x45, 0x08, 0x90, 0x90 };
    const uint8_t b7 = 0x77;
    uint8_t tb[10], mem[10];
    xmc_translate(st, SITE, blk0, 10, NULL, NULL);
    xmc_store(st, 0, 0x105, SITE + 7, SITE + 7, &b7, 1);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x106, SITE, SITE, NEW, 5);
    memcpy(tb, blk0, 10), memcpy(tb, NEW, 5);         /* A new, byte 7 old */
    memcpy(mem, tb, 10), mem[7] = b7;
    uint64_t t = xmc_translated_at(st, SITE, tb, mem, 10);
    CHECK(t < xmc_clock(st));
    INFO("s_block_stamp: stamp %llu, clock %llu\n", (unsigned long long)t,
         (unsigned long long)xmc_clock(st));
    CHECK(xmc_exec_suspect(st, 1, SITE, 5, t));
    int r = xmc_exec(st, 1, SITE, SITE, tb, mem, 5, t, &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK_EQ(v.rule, XR_X1);
    r = xmc_exec(st, 1, SITE + 5, SITE + 5, tb + 5, mem + 5, 5, t, &v);
    CHECK_EQ(r, XE_ARTIFACT);
    xmc_free(st);
}

/* Simplest form of the same: a stamp older than the change, bytes equal to
 * memory (new), cpu 1 never serialized after the change: X1. */
static void s_old_stamp_new_bytes(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t t0 = xmc_clock(st);
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x107, SITE, SITE, NEW, 5);
    xmc_translate(st, SITE, NEW, 5, NULL, NULL);
    CHECK(xmc_exec_suspect(st, 1, SITE, 5, t0));
    int r = xmc_exec(st, 1, SITE, SITE, NEW, NEW, 5, t0, &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK_EQ(v.rule, XR_X1);
    xmc_free(st);
}

/* Claim: artifacts are counted once per change (XE_STALE after).  An artifact
 * must not make a later real violation at the same place XE_STALE: after it,
 * cpu 0 changes the site again and cpu 1 runs the new bytes unserialized. */
static void s_artifact_then_real(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t NEW2[5] = { 0xe9, 0x55, 0x66, 0x77, 0x00 };
    uint64_t t0 = xmc_clock(st);
    xmc_store(st, 0, 0x108, SITE, SITE, NEW, 5);
    xmc_serialize(st, 1);
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, OLD, NEW, 5, t0, &v), XE_ARTIFACT);
    xmc_store(st, 0, 0x109, SITE, SITE, NEW2, 5);
    CHECK_EQ(run(st, 1, SITE, NEW2, 5, &v), XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X1);
    CHECK_EQ(v.w.pc, 0x109);
    xmc_free(st);
}

/* Claim: "Each violation is reported once (per CPU, instruction and latest
 * store)": another CPU, or another instruction over the same bytes, is
 * reported again. */
static void s_once_per_cpu_insn(void)
{
    struct xmc_state *st = ncpus(3);
    struct xmc_violation v;
    xmc_store(st, 0, 0x10a, SITE, SITE, NEW, 5);
    CHECK_EQ(run(st, 1, SITE, NEW, 5, &v), XE_VIOLATION);
    CHECK_EQ(run(st, 1, SITE, NEW, 5, &v), XE_NONE);
    CHECK_EQ(run(st, 2, SITE, NEW, 5, &v), XE_VIOLATION);
    CHECK_EQ(run(st, 1, SITE + 1, NEW + 1, 4, &v), XE_VIOLATION);
    CHECK_EQ(xmc_counts(st)->rule[XR_X1], 3);
    xmc_free(st);
}

/* ---------------- (R) stale runs ---------------- */

/* Claim: "Lock-free for its own CPU", per CPU.  cpu 0 running the same
 * translation between cpu 1's instructions neither continues cpu 1's stale
 * run nor ends it. */
static void r_interleaved_cpu(void)
{
    struct xmc_state *st = two_cpus();
    xmc_run_stale(st, 1, 7, 0);
    CHECK(!xmc_run_continues_stale(st, 0, 7, 1));
    CHECK(xmc_run_continues_stale(st, 1, 7, 1));
    CHECK(!xmc_run_continues_stale(st, 0, 7, 2));
    CHECK(xmc_run_continues_stale(st, 1, 7, 2));
    xmc_free(st);
}

/* Claim: "Any other instruction ends the stale run": an instruction of
 * another translation on the same CPU ends it, so a later instruction of the
 * first translation is judged again. */
static void r_other_tb_ends(void)
{
    struct xmc_state *st = two_cpus();
    xmc_run_stale(st, 1, 7, 0);
    CHECK(!xmc_run_continues_stale(st, 1, 8, 0));
    CHECK(!xmc_run_continues_stale(st, 1, 7, 1));
    xmc_free(st);
}

/* Claim: a new run of the same translation is judged again, whatever idx
 * it reaches: after a stale run 1..2, a new run 0, 1, 2 never continues. */
static void r_new_run_same_tb(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_run_stale(st, 1, 7, 1);
    CHECK(xmc_run_continues_stale(st, 1, 7, 2));
    CHECK(!xmc_run_continues_stale(st, 1, 7, 0));
    CHECK(!xmc_run_continues_stale(st, 1, 7, 1));
    CHECK(!xmc_run_continues_stale(st, 1, 7, 2));
    CHECK(!xmc_run_continues_stale(st, 1, 7, 3));
    /* and its instruction is judged: cpu 0's change, unserialized cpu 1 */
    xmc_store(st, 0, 0x10b, SITE, SITE, NEW, 5);
    CHECK_EQ(run(st, 1, SITE, NEW, 5, &v), XE_VIOLATION);
    xmc_free(st);
}

/* A new run that starts at the same idx the stale run ended on (a jump into
 * the middle is not possible in a TB, but the same idx twice is "a new run"
 * per stale_run): idx 3 stale, then 3 again, then 4: neither continues. */
static void r_same_idx_restart(void)
{
    struct xmc_state *st = two_cpus();
    xmc_run_stale(st, 1, 7, 3);
    CHECK(!xmc_run_continues_stale(st, 1, 7, 3));
    CHECK(!xmc_run_continues_stale(st, 1, 7, 4));
    xmc_free(st);
}

/* No stale run ever marked: nothing continues (tb 0 is "never" passed, but a
 * zeroed state must not match it); on every CPU. */
static void r_fresh_state(void)
{
    struct xmc_state *st = two_cpus();
    CHECK(!xmc_run_continues_stale(st, 1, 0, 0));
    CHECK(!xmc_run_continues_stale(st, 1, 0, 1));
    CHECK(!xmc_run_continues_stale(st, 0, 7, 1));
    CHECK(!xmc_run_continues_stale(st, 5, 0, 1));
    CHECK_EQ(xmc_counts(st)->artifact_runs, 0);
    xmc_free(st);
}

/* Claim: the later ones of the same run continue it, each counted as an
 * artifact run. */
static void r_long_run(void)
{
    struct xmc_state *st = two_cpus();
    xmc_run_stale(st, 1, 9, 0);
    uint64_t runs = xmc_counts(st)->artifact_runs;
    CHECK(xmc_run_continues_stale(st, 1, 9, 1));
    CHECK(xmc_run_continues_stale(st, 1, 9, 2));
    CHECK(xmc_run_continues_stale(st, 1, 9, 3));
    CHECK_EQ(xmc_counts(st)->artifact_runs, runs + 3);
    xmc_free(st);
}

/* Doubt: the CPU serializes inside the stale run (CPUID at idx 1): from idx 2
 * on, it did not get there "only through the stale bytes" any more?  The
 * claim says nothing; informational. */
static void r_serialize_inside(void)
{
    struct xmc_state *st = two_cpus();
    xmc_run_stale(st, 1, 7, 0);
    CHECK(xmc_run_continues_stale(st, 1, 7, 1));
    xmc_serialize(st, 1);
    INFO("r_serialize_inside: after a serialization mid-run, idx 2 continues stale: %d\n",
         xmc_run_continues_stale(st, 1, 7, 2));
    xmc_free(st);
}

/* ---------------- (P) stores before a page's first fetch ---------------- */
/* Written when the oldest two generations folded; since d7ff998 a line that
 * needs a fourth is kept byte by byte, and the "fold" cells below check that
 * the same patterns now come out exact. */

/* Claim: generations keyed by CPU *and mapping*; the oldest two fold; folds
 * may give a false X1, "never a missed one".  Two of cpu 1's generations,
 * one through an alias (A) and one through the direct mapping (B), fold:
 * cpu 1 running A through the direct mapping is still X2; B is its own SMC
 * (none). */
static void p_fold_keeps_alias(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x405000;
    const uint8_t ret = 0xc3, nop = 0x90;
    xmc_store(st, 1, 0x200, ALIAS + buf, buf, &ret, 1);          /* gen 1: cpu 1, alias: A */
    xmc_store(st, 1, 0x201, buf + 8, buf + 8, &nop, 1);           /* gen 2: cpu 1, direct: B */
    xmc_store(st, 0, 0x202, buf + 16, buf + 16, &nop, 1);         /* gen 3: cpu 0 */
    xmc_store(st, 1, 0x203, buf + 24, buf + 24, &nop, 1);         /* gen 4: fold 1+2 */
    xmc_translate(st, buf, &ret, 1, NULL, NULL);
    int r = xmc_exec(st, 1, buf, buf, &ret, &ret, 1, xmc_clock(st), &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK_EQ(v.rule, XR_X2);
    xmc_translate(st, buf + 8, &nop, 1, NULL, NULL);
    r = xmc_exec(st, 1, buf + 8, buf + 8, &nop, &nop, 1, xmc_clock(st), &v);
    INFO("p_fold_keeps_alias: B (own, direct) after the fold: %d rule %d\n", r,
         r == XE_VIOLATION ? (int)v.rule : 0);
    /* the runner's other stores: D its own direct, C cpu 0's: X1 */
    CHECK_EQ(run(st, 1, buf + 24, &nop, 1, &v), XE_NONE);
    CHECK_EQ(run(st, 1, buf + 16, &nop, 1, &v), XE_VIOLATION);
    xmc_free(st);
}

/* Same fold, the alias generation second (the newer of the two folded). */
static void p_fold_keeps_alias2(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x406000;
    const uint8_t ret = 0xc3, nop = 0x90;
    xmc_store(st, 1, 0x201, buf + 8, buf + 8, &nop, 1);           /* gen 1: cpu 1, direct: B */
    xmc_store(st, 1, 0x200, ALIAS + buf, buf, &ret, 1);          /* gen 2: cpu 1, alias: A */
    xmc_store(st, 0, 0x202, buf + 16, buf + 16, &nop, 1);         /* gen 3: cpu 0 */
    xmc_store(st, 1, 0x203, buf + 24, buf + 24, &nop, 1);         /* gen 4: fold 1+2 */
    int r = run(st, 1, buf, &ret, 1, &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK_EQ(v.rule, XR_X2);
    xmc_free(st);
}

/* Claim: a store joins the newest generation only "with no serializing
 * instruction anywhere since"; and "A CPU starts serialized: at its first
 * instruction, and after INIT-SIPI".  cpu 0 writes A, cpu 2 starts (is
 * serialized now), cpu 0 writes B with no serializing instruction between:
 * B came after cpu 2's start, so cpu 2 running B is X1.  (A before it: none
 * expected, a false X1 would be the allowed kind; informational.) */
static void p_join_across_cpu_start(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x407000;
    const uint8_t ret = 0xc3, nop = 0x90;
    xmc_store(st, 0, 0x210, buf, buf, &ret, 1);
    xmc_cpu_start(st, 2);
    xmc_store(st, 0, 0x211, buf + 8, buf + 8, &nop, 1);
    CHECK_EQ(run(st, 2, buf + 8, &nop, 1, &v), XE_VIOLATION);
    int r = run(st, 2, buf, &ret, 1, &v);
    INFO("p_join_across_cpu_start: A (before cpu 2 started): %d\n", r);
    xmc_free(st);
}

/* The same on a watched page (byte history), for comparison: B after cpu 2's
 * start is X1, A before it is nothing. */
static void p_watched_cpu_start(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t ret = 0xc3, nop = 0x90;
    xmc_store(st, 0, 0x212, SITE + 0x100, SITE + 0x100, &ret, 1);
    xmc_cpu_start(st, 2);
    xmc_store(st, 0, 0x213, SITE + 0x108, SITE + 0x108, &nop, 1);
    CHECK_EQ(run(st, 2, SITE + 0x108, &nop, 1, &v), XE_VIOLATION);
    CHECK_EQ(run(st, 2, SITE + 0x100, &ret, 1, &v), XE_NONE);
    xmc_free(st);
}

/* Claim: folds may give a false X1 after 4+ generations, never miss one.
 * Ten generations, cpu 1 serializing before each of cpu 0's stores: the last
 * store, after cpu 1's last serialization, must be X1; the earlier ones are
 * the allowed false X1s (counted, informational). */
static void p_many_generations(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x408000;
    uint8_t b[10];
    for (int i = 0; i < 10; i++) {
        b[i] = (uint8_t)(0x90 + i);
        xmc_serialize(st, 1);
        xmc_store(st, 0, 0x220 + i, buf + i, buf + i, &b[i], 1);
    }
    CHECK_EQ(run(st, 1, buf + 9, &b[9], 1, &v), XE_VIOLATION);
    int nfalse = 0;
    for (int i = 0; i < 9; i++)
        nfalse += run(st, 1, buf + i, &b[i], 1, &v) == XE_VIOLATION;
    INFO("p_many_generations: false X1 on %d of 9 older bytes\n", nfalse);
    xmc_free(st);
}

/* Ten generations alternating cpu 0 (after cpu 1 serialized) and cpu 1's own
 * stores: every byte of cpu 0's written after cpu 1's last serialization must
 * stay a violation for cpu 1 (a fold with cpu 1's own must not make it its
 * own).  cpu 1 serializes once, at the start. */
static void p_alternating_runner(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x409000;
    const uint8_t nop = 0x90;
    xmc_serialize(st, 1);
    for (int i = 0; i < 10; i++)
        xmc_store(st, i & 1, 0x230 + i, buf + 4 * i, buf + 4 * i, &nop, 1);
    for (int i = 0; i < 10; i += 2)
        CHECK_EQ(run(st, 1, buf + 4 * i, &nop, 1, &v), XE_VIOLATION);
    xmc_free(st);
}

/* Claim: a byte is judged by its own latest store.  cpu 0 wrote A after cpu 1
 * serialized, then cpu 1 overwrote A itself (direct), then generations fold:
 * A's latest store is cpu 1's own: none.  And the reverse order (cpu 1 then
 * cpu 0 over the same byte) stays X1 through the folds. */
static void p_same_byte_overwrite(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x40a000;
    const uint8_t x = 0x90, y = 0xc3, z = 0x55;
    xmc_serialize(st, 1);
    xmc_store(st, 1, 0x240, buf, buf, &x, 1);                     /* gen 1: cpu 1 */
    xmc_store(st, 0, 0x241, buf, buf, &y, 1);                     /* gen 2: cpu 0 over it */
    xmc_store(st, 1, 0x242, buf + 8, buf + 8, &z, 1);             /* gen 3 */
    xmc_store(st, 0, 0x243, buf + 16, buf + 16, &z, 1);           /* gen 4: fold 1+2 */
    xmc_store(st, 1, 0x244, buf + 24, buf + 24, &z, 1);           /* gen 5: fold */
    CHECK_EQ(run(st, 1, buf, &y, 1, &v), XE_VIOLATION);
    xmc_free(st);
}

/* Claim: kept per 64-byte line, with a mask per generation.  An 8-byte store
 * across two lines (bytes 60..67): both lines hold it; a byte past it (68)
 * is not judged by it. */
static void p_store_across_lines(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x40b000;
    const uint8_t b8[8] = { 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0xc3 };
    const uint8_t two[2] = { 0x90, 0xc3 };
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x250, buf + 60, buf + 60, b8, 8);
    CHECK_EQ(run(st, 1, buf + 66, two, 2, &v), XE_VIOLATION);
    CHECK_EQ(run(st, 1, buf + 62, b8 + 2, 4, &v), XE_VIOLATION);
    CHECK_EQ(run(st, 1, buf + 68, two, 2, &v), XE_NONE);
    xmc_free(st);
}

/* Claim (Limits): "A store across a page boundary is looked up page by
 * page".  An 8-byte store across the end of a page no CPU fetched from into
 * the next one: cpu 1 runs the next page's first bytes: X1. */
static void p_store_across_pages(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t p = 0x40c000;
    const uint8_t b8[8] = { 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0xc3 };
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x260, p + 0xffc, p + 0xffc, b8, 8);
    CHECK(xmc_page_stored(st, p + 0x1000));
    CHECK_EQ(run(st, 1, p + 0x1000, b8 + 4, 4, &v), XE_VIOLATION);
    CHECK_EQ(run(st, 1, p + 0xffc, b8, 4, &v), XE_VIOLATION);
    xmc_free(st);
}

/* Claim: xmc_store_unwatched is "the same, lock-free, for a store that lies
 * wholly in pages no CPU has fetched from; false (nothing done)" otherwise.
 * Recorded like xmc_store: cpu 1 runs it unserialized: X1, before_code; a
 * store reaching a watched page, or crossing into one, is refused. */
static void p_store_unwatched(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x40e000;
    const uint8_t b4[4] = { 0x90, 0x90, 0x90, 0xc3 };
    xmc_serialize(st, 1);
    CHECK(xmc_store_unwatched(st, 0, 0x270, buf, buf, 4));
    CHECK(xmc_page_stored(st, buf));
    int r = run(st, 1, buf, b4, 4, &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK(v.before_code);
    CHECK(!xmc_store_unwatched(st, 0, 0x271, SITE, SITE, 4));
    CHECK(!xmc_store_unwatched(st, 0, 0x272, SITE - 2, SITE - 2, 4));   /* into SITE's page */
    xmc_free(st);
}

/* X3 before code: two CPUs' stores (two generations) over one instruction's
 * bytes: "two or more stores changed": X3. */
static void p_two_stores_x3(void)
{
    struct xmc_state *st = ncpus(3);
    struct xmc_violation v;
    uint64_t buf = 0x40f000;
    xmc_store(st, 0, 0x280, buf, buf, NEW, 2);
    xmc_store(st, 2, 0x281, buf + 2, buf + 2, NEW + 2, 3);
    int r = run(st, 1, buf, NEW, 5, &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION) {
        CHECK_EQ(v.rule, XR_X3);
        CHECK_EQ(v.nwrites, 2);
    }
    /* one CPU's two stores, one generation (no serialization between) */
    uint64_t buf2 = 0x410000;
    xmc_store(st, 0, 0x282, buf2, buf2, NEW, 2);
    xmc_store(st, 0, 0x283, buf2 + 2, buf2 + 2, NEW + 2, 3);
    r = run(st, 1, buf2, NEW, 5, &v);
    CHECK_EQ(r, XE_VIOLATION);
    INFO("p_two_stores_x3: one CPU's two stores in one generation: rule %d nwrites %d\n",
         r == XE_VIOLATION ? (int)v.rule : 0, r == XE_VIOLATION ? v.nwrites : 0);
    xmc_free(st);
}

/* Pre-fetch store, then the page becomes code elsewhere (another line
 * translated and run), then more stores to the first line: the pre-fetch
 * store is still judged; cpu 0's later watched store too. */
static void p_then_watched(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t buf = 0x411000;
    const uint8_t nop = 0x90, ret = 0xc3;
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x290, buf, buf, &ret, 1);
    CHECK_EQ(run(st, 0, buf + 0x800, &nop, 1, &v), XE_NONE);      /* page now code */
    xmc_store(st, 0, 0x291, buf + 1, buf + 1, &nop, 1);
    CHECK_EQ(run(st, 1, buf, &ret, 1, &v), XE_VIOLATION);
    CHECK_EQ(run(st, 1, buf + 1, &nop, 1, &v), XE_VIOLATION);
    xmc_free(st);
}

/* ---------------- (B) bad input ---------------- */

/* A CPU number out of range (>= XMC_MAXCPU, negative) at every entry point:
 * no crash, no effect on the CPUs in range (cpu 1's state stays as it was:
 * unserialized, nothing changed at SITE). */
static void b_cpu_out_of_range(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const int bad[] = { XMC_MAXCPU, XMC_MAXCPU + 1, 1000, -1, -1000 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int c = bad[i];
        xmc_cpu_start(st, c);
        xmc_serialize(st, c);
        xmc_store(st, c, 0x300, SITE + 0x200, SITE + 0x200, NEW, 5);
        (void)xmc_exec_suspect(st, c, SITE, 5, xmc_clock(st));
        int r = xmc_exec(st, c, SITE + 0x200, SITE + 0x200, NEW, NEW, 5, xmc_clock(st), &v);
        CHECK(r == XE_NONE || r == XE_VIOLATION);
        xmc_run_stale(st, c, 7, 0);
        CHECK(!xmc_run_continues_stale(st, c, 7, 1));
        (void)xmc_store_unwatched(st, c, 0x301, 0x500000, 0x500000, 4);
    }
    CHECK(xmc_ncpu(st) <= XMC_MAXCPU);
    INFO("b_cpu_out_of_range: ncpu %d, stores_code %llu\n", xmc_ncpu(st),
         (unsigned long long)xmc_counts(st)->stores_code);
    /* cpu 1 unaffected: SITE unchanged, still fine; cpu 0 changes it: X1 */
    CHECK_EQ(run(st, 1, SITE, OLD, 5, &v), XE_NONE);
    xmc_store(st, 0, 0x302, SITE, SITE, NEW, 5);
    CHECK_EQ(run(st, 1, SITE, NEW, 5, &v), XE_VIOLATION);
    xmc_free(st);
}

/* Length 0 everywhere: nothing happens. */
static void b_len_zero(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t stores = xmc_counts(st)->stores_changed;
    xmc_store(st, 0, 0x310, SITE, SITE, NEW, 0);
    CHECK_EQ(xmc_counts(st)->stores_changed, stores);
    xmc_translate(st, SITE, NEW, 0, NULL, NULL);
    CHECK_EQ(xmc_translated_at(st, SITE, NEW, NEW, 0), xmc_clock(st));
    CHECK(!xmc_exec_suspect(st, 1, SITE, 0, xmc_clock(st)));
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, NEW, NEW, 0, xmc_clock(st), &v), XE_NONE);
    CHECK_EQ(run(st, 1, SITE, OLD, 5, &v), XE_NONE);               /* SITE untouched */
    xmc_free(st);
}

/* Lengths over XMC_INSN_MAX at xmc_exec: no overflow of v's arrays (bytes
 * beyond 16 are not an instruction); a store wider than 8 (AVX-512: 64
 * bytes) over code is recorded whole. */
static void b_len_over(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint8_t big[64], big2[64];
    memset(big, 0x90, sizeof big);
    memset(big2, 0x90, sizeof big2);
    memcpy(big2, OLD, 5);
    xmc_translate(st, SITE, big2, 64, NULL, NULL);
    xmc_store(st, 0, 0x320, SITE, SITE, big, 64);
    memset(&v, 0, sizeof v);
    int r = xmc_exec(st, 1, SITE, SITE, big, big, 17, xmc_clock(st), &v);
    INFO("b_len_over: exec len 17: %d, v.len %zu\n", r, v.len);
    CHECK(v.len <= XMC_INSN_MAX);
    r = xmc_exec(st, 1, SITE, SITE, big, big, 64, xmc_clock(st), &v);
    CHECK(v.len <= XMC_INSN_MAX);
    /* a 64-byte store: byte 40 changed by it (OLD's page had 0x90 taught? no:
     * taught 0x90 there, so 40 did not change); byte 0: changed */
    CHECK_EQ(run(st, 1, SITE + 1, big + 1, 4, &v), XE_VIOLATION);
    xmc_free(st);
}

/* An instruction across a page end (both pages watched, physically
 * adjacent), changed in the second page only: X1, the changed byte named. */
static void b_insn_across_page(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    uint64_t at = 0x120ffe;
    uint8_t b[5];
    memcpy(b, OLD, 5);
    xmc_translate(st, at, b, 5, NULL, NULL);
    xmc_translate(st, 0x121000 + 0x10, OLD, 5, NULL, NULL);
    b[3] = 0x77;
    xmc_store(st, 0, 0x330, at + 3, at + 3, b + 3, 1);
    CHECK(xmc_exec_suspect(st, 1, at, 5, xmc_clock(st)));
    int r = xmc_exec(st, 1, at, at, b, b, 5, xmc_clock(st), &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK_EQ(v.changed, 1u << 3);
    /* a store across the page end, both pages watched: bytes 0..3 of it */
    const uint8_t b4[4] = { 0x11, 0x22, 0x33, 0x44 };
    xmc_serialize(st, 1);
    xmc_store(st, 0, 0x331, at, at, b4, 4);
    memcpy(b, b4, 4);
    r = xmc_exec(st, 1, at, at, b, b, 5, xmc_clock(st), &v);
    CHECK_EQ(r, XE_VIOLATION);
    if (r == XE_VIOLATION)
        CHECK_EQ(v.changed, 0xf);
    xmc_free(st);
}

/* The top of the tracked physical range (XMC_PHYS_BITS = 36): a store above
 * it must not alias a low page (no masking into SITE); entry points at and
 * across the top must not crash. */
static void b_phys_top(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint64_t top = 1ull << XMC_PHYS_BITS;
    CHECK(!xmc_page_stored(st, top + SITE));
    xmc_store(st, 0, 0x340, top + SITE, top + SITE, NEW, 5);
    CHECK(!xmc_page_stored(st, SITE));
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, OLD, OLD, 5, xmc_clock(st), &v), XE_NONE);
    xmc_translate(st, top + SITE, NEW, 5, NULL, NULL);
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, OLD, OLD, 5, xmc_clock(st), &v), XE_NONE);
    /* across the top */
    xmc_translate(st, top - 2, OLD, 5, NULL, NULL);
    xmc_store(st, 0, 0x341, top - 1, top - 1, NEW, 4);
    int r = xmc_exec(st, 1, top - 2, top - 2, OLD, OLD, 5, xmc_clock(st), &v);
    INFO("b_phys_top: insn across the top: %d changed 0x%x\n", r,
         r == XE_VIOLATION ? v.changed : 0);
    (void)xmc_translated_at(st, top - 2, OLD, NEW, 5);
    (void)xmc_exec_suspect(st, 1, top - 2, 5, 0);
    /* the last addresses */
    xmc_store(st, 0, 0x342, ~0ull - 3, ~0ull - 3, NEW, 4);
    xmc_store(st, 0, 0x343, ~0ull, ~0ull, NEW, 1);
    xmc_translate(st, ~0ull - 3, OLD, 4, NULL, NULL);
    (void)xmc_exec(st, 1, ~0ull - 3, ~0ull - 3, OLD, OLD, 4, xmc_clock(st), &v);
    (void)xmc_store_unwatched(st, 0, 0x344, ~0ull - 3, ~0ull - 3, 8);
    (void)xmc_page_stored(st, ~0ull);
    /* the last page in range, its last byte */
    uint8_t c = 0xcc;
    xmc_translate(st, top - 1, &c, 1, NULL, NULL);
    xmc_store(st, 0, 0x345, top - 1, top - 1, NEW, 1);
    r = run(st, 1, top - 1, NEW, 1, &v);
    CHECK_EQ(r, XE_VIOLATION);
    xmc_free(st);
}

/* An instruction whose translation stamp is in the future (> clock): bytes
 * equal memory; a change cpu 1 never serialized after is still X1 (a stamp
 * must not excuse bytes changed since the CPU last serialized). */
static void b_stamp_future(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_store(st, 0, 0x350, SITE, SITE, NEW, 5);
    xmc_translate(st, SITE, NEW, 5, NULL, NULL);
    CHECK(xmc_exec_suspect(st, 1, SITE, 5, xmc_clock(st) + 100));
    CHECK_EQ(xmc_exec(st, 1, SITE, SITE, NEW, NEW, 5, xmc_clock(st) + 100, &v), XE_VIOLATION);
    xmc_free(st);
}

#include <sys/wait.h>
#include <unistd.h>

/* Each cell in its own process: a crash (bad input) fails that cell only. */
static int run_cell(const char *name, void (*f)(void))
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        check_n = check_failed = 0;
        f();
        fflush(stdout);
        _exit(check_failed ? 1 : 0);
    }
    int ws = 0;
    waitpid(pid, &ws, 0);
    check_n++;
    if (WIFSIGNALED(ws)) {
        check_failed++;
        printf("%s: CRASH (signal %d)\n", name, WTERMSIG(ws));
    } else if (WEXITSTATUS(ws)) {
        check_failed++;
        printf("%s: FAIL\n", name);
    } else
        printf("%s: ok\n", name);
    return 0;
}
#define CELL(f) run_cell(#f, f)

/* The realistic form of the A-B-A (a jump optimized, then unoptimized with
 * the tail's sync left out: poke_bug=no_tail_sync on the way back).  OLD ->
 * cc (sync) -> tail (sync) -> e9 (sync) -> cc (sync) -> OLD's tail (NO sync)
 * -> 0f.  cpu 1 last serialized after the second int3; QEMU runs a
 * translation from before the first int3 (bytes OLD, equal to memory now).
 * Claim (X3): two stores changed the bytes since cpu 1 serialized.  Expect a
 * violation, or at least an artifact counted: never a silent nothing. */
static void s_aba_unoptimize(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const uint8_t cc = 0xcc;
    uint64_t t0 = xmc_clock(st);
    xmc_store(st, 0, 0x110, SITE, SITE, &cc, 1);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x111, SITE + 1, SITE + 1, NEW + 1, 4);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x112, SITE, SITE, NEW, 1);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x113, SITE, SITE, &cc, 1);
    xmc_serialize(st, 0), xmc_serialize(st, 1);
    xmc_store(st, 0, 0x114, SITE + 1, SITE + 1, OLD + 1, 4);
    xmc_store(st, 0, 0x115, SITE, SITE, OLD, 1);
    CHECK(xmc_exec_suspect(st, 1, SITE, 5, t0));
    int r = xmc_exec(st, 1, SITE, SITE, OLD, OLD, 5, t0, &v);
    INFO("s_aba_unoptimize: stale translation equal to memory: %d (artifacts %llu)\n", r,
         (unsigned long long)xmc_counts(st)->artifact);
    /* judged as a fresh translation of the same bytes would be: X3 (before
     * the fix: XE_NONE, nothing counted) */
    CHECK_EQ(r, XE_VIOLATION);
    CHECK_EQ(v.rule, XR_X3);
    xmc_free(st);
}

/* Bad input, one entry point at a time: a store by a CPU numbered
 * XMC_MAXCPU (QEMU with -smp 33), then an ordinary X1 of cpu 1.  Expect no
 * crash, xmc_ncpu() <= XMC_MAXCPU. */
static void b_cpu_oob_store(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_store(st, XMC_MAXCPU, 0x303, SITE + 0x200, SITE + 0x200, NEW, 5);
    CHECK(xmc_ncpu(st) <= XMC_MAXCPU);
    xmc_store(st, 0, 0x304, SITE, SITE, NEW, 5);
    CHECK_EQ(run(st, 1, SITE, NEW, 5, &v), XE_VIOLATION);
    CHECK(v.ncpu <= XMC_MAXCPU);
    xmc_free(st);
}

/* The other entry points with cpus out of range (store left out): no crash,
 * no effect. */
static void b_cpu_oob_others(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    const int bad[] = { XMC_MAXCPU, 1000, -1, -1000 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int c = bad[i];
        xmc_cpu_start(st, c);
        xmc_serialize(st, c);
        (void)xmc_exec_suspect(st, c, SITE, 5, xmc_clock(st));
        CHECK_EQ(xmc_exec(st, c, SITE, SITE, NEW, NEW, 5, xmc_clock(st), &v), XE_NONE);
        xmc_run_stale(st, c, 7, 0);
        CHECK(!xmc_run_continues_stale(st, c, 7, 1));
    }
    CHECK_EQ(xmc_ncpu(st), 2);
    xmc_store(st, 0, 0x305, SITE, SITE, NEW, 5);
    CHECK_EQ(run(st, 1, SITE, NEW, 5, &v), XE_VIOLATION);
    xmc_free(st);
}

/* Negative CPU at xmc_store / xmc_store_unwatched (no ncpu growth): recorded
 * as another CPU's store; cpu 1 running it: a violation, no crash. */
static void b_cpu_negative_store(void)
{
    struct xmc_state *st = two_cpus();
    struct xmc_violation v;
    xmc_store(st, -1, 0x306, SITE, SITE, NEW, 5);
    CHECK(xmc_store_unwatched(st, -1, 0x307, 0x600000, 0x600000, 1));
    CHECK_EQ(xmc_ncpu(st), 2);
    CHECK_EQ(run(st, 1, SITE, NEW, 5, &v), XE_VIOLATION);
    xmc_free(st);
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    CELL(s_stale_unserialized_is_x1);
    CELL(s_aba_equal_memory);
    CELL(s_aba_unoptimize);
    CELL(s_inflight_stamp);
    CELL(s_inflight_fresh);
    CELL(s_block_stamp_hides_fresh_insn);
    CELL(s_old_stamp_new_bytes);
    CELL(s_artifact_then_real);
    CELL(s_once_per_cpu_insn);
    CELL(r_interleaved_cpu);
    CELL(r_other_tb_ends);
    CELL(r_new_run_same_tb);
    CELL(r_same_idx_restart);
    CELL(r_fresh_state);
    CELL(r_long_run);
    CELL(r_serialize_inside);
    CELL(p_fold_keeps_alias);
    CELL(p_fold_keeps_alias2);
    CELL(p_join_across_cpu_start);
    CELL(p_watched_cpu_start);
    CELL(p_many_generations);
    CELL(p_alternating_runner);
    CELL(p_same_byte_overwrite);
    CELL(p_store_across_lines);
    CELL(p_store_across_pages);
    CELL(p_store_unwatched);
    CELL(p_two_stores_x3);
    CELL(p_then_watched);
    CELL(b_cpu_out_of_range);
    CELL(b_cpu_oob_store);
    CELL(b_cpu_oob_others);
    CELL(b_cpu_negative_store);
    CELL(b_len_zero);
    CELL(b_len_over);
    CELL(b_insn_across_page);
    CELL(b_phys_top);
    CELL(b_stamp_future);
    return check_done("test_xmc_rev2 (cells)");
}
