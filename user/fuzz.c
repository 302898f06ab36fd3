/* fuzz: a seeded system-call fuzzer in the spirit of trinity and syzkaller.
 * A worker (user/fuzz.h: mode 0, spawned by tests/kernel/fuzz.c) makes
 * FZ_CALLS random system calls: numbers in and out of range, arguments that
 * are small, huge, or pointers into every region (kernel text, the entry
 * area found with sidt/sgdt, unmapped pages, ranges across USER_BASE and
 * USER_TOP or wrapping past 4 GiB), each checked against the contract of
 * kernel/usys.h, predicted from its own model of its address space; every
 * register but %eax, and the flags (DF too), must survive each call, and
 * null data selectors must come back as the flat user ones.  It also spawns
 * children that exit, trap, touch forbidden addresses or run random
 * instruction bytes, now and then until the process table is full, and
 * checks what wait() says of each.  Every page a worker or a child maps
 * must read as zero, every word (a child's failure shows in its exit code:
 * 3, where its seed says otherwise).  Exit code = the number of failed checks;
 * report(0..3) = calls, failures, children killed by an exception, children
 * spawned. */
#include "user/ulib.h"
#include "user/fuzz.h"

#define FZ_CALLS    2000                /* calls a worker makes */
#define FZ_KIDS     4                   /* children alive at once */
#define FZ_BURST    60                  /* a burst's children: the table (NPROC 64) fills */
#define FZ_MAXPAGES 256                 /* map-range pages a worker holds at most */
#define WIN         USER_MAP_BASE       /* the window most map/unmap calls aim at */
#define WIN_PAGES   256
#define CANVAS      (USER_MAP_BASE + 0x10000000u)   /* names and write buffers; the next page is never mapped */
#define KTEXT       0x00100000u
#define MAP_PAGES   ((USER_MAP_TOP - USER_MAP_BASE) / PGSIZE)
#define STACK_LO    (USER_STACK_TOP - USER_STACK_PAGES * PGSIZE)
#define FLAGS       0xcd5u              /* OF DF SF ZF AF PF CF: loaded and checked */
#define WRITE_PIECE 256                 /* kernel/syscall.c sys_write's buffer */
#define KILLED(v)   (-1000 - (v))       /* kernel/proc.h PROC_KILLED */

enum { W_EXACT, W_MAP, W_UPTIME, W_ANY, W_SKIP };   /* exact, 0 or -ENOMEM, monotonic, any, not made */
struct want { int kind, v; };
struct kid { int pid, mode; struct want w; };

extern char __data_start[], _end[];     /* user/user.ld */
void fz_enter(const uint32_t regs[7], uint32_t addr) __attribute__((noreturn));
void fz_segs(uint32_t out[4]);

static uint32_t rs;                     /* xorshift32 state, never 0 */
static uint32_t mapped[MAP_PAGES / 32];
static uint32_t nmapped, data_lo, data_hi, idt_base, gdt_base, last_up;
static struct kid kids[FZ_BURST];
static int nkids, mypid;
static uint32_t done_pids[64], ndone;
static uint32_t in[8], out[8];
static struct {
    uint32_t calls, fail, skip, ok, err[64], spawned, full, killed, ended, bytes;
} st;

static uint32_t rnd(void)               /* Marsaglia 2003 */
{
    uint32_t x = rs;
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    return rs = x;
}

static void seed(uint32_t s)
{
    rs = s * 2654435761u ^ 0x9e3779b9u;
    if (!rs)
        rs = 1;
    rnd();
}

/* ---- the model of this process's address space ---- */

static int map_bit(uint32_t va)
{
    uint32_t i = (va - USER_MAP_BASE) / PGSIZE;
    return (mapped[i / 32] >> (i % 32)) & 1;
}

static void map_set(uint32_t va, uint32_t n, int on)
{
    uint32_t i = (va - USER_MAP_BASE) / PGSIZE, k;
    for (k = i; k < i + n; k++)
        mapped[k / 32] = on ? mapped[k / 32] | 1u << (k % 32) : mapped[k / 32] & ~(1u << (k % 32));
    nmapped += on ? n : -n;
}

