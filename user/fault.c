/* fault: main(arg) raises CPU exception number arg from user mode (Intel SDM
 * Vol. 3, 6.15); the kernel must kill it (wait: -1000 - vector) and go on.
 * Exit 77 with "fault: survived fault K" if the fault did not kill it;
 * exit 2 for an unknown arg. */
#include "user/ulib.h"

#define KTEXT 0x00100000u               /* kernel text: a supervisor page */

/* Grows the stack by at least 512 bytes a call, never returning in practice:
 * not a tail call (the result is used) and not foldable (volatile). */
static int deep(volatile char *prev, int depth)
{
    volatile char buf[512];
    buf[0] = prev ? prev[0] + 1 : 0;
    if (depth > (1 << 30))
        return buf[0];
    return deep(buf, depth + 1) + buf[1];
}

static void fault(int k)
{
    volatile uint8_t *kt = (volatile uint8_t *)KTEXT;
    volatile uint8_t *text = (volatile uint8_t *)(uintptr_t)&fault;
    volatile int zero = 0, one = 1;
    int *volatile null = NULL;          /* hidden from gcc: no ud2 instead of the read */
    switch (k) {
    case 0: (void)*(volatile int *)null; break;                 /* #PF, not present */
    case 1: *kt = *kt; break;                                   /* #PF, supervisor page */
    case 2: __asm__ volatile("cli"); break;                     /* #GP, IOPL 0 */
    case 3: one = one / zero; break;                            /* #DE */
    case 4: *text = *text; break;                               /* #PF, read-only page */
    case 5: __asm__ volatile("ud2"); break;                     /* #UD */
    case 6: __asm__ volatile("call *%0" : : "r"(KTEXT)); break; /* #PF, supervisor fetch */
    case 7: __asm__ volatile("int3"); break;                    /* #BP */
    case 8: deep(NULL, 0); break;                               /* #PF below the stack */
    case 9: __asm__ volatile("int $0x81"); break;               /* #GP, DPL-0 gate */
    }
}

int main(int arg)
{
    if (arg < 0 || arg > 9) {
        printf("fault: no fault %d\n", arg);
        return 2;
    }
    fault(arg);
    printf("fault: survived fault %d\n", arg);
    return 77;
}
