/* uret: the user side of the user return probes' self-tests
 * (tests/kernel/test_uretprobe.c).  main(n): n rounds of uret_f (x*3+1),
 * uret_sleep (sleeps 1 ms inside, x+7) and uret_rec (recursion, depth x%4),
 * each result checked here; report(0): calls of uret_f, report(1): of
 * uret_sleep, report(2): of uret_rec, all levels; exit code: wrong results.
 * main(-n): n calls of uret_sleep only, 20 ms asleep inside each.
 * main(1000000 + ms): rounds (uret_sleep every 8th) until ms have passed.
 * main(2000001), main(2000002): uret_co entered on two stacks, a coroutine's
 * (in .bss, below the main stack) and main's; 1: the coroutine enters
 * first and returns first, 2: main enters first and returns first (each
 * checked: exit code 0).  main(2000003): uret_jo calls uret_ja, which calls
 * uret_jb, which longjmps back into uret_jo (two probed frames left without
 * a return); uret_jo then overwrites that stack and returns 5.
 * main(2000005): the same without overwriting the stack (the left frames'
 * words still hold the trampoline's address), then uret_jo once more
 * without the longjmp: uret_ja and uret_jb return through the same slots.
 * main(2000004): uret_lbl called with %ebx live, which must come back as it
 * was (uret_lbl_mid is a global label inside uret_lbl, after it saved %ebx).
 * main(2000006): uret_ro entered by a jump with ESP on a read-only frame
 * (.rodata: a return address and the argument 41): its return address can
 * be read but not replaced, and it must come back with 42. */
#include "user/ulib.h"

#define NOIPA __attribute__((noipa))
NOIPA int uret_f(int x) { return x * 3 + 1; }
static uint32_t nap = 1;               /* ms uret_sleep sleeps */
NOIPA int uret_sleep(int x) { sleep(nap); return x + 7; }
NOIPA int uret_rec(int n)
{
    int r = n ? uret_rec(n - 1) : 0;
    __asm__ volatile("" : "+r"(r));
    return r + 1;
}

/* Coroutines: co_switch(save, to) saves the callee-saved registers and ESP
 * into *save and resumes the stack at to (i386 psABI: ebx, esi, edi, ebp). */
void co_switch(uint32_t *save, uint32_t to);
__asm__(".text\n.globl co_switch\n.type co_switch, @function\nco_switch:\n"
        "    movl 4(%esp), %eax\n    movl 8(%esp), %edx\n"
        "    pushl %ebp\n    pushl %ebx\n    pushl %esi\n    pushl %edi\n"
        "    movl %esp, (%eax)\n    movl %edx, %esp\n"
        "    popl %edi\n    popl %esi\n    popl %ebx\n    popl %ebp\n    ret\n"
        ".size co_switch, . - co_switch\n");
static uint32_t co_stack[1024];        /* 4 KiB, below the main stack */
static uint32_t main_sp, co_sp, on_co;
static volatile int co_ret;
static void to_co(void) { on_co = 1; co_switch(&main_sp, co_sp); }
static void to_main(void) { on_co = 0; co_switch(&co_sp, main_sp); }
NOIPA int uret_co(int x)
{
    if (on_co)
        to_main();
    else
        to_co();
    return x + 1;
}
static void co_body(void)
{
    co_ret = uret_co(10);
    for (;;)
        to_main();
}
static void co_init(void)
{
    uint32_t *sp = &co_stack[1024 - 8];
    sp[0] = sp[1] = sp[2] = sp[3] = 0;  /* edi, esi, ebx, ebp */
    sp[4] = (uint32_t)co_body;          /* co_switch's ret */
    sp[5] = 0;                          /* co_body's return address: never used */
    co_sp = (uint32_t)sp;
}

/* A frame left by a longjmp across two probed frames. */
static void *jb[5];
static int jump_out = 1, scrub_left = 1;
NOIPA int uret_jb(void)
{
    if (jump_out)
        __builtin_longjmp(jb, 1);
    return 1;
}
NOIPA int uret_ja(void)
{
    int r = uret_jb();
    __asm__ volatile("" : "+r"(r));     /* no tail call */
    return r + 1;
}
NOIPA static void scrub(void)
{
    uint32_t w[128];
    int i;
    for (i = 0; i < 128; i++)
        w[i] = 0;
    __asm__ volatile("" : : "r"(w) : "memory");
}
NOIPA int uret_jo(void)
{
    if (__builtin_setjmp(jb) == 0)
        uret_ja();
    if (scrub_left)
        scrub();                        /* the left frames' stack is reused */
    return 5;
}

