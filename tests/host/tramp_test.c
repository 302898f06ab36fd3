/* tramp_test.c - detour buffers (patch/tramp.c) built and run natively: a
 * function in an RWX page gets a jmp to its buffer, and the results, the
 * frame the handler sees, register and EIP changes and relocated branches
 * are compared with the unpatched function.  Host only: gcc -m32 -no-pie.
 * User mode cannot run cli or sti, so the buffer's are made nops; the fast
 * path's %fs points at a fake struct cpu (a TLS descriptor, set_thread_area). */
#include <stdint.h>
#include <stdbool.h>
#include <unistd.h>
#include <sys/mman.h>
#define NR_SET_THREAD_AREA 243         /* i386 system call number */
#include "patch/tramp.h"
#include "patch/insn/insn.h"
#include "tests/host/check.h"

struct tf { uint32_t edi, esi, ebp, oesp, ebx, edx, ecx, eax, trapno, err, eip, cs, eflags; };
static uint8_t *mem;
static struct tf seen;
static uint32_t seen_site, seen_tf, callee_ret, alt_eip;
static int mode;

static uint32_t seen_df;                /* EFLAGS.DF inside the handler */
static uint32_t eflags_now(void) { uint32_t f; __asm__ volatile("pushfl; popl %0" : "=r"(f)); return f; }

/* What a handler does in each mode: 0 nothing, 1 eax += 100, 2 a new EIP. */
static int act(struct tf *tf)
{
    seen_df = eflags_now() & 0x400;
    if (mode == 1)
        tf->eax += 100;
    if (mode == 2) {
        tf->eax = 77;
        tf->eip = alt_eip;
        return 1;
    }
    return 0;
}

int handler(void *site, struct tf *tf)
{
    seen_site = (uint32_t)site;
    seen_tf = (uint32_t)tf;
    seen = *tf;
    return act(tf);
}

int callee(void)
{
    callee_ret = (uint32_t)__builtin_return_address(0);
    return 41;
}

static uint16_t user_cs(void) { uint16_t cs; __asm__("mov %%cs, %0" : "=r"(cs)); return cs; }

/* The unwinder's map: the first two bytes follow the probed address (with
 * pushfl's word after the first), the copy its own instructions, a push of
 * a relocated call the same instruction plus 4, the jmp back the region's
 * end; the rest of the prologue and the iret path have no description. */
static void check_unwind_map(const struct tramp_layout *lay, const uint8_t *buf, uint32_t len)
{
    uint32_t o = 99, off;
    int pushed = 0;
    CHECK_EQ(tramp_unwind(lay, 0, &o), 0);
    CHECK_EQ(o, 0);
    CHECK_EQ(tramp_unwind(lay, 1, &o), 4);
    CHECK_EQ(tramp_unwind(lay, 2, &o), -1);
    CHECK_EQ(tramp_unwind(lay, lay->copy_off, &o), 0);
    CHECK_EQ(o, 0);
    for (off = lay->copy_off; off < lay->back_off; off++) {
        int e = tramp_unwind(lay, off, &o);
        CHECK(e == 0 || e == 4);
        CHECK(o < len);
        pushed |= e == 4 && buf[off] == 0xE9;       /* the jmp after push $ret */
    }
    CHECK_EQ(tramp_unwind(lay, lay->back_off, &o), 0);
    CHECK_EQ(o, len);
    CHECK_EQ(tramp_unwind(lay, lay->back_off + 5, &o), -1);
    CHECK_EQ(tramp_unwind(lay, lay->size, &o), -1);
    if (buf[lay->back_off - 5] == 0xE9 && buf[lay->back_off - 10] == 0x68)
        CHECK(pushed);                              /* a call, last: push $ret; jmp */
}

/* Put code at mem+fn, a buffer for the region at mem+fn+off (len bytes) at
 * mem+512, and the jmp over the region.  Returns 0 or the build error. */
