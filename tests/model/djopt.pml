/* djopt.pml - the jump optimizer's per-probe lifecycle under each patching
 * strategy (hazards H1 preempted inside the region, H2 the same for an
 * interrupted EIP, H3 return address inside the region, H8 buffer freed
 * under a thread), as patch/djprobe.c, kprobe.c, quiesce.c and tramp.c do it.
 *
 * The region is two instructions: I0 at addr (2 bytes) and I1 at addr+2
 * (3 bytes); addr+5 is the region's end.  The probe's int3 stays armed at
 * addr all along (head H_INT3), so the original first byte never runs from
 * the text: a thread at addr traps, and the int3 handler (kprobe_int3) sends
 * it through the detour buffer if the probe is DJ_PREPARED or DJ_OPTIMIZED
 * (the buffer is published), else single-steps I0 out of line and returns
 * to addr+2 (DJ_INT3, DJ_QUEUED, and DJ_UNOPTIMIZING: the buffer is no
 * longer published there).  Text writes are atomic here: int3.pml shows
 * that the int3 protocol makes each write look atomic to an executing CPU;
 * what this model adds is WHEN the jmp's tail (addr+1..+4) is in the text
 * and WHEN the buffer is freed.
 *
 * The detour buffer (patch/tramp.c): its first instruction (pushfl, BP) runs
 * with the probed code's IF, so a thread may be preempted there with its
 * saved EIP in the buffer; from the next one (cli) the buffer calls the
 * probe handler (BH: its own fast path calls the probe's pre-handler, else
 * it calls kprobe_detour), and the CPU's running word is the detour
 * reference (per CPU and unlocked, struct cpu_probe: the waiter reads it
 * after a core sync, so the model's atomic flag is what it sees); the
 * handler runs with preemption off until it returns, with IF=0, into the
 * buffer.  In the handler the thread's EIP is outside the buffer (a
 * pre-handler runs with the probed code's IF, so a scan's rendezvous can
 * catch it there) and its return address inside.  (The kernel sets running
 * a few instructions after the cli, before it reads the site's probe; with
 * IF=0 in between no scan can see that gap, and a reference wait that
 * passes in it is the same as one that passed while the thread was at BP.)
 * Then the copies of I0 (B0) and I1 (B1), where it can be preempted again,
 * and the jmp back to addr+5 (BJ).
 *
 * A thread is at one place (pc) and, in a callee, has one return address
 * (ret).  "Running at pc" and "preempted at pc" (saved EIP), or
 * "interrupted at pc" (interrupted EIP, H2), look the same to everyone here,
 * since the scans run in a rendezvous where every CPU's interrupted EIPs
 * are visible, so a thread may simply stay at any place for any time.  A
 * scan is one atomic step that may fall anywhere, even while a thread has
 * interrupts off in the int3 handler, where the kernel's rendezvous would
 * wait for it: an over-approximation (verified stays verified).  Voluntary
 * switches (sleep, yield) happen only outside the region or in a callee.
 *
 * Region shapes (-D): MIDCALL (I0 is a call: its return address is addr+2,
 * or the buffer's copy of I1 when run from the buffer: H3), LASTCALL (I1 is a
 * call: run from the buffer as "push addr+5; jmp target", so a sleeper in the
 * callee holds addr+5, outside).
 *
 * Strategies (-DSTRATEGY=S_..., patch/strategy.c): the check of dj_check
 * before the jmp is written and the wait of dj_release before the buffer is
 * freed (int3_sync_refs first, for every strategy that waits):
 *   S_BYPASS      int3 protocol, no check, no wait
 *   S_STOPMACHINE jmp written whole in one rendezvous, no check, no wait
 *   S_IPSCAN      every saved/interrupted EIP: none in (addr, addr+5) to
 *                 commit (else retry, then defer), none in the buffer to free
 *   S_STACKSCAN   the same, plus every return address on every stack
 *                 (djprobe_scan=words|frames: both see every return address;
 *                 the word scan's false positives only delay)
 *   S_SAFE        as S_STACKSCAN (frame-pointer unwind), the default
 *   S_TASKSRCU    wait until every thread has switched voluntarily (it may
 *                 time out: one failure defers); refuses a region with a
 *                 call before its last instruction (dj_cancel), unless
 *                 ALLOW_MIDCALL (broken on purpose)
 * The EIP scan also sees the return address of a detour handler a parked CPU
 * is running (its CPU's running word holds it): without it (-DNO_DETOUR_RET,
 * broken on purpose) a thread preempted at the buffer's pushfl passes the
 * reference wait, enters the handler and is missed (H8).  Broken (-D):
 * NO_RELEASE_WAIT (dj_release frees the buffer without the strategy's wait),
 * NO_PREP_REFS (dj_prepare does not wait for int3 handlers that looked the
 * probe up before the buffer was published), NO_FREE_REFS (freeing does not
 * wait for int3 handlers that found the buffer published), REENTRY_IN_PLACE
 * (a hit inside a probe handler steps the first instruction in the text even
 * when the buffer is published, as kprobe_int3 did before the anywhere-
 * torture found it; a reentrant hit is otherwise an ordinary hit here: it
 * runs the buffer, whose handler call counts it as missed).
 *
 * Property (assertions, tagged with the hazard on their line): no thread
 * executes at addr+2 while the jmp's tail is in the text (H1, H2), returns
 * there or into a freed buffer (H3), or executes in or returns into a freed
 * buffer (H8).
 *
 * Assumed of the kernel: a scan sees every interrupted EIP at every nesting
 * depth (struct cpu intr_eips[], not only the innermost).
 *
 * Abstracted away: byte values (int3.pml), several probes, removing the
 * probe (the int3 stays armed), nested calls back into the region, branch
 * targets inside the region (H4: refused by analysis), CPUs (threads are
 * what the checks see).
 *
 * Names: the probe states DJ_* and transitions dj_* are those of
 * patch/djprobe_fsm.h.  In a simulation (spin -n<seed>) each transition
 * prints its name in its first step and "-> <state>" in its last, which
 * tests/host/djprobe_fsm_test.c replays against the C table.
 */

