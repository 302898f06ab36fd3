/* int3 probes: a breakpoint on any instruction boundary of kernel text, with
 * a pre-handler and a post-handler that see (and may change) the registers.
 * Safe by default: bad sites are refused with the hazard and the reason, and
 * the text stays byte-for-byte unchanged; KPROBE_FORCE ("guru mode") takes
 * any address in text and logs that it did (H11, H12). */
#ifndef KPROBE_H
#define KPROBE_H
#include "kernel/types.h"
#include "kernel/cpu.h"
#include "patch/insn/insn.h"

struct trapframe;
struct kprobe_site;
struct ool;

#define KPROBE_FORCE    0x1
#define KPROBE_DISABLED 0x2
#define KPROBE_OPTIMIZE 0x4            /* jump-optimize when the site allows (patch/djprobe.h) */

struct kprobe {
    uint32_t addr;                    /* or 0: symbol + offset */
    const char *symbol;
    uint32_t offset;
    /* Return nonzero if the handler changed tf->eip: the probed instruction
     * is then skipped (and the post-handler not run).  A handler may hit
     * probed code (counted as missed, H11) but must not sleep, take a lock
     * the probed code may hold, or print through kprintf (its console lock
     * may be held there): read with probe_read(), report with plog(). */
    int (*pre_handler)(struct kprobe *p, struct trapframe *tf);
    void (*post_handler)(struct kprobe *p, struct trapframe *tf);
    uint32_t flags;
    int strategy;                     /* KPROBE_OPTIMIZE: DJS_* (0: boot default djprobe=) */
    volatile uint32_t nhit_cpu[NCPU_MAX];   /* handlers ran, per CPU (no locked add): kprobe_nhit() */
    volatile uint32_t nmissed;        /* hit inside a handler: not run (H11) */
    /* internal */
    struct kprobe *next;
    struct kprobe_site *site;
};

/* Register, unregister, enable and disable sleep (a jump-optimized probe
 * waits for quiescence): thread context only. */
int kprobe_register(struct kprobe *p, char *err, size_t errlen);
int kprobe_register_many(struct kprobe *p, int n, char *err, size_t errlen);
void kprobe_unregister(struct kprobe *p);   /* on return p may be freed */
/* Batches: one core sync for all their int3 writes (and one reference wait). */
void kprobe_unregister_many(struct kprobe *p, int n);
void kprobe_set_disabled_many(struct kprobe *p, int n, bool off);
void kprobe_enable(struct kprobe *p);
void kprobe_disable(struct kprobe *p);
int kprobe_count(void);                     /* registered probes */
uint32_t kprobe_nhit(const struct kprobe *p);   /* handlers ran (all CPUs) */
const struct ool *kprobe_ool(const struct kprobe *p);   /* its out-of-line copy */
/* Copy len bytes of text at addr into buf with every probed byte restored. */
void kprobe_orig_bytes(uint8_t *buf, uint32_t addr, uint32_t len);
/* Would a probe at addr be accepted?  0, or -1 with hazard and why.
 * Caller holds the text lock. */
int kprobe_check_addr(uint32_t addr, const char **hazard, char *why, size_t whylen);
/* Is addr an instruction boundary of its function (probed bytes restored)?
 * 0 with the original bytes there (*n of them, at most 15), or -1 and why.
 * Caller holds the text lock. */
int text_boundary(uint32_t addr, uint8_t insn[15], uint32_t *n, char *why, size_t whylen);
/* The same for many addresses in one pass (a batch): a linear sweep that
 * only moves forward, so sorted addresses cost one decode per instruction up
 * to the last of them in each function (an address behind the sweep starts
 * it again); the original bytes are copied as the sweep needs them.
 * w->at: the instruction at addr. */
struct ksym;
struct text_walk { const struct ksym *k; uint8_t *code; uint32_t have, off; struct insn at; };
void text_walk_init(struct text_walk *w);
int text_walk_boundary(struct text_walk *w, uint32_t addr, uint8_t insn[15], uint32_t *n,
                       char *why, size_t whylen);
void text_walk_done(struct text_walk *w);
#endif