/* 0 not mapped for the user, 1 read-only, 2 read-write */
static int page_state(uint32_t va)
{
    if (va < USER_BASE || va >= USER_TOP)
        return 0;
    if (va < data_lo)
        return 1;                       /* text and rodata */
    if (va < data_hi)
        return 2;
    if (va >= USER_MAP_BASE && va < USER_MAP_TOP)
        return map_bit(va) ? 2 : 0;
    if (va >= STACK_LO && va < USER_STACK_TOP)
        return 2;
    if ((va & ~0xFFFu) == USER_XOL || (va & ~0xFFFu) == USER_UBUF)
        return 1;                       /* kernel/proc.c, kernel/uimage.c: always, read-only */
    return 0;
}

/* What kernel/ucopy.c lets a system call read: uvm_user_range, then each page. */
static int readable(uint32_t a, uint32_t n)
{
    uint32_t p;
    if (a < USER_BASE || a + n < a || a + n > USER_TOP)
        return 0;
    for (p = a & ~0xFFFu; p < a + n; p += PGSIZE)
        if (!page_state(p))
            return 0;
    return 1;
}

static int in_map_range(uint32_t a, uint32_t n)
{
    return a >= USER_MAP_BASE && a + n >= a && a + n <= USER_MAP_TOP;
}

/* ---- generators ---- */

static uint32_t gen_small(void)
{
    static const uint32_t edge[] = { 0, 1, 2, 3, 4, 63, 64, 65, 127, 128, 129, 4095, 4096, 4097,
                                     10000, 10001, 0xffff, 0x10000, 0x7fffffff, 0x80000000u,
                                     0xfffffffeu, 0xffffffffu, 0x101, 0x80000001u };
    return rnd() & 1 ? rnd() % 16 : edge[rnd() % (sizeof edge / sizeof edge[0])];
}

static uint32_t gen_ptr(void)
{
    uint32_t k = rnd() % 64, off = rnd() % PGSIZE;
    switch (rnd() % 15) {
    case 0: return rnd() % 8192;                                        /* NULL and above */
    case 1: return KTEXT + rnd() % 0x300000;                            /* kernel text, data */
    case 2: return (rnd() & 1 ? idt_base : gdt_base) + rnd() % 0x4000 - 0x2000;   /* entry area */
    case 3: return USER_BASE + rnd() % (data_lo - USER_BASE);           /* own text */
    case 4: return data_lo + rnd() % (data_hi - data_lo);               /* own data, bss */
    case 5: return STACK_LO - PGSIZE + rnd() % ((USER_STACK_PAGES + 2) * PGSIZE);
    case 6: return WIN + (rnd() % WIN_PAGES) * PGSIZE + (rnd() & 1 ? off : PGSIZE - k);
    case 7: return CANVAS + PGSIZE - k;                                 /* runs off the canvas */
    case 8: return USER_XOL + rnd() % (2 * PGSIZE);                     /* slot page, detour buffers */
    case 9: return USER_TOP - k;                                        /* across the top */
    case 10: return USER_BASE - k;                                      /* across the bottom */
    case 11: return 0u - k;                                             /* wrapping past 4 GiB */
    case 12: return USER_MAP_TOP - k;
    case 13: return rnd() % 0x10000000;                                 /* kernel RAM: stacks, tables */
    default: return rnd();
    }
}

static uint32_t gen_len(void)
{
    switch (rnd() % 6) {
    case 0: return 0;
    case 1: return 1 + rnd() % 8;
    case 2: return 127 + rnd() % 3;
    case 3: return 4095 + rnd() % 3;
    case 4: return gen_small();
    default: return rnd() % 300;
    }
}

static uint32_t gen_nr(void)
{
    static const uint32_t valid[] = { 0, SYS_write, SYS_write, SYS_write, SYS_yield, SYS_sleep,
                                      SYS_getpid, SYS_map, SYS_map, SYS_map, SYS_unmap, SYS_unmap,
                                      SYS_unmap, SYS_spawn, SYS_spawn, SYS_spawn, SYS_wait,
                                      SYS_wait, SYS_report, SYS_uptime };
    static const uint32_t edge[] = { NSYSCALL, 0x100 | SYS_write, 0x10000 | SYS_map,
                                     0x80000000u | SYS_getpid, 0xffffffffu, 0x80000000u };
    uint32_t r = rnd() % 16;
    if (r < 12)
        return valid[rnd() % (sizeof valid / sizeof valid[0])];
    if (r < 14)
        return NSYSCALL + rnd() % 244;
    return r == 14 ? rnd() : edge[rnd() % (sizeof edge / sizeof edge[0])];
}