static const struct tramp_fast *fast_spec;   /* patch() builds with it */
static struct tramp_layout last_lay;

/* User mode: cli and sti (opcodes alone in their instruction) become nops. */
static void no_cli_sti(uint8_t *buf, const struct tramp_layout *lay)
{
    struct insn in;
    uint32_t off;
    for (off = 0; off < lay->size; off += in.len) {
        if (insn_decode(&in, buf + off, lay->size - off) != INSN_OK)
            return;
        if (in.len == 1 && (buf[off] == 0xFA || buf[off] == 0xFB))
            buf[off] = 0x90;
    }
}

static int patch(uint32_t fn, const uint8_t *code, int n, uint32_t off, uint32_t len, bool blind)
{
    uint8_t *f = mem + fn, *buf = mem + 512;
    struct tramp_spec s = { (uint32_t)buf, (uint32_t)f + off, f + off, len, 0x1234,
                            (uint32_t)handler, user_cs(), blind, false, fast_spec };
    struct tramp_layout lay;
    struct reloc_result res;
    uint8_t orig[32];
    uint32_t rel;
    int r;
    memcpy(f, code, n);
    memcpy(orig, f + off, len);
    s.orig = orig;
    if ((r = tramp_build(&s, buf, &lay, &res)))
        return r;
    last_lay = lay;
    CHECK_EQ(buf[0], 0x9C);                         /* pushfl */
    CHECK_EQ(buf[1], 0xFA);                         /* cli */
    CHECK(lay.copy_off < lay.back_off && lay.back_off < lay.size && lay.size <= TRAMP_MAX);
    CHECK_EQ(buf[lay.back_off], 0xE9);
    CHECK_EQ(*(uint32_t *)(buf + lay.back_off + 1) + (uint32_t)buf + lay.back_off + 5, (uint32_t)f + off + len);
    if (blind)
        CHECK(!memcmp(buf + lay.copy_off, orig, len));
    check_unwind_map(&lay, buf, len);
    no_cli_sti(buf, &lay);
    rel = (uint32_t)buf - ((uint32_t)f + off + 5);
    f[off] = 0xE9;
    memcpy(f + off + 1, &rel, 4);
    return 0;
}

static const uint8_t add_fn[] = { 0x55, 0x89, 0xe5, 0x8b, 0x45, 0x08, 0x01, 0xc0, 0x83, 0xc0, 0x05, 0x5d, 0xc3 };
static const uint8_t jcc_fn[] = { 0x8b, 0x44, 0x24, 0x04, 0x83, 0xf8, 0x0a, 0x7f, 0x03, 0x31, 0xc0, 0xc3,
                                  0xb8, 0x01, 0x00, 0x00, 0x00, 0xc3 };

static void test_add(void)
{
    int (*f)(int) = (int (*)(int))mem;
    uint32_t df_after;
    int r;
    CHECK_EQ(patch(0, add_fn, sizeof add_fn, 3, 5, false), 0);   /* mov 8(%ebp) + add */
    mode = 0;
    CHECK_EQ(f(7), 19);
    CHECK_EQ(seen_site, 0x1234);
    CHECK_EQ(seen.eip, (uint32_t)mem + 4);          /* as after an int3 */
    CHECK_EQ(seen.trapno, TRAMP_TRAPNO);
    CHECK_EQ(seen.cs, user_cs());
    CHECK(seen.eflags & 0x200);
    __asm__ volatile("std");                        /* the probed code runs with DF=1 */
    r = f(7);
    df_after = eflags_now() & 0x400;
    __asm__ volatile("cld");
    CHECK_EQ(r, 19);
    CHECK_EQ(seen_df, 0);                           /* the handler is C: DF=0 */
    CHECK_EQ(df_after, 0x400);                      /* and the probed code's DF is back */
    CHECK_EQ(seen.oesp, seen_tf + 32);              /* pushal's esp: the trapno word */
    CHECK_EQ(patch(0, add_fn, sizeof add_fn, 6, 5, false), 0);   /* add + add $5 */
    mode = 1;
    CHECK_EQ(f(7), 2 * 107 + 5);                    /* the handler's eax is used */
    mode = 2;
    alt_eip = (uint32_t)mem + 11;                   /* pop %ebp; ret */
    CHECK_EQ(f(7), 77);                             /* EIP change honoured (iret path) */
    CHECK_EQ(patch(0, add_fn, sizeof add_fn, 6, 5, true), 0);    /* blind copy: same here */
    mode = 0;
    CHECK_EQ(f(3), 11);
}