#ifndef NT
#define NT 3                    /* threads running the probed code (<= 3) */
#endif
#define MAXT 3

#define S_BYPASS      1
#define S_STOPMACHINE 2
#define S_IPSCAN      3
#define S_STACKSCAN   4
#define S_TASKSRCU    5
#define S_SAFE        6
#ifndef STRATEGY
#define STRATEGY S_SAFE
#endif

/* dj_check failures before dj_defer (djprobe_tries; quiesce_tasks gives up
 * once, after tries * 50 ms) */
#ifndef MAXTRIES
#if STRATEGY == S_TASKSRCU
#define MAXTRIES 1
#else
#define MAXTRIES 2
#endif
#endif
#define CHECKS (STRATEGY != S_BYPASS && STRATEGY != S_STOPMACHINE)
/* dj_prepare refuses the region (H3): tasks-RCU cannot protect a mid call */
#if defined(MIDCALL) && STRATEGY == S_TASKSRCU && !defined(ALLOW_MIDCALL)
#define REGION_OK false
#else
#define REGION_OK true
#endif

mtype = { DJ_INT3, DJ_QUEUED, DJ_PREPARED, DJ_OPTIMIZED, DJ_UNOPTIMIZING };
mtype = { OUT,                  /* at addr+5 or anywhere else outside */
          A0,                   /* at addr: about to hit the int3 or the jmp */
          A2,                   /* at addr+2: strictly inside the region */
          TRAP,                 /* in the int3 handler, before its lookup */
          TRAP_BUF,             /* int3 handler: found the buffer published */
          TRAP_STEP,            /* int3 handler: single-stepping I0 */
          BP,                   /* buffer's first instruction (pushfl) */
          BH,                   /* in the handler the buffer calls */
          B0, B1, BJ,           /* in the buffer: copy of I0, of I1, jmp addr+5 */
          CALLEE };             /* in a function called from the region */
mtype = { NONE, RET_A2, RET_B1, RET_A5 };       /* return address in a callee */
mtype = { H_INT3, H_JMP, T_ORIG, T_JMP };       /* text at addr, addr+1..4 */

mtype dj = DJ_INT3;             /* the probe's optimizer state */
mtype head = H_INT3, tail = T_ORIG;
bool buf_live;                  /* the buffer is allocated */
mtype pc[MAXT] = OUT, ret[MAXT] = NONE;
bool ref[MAXT];                 /* an int3 reference held (int3 or detour handler) */
bool gp, qs[MAXT];              /* tasks-RCU grace period; switched since its start */

/* kprobe_int3: int3 hits go through the buffer */
#define PUBLISHED (dj == DJ_PREPARED || dj == DJ_OPTIMIZED)

#define FORALL(P) (P(0) && P(1) && P(2))        /* unused threads stay OUT */

