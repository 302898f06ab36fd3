/* dbnest.pml - one CPU's single-steps under nested NMIs: the step records
 * of patch/int3.c and the DR6 protocol of kernel/dr6.c (issue 21).
 * SDM Vol. 3: 6.9 (a single-step #DB trap, priority 4, is delivered before a
 * pending NMI, priority 5, which then interrupts the #DB handler's first
 * instruction), 6.7.1 (NMIs blocked from delivery until the next IRET, any
 * IRET: one from an exception inside the NMI handler unblocks them),
 * 17.2.3 (DR6 is never cleared by the processor).
 *
 * Level 0 is a thread hitting a probe; an NMI may arrive at any instruction
 * boundary it is not blocked at, and starts a level that hits a probe too
 * (up to NNMI NMIs in all, nested or one after the other).  Only the top
 * level runs.  A hit: #BP, reserve a step record, fill it, iret with TF set
 * (unblocks NMIs), the copy runs and its #DB trap is delivered in one step
 * (sets DR6.BS), then the #DB entry, DR6 read, DR6 reset (two instructions),
 * debug_handler: claim the step if BS and a record, pop it, iret.
 *
 * Asserted (tag NEST): a step's #DB is never refused (fatal in the kernel),
 * and the record it pops is its own level's.
 *
 * Variants (-D): NMI_UNSAVED (dr6_bug=nmi_unsaved: the NMI path leaves DR6
 * alone), LATE_READ (DR6 read in debug_handler, only BS cleared, as before
 * the fix), both together (the code before the fix).
 * Abstracted: DR6 is its BS bit; no other #DB source; one probe per level.
 */

#ifndef NNMI
#define NNMI 2
#endif
#define NLVL (NNMI + 1)

bool bs;                        /* DR6.BS */
byte top;                       /* the level running now */
bool nmi_blocked;               /* NMI delivery blocked (in an NMI, no IRET yet) */
byte nnmi;                      /* NMIs taken */
byte nstep;                     /* int3.c c->nstep */
byte rec[NLVL];                 /* step records: which level filled each */

/* One instruction of level me: it runs only while me is the top level. */
#define INSN(x) atomic { (top == me) -> x }

proctype level(byte me)
{
    bool v, saved;
    byte i;
#ifndef NMI_UNSAVED
    if
    :: me > 0 ->
        INSN(saved = bs);                           /* dr6_nmi_enter: read */
        INSN(bs = false)                            /* ... and reset */
    :: else
    fi;
#endif
    INSN(skip);                                     /* int3: #BP taken (interrupt gate) */
    INSN(i = nstep);                                /* hit(): reserve a record */
    INSN(nstep = i + 1);
    INSN(rec[i] = me);                              /* ... fill it */
    INSN(nmi_blocked = false);                      /* iret to the copy, TF set */
    INSN(bs = true; printf("L%d step #DB\n", me));  /* the copy runs, #DB trap delivered */
    INSN(skip);                                     /* #DB entry: first instruction */
#ifndef LATE_READ
    INSN(v = bs; printf("L%d DR6.BS=%d\n", me, v));  /* dr6_db_enter: read */
    INSN(bs = false);                               /* ... and reset */
#endif
    INSN(i = nstep);                                /* debug_handler */
#ifdef LATE_READ
    INSN(v = bs; printf("L%d DR6.BS=%d\n", me, v));  /* DR6 read late, BS cleared */
    INSN(bs = false);
#endif
    if
    :: v && i > 0 ->
        INSN(assert(rec[i - 1] == me));             /* NEST the step pops its own record */
        INSN(nstep = i - 1)
    :: else ->
        INSN(assert(false))                         /* NEST a step's #DB refused: fatal */
    fi;
    INSN(nmi_blocked = false);                      /* iret from #DB */
#ifndef NMI_UNSAVED
    if
    :: me > 0 -> INSN(bs = saved)                   /* dr6_nmi_exit: restore */
    :: else
    fi;
#endif
    if
    :: me > 0 -> INSN(nmi_blocked = false; top = me - 1)   /* NMI iret */
    :: else
    fi
}

/* An NMI arrives at any boundary of the top level where it is not blocked. */
proctype nmi()
{
end:
    do
    :: atomic {
           !nmi_blocked && nnmi < NNMI ->
           nnmi++; nmi_blocked = true; top++;
           printf("NMI over L%d\n", top - 1);
           run level(top)
       }
    od
}

init {
    atomic { run level(0); run nmi() }
}