/* ---- the contract, call by call (kernel/usys.h, kernel/syscall.c) ---- */

static struct want exact(int v) { struct want w = { W_EXACT, v }; return w; }
static struct want kind(int k) { struct want w = { k, 0 }; return w; }

/* write: len > 4096 is -EINVAL, len 0 is 0 whatever the pointer; else the
 * kernel prints WRITE_PIECE-byte pieces while each is readable.  Output must come
 * only from map-range pages this fills with dots, a line a piece (pieces of
 * one write may have other lines between them), at most two pieces; else 0:
 * draw again. */
static int plan_write(uint32_t a, uint32_t len, struct want *w)
{
    uint32_t done = 0, n, i;
    if (len > 4096) { *w = exact(-EINVAL); return 1; }
    while (done < len) {
        n = len - done < WRITE_PIECE ? len - done : WRITE_PIECE;
        if (!readable(a + done, n))
            break;
        done += n;
    }
    if (done && (done > 2 * WRITE_PIECE || !in_map_range(a, done)))
        return 0;
    for (i = 0; i < done; i++)
        ((volatile char *)a)[i] = (i + 1) % WRITE_PIECE && i + 1 < done ? '.' : '\n';
    st.bytes += done;
    *w = exact(done == len ? (int)len : -EFAULT);
    return 1;
}

static int is_ident(const char *s)
{
    int i;
    for (i = 0; s[i]; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || s[i] == '_' || (i && s[i] >= '0' && s[i] <= '9')))
            return 0;
    return i > 0;
}

/* spawn's name as strncpy_from_user(name, a, 16) sees it: -EFAULT at the
 * first unreadable byte, -ENOENT with no NUL in 16 bytes or a name no
 * program can have (user/gen_uprogs.py: [a-z_][a-z0-9_]*); a name that may
 * be a program's is skipped (children are spawned on purpose only); bytes
 * in the stack may change before the kernel reads them: skipped too. */
static struct want plan_spawn(uint32_t a)
{
    char name[16];
    uint32_t i;
    for (i = 0; i < 16; i++) {
        if (!readable(a + i, 1))
            return exact(-EFAULT);
        if (a + i >= STACK_LO && a + i < USER_STACK_TOP)
            return kind(W_SKIP);
        if (!(name[i] = *(volatile char *)(a + i)))
            return is_ident(name) ? kind(W_SKIP) : exact(-ENOENT);
    }
    return exact(-ENOENT);
}

/* A name at the canvas's end: unterminated, bad characters, empty, or a
 * real name running into the unmapped page. */
static uint32_t gen_name(void)
{
    static const char *const names[] = { "Fuzz", "hello world", "..", "", "9lives",
                                          "abcdefghijklmnopq", "fuzz", "fu" };
    const char *s = names[rnd() % (sizeof names / sizeof names[0])];
    uint32_t n = strlen(s) + (rnd() & 1), a = CANVAS + PGSIZE - n - (rnd() % 3 == 0 ? 0 : rnd() % 8);
    if (!map_bit(CANVAS))
        return gen_ptr();
    memset((void *)(CANVAS + PGSIZE - 32), 'x', 32);
    memcpy((void *)a, s, n);
    return a;
}

static int map_args_ok(uint32_t a, uint32_t n)
{
    return a % PGSIZE == 0 && n >= 1 && n <= 64 && a >= USER_MAP_BASE && a < USER_MAP_TOP &&
           n * PGSIZE <= USER_MAP_TOP - a;
}

/* How many of the n pages from a are mapped. */
static uint32_t nmapped_in(uint32_t a, uint32_t n)
{
    uint32_t k, m = 0;
    for (k = 0; k < n; k++)
        m += map_bit(a + k * PGSIZE);
    return m;
}

