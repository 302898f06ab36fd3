/* Return probes (Linux's kretprobe): an int3 or jump-optimized probe on a
 * function's first instruction saves the return address the caller pushed
 * and puts kretprobe_trampoline's there (patch/kretprobe_tramp.S), so that
 * the return handler runs when the function returns.  Pending instances
 * are listed per thread, newest first; every stack reader recovers the real
 * return address from that list (kretprobe_recover, through the unwinder's
 * unwind_ret_recover).  SDM Vol. 1, 6.2.4.1 (near call and return). */
#ifndef KRETPROBE_H
#define KRETPROBE_H
#include "patch/kprobe.h"

struct rp_pool;
#define KRETPROBE_DATA 16
struct kretprobe_instance {
    struct kretprobe_instance *next;  /* the thread's pending list, or the pool's free list */
    struct rp_pool *pool;
    uint32_t ret_addr;                /* the word it replaced: the real return address, or the
                                       * trampoline's where another instance of the slot (listed
                                       * after it) holds the real one: a second return probe on
                                       * the function, a tail call into it; tf->eip in the return
                                       * handler is the real one either way */
    uint32_t slot;                    /* the stack word it was read from (the trampoline's now) */
    uint32_t data[KRETPROBE_DATA / 4];   /* the handlers', from entry to return */
};

struct kretprobe {
    struct kprobe kp;                 /* addr or symbol: a function's entry (not a label
                                       * inside one); flags (KPROBE_OPTIMIZE, KPROBE_DISABLED:
                                       * kprobe_enable/kprobe_disable on kp switch the
                                       * kretprobe, either kind); no handlers */
    /* On entry (IF=0): nonzero declines this call (its instance goes back to
     * the pool; no return handler). */
    int (*entry_handler)(struct kretprobe_instance *ri, struct trapframe *tf);
    /* On return (IF=0, either kind), on the returning thread: tf->eax is the
     * return value (a change is returned), tf->eip the real return address
     * (read only), also where this instance saved the trampoline's (a second
     * return probe on the function, or a tail call into it). */
    void (*handler)(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf);
    int maxactive;                    /* instances (0: 2 per CPU, at least 10); a pool whose
                                       * size does not fit in 32 bits is refused */
    int kind;                         /* KRETPROBE_STACK, or KRETPROBE_RET_SITES: a probe on every
                                       * ret of the function and of its split parts (X.cold: those
                                       * stay int3) instead (DTrace FBT's way): no stack
                                       * is written and there is no maxactive, but a return by a
                                       * tail call is not seen, entry_handler is not allowed, and
                                       * the handler gets ri NULL and tf->eip at the ret.  With
                                       * KPROBE_OPTIMIZE a ret's probe moves to the start of the
                                       * epilogue before it where that gives a jump room and no
                                       * branch lands after it, the ret included (tf->esp is
                                       * then the epilogue's; eax and edx are already the
                                       * return value).  Disabled, the rets' probes stay armed
                                       * and run no handler */
    volatile uint32_t nmissed;        /* entries with no free instance */
    volatile uint32_t nentry, nreturn;   /* instances taken, return handlers run */
    struct rp_pool *pool;             /* internal */
    struct rp_site *sites;
    int nsites;
};
enum { KRETPROBE_STACK, KRETPROBE_RET_SITES };
/* One ret's probe (KRETPROBE_RET_SITES): kp.addr the ret or its epilogue. */
struct rp_site { struct kprobe kp; struct kretprobe *rp; uint32_t ret; };

/* Register and unregister sleep: thread context.  Register refuses an
 * address that is not a function's entry (not a symbol's first byte, a
 * label inside another symbol's extent, or a split part X.cold entered by a
 * jump: the word at ESP there need not be a return address), a kind that
 * is neither, and a maxactive whose pool does not fit in 32 bits
 * (err says why; nothing changes, nothing is allocated).  Once unregister returns no handler of rp runs again, rp may be
 * freed, and each thread with an instance still pending returns to its real
 * caller through the trampoline; the instances are reclaimed then. */
int kretprobe_register(struct kretprobe *rp, char *err, size_t errlen);
void kretprobe_unregister(struct kretprobe *rp);

/* A stack word holding the trampoline's address at slot: the real return
 * address from the owning thread's pending list (for slot, or for slot + 8
 * when the word is an interrupt frame's EIP on the trampoline's first
 * instruction), 0 if none matches; any other value as it is.  Lock free;
 * for the unwinder and stack scans. */
uint32_t kretprobe_recover_slow(uint32_t slot, uint32_t ra);
extern char kretprobe_trampoline[];
static inline uint32_t kretprobe_recover(uint32_t slot, uint32_t ra)
{
    return ra == (uint32_t)kretprobe_trampoline ? kretprobe_recover_slow(slot, ra) : ra;   /* every stack word */
}
/* A thread stopped on the trampoline's first instruction with ESP sp: its
 * `ret` popped the slot at sp - 4 and an interrupt frame overwrote it, so
 * the real return address is only in its list: that, or 0.  Lock free; for
 * the unwinder and backtraces (a word scan gets it from kretprobe_recover
 * at the interrupt frame's EIP). */
uint32_t kretprobe_popped(uint32_t sp);
/* kernel/thread.c thread_exit: the exiting thread's pending instances. */
struct thread;
void kretprobe_thread_exit(struct thread *t);

struct kretprobe_stats {
    uint32_t pending_at_unregister;   /* instances still on stacks when their probe went */
    uint32_t reclaimed;               /* of those, returned since */
    uint32_t abandoned;               /* frames left without a return (a fault fix-up) */
    uint32_t exited;                  /* freed by their thread's exit */
    uint32_t pools_freed;
};
extern struct kretprobe_stats kretprobe_stats;
#endif
