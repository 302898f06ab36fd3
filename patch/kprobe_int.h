/* Internal to the probe layer (patch/kprobe.c and the jump optimizer,
 * patch/djprobe*.c): an int3 probe site and the sleeping lock that
 * serializes probe changes with the optimizer thread. */
#ifndef KPROBE_INT_H
#define KPROBE_INT_H
#include "patch/kprobe.h"
#include "patch/ool.h"
#include "patch/reserve.h"
#include "kernel/sleeplock.h"

struct djprobe;
struct kprobe_site {
    uint32_t addr;
    uint8_t orig;
    bool armed;
    bool mark;                         /* scratch: collected once by a batch */
    struct kprobe_site *arm_next;      /* a batch's sites to arm at its end */
    struct ool ool;
    struct text_resv resv;             /* [addr, addr + ool.len) */
    struct kprobe *volatile probes;
    struct kprobe_site *volatile next;
    struct djprobe *volatile dj;       /* jump optimization (djprobe.c), or NULL */
    struct kprobe *volatile fast;      /* the one probe a detour buffer calls itself, or NULL */
};

extern struct sleeplock kprobe_mutex;  /* held across every probe change */
bool kprobe_site_enabled(struct kprobe_site *s);
bool kprobe_site_has_post(struct kprobe_site *s);
int kprobe_site_strategy(struct kprobe_site *s);   /* from its probes, DJS_* */
/* The detour buffer's handler (contract in patch/tramp.h). */
int kprobe_detour(void *site, struct trapframe *tf);
/* Is a detour handler running on cpu called from [lo, hi)?  (EIP scan.) */
bool kprobe_detour_ret_in(int cpu, uint32_t lo, uint32_t hi);
bool kprobe_unguarded(void);           /* reentry_bug=no_guard: buffers built without the guard */
#endif