static struct want plan_map(uint32_t a, uint32_t n, int unmap)
{
    if (!map_args_ok(a, n))
        return exact(-EINVAL);
    if (unmap)
        return exact(nmapped_in(a, n) == n ? 0 : -EINVAL);
    if (nmapped_in(a, n))
        return exact(-EEXIST);
    return nmapped + n > FZ_MAXPAGES ? kind(W_SKIP) : kind(W_MAP);
}

static int kid_of(uint32_t pid)
{
    int i;
    for (i = 0; i < nkids; i++)
        if ((uint32_t)kids[i].pid == pid)
            return i;
    return -1;
}

static struct want plan_wait(uint32_t pid)
{
    int i = kid_of(pid);
    return i >= 0 ? kids[i].w : exact(-ECHILD);
}

static uint32_t gen_map_addr(void)
{
    switch (rnd() % 8) {
    case 0: return WIN + rnd() % (WIN_PAGES * PGSIZE);
    case 1: return gen_ptr();
    case 2: return USER_MAP_TOP - (rnd() % 4) * PGSIZE;
    case 3: return USER_MAP_BASE + (rnd() % MAP_PAGES) * PGSIZE;
    default: return WIN + (rnd() % WIN_PAGES) * PGSIZE;
    }
}

static uint32_t gen_wait_pid(void)
{
    uint32_t r = rnd() % 8;
    if (r < 3 && nkids)
        return kids[rnd() % nkids].pid;
    if (r < 5 && ndone)
        return done_pids[rnd() % ndone];
    return r == 5 ? mypid : gen_small();
}

/* ---- checking ---- */

static void fail(const char *what, uint32_t nr, int got, int want)
{
    st.fail++;
    if (st.fail <= 4)
        printf("fuzz pid %d seed %#x: FAIL call %u: %s: nr %#x (%#x, %#x, %#x, %#x, %#x) = %d, want %d\n",
               mypid, FZ_SEED(uarg), st.calls, what, nr, in[1], in[2], in[3], in[4], in[5], got, want);
}

static void count(int r)
{
    if (r >= 0)
        st.ok++;
    else if (r > -64)
        st.err[-r]++;
}

static int wait_ok(const struct want *w, int got)
{
    return w->kind == W_ANY || got == w->v;
}

static void forget_kid(int i, int code)
{
    if (code <= KILLED(0) && code > KILLED(32))
        st.killed++;
    else if (code == KILLED(FZ_KILL_VEC))
        st.ended++;
    if (ndone < 64)
        done_pids[ndone++] = (uint32_t)kids[i].pid;
    kids[i] = kids[--nkids];
}

static void check_result(uint32_t nr, struct want w, int r)
{
    int i;
    count(r);
    switch (w.kind) {
    case W_EXACT:
        if (r != w.v)
            fail("result", nr, r, w.v);
        if (nr == SYS_wait && (i = kid_of(in[1])) >= 0)
            forget_kid(i, r);
        break;
    case W_ANY:                         /* a random-bytes child waited for */
        if ((i = kid_of(in[1])) >= 0)
            forget_kid(i, r);
        break;
    case W_MAP:
        if (r == 0)
            map_set(in[1], in[2], 1);
        else if (r != -ENOMEM)
            fail("map", nr, r, 0);
        break;
    case W_UPTIME:
        if ((uint32_t)r < last_up || (uint32_t)r - last_up > 600000)
            fail("uptime went back or jumped", nr, r, (int)last_up);
        last_up = (uint32_t)r;
        break;
    }
    if (nr == SYS_unmap && w.kind == W_EXACT && r == 0)
        map_set(in[1], in[2], 0);
    for (i = 1; i < 7; i++)
        if (out[i] != in[i])
            fail(i == 6 ? "ebp changed" : "a register changed", nr, (int)out[i], (int)in[i]);
    if ((out[7] & FLAGS) != (in[7] & FLAGS))
        fail("flags changed", nr, (int)(out[7] & FLAGS), (int)(in[7] & FLAGS));
}

/* Fresh pages must read as zero, every word (no draws: a check changes no
 * later call); the number of pages that did not, each reported once. */
