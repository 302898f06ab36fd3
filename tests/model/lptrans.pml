/* lptrans.pml - a live patch's transition (patch/lp_core.c, lp_trans.c):
 * two threads run chains A -> C -> B, where A and B are replaced together
 * (old 0, new 1) and C is an unpatched callee A calls first; an interrupt on
 * a thread inside A calls B.  A chain must see one version (L1), and so must
 * an interrupt on a thread in A (L5); FORCE shows what forcing gives up.
 *
 * A thread is at one place (where): OUT, IN_A (before C), IN_C (called from
 * A: A's only frame is the return address), AFTER_C (in A, before B), IN_B.
 * Each call of A or B enters through the dispatcher: during a transition
 * the calling thread's universe picks the version (the interrupted thread's
 * for an interrupt), after it the active version (global).
 *
 * The patcher (-D): LIVEPATCH switches a thread when a check of its stack
 * finds no frame in A, C-from-A or B (one atomic step: the check and the
 * compare-and-swap on a stopped thread's lp_word), KGRAFT never looks and
 * waits for safe points; both let threads switch themselves at their safe
 * point (OUT: lp_safe_point) and may reverse the transition once (REVERSE,
 * always on: lp_disable of a patch in transition).  KPATCH checks every
 * thread at once and flips (stop-machine).  Controls: NAIVE flips at once;
 * FP is livepatch whose frame-pointer walk misses A under C (L2's case);
 * IRQ_WRONG runs interrupts in the target universe; FORCE may force the
 * transition (the consistency it gives up is what Linux documents). */

#define NT 2
#define OUT 0
#define IN_A 1
#define IN_C 2
#define AFTER_C 3
#define IN_B 4

byte where[NT], univ[NT], ver_a[NT], ver_b[NT];
bool transition, forced, reversed, finished;
byte target, global;

/* The version a call of A or B enters (lp_dispatch); irq: from an interrupt. */
inline dispatch(t, v, irq)
{
    if
    :: transition ->
#ifdef IRQ_WRONG
        if
        :: irq -> v = target
        :: else -> v = univ[t]
        fi
#else
        v = univ[t]
#endif
    :: else -> v = global
    fi
}

/* Is thread t's stack clear of A and of B (the versions being left)? */
inline clear(t, ok)
{
#ifdef FP
    ok = (where[t] == OUT || where[t] == IN_C)    /* the fp walk misses A under C */
#else
    ok = (where[t] == OUT)
#endif
}

proctype thread(byte t)
{
    byte v;
    do
    :: atomic { where[t] == OUT ->
#if defined(LIVEPATCH) || defined(KGRAFT) || defined(FP)
        if
        :: transition && univ[t] != target -> univ[t] = target; printf("lp_safe_point\n")
        :: else -> skip
        fi;
#endif
        dispatch(t, v, 0); ver_a[t] = v; where[t] = IN_A }
    :: atomic { where[t] == IN_A -> where[t] = IN_C }
    :: atomic { where[t] == IN_C -> where[t] = AFTER_C }
    :: atomic { where[t] == AFTER_C -> dispatch(t, v, 0); ver_b[t] = v;
                assert(ver_b[t] == ver_a[t]);             /* L1 a chain saw one version */
                where[t] = IN_B }
    :: atomic { where[t] == IN_B -> where[t] = OUT }
    :: atomic { (where[t] == IN_A || where[t] == AFTER_C) -> dispatch(t, v, 1);
                assert(v == ver_a[t]) }                    /* L5 an interrupt in A ran B of A's universe */
    od
}

/* Every thread has switched: entries straight to the target versions. */
inline complete()
{
    global = target; transition = 0; finished = 1; printf("lp_complete\n")
}

proctype patcher()
{
    byte t, n;
    bool ok;
#if defined(NAIVE)
    atomic { global = 1; finished = 1; printf("lp_naive\n") }
#elif defined(KPATCH)
    atomic { where[0] == OUT && where[1] == OUT -> global = 1; finished = 1; printf("lp_kpatch\n") }
#else
    atomic { univ[0] = 0; univ[1] = 0; target = 1; transition = 1; printf("lp_start\n") }
    do
    :: atomic { !finished ->
        n = 0; t = 0;
        do
        :: t < NT -> n = n + (univ[t] == target); t++
        :: else -> break
        od;
        if
        :: n == NT -> complete()
        :: else -> skip
        fi }
    :: finished -> break
#if defined(LIVEPATCH) || defined(FP)
    :: atomic { !finished -> select(t : 0 .. NT - 1); clear(t, ok);
                if
                :: ok && univ[t] != target -> univ[t] = target; printf("lp_switch\n")
                :: else -> skip
                fi }
#endif
    :: atomic { !finished && !reversed -> target = 1 - target; reversed = 1; printf("lp_reverse\n") }
#ifdef FORCE
    :: atomic { !finished -> univ[0] = target; univ[1] = target; forced = 1; complete() }
#endif
    od
#endif
}

init
{
    atomic { run thread(0); run thread(1); run patcher() }
}
