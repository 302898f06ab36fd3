/* djopt.pml - the jump optimizer's per-probe lifecycle under each patching
 * strategy (hazards H1 preempted inside the region, H2 the same for an
 * interrupted EIP, H3 return address inside the region, H8 buffer freed
 * under a thread).
 *
 * The region is two instructions: I0 at addr (2 bytes) and I1 at addr+2
 * (3 bytes); addr+5 is the region's end.  The probe's int3 stays armed at
 * addr all along (head H_INT3), so the original first byte never runs from
 * the text: a thread at addr traps, and the int3 handler either single-steps
 * I0 out of line and returns to addr+2 (probe not prepared), or sends the
 * thread through the detour buffer (buffer published).  The buffer holds
 * copies of I0 and I1 and a jmp back to addr+5.  Text writes are atomic here:
 * int3.pml shows that the int3 protocol makes each write look atomic to an
 * executing CPU; what this model adds is WHEN the jmp's tail (addr+1..+4)
 * is in the text and WHEN the buffer is freed.
 *
 * A thread is at one place (pc) and, in a callee, has one return address
 * (ret).  "Running at pc" and "preempted at pc" (saved EIP), or "interrupted
 * at pc" (interrupted EIP, H2), look the same to everyone here, since the
 * scans run in a rendezvous where every CPU's interrupted EIP is visible, so
 * a thread may simply stay at any place for any time.  Voluntary switches
 * (sleep, yield) happen only outside the region or in a callee.
 *
 * Region shapes (-D): MIDCALL (I0 is a call: its return address is addr+2,
 * or the buffer's copy of I1 when run from the buffer: H3), LASTCALL (I1 is a
 * call: run from the buffer as "push addr+5; jmp target", so a sleeper in the
 * callee holds addr+5, outside).
 *
 * Strategies (-DSTRATEGY=S_...), the check of dj_check before the jmp is
 * written and the wait of dj_release/dj_defer before the buffer is freed:
 *   S_BYPASS      int3 protocol, no check, no wait
 *   S_STOPMACHINE jmp written whole in one rendezvous, no check, no wait
 *   S_IPSCAN      every saved/interrupted EIP: none in (addr, addr+5) to
 *                 commit (else retry, then defer), none in the buffer to free
 *   S_STACKSCAN   the same over every stack word (return addresses too)
 *   S_TASKSRCU    wait until every thread has switched voluntarily
 *   S_SAFE        tasks-RCU wait, then the stack scan
 * Broken on purpose (-D): NO_RELEASE_WAIT (dj_release frees the buffer
 * without the strategy's wait), NO_PREP_REFS (dj_prepare does not wait for
 * int3 handlers that looked the probe up before the buffer was published),
 * NO_FREE_REFS (freeing does not wait for int3 handlers that found the
 * buffer published).
 *
 * Property (assertions, tagged with the hazard on their line): no thread
 * executes at addr+2 while the jmp's tail is in the text (H1, H2), returns
 * there or into a freed buffer (H3), or executes in a freed buffer (H8).
 *
 * Assumed of the kernel: a scan sees every interrupted EIP at every nesting
 * depth (struct cpu intr_eips[], not only the innermost), and a thread in
 * the probe handler that the buffer calls (preemption disabled) counts as in
 * the buffer: here that call is part of entering the buffer (B0); in the
 * kernel its EIP is in the handler and its return address in the buffer, so
 * the EIP scan must treat the handler's range as the buffer, or the call
 * must hold the int3 reference.
 *
 * Abstracted away: byte values (int3.pml), several probes, removing the
 * probe (the int3 stays armed), nested calls back into the region, branch
 * targets inside the region (H4: refused by analysis), CPUs (threads are
 * what the checks see).
 *
 * Names: the probe states DJ_* and transitions dj_* are the jump optimizer's
 * (patch/), and each transition prints its name in a simulation
 * (spin -p/-n), for a host test that replays walks against the C code.
 */

#ifndef NT
#define NT 3                    /* threads running the probed code (<= 3) */
#endif
#define MAXT 3
#ifndef MAXTRIES
#define MAXTRIES 2              /* dj_check failures before dj_defer */
#endif

