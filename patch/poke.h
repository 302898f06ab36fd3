/* Live text patching: the int3 bypass protocol over a batch of sites
 * (design H6/H7; Linux's text_poke_bp_batch; SDM Vol. 3, 8.1.3 cross-
 * modifying code).  All text changes go through kernel/textwrite.c under one
 * text lock.  Broken strategies exist as negative controls (poke=). */
#ifndef POKE_H
#define POKE_H
#include "kernel/types.h"
#include "patch/ool.h"

#define POKE_MAX_LEN 15

struct poke_site {
    uint8_t *addr;
    uint8_t len;
    uint8_t new[POKE_MAX_LEN];
    uint8_t old[POKE_MAX_LEN];        /* filled by text_poke_batch */
    volatile uint32_t hits;           /* int3 hits on this site during the poke */
    struct ool ool;                   /* internal: the new instruction, out of line */
};

enum poke_strategy {
    POKE_BYPASS,        /* int3, sync, tail, sync, head, sync, wait refs (default) */
    POKE_PLAIN,         /* negative control: plain stores, no int3, no sync (H6) */
    POKE_HEAD_FIRST,    /* negative control: head, sync, tail, sync (H6) */
};
extern int poke_strategy;             /* boot parameter poke= */

/* Breaks of the core syncs that only the cross-modifying-code checker sees
 * (boot parameter poke_bug=, docs/xmc.md): QEMU retranslates on every write,
 * so no guest check can.  Negative controls of the checker. */
enum poke_bug {
    POKE_BUG_NONE,
    POKE_BUG_SYNC_NOSERIAL,   /* the sync's function runs no serializing instruction */
    POKE_BUG_SYNC_SKIP_CPU,   /* the sync leaves out the highest other online CPU */
    POKE_BUG_SYNC_NOWAIT,     /* the sync returns before the targets serialized */
    POKE_BUG_ONE_WRITE,       /* the whole instruction at once, no int3 first */
    POKE_BUG_HEAD_EARLY,      /* the head written before the tail's sync */
    POKE_BUG_NO_TAIL_SYNC,    /* the tail's sync left out */
};
extern int poke_bug;
/* Called (if set) when a poke has written the last byte of its new
 * instructions, before the sync that follows: a self-test lets another CPU
 * run the site there (tests/kernel/xmc_poke.c). */
extern void (*poke_written_hook)(void);

/* Patch n sites (sorted by address, not overlapping, each new[] exactly one
 * instruction of len bytes).  Returns 0, or -1 with err set and the text
 * unchanged.  Sleeps-free; callable from thread context on any CPU. */
int text_poke_batch(struct poke_site *s, int n, char *err, size_t errlen);
/* The same for sites inside text reservations of owner (patch/reserve.h): a
 * live patch rewriting the entries it holds. */
int text_poke_batch_as(struct poke_site *s, int n, const void *owner, char *err, size_t errlen);
int text_poke(void *addr, const void *new, int len, char *err, size_t errlen);
/* The same checks, without out-of-line copies, for a writer that parks
 * every other CPU (stop-machine): 0, or -1 with err.  Text lock held. */
int text_poke_check(struct poke_site *s, int n, char *err, size_t errlen);

/* The text lock.  Rules (each a panic): not with IF=0, not from an
 * interrupt or exception handler, not with an int3 reference held, not
 * inside a rendezvous: its holder sends IPIs and waits for every CPU. */
void text_lock(void);
void text_unlock(void);
bool text_lock_held(void);
/* Under the text lock: store text and remember the range; text_sync_cores()
 * serializes every online CPU, then rewrites the ranges (see poke.c).  No
 * CPU, the writer included, may run the new bytes before that sync.  A
 * batch of up to TEXT_PATCH_MAX/2 sites takes 3 syncs; beyond, one more per
 * TEXT_PATCH_MAX stores. */
void text_patch_write(void *dst, const void *src, int len);
/* The same without the sync when the list is full (it panics then): for the
 * stop-machine writer, whose other CPUs are parked.  Right after a
 * text_sync_cores(), TEXT_PATCH_MAX stores fit. */
#define TEXT_PATCH_MAX 4096
void text_patch_store(void *dst, const void *src, int len);
/* The same for an 8-aligned quadword, in one atomic store (text_store8):
 * old is what is there now.  The live patches' rendezvous writes entries so. */
void text_patch_store8(void *dst, const uint8_t old[8], const uint8_t new[8]);
void text_sync_cores(void);
void text_patch_forget(void *addr, int len);   /* drop pending rewrites there */
bool text_patch_pending(void *addr);           /* for self-tests */

/* Per-phase time of the int3 protocol, summed over batches (clock_ns: under
 * -icount shift=0 one ns is one instruction): site checks, writes (int3,
 * tails, heads), core syncs, the reference wait. */
struct poke_stats { uint64_t batches, sites, syncs, check_ns, write_ns, sync_ns, wait_ns; };
extern struct poke_stats poke_stats;
#endif