static int check_zeroed(uint32_t a, uint32_t n)
{
    uint32_t k, off;
    int bad = 0;
    for (k = 0; k < n; k++)
        for (off = 0; off < PGSIZE; off += 4)
            if (*(volatile uint32_t *)(a + k * PGSIZE + off)) {
                bad++;
                fail("a fresh page is not zeroed", SYS_map, (int)(a + k * PGSIZE + off), 0);
                break;
            }
    return bad;
}

static struct want plan(uint32_t nr)
{
    int t;
    uint32_t *a = &in[1];
    switch (nr) {
    case SYS_write:
        for (t = 0; t < 8; t++) {
            struct want w;
            a[0] = gen_ptr(), a[1] = gen_len();
            if (plan_write(a[0], a[1], &w))
                return w;
        }
        a[1] = 0;
        return exact(0);
    case SYS_yield: return exact(0);
    case SYS_sleep:
        a[0] = gen_small();
        if (a[0] <= 10000)
            a[0] = rnd() % 4 ? 10001 + rnd() % 4 : 1;    /* a valid sleep is 1 ms, and rare: a tick's wait */
        return exact(a[0] > 10000 ? -EINVAL : 0);
    case SYS_getpid: return exact(mypid);
    case SYS_map:
    case SYS_unmap:
        a[0] = gen_map_addr();
        a[1] = rnd() % 4 ? 1 + rnd() % 8 : gen_small();
        return plan_map(a[0], a[1], nr == SYS_unmap);
    case SYS_spawn:
        a[0] = rnd() & 1 ? gen_name() : gen_ptr();
        return plan_spawn(a[0]);
    case SYS_wait:
        a[0] = gen_wait_pid();
        return plan_wait(a[0]);
    case SYS_report:
        a[0] = gen_small();
        return exact(a[0] < 4 ? 0 : -EINVAL);
    case SYS_uptime: return kind(W_UPTIME);
    case SYS_exit: return kind(W_SKIP);
    default: return exact(-ENOSYS);
    }
}

static void fuzz_call(void)
{
    uint32_t nr = gen_nr(), i;
    struct want w;
    for (i = 1; i < 6; i++)
        in[i] = rnd() & 1 ? gen_small() : gen_ptr();
    in[0] = nr;
    in[6] = rnd();
    in[7] = rnd();
    st.calls++;                         /* before plan: spawn may read these bytes */
    w = plan(nr);
    if (w.kind == W_SKIP) {
        st.calls--, st.skip++;
        return;
    }
    regs_syscall(in, out);
    check_result(nr, w, (int)out[0]);
    if (nr == SYS_map && (int)out[0] == 0)
        check_zeroed(in[1], in[2]);
}

/* ---- children ---- */

/* FZ_EXIT: its pages and its code, from its seed (parent and child alike). */
static int exit_plan(uint32_t s, uint32_t *npages)
{
    seed(s);
    int c;
    *npages = rnd() % 5;
    c = (int)rnd();
    return c <= KILLED(0) && c >= KILLED(FZ_KILL_VEC) ? 0 : c;   /* never a killed process's code */
}

/* FZ_TRAP: a trapping instruction and the vector that must kill it.  int N
 * through a DPL-0 gate is #GP (SDM Vol. 3, 6.12.1.1); int $0x80 is a system
 * call (not here).  Not here: int1 (f1), #DB on hardware, #UD under QEMU. */