#define S_BYPASS      1
#define S_STOPMACHINE 2
#define S_IPSCAN      3
#define S_STACKSCAN   4
#define S_TASKSRCU    5
#define S_SAFE        6
#ifndef STRATEGY
#define STRATEGY S_SAFE
#endif

mtype = { DJ_INT3, DJ_QUEUED, DJ_PREPARED, DJ_OPTIMIZED, DJ_UNOPTIMIZING };
mtype = { OUT,                  /* at addr+5 or anywhere else outside */
          A0,                   /* at addr: about to hit the int3 or the jmp */
          A2,                   /* at addr+2: strictly inside the region */
          TRAP,                 /* in the int3 handler, before its lookup */
          TRAP_BUF,             /* int3 handler: found the buffer published */
          TRAP_STEP,            /* int3 handler: single-stepping I0 */
          B0, B1, BJ,           /* in the buffer: copy of I0, of I1, jmp addr+5 */
          CALLEE };             /* in a function called from the region */
mtype = { NONE, RET_A2, RET_B1, RET_A5 };       /* return address in a callee */
mtype = { H_INT3, H_JMP, T_ORIG, T_JMP };       /* text at addr, addr+1..4 */

mtype dj = DJ_INT3;             /* the probe's optimizer state */
mtype head = H_INT3, tail = T_ORIG;
bool published;                 /* int3 hits go through the buffer */
bool buf_live;                  /* the buffer is allocated */
mtype pc[MAXT] = OUT, ret[MAXT] = NONE;
bool ref[MAXT];                 /* in the int3 handler (its per-CPU reference) */
bool gp, qs[MAXT];              /* tasks-RCU grace period; switched since its start */

#define FORALL(P) (P(0) && P(1) && P(2))        /* unused threads stay OUT */

/* What the checks look at, per thread. */
#define IN_REGION(t)   (pc[t] == A2)
#define IN_BUF(t)      (pc[t] == B0 || pc[t] == B1 || pc[t] == BJ)
#define IP_REGION_CLEAR(t)    (!IN_REGION(t))
#define IP_BUF_CLEAR(t)       (!IN_BUF(t))
#define STACK_REGION_CLEAR(t) (!IN_REGION(t) && ret[t] != RET_A2)
#define STACK_BUF_CLEAR(t)    (!IN_BUF(t) && ret[t] != RET_B1)
#define NO_REF(t)             (!ref[t])
#define QUIESCENT(t)          (qs[t])

/* int3_sync_refs(): one CPU after the other, until its reference has been
 * seen at 0 once (what the kernel's per-CPU generation counter detects). */
inline wait_refs() { NO_REF(0); NO_REF(1); NO_REF(2) }

/* A tasks-RCU grace period: every thread has switched voluntarily since it
 * started. */
inline gp_start() { gp = true; qs[0] = (0 >= NT); qs[1] = (1 >= NT); qs[2] = (2 >= NT) }
inline gp_end()   { FORALL(QUIESCENT); d_step { gp = false; qs[0] = false; qs[1] = false; qs[2] = false } }
inline grace_period() { d_step { gp_start() }; gp_end() }

/* The strategy's wait before a buffer that was reachable is freed. */
inline release_wait()
{
#if STRATEGY == S_IPSCAN
    FORALL(IP_BUF_CLEAR)                 /* retried (blocks) until clear */
#elif STRATEGY == S_STACKSCAN
    FORALL(STACK_BUF_CLEAR)
#elif STRATEGY == S_TASKSRCU
    grace_period()
#elif STRATEGY == S_SAFE
    grace_period(); FORALL(STACK_BUF_CLEAR)
#else
    skip                                 /* bypass, stop-machine: none */
#endif
}

/* Before a buffer that was reachable is freed (it is unpublished): wait
 * for int3 handlers, then the strategy's wait (if do_wait). */
inline free_wait(do_wait)
{
#ifndef NO_FREE_REFS
    wait_refs();
#endif
    if
    :: do_wait -> release_wait()
    :: else -> skip
    fi
}
#ifdef NO_RELEASE_WAIT
#define RELEASE_WAITS false
#else
#define RELEASE_WAITS true
#endif

