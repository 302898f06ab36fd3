/* lptrans.pml - live patches' transitions, back to back and stacked
 * (patch/lp_core.c, lp_trans.c, lp_dispatch.S): two threads run chains
 * A -> C -> B (A calls the unpatched C, then B), where A and B are replaced
 * together; an interrupt on a thread inside A calls B.  A chain must see one
 * version (L1), and so must an interrupt on a thread in A (L5); FORCE shows
 * what forcing gives up.
 *
 * Versions stack (struct lp_func's below): 0 is the original (top NULL),
 * patch 1's version goes on top of it, patch 2's on top of 1.  The patcher
 * runs, back to back: enable 1, enable 2 (stacked over 1), disable 2 (its
 * completion pops version 2); with THEN_DISABLE_1, then disable 1.  It may
 * reverse one transition (lp_disable of a patch in transition, or
 * lp_enable), and runs the reversed one again.  A and B share one site stack
 * (top), one flag per version and one entry (entry): a patch's functions are
 * flagged, pushed and popped together, and the int3 batch that writes the
 * entries is one step (int3.pml).
 *
 * A thread is at one place (where): OUT (no patched frame), SAFE (inside
 * lp_safe_point), IN_A, IN_C (called from A: A's only frame is the return
 * address) and AFTER_C (in A, before B) -- only the fp walk tells those
 * three apart, so without FP a thread in A goes on to B -- and IN_B (called
 * from A).  disp[t]: it is also inside the dispatcher (stub, lp_dispatch_common,
 * lp_dispatch).  A call goes where the entry jumps: a version, or the stub,
 * and then lp_dispatch reads, in three steps as the kernel's code does, the
 * site's top, the caller's universe, and top's transition flag (set and an
 * unpatched caller: the version below).  Before its first read it counts
 * itself in lp_dispatching (dispatching), after its answer it counts itself
 * out; a completion, once its entries, pop and flags are written, waits
 * until no call is counted, then sets lp_transition = NULL.
 *
 * lp_word (a thread's universe and a run count): the model keeps the
 * universe (univ) and of the count what a compare-and-swap can tell,
 * bumped[t]: the word was bumped since the thread's safe point read it (kept
 * while SAFE only).  Bumps: set_initial at a start, a reverse, and the
 * scheduler's count when a thread switched by a check runs again.
 *
 * The patcher (-D): LIVEPATCH passes over the threads (try_switch) and
 * switches a stopped thread whose stack holds no version being left and no
 * dispatcher (one step: the check and the compare-and-swap), KGRAFT never
 * looks and waits for safe points; in both, threads switch themselves at
 * their safe point (OUT: lp_safe_point, read then compare-and-swap).  KPATCH
 * checks every thread at once and flips (stop-machine).  Controls: NAIVE
 * flips at once; FP is livepatch whose frame-pointer walk misses A under C
 * (L2's case); IRQ_WRONG runs interrupts in the target universe; FORCE may
 * force a transition (the consistency it gives up is what Linux documents).
 * The two races lp-torture found, brought back (L1): POP_CLEARS, a disable's
 * completion clears the popped versions' flags; SAFE_PLAIN, the safe point
 * before the fix (read the target, then write the universe).  And what the
 * fixes rest on: NO_BUMP, no bump at a start or reverse; WORD_LAST, the safe
 * point reads its word after the target; NO_DISPATCH_WAIT, the completion
 * does not wait for calls in lp_dispatch (lp_bug=no_dispatch_wait).
 * THEN_DISABLE_1 (then disable 1 too) shows what that wait is for: without
 * it, a call that read version 2 as top waits inside lp_dispatch across the
 * completion that pops version 2 and the start of disable 1 (set_initial:
 * universe patched), and runs version 2 (L1).  With the wait, a race is
 * still open in the kernel: a call between the entry's jmp and its count
 * (stub, lp_dispatch_common) is not waited for; counted only after the
 * wait, it reads its universe before disable 1's set_initial and the flag
 * after disable 1's start set it, and runs the original A, then B of version
 * 1 (L1).  FLAG_FIRST, lp_dispatch reads the flag before the universe:
 * without the wait a mixed chain across a completion and the next start
 * (the reason for the kernel's order); with it, a proposal (not in the
 * kernel) that closes the race left open. */

