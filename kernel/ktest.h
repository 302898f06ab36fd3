/* In-kernel self-test framework.  KTEST(name) { ... } defines a test (linker
 * section .ktest); KEXPECT* record a failure with what differed and go on.
 * KTEST_MANUAL tests (negative controls that crash or hang on purpose) run
 * only when named exactly in test=.  Results are printed as KTAP v1. */
#ifndef KTEST_H
#define KTEST_H
#include "kernel/types.h"

struct ktest_ctx { int failures; int checks; };
struct ktest {
    const char *name;
    void (*fn)(struct ktest_ctx *);
    int manual;
};

#define KTEST_DEFINE(nm, man) \
    static void ktest_##nm(struct ktest_ctx *ktest_ctx); \
    static const struct ktest ktest_desc_##nm __attribute__((used, section(".ktest"), aligned(4))) = \
        { #nm, ktest_##nm, man }; \
    static void ktest_##nm(struct ktest_ctx *ktest_ctx)
#define KTEST(nm)        KTEST_DEFINE(nm, 0)
#define KTEST_MANUAL(nm) KTEST_DEFINE(nm, 1)

void ktest_fail(struct ktest_ctx *c, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#define KEXPECT(cond) do { ktest_ctx->checks++; if (!(cond)) \
    ktest_fail(ktest_ctx, __FILE__, __LINE__, "expected %s", #cond); } while (0)
#define KEXPECT_EQ(a, b) do { long long _a = (long long)(a), _b = (long long)(b); ktest_ctx->checks++; \
    if (_a != _b) ktest_fail(ktest_ctx, __FILE__, __LINE__, "expected %s == %s: %lld (%#llx) vs %lld (%#llx)", \
                             #a, #b, _a, _a, _b, _b); } while (0)
#define KEXPECT_NE(a, b) do { long long _a = (long long)(a), _b = (long long)(b); ktest_ctx->checks++; \
    if (_a == _b) ktest_fail(ktest_ctx, __FILE__, __LINE__, "expected %s != %s: both %lld", #a, #b, _a); } while (0)
#define KEXPECT_MEMEQ(a, b, n) do { ktest_ctx->checks++; if (kmemcmp((a), (b), (n))) \
    ktest_fail(ktest_ctx, __FILE__, __LINE__, "expected %s and %s (%u bytes) to be equal", #a, #b, (unsigned)(n)); } while (0)
/* Stop the test here if cond is false (later checks would be meaningless). */
#define KASSERT(cond) do { ktest_ctx->checks++; if (!(cond)) { \
    ktest_fail(ktest_ctx, __FILE__, __LINE__, "required %s", #cond); return; } } while (0)

int ktest_run_selected(const char *filter);   /* returns the number failed */

/* ktest_linger=MS: a self-test's holder thread calls ktest_linger() between
 * saying where it is and blocking there (and a remover before it removes,
 * where a helper thread lets something go once it waits); it then moves to
 * the last CPU if allowed (beside the tests, which run on cpu 0), spins MS
 * ms of guest time, then sleeps MS ms (asleep, off its CPU, but not on the
 * wait queue the test names); 0: returns at once.  A test that looks at the
 * thread after a fixed wait instead of waiting for its state fails under it
 * (the busy-host case of issue 39, made deterministic: the *-linger scenarios). */
extern int ktest_linger_ms;
void ktest_linger(void);

/* Looking at another thread: never after a fixed wait, only once its state
 * is established.  ktest_wait_blocked waits until t is blocked on wq
 * (waitq_holds: queued, asleep, off its CPU; its saved state then stays put
 * until wq is woken), or with wq NULL until t is asleep and off its CPU (a
 * thread parked by ->park, woken only by thread_wake).  Up to ms of guest
 * progress (kernel/gbound.h); false, with a line saying where t was, if not. */
struct thread;
struct waitq;
bool ktest_wait_blocked(struct thread *t, struct waitq *wq, uint32_t ms);
/* Is t stopped (off its CPU: asleep, or preempted) with the function named
 * fn in its exact call chain?  One consistent look: false if t ran meanwhile. */
bool ktest_stopped_in(struct thread *t, const char *fn);
#endif
