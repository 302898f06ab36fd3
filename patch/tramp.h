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

#define TRAMP_MAX       256            /* bytes: prologue, fast path, copy, jmp back, iret and slow paths */
#define TRAMP_TRAPNO    0x1DE          /* tf->trapno seen by handlers in a detour */

/* The fast path (optional): the buffer itself calls the site's single
 * probe, as kprobe_detour would, and calls the handler of tramp_spec only
 * when the CPU is already in a handler (H11), after a panic, or when the
 * site has no single probe.  Its contract with struct cpu (kernel/cpu.h,
 * reached through %fs) and struct kprobe (patch/kprobe.h) is these offsets,
 * which the kernel fills with offsetof (patch/djprobe_prep.c):
 *   running  0, or the return address of the handler being run on this CPU;
 *            the fast path stores its own (EIP scan) and is the guard
 *   gen      bumped after each running = 0 (the reference wait's progress)
 *   preempt  preemption off while the handler runs (IF as the probed code's)
 *   id       this CPU's index into the probe's per-CPU hit counts */
struct tramp_fast {
    uint32_t probe_ptr;                /* &site->fast: the probe to call, or NULL */
    uint32_t panic_ptr;                /* an int >= 0 once a panic began */
    uint32_t cpu_running, cpu_gen, cpu_preempt, cpu_id;   /* %fs: offsets */
    uint32_t kp_pre, kp_nhit;          /* struct kprobe: pre_handler, nhit_cpu[] */
    bool unguarded;                    /* no running check (negative control, H11) */
};

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
    const struct tramp_fast *fast;     /* NULL: always call handler */
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
    uint32_t fast_ret;                 /* the fast path's return from the probe's handler, or 0 */
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