#define NT 2
#define OUT 0
#define SAFE 1
#define IN_A 2
#define IN_C 3
#ifdef FP
#define AFTER_C 4
#else
#define AFTER_C IN_A
#endif
#define IN_B 5
#define STUB 3          /* entry: the stubs (LP_TO_STUBS), else a version 0..2 */
#ifdef THEN_DISABLE_1
#define NOPS 4
#else
#define NOPS 3
#endif

byte where[NT], univ[NT], ver_a[NT];
bool disp[NT], bumped[NT];
byte dispatching;       /* lp_dispatching: calls inside lp_dispatch */
bool transition;        /* lp_transition != NULL */
byte target;            /* lp_trans.c's target: 1 LP_U_PATCHED, 0 LP_U_UNPATCHED */
byte top;               /* lp_site.top: 0 (NULL, the original), 1 or 2 */
bool flag[3];           /* lp_func.transition of versions 1 and 2 */
byte entry;             /* where the entries jump: a version (0: the nop), or STUB */
byte cur;               /* the patch lp_transition names (1 or 2) */
bool reversed, forced;

/* Thread t enters version v: of A (kind 0), of B in its chain (1), of B
 * from an interrupt on it while in A (2; B's version is checked next). */
inline enter(t, kind, v)
{
    if
    :: kind == 0 -> ver_a[t] = v; where[t] = IN_A; v = 0
    :: kind == 1 -> where[t] = IN_B
    :: kind == 2 -> skip
    fi
}

/* A call of A or B by thread t when g holds (irq: from an interrupt): the
 * entry's jmp, to a version or to the stub, then lp_dispatch(i): it counts
 * itself in lp_dispatching before its first read and out once it has its
 * answer. */
inline call(t, g, kind, irq, v, f, u)
{
    atomic {
        g ->
        if
        :: entry != STUB -> v = entry; enter(t, kind, v)           /* the entry's jmp to a version */
        :: else -> disp[t] = 1                                      /* jmp to stub i, lp_dispatch_common */
        fi
    };
    if
    :: atomic { disp[t] -> dispatching++ };                         /* lp_dispatch: lp_dispatching++ */
        atomic { f = top };                                         /* f = s->top */
#if defined(FLAG_FIRST)
        atomic { u = (f > 0 && flag[f]) };                          /* (FLAG_FIRST: f->transition first) */
#define BELOW (u && univ[t] == 0)
#elif defined(IRQ_WRONG)
        atomic { u = (irq -> target : univ[t]) };                   /* lp_bug=irq_universe: u = target */
#define BELOW (f > 0 && flag[f] && u == 0)
#else
        atomic { u = univ[t] };                                     /* u = universe(thread_current()) */
#define BELOW (f > 0 && flag[f] && u == 0)
#endif
        atomic {
            if
            :: f > top -> printf("lp_dispatch: popped\n")         /* (f was popped since it was read) */
            :: else -> skip
            fi;
#if !defined(FLAG_FIRST) && !defined(IRQ_WRONG)
            if
            :: u != univ[t] -> printf("lp_dispatch: universe reset\n")  /* (reset since it was read) */
            :: else -> skip
            fi;
#endif
            v = (BELOW -> f - 1 : f);                               /* f && f->transition && u == UNPATCHED:
                                                                     * f->below; else f (NULL: addr + 5) */
            dispatching--; f = 0; u = 0 };                          /* lp_dispatching-- */
        atomic { disp[t] = 0; enter(t, kind, v) }                   /* ret into v (lp_dispatch_common) */
    :: else -> skip
    fi
}

/* A bump of t's word (LP_GEN_ONE): a compare-and-swap prepared on the old
 * word fails. */
inline bump(t)
{
    if
    :: where[t] == SAFE -> bumped[t] = 1
    :: else -> skip
    fi
}

/* lp_safe_point (kgraft, livepatch) on the way from OUT to a call of A: a
 * read, then a compare-and-swap (two steps). */