/* int uret_lbl(int x): x + 2, with %ebx saved; uret_lbl_mid is a label
 * inside it, where the word at ESP is the saved %ebx. */
int uret_lbl(int x);
__asm__(".text\n.globl uret_lbl\n.type uret_lbl, @function\nuret_lbl:\n"
        "    pushl %ebx\n    movl 8(%esp), %ebx\n"
        ".globl uret_lbl_mid\nuret_lbl_mid:\n"
        "    leal 2(%ebx), %eax\n    popl %ebx\n    ret\n"
        ".size uret_lbl, . - uret_lbl\n");

/* int uret_ro_call(void): uret_ro(41) = 42, run on a read-only frame. */
int uret_ro_call(void);
__asm__(".text\n.globl uret_ro\n.type uret_ro, @function\nuret_ro:\n"
        "    movl 4(%esp), %eax\n    addl $1, %eax\n    ret\n.size uret_ro, . - uret_ro\n"
        ".globl uret_ro_call\n.type uret_ro_call, @function\nuret_ro_call:\n"
        "    movl %esp, .Luret_ro_sp\n    movl $.Luret_ro_frame, %esp\n    jmp uret_ro\n"
        ".Luret_ro_back:\n    movl .Luret_ro_sp, %esp\n    ret\n.size uret_ro_call, . - uret_ro_call\n"
        ".section .rodata\n.p2align 2\n.Luret_ro_frame:\n    .long .Luret_ro_back\n    .long 41\n"
        ".data\n.p2align 2\n.Luret_ro_sp:\n    .long 0\n.text\n");

static int errors;
static void want(const char *what, int x, int got, int exp)
{
    if (got != exp && errors++ < 5)
        printf("uret: %s(%d) = %d, want %d\n", what, x, got, exp);
}

static uint32_t nf, ns, nr;
static void round_of_calls(int i, int sleep_every)
{
    want("uret_f", i, uret_f(i), i * 3 + 1), nf++;
    if (i % sleep_every == 0)
        want("uret_sleep", i, uret_sleep(i), i + 7), ns++;
    want("uret_rec", i % 4, uret_rec(i % 4), i % 4 + 1), nr += (uint32_t)(i % 4) + 1;
}

/* uret_lbl called with %ebx live: it must come back as it was. */
static void lbl_check(void)
{
    uint32_t in = 0x1234abcd, out, r;
    __asm__ volatile("pushl %%ebx\n\tmovl %%edi, %%ebx\n\tpushl $1\n\tcall uret_lbl\n\t"
                     "addl $4, %%esp\n\tmovl %%ebx, %%esi\n\tpopl %%ebx"
                     : "=a"(r), "=S"(out) : "D"(in) : "ecx", "edx", "memory");
    want("uret_lbl", 1, (int)r, 3);
    if (out != in && errors++ < 5)
        printf("uret: %%ebx came back %08x from uret_lbl, want %08x\n", out, in);
}

int main(int n)
{
    uint32_t end = uptime() + (uint32_t)n - 1000000u;
    int i;
    if (n == 2000001 || n == 2000002) {
        co_init();
        if (n == 2000001) {
            to_co();                    /* the coroutine enters uret_co and comes back */
            want("uret_co", 20, uret_co(20), 21);   /* main's enters, the coroutine's returns */
        } else {
            want("uret_co", 20, uret_co(20), 21);   /* the coroutine entered inside it */
            to_co();                    /* the coroutine's returns */
        }
        want("uret_co", 10, co_ret, 11);
    } else if (n == 2000003) {
        want("uret_jo", 0, uret_jo(), 5);
    } else if (n == 2000005) {
        scrub_left = 0;
        want("uret_jo", 0, uret_jo(), 5);   /* left frames whose words stay */
        jump_out = 0;
        want("uret_jo", 1, uret_jo(), 5);   /* the same slots, returned through */
    } else if (n == 2000006) {
        want("uret_ro", 41, uret_ro_call(), 42);
    } else if (n == 2000004) {
        lbl_check();
    } else if (n >= 1000000) {          /* retprobe-torture: rounds until n - 1000000 ms passed */
        for (i = 0; uptime() < end; i++)
            round_of_calls(i, 8);
    } else if (n < 0) {                 /* -n calls of uret_sleep only: mostly asleep inside */
        for (nap = 20, i = 0; i < -n; i++)
            want("uret_sleep", i, uret_sleep(i), i + 7), ns++;
    } else {
        for (i = 0; i < n; i++)
            round_of_calls(i, 4);
    }
    report(0, nf);
    report(1, ns);
    report(2, nr);
    return errors;
}