/* What the checks look at, per thread. */
#define IN_REGION(t)   (pc[t] == A2)
#define IN_BUF(t)      (pc[t] == BP || pc[t] == B0 || pc[t] == B1 || pc[t] == BJ)
#define IP_REGION_CLEAR(t)    (!IN_REGION(t))
#ifndef NO_DETOUR_RET
#define IP_BUF_CLEAR(t)       (!IN_BUF(t) && pc[t] != BH)   /* kprobe_detour_ret_in() */
#else
#define IP_BUF_CLEAR(t)       (!IN_BUF(t))      /* a thread in the handler: EIP outside */
#endif
#define STACK_REGION_CLEAR(t) (!IN_REGION(t) && ret[t] != RET_A2)
#define STACK_BUF_CLEAR(t)    (!IN_BUF(t) && pc[t] != BH && ret[t] != RET_B1)
#define NO_REF(t)             (!ref[t])
#define QUIESCENT(t)          (qs[t])

/* int3_sync_refs(): one CPU after the other, until its reference has been
 * seen at 0 once (what the kernel's per-CPU generation counter detects). */
inline wait_refs() { NO_REF(0); NO_REF(1); NO_REF(2) }

/* A tasks-RCU grace period: every thread has switched voluntarily since it
 * started. */
inline gp_start() { gp = true; qs[0] = (0 >= NT); qs[1] = (1 >= NT); qs[2] = (2 >= NT) }
inline gp_reset() { d_step { gp = false; qs[0] = false; qs[1] = false; qs[2] = false } }

/* Before a buffer that was reachable is freed (it is unpublished): the int3
 * references, then the strategy's wait (release() in patch/djprobe.c; the
 * scans are retried until clear, the tasks wait until it completes). */
inline free_wait()
{
#if CHECKS
#ifndef NO_FREE_REFS
    wait_refs();
#endif
#ifndef NO_RELEASE_WAIT
#if STRATEGY == S_IPSCAN
    FORALL(IP_BUF_CLEAR);
#elif STRATEGY == S_STACKSCAN || STRATEGY == S_SAFE
    FORALL(STACK_BUF_CLEAR);
#elif STRATEGY == S_TASKSRCU
    d_step { gp_start() }; FORALL(QUIESCENT); gp_reset();
#endif
#endif
#endif
    skip
}

/* ---- transitions: one inline each, named as in patch/djprobe_fsm.h; each
 * prints its name in its first step and the new state in its last ---- */

#define SET(s) dj = s; printf("-> %e\n", dj)

inline dj_queue()   { d_step { printf("dj_queue\n"); SET(DJ_QUEUED) } }
inline dj_cancel()  { d_step { printf("dj_cancel\n"); SET(DJ_INT3) } }

/* Build the buffer and publish it (the state): from now on an int3 hit goes
 * through it.  Then wait for handlers that looked up before (they may still
 * land at addr+2). */
inline dj_prepare()
{
    d_step { printf("dj_prepare\n"); buf_live = true; SET(DJ_PREPARED) };
#ifndef NO_PREP_REFS
    wait_refs();
#endif
    skip
}

/* The strategy's quiescence check on a prepared probe: sets clear.  The
 * scans run in a rendezvous (one atomic step here).  (Each transition's
 * printf is on one line whatever the strategy: run.py's reach check.) */
inline dj_check()
{
    d_step {
        printf("dj_check\n");
#if STRATEGY == S_IPSCAN
        clear = FORALL(IP_REGION_CLEAR)
#elif STRATEGY == S_STACKSCAN || STRATEGY == S_SAFE
        clear = FORALL(STACK_REGION_CLEAR)
#elif STRATEGY == S_TASKSRCU
        gp_start()
    };
    if
    :: FORALL(QUIESCENT) -> clear = true
    :: !FORALL(QUIESCENT) -> clear = false      /* quiesce_tasks timed out */
    fi;
    d_step {
        gp = false; qs[0] = false; qs[1] = false; qs[2] = false
#endif
        ; printf("-> %e\n", dj)
    }
}

/* int3 already at head: tail, sync, head, sync (stop-machine: all at once). */
inline dj_commit()
{
    d_step {
        printf("dj_commit\n"); tail = T_JMP;
#if STRATEGY != S_STOPMACHINE
    };
    d_step {
#endif
        head = H_JMP; SET(DJ_OPTIMIZED)
    }
}

/* Too many failed checks: the buffer is unpublished, the jmp was never
 * written; dj_release frees the buffer. */
inline dj_defer()   { d_step { printf("dj_defer\n"); SET(DJ_UNOPTIMIZING) } }