inline safe_point(t, w, tr, tg)
{
#if defined(SAFE_PLAIN)
    /* before the fix: u = target; if (lp_transition && universe(t) != u)
     * set_universe(t, u), a compare-and-swap loop that always writes */
    atomic { where[t] == OUT -> tg = target; where[t] = SAFE };     /* u = target */
    atomic {
        if
        :: transition && univ[t] != tg ->                           /* lp_transition && universe(t) != u: */
            univ[t] = tg; printf("lp_safe_point\n")                /* set_universe(t, u) */
        :: else -> skip
        fi;
        where[t] = OUT; tg = 0 }
#else
#ifdef WORD_LAST
    atomic { where[t] == OUT -> tr = transition; tg = target; where[t] = SAFE };  /* (control: the */
    atomic { w = univ[t]; bumped[t] = 0 };                          /* word read after the target) */
#else
    atomic { where[t] == OUT -> where[t] = SAFE;
             w = univ[t]; bumped[t] = 0;                            /* w = t->lp_word, then */
             tr = transition; tg = target };                        /* lp_transition (NULL: return), u = target */
#endif
    atomic {
        if
        :: tr && w != tg && univ[t] == w && !bumped[t] ->           /* (w & LP_U_MASK) != u: the compare- */
            univ[t] = tg; printf("lp_safe_point\n")                /* and-swap on w succeeds */
        :: tr && w != tg && (univ[t] != w || bumped[t]) ->          /* it fails: the word changed */
            printf("lp_safe_point: stale word\n")
        :: tr && w != tg -> skip                                    /* it fails: the thread was preempted */
        :: else -> skip                                             /* meanwhile (the scheduler's count) */
        fi;
        where[t] = OUT; bumped[t] = 0; w = 0; tr = 0; tg = 0 }
#endif
}

proctype thread(byte t)
{
    byte v, f, u, w, tg;
    bool tr;
    do
    ::
#if defined(LIVEPATCH) || defined(KGRAFT) || defined(FP)
        safe_point(t, w, tr, tg);
#endif
        call(t, where[t] == OUT, 0, 0, v, f, u)                    /* the chain calls A */
#ifdef FP
    :: atomic { where[t] == IN_A -> where[t] = IN_C }               /* A calls C */
    :: atomic { where[t] == IN_C -> where[t] = AFTER_C }            /* C returns */
#endif
    :: call(t, where[t] == AFTER_C, 1, 0, v, f, u);                /* A calls B */
        atomic { assert(v == ver_a[t]); v = 0 }                     /* L1 a chain saw one version */
    :: atomic { where[t] == IN_B -> where[t] = OUT; ver_a[t] = 0 }  /* B returns, A returns */
    :: call(t, (where[t] == IN_A || where[t] == AFTER_C), 2, 1, v, f, u);  /* an interrupt calls B */
        atomic { assert(v == ver_a[t]); v = 0 }                     /* L5 an interrupt in A ran B of A's universe */
    od
}

/* try_switch's stack check (the ranges of ranges_for_target): no frame of
 * thread t in the version left, below cur (enable) or cur (disable), A's
 * under C and B too (the fp walk misses it under C), none in the dispatcher. */
inline clear(t, ok)
{
    ok = !disp[t] && (where[t] == OUT || where[t] == SAFE || ver_a[t] != (target -> cur - 1 : cur)
#ifdef FP
                      || where[t] == IN_C
#endif
                     )
}

/* set_universe_as(t, u, LP_GEN_ONE) (set_initial, lp_trans_force). */
inline set_universe_as(t, u)
{
    univ[t] = u;
#ifndef NO_BUMP
    bump(t)
#endif
}

/* The threads are independent of each other (none reads what another
 * writes), so a pass over them (thread_foreach) is taken as one step. */
