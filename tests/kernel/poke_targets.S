/* Text-poke targets (self-tests and text-poke-torture).  Each site is one
 * 5-byte instruction flipped between two valid encodings whose first bytes
 * differ, so a torn site (head of one, tail of the other) computes a third,
 * detectable result or faults:
 *   poke_site_alu:  b8 11 11 11 11  mov $0x11111111,%eax   (result 0x11111111)
 *               or  05 22 22 22 22  add $0x22222222,%eax   (result x+0x22222222)
 *   poke_site_call: 0f 1f 44 00 00  nopl 0(%eax,%eax,1)    (counter unchanged)
 *               or  e8 <rel32>      call poke_count         (counter + 1)
 * Each site sits between straight-line filler instructions (lea 0(%esi),%esi:
 * no effect), so that under -singlestep interrupts land right before and
 * after a site while it is patched, not only at function entry and return.
 * POKE_SITE(sym, fn, lbl) exports a site's offset (absolute symbol). */
#define POKE_SITE(sym, fn, lbl) .globl sym; .set sym, lbl - fn
#include "kernel/asm.h"
#define FILL6 leal 0(%esi), %esi; leal 0(%esi), %esi; leal 0(%esi), %esi; \
              leal 0(%esi), %esi; leal 0(%esi), %esi; leal 0(%esi), %esi

    .text
/* int poke_alu(int x) */
FUNC(poke_alu)
    mov 4(%esp), %eax
    FILL6
1:  mov $0x11111111, %eax
    FILL6
    ret
END(poke_alu)
POKE_SITE(poke_alu_site, poke_alu, 1b)

/* void poke_call(void): calls poke_count() when patched in */
FUNC(poke_call)
    FILL6
1:  .byte 0x0f, 0x1f, 0x44, 0x00, 0x00   /* nopl 0x0(%eax,%eax,1): 5 bytes */
    FILL6
    ret
END(poke_call)
POKE_SITE(poke_call_site, poke_call, 1b)

/* a real int3 no one owns (never executed; for the vanished-int3 test) */
FUNC(poke_stray_int3)
1:  int3
    ret
END(poke_stray_int3)