/* int3 back at head, sync, original tail, sync, then the state (which
 * unpublishes the buffer); head stays the probe's int3 (a probe being
 * removed would restore the original byte through the int3 protocol,
 * int3.pml).  Stop-machine: all at once. */
inline dj_unoptimize()
{
    d_step {
        printf("dj_unoptimize\n"); head = H_INT3;
#if STRATEGY != S_STOPMACHINE
    };
    d_step {
#endif
        tail = T_ORIG; SET(DJ_UNOPTIMIZING)
    }
}

/* The strategy's wait, then free the buffer. */
inline dj_release()
{
    printf("dj_release\n");
    free_wait();
    d_step { buf_live = false; SET(DJ_INT3) }
}

active proctype optimizer()
{
    byte tries;
    bool clear;
end:
    do
    :: dj == DJ_INT3 -> dj_queue()
    :: dj == DJ_QUEUED -> dj_cancel()           /* removed or disabled, or refused */
    :: dj == DJ_QUEUED && REGION_OK -> dj_prepare()
    :: dj == DJ_PREPARED ->
#if CHECKS
        dj_check();
        if
        :: clear -> clear = false; tries = 0; dj_commit()
        :: !clear && tries + 1 < MAXTRIES -> tries++          /* retry later */
        :: !clear && tries + 1 >= MAXTRIES -> tries = 0; dj_defer()
        fi
#else
        dj_commit()                                          /* no check */
#endif
    :: dj == DJ_OPTIMIZED -> dj_unoptimize()
    :: dj == DJ_UNOPTIMIZING -> dj_release()
    od
}

/* A thread running the probed code over and over. */
active [NT] proctype thread()
{
#define me (_pid - 1)
end:
    do
    :: atomic { pc[me] == OUT -> pc[me] = A0 }
    :: atomic { (pc[me] == OUT || pc[me] == CALLEE) && gp && !qs[me] ->
                qs[me] = true }                              /* sleep or yield */
    :: atomic { pc[me] == A0 && head == H_JMP -> pc[me] = BP }
    :: atomic { pc[me] == A0 && head == H_INT3 -> pc[me] = TRAP; ref[me] = true }
    :: atomic { pc[me] == TRAP ->                            /* lookup */
                if
                :: PUBLISHED -> pc[me] = TRAP_BUF
                :: else -> pc[me] = TRAP_STEP
#ifdef REENTRY_IN_PLACE
                :: PUBLISHED -> pc[me] = TRAP_STEP           /* a reentrant hit */
#endif
                fi }
    :: atomic { pc[me] == TRAP_BUF -> pc[me] = BP; ref[me] = false }  /* iret */
    :: atomic { pc[me] == TRAP_STEP -> ref[me] = false;
#ifdef MIDCALL
                pc[me] = CALLEE; ret[me] = RET_A2            /* emulated call */
#else
                pc[me] = A2
#endif
              }
    :: atomic { pc[me] == A2 ->
                assert(tail == T_ORIG);                      /* H1 H2 */
#ifdef LASTCALL
                pc[me] = CALLEE; ret[me] = RET_A5
#else
                pc[me] = OUT
#endif
              }
    :: atomic { pc[me] == BP ->                              /* pushfl; cli; call */
                assert(buf_live);                            /* H8 */
                pc[me] = BH; ref[me] = true }
    :: atomic { pc[me] == BH ->                              /* return, IF=0 */
                assert(buf_live);                            /* H8 */
                pc[me] = B0; ref[me] = false }
    :: atomic { pc[me] == B0 ->
                assert(buf_live);                            /* H8 */
#ifdef MIDCALL
                pc[me] = CALLEE; ret[me] = RET_B1
#else
                pc[me] = B1
#endif
              }
    :: atomic { pc[me] == B1 ->
                assert(buf_live);                            /* H8 */
#ifdef LASTCALL
                pc[me] = CALLEE; ret[me] = RET_A5            /* push addr+5; jmp */
#else
                pc[me] = BJ
#endif
              }
    :: atomic { pc[me] == BJ -> assert(buf_live); pc[me] = OUT }   /* H8 */
    :: atomic { pc[me] == CALLEE ->                          /* return */
                assert(ret[me] != RET_A2 || tail == T_ORIG); /* H3 */
                assert(ret[me] != RET_B1 || buf_live);       /* H3 */
                if
                :: ret[me] == RET_A2 -> pc[me] = A2
                :: ret[me] == RET_B1 -> pc[me] = B1
                :: else -> pc[me] = OUT
                fi;
                ret[me] = NONE }
    od
}