proctype patcher()
{
    byte op, t, pending;
    bool en, ok;
    do
    :: op >= NOPS -> break
    :: op < NOPS ->
#if defined(NAIVE)
        atomic { cur = (op == 1 || op == 2 -> 2 : 1); en = (op < 2);        /* enable 1, enable 2, */
                 printf("lp_naive\n") };
        if                                                                  /* disable 2, disable 1 */
        :: en -> top = cur; entry = cur                             /* lp_enable, naive: lp_sites_push, */
                                                                    /* LP_TO_NEW (no flag is ever set) */
        :: else -> entry = cur - 1; top = cur - 1                   /* lp_disable: LP_TO_BELOW, pop */
        fi;
        op++
#elif defined(KPATCH)
        atomic { cur = (op == 1 || op == 2 -> 2 : 1); en = (op < 2) };
        atomic { where[0] == OUT && where[1] == OUT ->              /* rv_switch: every thread parked outside */
                 entry = (en -> cur : cur - 1); printf("lp_kpatch\n") };
        atomic { top = (en -> cur : cur - 1); op++ }                /* lp_sites_push (no flag is ever set) */
#else
        /* lp_trans_start(p, enable) */
        atomic { cur = (op == 1 || op == 2 -> 2 : 1); en = (op < 2); /* enable 1, enable 2, disable 2, */
                 target = en };                                     /* disable 1; target = enable ? ... */
        atomic { set_universe_as(0, !target); set_universe_as(1, !target) };    /* set_initial */
        atomic { flag[cur] = 1;                                     /* lp_fn(p, i)->transition = true */
                 top = (en -> cur : top) };                         /* if (enable) lp_sites_push(p, true) */
        entry = STUB;                                               /* lp_write_entries(p, LP_TO_STUBS) */
        atomic { transition = 1; printf("lp_start\n") };           /* lp_transition = p */
        do
        :: atomic {                                                 /* try_complete: a pass of try_switch */
            t = 0;
            do
            :: t < NT ->
                if
                :: univ[t] == target -> skip
#if defined(LIVEPATCH) || defined(FP)
                :: univ[t] != target -> clear(t, ok);
                    if
                    :: ok -> univ[t] = target; bump(t);             /* the compare-and-swap on a stopped */
                        printf("lp_switch\n")                      /* thread (bumped as it runs again) */
                    :: else -> pending++                            /* WHY_INSIDE */
                    fi;
                    ok = 0
#endif
                :: univ[t] != target -> pending++                   /* running (nudged), or kgraft */
                fi;
                t++
            :: else -> t = 0; break
            od }
            if
            :: pending == 0 -> break                                /* every thread switched */
            :: pending > 0 -> pending = 0                           /* thread_sleep_ns, another pass */
            :: pending > 0 && !reversed ->                          /* stuck (returns 1), then reversed: */
                atomic { pending = 0; target = !target; reversed = 1 };   /* lp_trans_reverse: target = !target */
                atomic {
#ifndef NO_BUMP
                    bump(0); bump(1);                               /* thread_foreach(bump) */
#endif
                    printf("lp_reverse\n") }
#ifdef FORCE
            :: pending > 0 ->                                       /* lp_trans_force: set_initial(target) */
                atomic { pending = 0; set_universe_as(0, target); set_universe_as(1, target); forced = 1 };
                break
#endif
            fi
        od;
        /* trans_complete */
        entry = (target -> cur : cur - 1);                          /* lp_write_entries(LP_TO_NEW / _BELOW) */
        if
        :: target == 0 -> atomic { top = cur - 1; printf("lp_pop\n") }  /* lp_sites_push(p, false) */
        :: else -> skip
        fi;
#ifdef POP_CLEARS
        flag[cur] = 0;                                              /* (before the fix: flags cleared) */
#else
        if
        :: target == 1 -> flag[cur] = 0                             /* target == LP_U_PATCHED: cleared; */
        :: else -> skip                                             /* popped versions keep the flag */
        fi;
#endif
#ifndef NO_DISPATCH_WAIT
        do                                                          /* while (lp_dispatching) */
        :: dispatching == 0 -> break
        :: atomic { dispatching > 0 -> printf("lp_complete: waits for the dispatcher\n") }  /* sleep */
        od;
#endif
        atomic { transition = 0; printf("lp_complete\n");          /* lp_transition = NULL */
                 op = (target == en -> op + 1 : op);                /* a reversed one runs again */
                 op = (forced -> NOPS : op) }                       /* forced: never reverted */
#endif
    od
}

init
{
    atomic { run thread(0); run thread(1); run patcher() }
}
