/* Live-patch dispatcher (patch/lp_trans.c): while a patch is in transition,
 * the entry of each of its functions jumps to that function's stub here,
 * which asks lp_dispatch(i) for the version the calling thread runs and goes
 * there with the caller's return address and arguments as they were.
 * Contract with patch/lp_int.h: stub i is at lp_stubs + i * LP_STUB_SIZE and
 * pushes i; lp_dispatch(i) returns the address to go to; EAX, ECX and EDX
 * reach the version unchanged (the i386 ABI's argument-free scratch too). */
#include "kernel/asm.h"
#include "patch/lp_int.h"

    .text
    .globl lp_stubs
    .balign LP_STUB_SIZE
lp_stubs:
    .set i, 0
    .rept LP_STUBS
    .cfi_startproc
    pushl $i
    .cfi_adjust_cfa_offset 4
    jmp lp_dispatch_common
    .balign LP_STUB_SIZE, 0xCC       /* never run: inside the description too */
    .cfi_endproc
    .set i, i + 1
    .endr

/* Stack on entry: i, then the caller's return address (CFA = ESP + 8). */
FUNC(lp_dispatch_common)
    .cfi_adjust_cfa_offset 4
    PUSH(%eax)
    PUSH(%ecx)
    PUSH(%edx)
    PUSH(12(%esp))
    call lp_dispatch
    .globl lp_dispatch_decided       /* cell L13 parks here: the version chosen, not yet run */
lp_dispatch_decided:
    addl $4, %esp
    .cfi_adjust_cfa_offset -4
    movl %eax, 12(%esp)              /* i becomes the version's address */
    POP(%edx)
    POP(%ecx)
    POP(%eax)
    ret                              /* into the version, as if called */
END(lp_dispatch_common)
    .globl lp_dispatch_end
lp_dispatch_end:
