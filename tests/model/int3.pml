/* int3.pml - the int3 bypass protocol of patch/poke.c and patch/int3.c
 * (hazards H6 torn write, H7 stale int3 / freed under a handler).
 *
 * One site of a multi-byte instruction is replaced, OLD -> NEW, while NCPU
 * other CPUs execute it in a loop.  The site is two cells: the head (first
 * byte) and the tail (the other bytes, always written together).  What a CPU
 * fetches:
 *   - the head and the tail in two separate steps (an instruction fetch is
 *     not atomic), and
 *   - for a cell written since that CPU last serialized, either the value it
 *     had then or the new one (cross-modifying code, SDM Vol. 3, 8.1.3).
 * A core sync (text_sync_cores: IPI + serializing instruction on every CPU)
 * completes only when every CPU has taken the IPI at an instruction
 * boundary, never in the middle of a fetch; taking it serializes that CPU.
 * iret (the end of the int3 handler) serializes too.
 *
 * The int3 handler takes its per-CPU reference in the same step as the trap
 * (#BP is an interrupt gate), then may let syncs through (a probe handler
 * re-enables interrupts), looks the address up in the published batch, and
 * either runs the NEW instruction out of line from the batch's copy, or,
 * finding no owner and no int3 in the text any more, restarts the
 * instruction (a vanished int3); no owner and still an int3 is fatal.
 *
 * The patcher (poke.c, protocol()): publish, int3 at head, sync, tail, sync,
 * head, sync, unpublish, wait for every CPU's reference, free the copy.
 *
 * Properties (assertions, each tagged with its hazard on its line):
 *   H6  every execution from the text runs OLD or NEW whole;
 *   H7  nothing is freed while a handler holds it; a stale int3 is never
 *       fatal;
 *   and once the patcher is done every execution runs NEW (not vacuous).
 *
 * Variants (-D): PLAIN (poke=plain: plain stores, no int3, no sync),
 * HEAD_FIRST (poke=head_first: head, sync, tail, sync), INT3_HEAD_FIRST (the
 * int3 protocol with head written before tail), NO_REF_WAIT (int3_refs=skip).
 * NCPU (default 3): CPUs executing the site besides the patcher.
 *
 * Abstracted away: the bytes' actual values (a cell is OLD, NEW or INT3),
 * several sites per batch, the kernel's per-CPU generation counter (the
 * patcher waits until it has seen each CPU's reference at 0 once, which
 * is what the counter detects), nested int3s, kprobes (another owner).
 */

#ifndef NCPU
#define NCPU 3
#endif

mtype = { OLD, NEW, INT3 };

#define HEAD 0
#define TAIL 1

mtype text[2] = OLD;            /* the site in memory: head, tail */
mtype seen[NCPU * 2];           /* per CPU and cell: value at its last serialization */
bool stale[NCPU * 2];           /* per CPU and cell: written since then */
bool sync_req[NCPU];            /* sync IPI pending on this CPU */
byte ref[NCPU];                 /* int3 handler references (int3.c icpu[].ref) */
bool published;                 /* poke_active != NULL */
bool copy_freed;                /* the batch's out-of-line copy (ool slot) */
bool patched;                   /* the patcher has returned */

/* A store to a text cell: each CPU may keep seeing the old value until it
 * serializes. */
inline write(cell, v)
{
    d_step {
        for (i : 0 .. NCPU - 1) {
            if
            :: !stale[i * 2 + cell] -> seen[i * 2 + cell] = text[cell]; stale[i * 2 + cell] = true
            :: else -> skip
            fi
        }
        text[cell] = v;
        i = 0
    }
}

/* text_sync_cores(): IPI every CPU and wait until each has taken it. */
inline sync()
{
    d_step { for (i : 0 .. NCPU - 1) { sync_req[i] = true }; i = 0 };
    for (i : 0 .. NCPU - 1) { !sync_req[i] };
    i = 0
}

/* A serializing event on CPU me: it sees the text as it is now. */
inline serialize()
{
    stale[me * 2 + HEAD] = false; stale[me * 2 + TAIL] = false;
    seen[me * 2 + HEAD] = 0; seen[me * 2 + TAIL] = 0
}

/* Take a pending sync IPI (only at an instruction boundary). */
inline take_ipi()
{
    d_step { sync_req[me]; sync_req[me] = false; serialize() }
}

/* Instruction fetch of one cell by CPU me. */
inline fetch(cell, v)
{
    if
    :: v = text[cell]
    :: stale[me * 2 + cell] -> v = seen[me * 2 + cell]
    fi
}

proctype cpu(byte me)
{
    mtype h = OLD, t = OLD;
    bool owner;
    byte tries;
end:
    do
    :: take_ipi()
    :: atomic {
           fetch(HEAD, h);
           if
           :: h == INT3 -> ref[me]++; goto trap    /* interrupt gate: IF=0 */
           :: else
           fi
       }
       fetch(TAIL, t);
       assert(h == t);                                      /* H6 whole instruction */
#ifndef PLAIN
       assert(!patched || h == NEW);                       /* NEW once done */
#endif
       d_step { h = OLD; t = OLD }
       goto end
trap:  /* int3_handle(): reference held; syncs may get through from here on */
       tries = 0;
lookup:
       if :: take_ipi() :: skip fi;
       owner = published;                                   /* poke_int3() */
       if
       :: owner ->
           if :: take_ipi() :: skip fi;
           assert(!copy_freed);                             /* H7 copy used under ref */
           /* ran NEW whole, out of line; iret to after the site */
           d_step { ref[me]--; serialize(); h = OLD }
       :: !owner && text[HEAD] != INT3 ->                   /* vanished: restart */
           d_step { ref[me]--; serialize(); h = OLD }
       :: !owner && text[HEAD] == INT3 && tries == 0 ->
           tries++; goto lookup
       :: !owner && text[HEAD] == INT3 && tries > 0 ->
           assert(false)                                    /* H7 stale int3 fatal */
       fi;
       tries = 0
    od
}

proctype patcher()
{
    byte i;
#if defined(PLAIN)
    printf("plain stores\n");
    write(HEAD, NEW); write(TAIL, NEW);
#elif defined(HEAD_FIRST)
    printf("head, sync, tail, sync\n");
    write(HEAD, NEW); sync(); write(TAIL, NEW); sync();
#else
    atomic { printf("publish\n"); published = true };
    atomic { printf("int3, sync\n"); write(HEAD, INT3) }; sync();
#  ifdef INT3_HEAD_FIRST
    atomic { printf("head, sync\n"); write(HEAD, NEW) }; sync();
    atomic { printf("tail, sync\n"); write(TAIL, NEW) }; sync();
#  else
    atomic { printf("tail, sync\n"); write(TAIL, NEW) }; sync();
    atomic { printf("head, sync\n"); write(HEAD, NEW) }; sync();
#  endif
    atomic { printf("unpublish\n"); published = false };
#  ifndef NO_REF_WAIT
    for (i : 0 .. NCPU - 1) { ref[i] == 0 };               /* int3_sync_refs() */
#  endif
#endif
    atomic { printf("free\n"); copy_freed = true };       /* ool_release() */
    patched = true
}

init {
    byte i;
    atomic {
        for (i : 0 .. NCPU - 1) { run cpu(i) };
        run patcher()
    }
}
