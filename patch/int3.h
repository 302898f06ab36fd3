/* The int3 (#BP) and single-step (#DB) handlers shared by text pokes and
 * kprobes, and the per-CPU references that make freeing safe (H7).
 * SDM Vol. 3, 6.15 (#BP is a trap: EIP points after the int3) and 17.3.1.4. */
#ifndef INT3_H
#define INT3_H
#include "kernel/types.h"
#include "kernel/cpu.h"
#include "patch/ool.h"

struct trapframe;

/* What an int3 owner wants done for one hit. */
struct int3_hit {
    const struct ool *ool;     /* displaced instruction to run, or NULL: skip */
    void *owner;
    void (*post)(void *owner, struct trapframe *tf);
};

/* Owners, consulted in order; each returns true if addr is theirs. */
bool poke_int3(uint32_t addr, struct trapframe *tf, struct int3_hit *h);
bool kprobe_int3(uint32_t addr, struct trapframe *tf, struct int3_hit *h);

bool int3_handle(struct trapframe *tf);   /* the #BP handler (exported for tests) */
void int3_init(void);                  /* boot CPU, before idt_load() on APs */
/* Wait until every CPU that was inside an int3/#DB handling sequence when
 * this was called has left it (the grace period that protects a removed
 * probe's or poke's memory: H7). */
void int3_sync_refs(void);
bool int3_ref_held(void);              /* this CPU is inside an int3/#DB sequence */
const void *int3_step_record(int depth);   /* self-tests only */
enum { INT3_REFS_WAIT, INT3_REFS_SKIP, INT3_REFS_SKIP_DETOUR };
extern int int3_refs;                  /* boot parameter int3_refs= */

struct int3_stats {
    uint64_t hits, vanished, stepped, emulated;
};
void int3_stats_sum(struct int3_stats *out);
#endif