static void test_jcc_and_call(void)
{
    int (*f)(int) = (int (*)(int))(mem + 64), (*g)(void) = (int (*)(void))(mem + 128);
    uint8_t call_fn[] = { 0x55, 0x89, 0xe5, 0x31, 0xc0, 0xe8, 0, 0, 0, 0, 0x83, 0xc0, 0x01, 0x5d, 0xc3 };
    uint32_t rel = (uint32_t)callee - ((uint32_t)mem + 128 + 10);
    mode = 0;
    CHECK_EQ(patch(64, jcc_fn, sizeof jcc_fn, 4, 5, false), 0);  /* cmp + jg rel8 */
    CHECK_EQ(f(5), 0);
    CHECK_EQ(f(20), 1);                             /* through jg rel32 in the copy */
    memcpy(call_fn + 6, &rel, 4);
    CHECK_EQ(patch(128, call_fn, sizeof call_fn, 3, 7, false), 0);   /* xor + call, last */
    CHECK_EQ(g(), 42);
    CHECK_EQ(callee_ret, (uint32_t)mem + 128 + 10); /* the region's end, not the buffer */
}

/* The fast path against a fake struct cpu (through %fs) and struct kprobe. */
struct fake_cpu { uint32_t self, id, pad, running, gen, preempt; };
struct fake_kp { uint32_t pad; int (*pre)(struct fake_kp *, struct tf *); uint32_t nhit[4]; };
static struct fake_cpu fcpu;
static struct fake_kp fkp;
static struct fake_kp *volatile fast_probe;
static volatile int panic_cpu = -1;
static uint32_t in_running, in_preempt, pre_calls;
static struct tf pre_seen;

static int fast_pre(struct fake_kp *p, struct tf *tf)
{
    in_running = fcpu.running;
    in_preempt = fcpu.preempt;
    pre_calls += p == &fkp;
    pre_seen = *tf;
    return act(tf);
}

static bool fs_on_fake_cpu(void)
{
    struct { uint32_t entry, base, limit, flags; } d = { (uint32_t)-1, (uint32_t)&fcpu, 4095, 1 };
    uint16_t sel;
    if (syscall(NR_SET_THREAD_AREA, &d) != 0)
        return false;
    sel = (uint16_t)(d.entry << 3 | 3);
    __asm__ volatile("mov %0, %%fs" :: "r"(sel));
    return true;
}

/* One call of f(7): which path ran, and what it left in the fake cpu. */
static int call_fast(int (*f)(int), bool *slow)
{
    int r;
    seen_site = 0;
    pre_calls = 0;
    r = f(7);
    *slow = seen_site == 0x1234;
    return r;
}