static int trap_plan(uint32_t s, uint8_t *code, uint32_t *len)
{
    static const struct { uint8_t b[8]; uint8_t len, vec; } t[] = {
        { { 0xcc }, 1, 3 },                             /* int3 */
        { { 0x0f, 0x0b }, 2, 6 },                       /* ud2 */
        { { 0xf4 }, 1, 13 },                            /* hlt */
        { { 0xfa }, 1, 13 },                            /* cli */
        { { 0xe4, 0x60 }, 2, 13 },                      /* in $0x60, %al */
        { { 0x0f, 0x20, 0xc0 }, 3, 13 },                /* mov %cr0, %eax */
        { { 0x0f, 0x32 }, 2, 13 },                      /* rdmsr */
        { { 0xb0, 0x7f, 0x04, 0x01, 0xce }, 5, 13 },    /* set OF, into: DPL-0 gate 4 */
        { { 0x31, 0xc9, 0xf7, 0xf1 }, 4, 0 },           /* div by 0 */
        { { 0x9c, 0x80, 0x4c, 0x24, 0x01, 0x01, 0x9d, 0x90 }, 8, 1 },  /* set TF, popf: a single-step #DB */
        { { 0xcd, 0x03 }, 2, 3 },                       /* int $3, two bytes */
    };
    uint32_t n = sizeof t / sizeof t[0], k, v;
    seed(s);
    k = rnd() % (n + 4);
    if (k >= n) {                       /* int N */
        do
            v = rnd() & 0xff;
        while (v == T_SYSCALL);
        code[0] = 0xcd, code[1] = (uint8_t)v, *len = 2;
        return v == 3 ? 3 : 13;
    }
    memcpy(code, t[k].b, t[k].len);
    *len = t[k].len;
    return t[k].vec;
}

/* Run len bytes at a fresh page, then exit(77), from random registers. */
static void __attribute__((noreturn)) run_code(const uint8_t *code, uint32_t len)
{
    static const uint8_t tail[] = { 0xb8, SYS_exit, 0, 0, 0, 0xbb, 77, 0, 0, 0, 0xcd, T_SYSCALL };
    uint32_t regs[7], i, at = WIN;
    if (map(at, 1) || check_zeroed(at, 1))
        exit(3);
    memcpy((void *)at, code, len);
    memcpy((void *)(at + len), tail, sizeof tail);
    for (i = 0; i < 7; i++)
        regs[i] = rnd();
    fz_enter(regs, at);
}

/* FZ_TOUCH: read, write or jump to an address no user access may reach. */
static void __attribute__((noreturn)) touch(uint32_t s)
{
    uint32_t a, kind;
    seed(s);
    do
        a = gen_ptr();
    while (page_state(a) == 2);
    kind = page_state(a) ? 1 : rnd() % 3;   /* a readable page: only the write faults */
    if (kind == 0)
        (void)*(volatile uint8_t *)a;
    else if (kind == 1)
        *(volatile uint8_t *)a = 0;
    else
        ((void (*)(void))a)();
    printf("fuzz: survived touching %08x (%s)\n", a, kind == 0 ? "read" : kind == 1 ? "write" : "jump");
    exit(77);
}

static void child(uint32_t mode, uint32_t s)
{
    uint8_t code[64];
    uint32_t n, i;
    int c;
    switch (mode) {
    case FZ_EXIT:
        c = exit_plan(s, &n);
        if (n && (map(WIN + PGSIZE, n) || check_zeroed(WIN + PGSIZE, n)))
            exit(3);
        exit(c);
    case FZ_TRAP:
        trap_plan(s, code, &n);
        run_code(code, n);
    case FZ_TOUCH:
        touch(s);
    case FZ_BYTES:
        seed(s);
        n = 1 + rnd() % 48;
        for (i = 0; i < n; i++)
            code[i] = (uint8_t)rnd();
        run_code(code, n);
    }
    exit(2);
}

/* A child of the mode; 1 if it runs, 0 if the table was full (-ENOMEM). */
static int spawn_kid(uint32_t mode)
{
    uint32_t s = rnd() & 0x0FFFFFFFu, n;
    uint8_t code[8];
    struct kid k;
    int pid;
    k.mode = (int)mode;
    k.w = kind(W_ANY);
    if (mode == FZ_EXIT)
        k.w = exact(exit_plan(s, &n));
    else if (mode == FZ_TRAP)
        k.w = exact(KILLED(trap_plan(s, code, &n)));
    else if (mode == FZ_TOUCH)
        k.w = exact(KILLED(14));
    seed(s ^ rs);                        /* the plans above reseeded: go on from a mix */
    pid = spawn("fuzz", (int)FZ_ARG(mode, s));
    if (pid == -ENOMEM) {
        st.full++;                      /* the process table is full */
        return 0;
    }
    if (pid <= 0) {
        in[1] = (uint32_t)mode;
        fail("spawn(\"fuzz\") of a child", SYS_spawn, pid, 1);
        return 0;
    }
    st.spawned++;
    k.pid = pid;
    kids[nkids++] = k;
    return 1;
}

