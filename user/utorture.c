/* utorture: the user-mode torture worker.  main(ms) runs until uptime passes
 * start + ms: the register-and-flags block of user/utorture_block.S (Intel
 * SDM Vol. 2 semantics) on random inputs, checked against a C model, with
 * periodic system calls and map churn (kernel/usys.h).  Reports 0 iterations,
 * 1 system calls made (all but report and exit, as the kernel counts them),
 * 2 errors, 3 maps made; exits 0, or 1 on any error. */
#include "user/ulib.h"

#define FLAGS_CHECKED 0xcd5u            /* OF DF SF ZF AF PF CF */
#define DF (1u << 10)
#define CALL(e) (u.calls++, (e))

static struct {
    int pid;
    uint32_t iters, calls, maps, errors;
} u;

/* Counts an error; prints the first 3 (a write each, counted: the kernel's
 * count of this process's calls must equal report 1). */
static void fail(const char *what, uint32_t got, uint32_t want, int hex)
{
    if (u.errors++ >= 3)
        return;
    u.calls++;
    if (hex)
        printf("utorture pid %d: iteration %u: %s: got %08x want %08x\n", u.pid, u.iters, what, got, want);
    else
        printf("utorture pid %d: iteration %u: %s: got %d want %d\n", u.pid, u.iters, what, got, want);
}

static void check(const char *what, int got, int want)
{
    if (got != want)
        fail(what, got, want, 0);
}

/* user/utorture_block.S: the block on in's registers; out: after it. */
void utorture_run(const uint32_t *in, uint32_t *out);

static uint32_t rol32(uint32_t x, uint32_t n)
{
    n &= 31;
    return n ? (x << n) | (x >> (32 - n)) : x;
}

static uint32_t adc32(uint32_t x, uint32_t y, int *cf)
{
    uint64_t r = (uint64_t)x + y + *cf;
    *cf = (int)(r >> 32);
    return (uint32_t)r;
}

static uint32_t sbb32(uint32_t x, uint32_t y, int *cf)
{
    uint64_t t = (uint64_t)y + *cf;
    *cf = x < t;
    return x - (uint32_t)t;
}

/* r with byte 0 (shift 0) or byte 1 (shift 8) set to v, as setcc does */
static uint32_t set8(uint32_t r, int v, int shift)
{
    return (r & ~(0xffu << shift)) | ((uint32_t)v << shift);
}

/* EFLAGS after sbb x, y with borrow-in cf (SDM Vol. 1, 3.4.3.1) */
static uint32_t sbb_flags(uint32_t x, uint32_t y, int cf)
{
    uint32_t r = x - y - cf, odd = 0x6996u >> ((r ^ (r >> 4)) & 15) & 1;
    return ((uint64_t)x < (uint64_t)y + cf) | !odd << 2 | ((x ^ y ^ r) & 0x10) |
           (r == 0) << 6 | (r >> 31) << 7 | (((x ^ y) & (x ^ r)) >> 31) << 11;
}

/* The block in C, an instruction (numbered as in user/utorture_block.S) or
 * two a line. */
static void model(const uint32_t *in, uint32_t *out)
{
    uint32_t a = in[0], b = in[1], c = in[2], d = in[3], s = in[4], D = in[5], p = in[6], x, y;
    int cf = 0;
    a = adc32(a, p, &cf);                               /* 1 add (cf 0) */
    c = adc32(c, b, &cf);                               /* 2 adc; 3 std */
    s = sbb32(s, d, &cf);                               /* 4 sbb */
    b ^= D;                                             /* 5 xor */
    d = rol32(d, 7);                                    /* 6 rol */
    D *= s;                                             /* 7 imul */
    p = a + c * 4 + 0x1234567;                          /* 8 lea */
    cf = b != 0, b = -b;                                /* 9 neg */
    d = adc32(d, a, &cf);                               /* 10 adc */
    s <<= 3;                                            /* 11 shl */
    cf = c < p, c -= p;                                 /* 12 sub */
    a = set8(a, cf, 0);                                 /* 13 setb */
    D ^= c;                                             /* 14 xor */
    b = rol32(b, c);                                    /* 15 rol %cl */
    s = p * 0x9e3779b1u;                                /* 16 imul */
    a = (b + d * 8) << (c & 31);                        /* 17 lea, 18 shl %cl */
    c = set8(c, (int32_t)d < (int32_t)D, 0);            /* 19 cmp, 20 setl */
    c = set8(c, d == D, 8);                             /* 21 sete %ch */
    cf = 0, p = adc32(p, s, &cf);                       /* 22 add */
    x = D, D = sbb32(D, b, &cf);                        /* 23 sbb */
    d = set8(d, ((x ^ b) & (x ^ D)) >> 31, 0);          /* 24 seto */
    s ^= a;                                             /* 25 xor */
    cf = 0, b = adc32(b, d, &cf);                       /* 26 add */
    p = adc32(p, 0x7fffffff, &cf);                      /* 27 adc */
    b = set8(b, p >> 31, 0);                            /* 28 sets */
    D = rol32(D, 13);                                   /* 29 rol */
    cf = c != 0, c = -c;                                /* 30 neg */
    d = sbb32(d, a, &cf);                               /* 31 sbb */
    a *= d;                                             /* 32 imul */
    c = c + D * 2 - 0x55;                               /* 33 lea */
    d ^= p;                                             /* 34 xor */
    y = a;                                              /* 35 cmp b - a */
    a = set8(set8(a, b > y, 0), (int32_t)b > (int32_t)y, 8);  /* 36 seta, 37 setg */
    s += D;                                             /* 38 add */
    cf = p < c, p -= c;                                 /* 39 sub */
    b = adc32(b, s, &cf);                               /* 40 adc */
    a ^= b;                                             /* 41 xor */
    cf = 0, D = adc32(D, p, &cf);                       /* 42 add */
    out[7] = sbb_flags(c, d, cf) | DF;                  /* 43 sbb */
    c = sbb32(c, d, &cf);
    out[0] = a, out[1] = b, out[2] = c, out[3] = d, out[4] = s, out[5] = D, out[6] = p;
}

