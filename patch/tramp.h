/* Detour buffers (trampolines) for jump-optimized probes: the byte layout,
 * built here from pure data so it is unit-tested on the host.  The buffer
 * saves a struct trapframe (kernel/trap.h) exactly as the int3 path gives
 * it to probe handlers, calls the handler, restores every register and
 * EFLAGS the handler may have changed, then runs the relocated copy of the
 * region and jumps back to the region's end (H9).  SDM Vol. 2 encodings. */
#ifndef TRAMP_H
#define TRAMP_H
#include "patch/insn/insn.h"
#include "patch/insn/insn_reloc.h"

#define TRAMP_MAX       128            /* bytes: prologue, copy, jmp back, iret path */
#define TRAMP_TRAPNO    0x1DE          /* tf->trapno seen by handlers in a detour */

/* Contract with the handler (patch/kprobe.c kprobe_detour): called with
 * IF=0 as int (*)(void *site, struct trapframe *tf); returns with IF=0;
 * nonzero means it changed tf->eip, which the buffer then honours (iret). */
struct tramp_spec {
    uint32_t buf;                      /* the buffer's own address */
    uint32_t addr;                     /* probe address = region start */
    const uint8_t *orig;               /* original bytes of the region */
    uint32_t len;                      /* region length (whole instructions, >= 5) */
    uint32_t site, handler;            /* arguments of the call */
    uint16_t cs;                       /* kernel code selector for the frame */
    bool blind;                        /* copy bytes as they are (negative control) */
    bool call_in_copy;                 /* a call that is not last returns into the copy */
};

/* For the unwinder (kernel/unwind.c): from buffer offset off on, a frame
 * follows the region's text at addr + orig with extra bytes pushed on top;
 * a hole (orig 0xFF) has no description (only an NMI can stop there). */
#define TRAMP_MAP_MAX 48
#define TRAMP_HOLE 0xFF
struct tramp_map { uint8_t off, orig, extra; };

struct tramp_layout {
    uint32_t size;                     /* bytes used */
    uint32_t copy_off;                 /* first copied instruction (preemption may land here on) */
    uint32_t back_off;                 /* the jmp back to addr + len */
    uint32_t nmap;
    struct tramp_map map[TRAMP_MAP_MAX];
};

/* Build into out (TRAMP_MAX bytes).  Returns 0, or a RELOC_ERR_* with res
 * naming the instruction and the hazard. */
int tramp_build(const struct tramp_spec *s, uint8_t *out, struct tramp_layout *lay,
                struct reloc_result *res);
/* Buffer offset off: the region offset whose frame rule applies and the
 * bytes pushed on top of it (returned), or -1 if off has no description. */
int tramp_unwind(const struct tramp_layout *lay, uint32_t off, uint32_t *orig);
#endif