static void reap_kid(int i)
{
    int r = wait(kids[i].pid);
    in[1] = (uint32_t)kids[i].pid;
    if (!wait_ok(&kids[i].w, r))
        fail("wait for a child", SYS_wait, r, kids[i].w.v);
    forget_kid(i, r);
}

/* Children that exit at once until spawn says the table is full (with the
 * other workers', NPROC 64 is soon reached) or FZ_BURST, all waited for. */
static void burst(void)
{
    int n0 = nkids;
    while (nkids < FZ_BURST && spawn_kid(FZ_EXIT))
        ;
    while (nkids > n0)
        reap_kid(nkids - 1);
}

static void check_segs(void)
{
    uint32_t s[4], ss, i;
    __asm__ volatile("movl %%ss, %0" : "=r"(ss));
    fz_segs(s);
    for (i = 0; i < 4; i++)
        if (i < 2 ? s[i] != ss : s[i] != 0 && s[i] != ss) {
            in[1] = i;
            fail("a segment register after a call made with null ones", SYS_getpid, (int)s[i], (int)ss);
        }
}

/* The model's fixed parts: own data pages, and the entry area's IDT and
 * GDT (sidt and sgdt work in ring 3 without CR4.UMIP). */
static void setup(void)
{
    struct { uint16_t lim; uint32_t base; } __attribute__((packed)) d;
    data_lo = (uint32_t)__data_start;
    data_hi = ((uint32_t)_end + PGSIZE - 1) & ~(PGSIZE - 1);
    __asm__ volatile("sidt %0" : "=m"(d));
    idt_base = d.base;
    __asm__ volatile("sgdt %0" : "=m"(d));
    gdt_base = d.base;
}

static void worker(uint32_t s)
{
    uint32_t i;
    mypid = getpid();
    last_up = uptime();
    seed(s);
    if (map(CANVAS, 1) == 0) {
        check_zeroed(CANVAS, 1);
        map_set(CANVAS, 1, 1);
    }
    for (i = 0; i < FZ_CALLS; i++) {
        uint32_t next = rnd(), r = rnd() % 64;
        if (r == 0 && nkids < FZ_KIDS)
            spawn_kid(FZ_EXIT + rnd() % 4);
        else if (r == 3 && rnd() % 64 == 0)
            burst();
        else if (r == 1 && nkids)
            reap_kid((int)(rnd() % (uint32_t)nkids));
        else if (r == 2)
            check_segs();
        else
            fuzz_call();
        seed(next);     /* the next step's draws do not depend on how many this one made */
    }
    for (i = (uint32_t)nkids; i-- > 0;)
        if (kids[i].mode != FZ_EXIT || rnd() & 1)
            reap_kid((int)i);           /* the rest are orphaned: the reaper frees them */
}

int main(int arg)
{
    uint32_t mode = FZ_MODE(arg), e;
    setup();
    if (mode != FZ_WORKER)
        child(mode, FZ_SEED(arg));
    worker(FZ_SEED(arg));
    e = st.err[EFAULT] + st.err[EINVAL] + st.err[ENOSYS] + st.err[EEXIST] + st.err[ECHILD] +
        st.err[ENOENT] + st.err[ENOMEM];
    printf("fuzz pid %d seed %#x: calls %u skipped %u: ok %u EFAULT %u EINVAL %u ENOSYS %u "
           "EEXIST %u ECHILD %u ENOENT %u ENOMEM %u neg %u; children %u killed %u ended %u "
           "orphaned %u full %u; printed %u; failures %u\n",
           mypid, FZ_SEED(arg), st.calls, st.skip, st.ok, st.err[EFAULT], st.err[EINVAL],
           st.err[ENOSYS], st.err[EEXIST], st.err[ECHILD], st.err[ENOENT], st.err[ENOMEM],
           st.calls - st.ok - e, st.spawned, st.killed, st.ended,
           (uint32_t)nkids, st.full, st.bytes, st.fail);
    report(0, st.calls);
    report(1, st.fail);
    report(2, st.killed);
    report(3, st.spawned);
    return st.fail ? 1 : 0;
}