/* ---- transitions: one inline each, named as in patch/; each prints its
 * name in its first step and sets the new state in its last ---- */

inline dj_queue()   { atomic { printf("dj_queue\n"); dj = DJ_QUEUED } }
inline dj_cancel()  { atomic { printf("dj_cancel\n"); dj = DJ_INT3 } }

/* Build the buffer and publish it: from now on an int3 hit goes through it.
 * Then wait for handlers that looked up before (they may still land at
 * addr+2). */
inline dj_prepare()
{
    atomic { printf("dj_prepare\n"); buf_live = true; published = true };
#ifndef NO_PREP_REFS
    wait_refs();
#endif
    dj = DJ_PREPARED
}

/* The strategy's quiescence check on a prepared probe: sets clear.  The
 * scans run in a rendezvous (one atomic step here). */
inline dj_check()
{
#if STRATEGY == S_IPSCAN
    d_step { printf("dj_check\n"); clear = FORALL(IP_REGION_CLEAR) }
#elif STRATEGY == S_STACKSCAN
    d_step { printf("dj_check\n"); clear = FORALL(STACK_REGION_CLEAR) }
#elif STRATEGY == S_TASKSRCU
    d_step { printf("dj_check\n"); gp_start() }; gp_end(); clear = true
#elif STRATEGY == S_SAFE
    d_step { printf("dj_check\n"); gp_start() }; gp_end();
    d_step { clear = FORALL(STACK_REGION_CLEAR) }
#else
    d_step { printf("dj_check\n"); clear = true }   /* bypass, stop-machine */
#endif
}

/* int3 already at head: tail, sync, head, sync. */
inline dj_commit()
{
#if STRATEGY == S_STOPMACHINE
    d_step { printf("dj_commit\n"); tail = T_JMP; head = H_JMP; dj = DJ_OPTIMIZED }
#else
    atomic { printf("dj_commit\n"); tail = T_JMP };
    atomic { head = H_JMP; dj = DJ_OPTIMIZED }
#endif
}

/* Buffer freed without the jmp ever written, after too many failed checks. */
inline dj_defer()
{
    atomic { printf("dj_defer\n"); published = false };
    free_wait(true);
    atomic { buf_live = false; dj = DJ_INT3 }
}

/* int3 back at head, sync, original tail, sync; head stays the probe's int3
 * (a probe being removed would restore the original byte through the int3
 * protocol, int3.pml).  The buffer stays allocated and published. */
inline dj_unoptimize()
{
#if STRATEGY == S_STOPMACHINE
    d_step { printf("dj_unoptimize\n"); head = H_INT3; tail = T_ORIG; dj = DJ_UNOPTIMIZING }
#else
    atomic { printf("dj_unoptimize\n"); head = H_INT3 };
    atomic { tail = T_ORIG; dj = DJ_UNOPTIMIZING }
#endif
}

/* Unpublish, wait, free the buffer. */
inline dj_release()
{
    atomic { printf("dj_release\n"); published = false };
    free_wait(RELEASE_WAITS);
    atomic { buf_live = false; dj = DJ_INT3 }
}

active proctype optimizer()
{
    byte tries;
    bool clear;
end:
    do
    :: dj == DJ_INT3 -> dj_queue()
    :: dj == DJ_QUEUED -> dj_cancel()
    :: dj == DJ_QUEUED -> dj_prepare()
    :: dj == DJ_PREPARED ->
        dj_check();
        if
        :: clear -> clear = false; tries = 0; dj_commit()
        :: !clear && tries + 1 < MAXTRIES -> tries++          /* retry later */
        :: !clear && tries + 1 >= MAXTRIES -> tries = 0; dj_defer()
        fi
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
    :: atomic { pc[me] == A0 && head == H_JMP -> pc[me] = B0 }
    :: atomic { pc[me] == A0 && head == H_INT3 -> pc[me] = TRAP; ref[me] = true }
    :: atomic { pc[me] == TRAP ->                            /* lookup */
                if
                :: published -> pc[me] = TRAP_BUF
                :: else -> pc[me] = TRAP_STEP
                fi }
    :: atomic { pc[me] == TRAP_BUF -> pc[me] = B0; ref[me] = false }
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
