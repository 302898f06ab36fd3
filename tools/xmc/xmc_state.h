/* The cross-modifying-code checker's state and rules, apart from QEMU (the
 * plugin, xmc_plugin.c, feeds it events): Intel SDM Vol. 3A, "Handling Self-
 * and Cross-Modifying Code".  Rules X1 (stale), X2 (alias), X3 (torn) are
 * explained in docs/xmc.md.  Not thread-safe: the caller holds one lock. */
#ifndef XMC_STATE_H
#define XMC_STATE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define XMC_MAXCPU   32
#define XMC_INSN_MAX 16          /* x86's longest instruction is 15 bytes */
#define XMC_HIST     4           /* changes kept per code byte */
#define XMC_PHYS_BITS 36         /* physical addresses tracked: 64 GiB */
#define XMC_DETAIL   16          /* changes listed per violation */

enum xmc_rule { XR_X1 = 1, XR_X2, XR_X3, XR_NRULES };

/* One store that changed a byte of a watched page. */
struct xmc_write {
    uint64_t id;                 /* a point on the checker's clock */
    uint64_t pc, vaddr, phys;    /* the storing instruction; where it wrote */
    int cpu;
    uint32_t nser[XMC_MAXCPU];   /* each CPU's serializations when it wrote */
};

/* A violation: what xmc_exec reports and the plugin prints. */
struct xmc_violation {
    enum xmc_rule rule;
    int cpu;                              /* the executing CPU */
    uint64_t vaddr, phys;                 /* the executed instruction */
    size_t len;
    uint8_t old[XMC_INSN_MAX], now[XMC_INSN_MAX];
    uint32_t changed;                     /* bit i: byte i changed */
    uint32_t unknown_old;                 /* bit i: its old value fell out of the history */
    int nwrites;                          /* distinct stores behind the change */
    bool before_code;                     /* written while no CPU had fetched from the page */
    struct xmc_write w;                   /* the latest of those stores */
    uint32_t since[XMC_MAXCPU];           /* serializations per CPU since that store */
    bool since_known;                     /* false: a store before the page was code */
    int ncpu;
    /* Each change behind it, byte by byte (the report's detail lines): the
     * store, and how often the executing CPU had serialized when it came. */
    int ndetail;
    struct xmc_change {
        uint64_t id, pc, vaddr;
        int cpu;                          /* -1: the record fell out of the ring */
        uint8_t byte, old, new, old_known;
        uint32_t exec_nser;               /* the executing CPU's count at that store */
    } detail[XMC_DETAIL];
    uint32_t exec_nser;                   /* ... and now */
    bool stale_run;                       /* an artifact whose first byte was int3, unchanged since
                                           * the CPU serialized: the rest of the run is stale too */
};

struct xmc_counts {
    uint64_t rule[XR_NRULES];             /* distinct violations per rule */
    uint64_t int3_ok;                     /* first-byte-to/from-int3 changes allowed */
    uint64_t artifact, artifact_runs;     /* stale translations run after serializing: distinct, all */
    uint64_t stores_code, stores_changed; /* stores to watched pages; that changed a byte */
    uint64_t serial[XMC_MAXCPU];
    uint64_t checked;                     /* executions that took the slow path */
};

struct xmc_state;

struct xmc_state *xmc_new(void);
void xmc_free(struct xmc_state *st);

/* A vCPU starts serialized (reset, INIT-SIPI: its first instruction). */
void xmc_cpu_start(struct xmc_state *st, int cpu);
/* The CPU executes a serializing instruction. */
void xmc_serialize(struct xmc_state *st, int cpu);
/* Code at phys..+len: its page becomes watched (byte-level history from
 * here on) and b[] teaches bytes not known yet; page_now(page, arg), if
 * given, returns the whole page as memory holds it now (or NULL), for the
 * rest.  For a translation (b[]: the bytes translated) and for an image's
 * code before it runs. */
void xmc_translate(struct xmc_state *st, uint64_t phys, const uint8_t *b, size_t len,
                   const uint8_t *(*page_now)(uint64_t page, void *arg), void *arg);
/* A store of size bytes, now holding b[], by cpu at pc, to vaddr/phys. */
void xmc_store(struct xmc_state *st, int cpu, uint64_t pc, uint64_t vaddr, uint64_t phys,
               const uint8_t *b, size_t size);
/* Has any store reached the page of phys?  Code in a page no store has
 * reached cannot have changed: the plugin judges its executions only after
 * a store (QEMU retranslates the page's code on the store). */
bool xmc_page_stored(const struct xmc_state *st, uint64_t phys);
/* The clock now. */
uint64_t xmc_clock(const struct xmc_state *st);
/* The clock to stamp a translation of b[] (mem[]: memory now) at phys with:
 * now, or, when a byte it read is older than a change already recorded
 * (QEMU read the bytes, then a store landed and was recorded before the
 * translation was finished), just before the newest such change. */
uint64_t xmc_translated_at(const struct xmc_state *st, uint64_t phys, const uint8_t *b, const uint8_t *mem,
                           size_t len);
/* The same, lock-free, for a store that lies wholly in pages no CPU has
 * fetched from; false (nothing done): call xmc_store under the lock. */
bool xmc_store_unwatched(struct xmc_state *st, int cpu, uint64_t pc, uint64_t vaddr, uint64_t phys,
                         size_t size);
/* Quick test for xmc_exec (false: nothing to judge): may the instruction at
 * phys..+len, translated at clock translated_at, have changed since cpu last
 * serialized, or since it was translated? */
bool xmc_exec_suspect(const struct xmc_state *st, int cpu, uint64_t phys, size_t len,
                      uint64_t translated_at);
/* The CPU executes the instruction translated as b[] (mem[]: memory now) at
 * vaddr/phys, translated at clock translated_at.  Fills *v for a violation, or an emulator artifact (a stale
 * translation run after the CPU serialized), not reported before; XE_STALE:
 * such a run reported before. */
enum { XE_NONE, XE_VIOLATION, XE_ARTIFACT, XE_STALE };
int xmc_exec(struct xmc_state *st, int cpu, uint64_t vaddr, uint64_t phys, const uint8_t *b,
             const uint8_t *mem, size_t len, uint64_t translated_at, struct xmc_violation *v);

/* The instructions of one run of a translation (tb: its number, never 0;
 * idx: the instruction's place in it) come in order.  Once one of them ran
 * stale where the CPU would have trapped (xmc_run_stale, after XE_ARTIFACT
 * or XE_STALE with v.stale_run), the later ones of the same run on that CPU
 * continue it (true: an artifact run, not judged): the CPU got there only
 * through the stale bytes (djprobe-none-8 with
 * poke_rewrite=0: X3 inside a jump's tail, the stale head's old instruction
 * run first).  Any other instruction ends the stale run.  Lock-free for its
 * own CPU. */
bool xmc_run_continues_stale(struct xmc_state *st, int cpu, uint64_t tb, int idx);
void xmc_run_stale(struct xmc_state *st, int cpu, uint64_t tb, int idx);

const struct xmc_counts *xmc_counts(const struct xmc_state *st);
int xmc_ncpu(const struct xmc_state *st);
const char *xmc_rule_name(enum xmc_rule r);

#endif