static uint32_t rnd(uint32_t *st)      /* xorshift32 (Marsaglia 2003) */
{
    uint32_t x = *st;
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    return *st = x;
}

/* One run of the block on fresh inputs: an eighth of them edge values. */
static void block(uint32_t *st)
{
    static const uint32_t edge[8] = { 0, 1, 0x7f, 0x80, 0xff, 0x7fffffff, 0x80000000u, 0xffffffffu };
    static const char *const names[8] = { "eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "eflags" };
    uint32_t in[8], got[8], want[8];
    int i;
    for (i = 0; i < 8; i++)                     /* in[7]: flags, overwritten by 1 and 3 */
        in[i] = (rnd(st) & 7) ? rnd(st) : edge[rnd(st) & 7];
    utorture_run(in, got);
    model(in, want);
    got[7] &= FLAGS_CHECKED;
    for (i = 0; i < 8; i++)
        if (got[i] != want[i])
            fail(names[i], got[i], want[i], 1);
}

/* Map two pages, check them zeroed, fill and read back (one word in every
 * 64 bytes: the block, not this loop, should take most of the time), remap,
 * unmap twice. */
#define CHURN_STRIDE 16
static void churn(void)
{
    uint32_t base = USER_MAP_BASE + (u.pid % 128) * 0x40000u, i, n = 2 * PGSIZE / 4;
    volatile uint32_t *w = (volatile uint32_t *)base;
    int r = CALL(map(base, 2));
    check("map", r, 0);
    if (r)
        return;
    u.maps++;
    for (i = 0; i < n && !w[i]; i += CHURN_STRIDE)
        ;
    check("mapped word zero", i >= n ? 0 : w[i], 0);
    for (i = 0; i < n; i += CHURN_STRIDE)
        w[i] = i * 0x01000193u ^ u.iters;
    for (i = 0; i < n && w[i] == (i * 0x01000193u ^ u.iters); i += CHURN_STRIDE)
        ;
    check("pattern read back (words)", i >= n ? n : i, n);
    check("map again", CALL(map(base, 2)), -EEXIST);
    check("unmap", CALL(unmap(base, 2)), 0);
    check("unmap again", CALL(unmap(base, 2)), -EINVAL);
}

static void periodic(void)
{
    if (u.iters % 16 == 0)
        check("getpid", CALL(getpid()), u.pid);
    if (u.iters % 64 == 0) {
        check("yield", CALL(yield()), 0);
        check("write len 0", CALL(write("", 0)), 0);
    }
    if (u.iters % 256 == 0)
        check("sleep(1)", CALL(sleep(1)), 0);
    if (u.iters % 32 == 0)
        churn();
}

int main(int ms)
{
    uint32_t start, seed;
    u.pid = CALL(getpid());
    start = CALL(uptime());
    seed = (start * 2654435761u) ^ ((uint32_t)u.pid << 16) ^ 1;      /* odd: never 0 */
    do {
        block(&seed);
        u.iters++;
        periodic();
    } while (u.iters % 8 || CALL(uptime()) - start < (uint32_t)ms);
    u.calls++;                                  /* the summary's write */
    printf("utorture pid %d: iterations %u syscalls %u maps %u errors %u\n",
           u.pid, u.iters, u.calls, u.maps, u.errors);
    report(0, u.iters);                         /* report and exit are not counted */
    report(1, u.calls);
    report(2, u.errors);
    report(3, u.maps);
    return u.errors ? 1 : 0;
}