static void test_fast(void)
{
    struct tramp_fast fs = { (uint32_t)&fast_probe, (uint32_t)&panic_cpu,
                             __builtin_offsetof(struct fake_cpu, running), __builtin_offsetof(struct fake_cpu, gen),
                             __builtin_offsetof(struct fake_cpu, preempt), __builtin_offsetof(struct fake_cpu, id),
                             __builtin_offsetof(struct fake_kp, pre), __builtin_offsetof(struct fake_kp, nhit) };
    int (*f)(int) = (int (*)(int))mem;
    bool slow;
    CHECK(fs_on_fake_cpu());
    fcpu.id = 2;
    fkp.pre = fast_pre;
    fast_probe = &fkp;
    fast_spec = &fs;
    mode = 0;
    CHECK_EQ(patch(0, add_fn, sizeof add_fn, 3, 5, false), 0);
    CHECK(last_lay.fast_ret > (uint32_t)mem + 512 && last_lay.fast_ret < (uint32_t)mem + 512 + last_lay.copy_off);
    CHECK_EQ(call_fast(f, &slow), 19);
    CHECK(!slow);
    CHECK_EQ(pre_calls, 1);                         /* handler(p, tf) */
    CHECK_EQ(pre_seen.eip, (uint32_t)mem + 4);
    CHECK_EQ(pre_seen.trapno, TRAMP_TRAPNO);
    CHECK_EQ(in_running, last_lay.fast_ret);        /* the EIP scan's record */
    CHECK_EQ(in_preempt, 1);
    CHECK_EQ(fcpu.running, 0);
    CHECK_EQ(fcpu.gen, 1);
    CHECK_EQ(fcpu.preempt, 0);
    CHECK_EQ(fkp.nhit[2], 1);                       /* this CPU's count */
    CHECK_EQ(patch(0, add_fn, sizeof add_fn, 6, 5, false), 0);
    mode = 1;
    CHECK_EQ(call_fast(f, &slow), 2 * 107 + 5);    /* the handler's eax is used */
    mode = 2;
    alt_eip = (uint32_t)mem + 11;
    CHECK_EQ(call_fast(f, &slow), 77);              /* EIP change honoured (iret path) */
    CHECK(!slow && fcpu.gen == 3 && fcpu.preempt == 0 && fkp.nhit[2] == 3);
    mode = 0;
    fcpu.running = 1;                               /* in a handler: the slow call (H11) */
    CHECK_EQ(call_fast(f, &slow), 19);
    CHECK(slow && pre_calls == 0 && fcpu.running == 1 && fcpu.gen == 3 && fcpu.preempt == 0);
    fcpu.running = 0;
    fast_probe = NULL;                              /* no single probe: undo running, slow call */
    CHECK_EQ(call_fast(f, &slow), 19);
    CHECK(slow && pre_calls == 0 && fcpu.running == 0 && fcpu.gen == 4 && fcpu.preempt == 0);
    fast_probe = &fkp;
    panic_cpu = 0;                                  /* after a panic: slow call */
    CHECK_EQ(call_fast(f, &slow), 19);
    CHECK(slow && pre_calls == 0 && fcpu.gen == 4 && fkp.nhit[2] == 3);
    panic_cpu = -1;
    CHECK_EQ(call_fast(f, &slow), 19);
    CHECK(!slow && pre_calls == 1 && fkp.nhit[2] == 4);
    fs.unguarded = true;                            /* negative control: no running check */
    CHECK_EQ(patch(0, add_fn, sizeof add_fn, 3, 5, false), 0);
    fcpu.running = 1;
    CHECK_EQ(call_fast(f, &slow), 19);
    CHECK(!slow && pre_calls == 1 && fcpu.running == 0);   /* a handler inside a handler (H11) */
    fast_spec = NULL;
}

static void test_refusals(void)
{
    static const uint8_t bad[] = { 0x0f, 0x0b, 0x90, 0x90, 0x90, 0xc3 };   /* ud2 */
    struct tramp_spec s = { (uint32_t)mem + 512, (uint32_t)mem, bad, 5, 0, 0, 0, false, false };
    struct tramp_layout lay;
    struct reloc_result res;
    CHECK(tramp_build(&s, mem + 512, &lay, &res) < 0);
    CHECK_STR(res.hazard, "H12");
    s.len = 4;
    CHECK(tramp_build(&s, mem + 512, &lay, &res) < 0);
}

int main(void)
{
    mem = mmap(0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
        return perror("mmap"), 2;
    test_add();
    test_jcc_and_call();
    test_fast();
    test_refusals();
    return check_done("tramp_test");
}
