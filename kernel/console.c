/* Serial console with whole-message atomicity across CPUs.  The console lock
 * is recursive per CPU (a report holds it across lines; an NMI or a fault
 * that interrupts a print on the same CPU must still be able to print). */
#include "kernel/console.h"
#include "kernel/uart.h"
#include "kernel/fmt.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "kernel/plog.h"

int console_loglevel = KL_INFO;
static volatile int con_owner = -1;
static int con_depth;
volatile int console_panic_cpu = -1;  /* set by panic: that CPU may break the lock */
static const char *level_tag[] = { "ERR: ", "WARN: ", "", "" };
static struct thread *volatile con_reader;
static volatile uint32_t con_foreign;
static volatile bool con_bol = true;

void console_reader(bool on) { con_reader = on ? mycpu()->thread : NULL; }
uint32_t console_foreign(void) { return con_foreign; }
bool console_at_line_start(void) { return con_bol; }

void console_init(void)
{
    uart_init();
}

/* The panicking CPU (or the leader of a hang report) takes the lock over
 * after a while: its owner may have been stopped by an NMI in the middle of
 * a line, or be stuck in an NMI of its own, and will never release it.
 * About 0.2 s of TSC: the host runner allows 8 s after its hang NMI. */
#define CONSOLE_BREAK_TSC 500000000ull
void console_lock(void)
{
    int me = cpu_id();
    uint64_t t0 = rdtsc();
    if (con_owner == me) { con_depth++; return; }
    for (;;) {
        int free = -1;
        if (__atomic_compare_exchange_n(&con_owner, &free, me, false,
                                        __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
            break;
        if (console_panic_cpu == me && rdtsc() - t0 > CONSOLE_BREAK_TSC) {
            __atomic_store_n(&con_owner, me, __ATOMIC_SEQ_CST);
            console_write("\n[console lock broken by the panicking CPU]\n", 44);
            break;
        }
        pause();
    }
    con_depth = 1;
}

void console_unlock(void)
{
    if (--con_depth == 0)
        __atomic_store_n(&con_owner, -1, __ATOMIC_RELEASE);
}

void (*console_tap)(const char *s, size_t n);

void console_write(const char *s, size_t n)
{
    size_t i;
    if (console_tap)
        console_tap(s, n);
    for (i = 0; i < n; i++) {
        if (s[i] == '\n')
            uart_putc('\r');
        uart_putc(s[i]);
    }
    if (n)
        con_bol = s[n - 1] == '\n';
}

static void emit(const char *tag, const char *fmt, va_list ap)
{
    char buf[512];
    plog_drain();                          /* what the probe path recorded goes first */
    int n = kvsnprintf(buf, sizeof buf, fmt, ap);
    uint32_t f = read_eflags();
    size_t t = 0;
    if (n > (int)sizeof buf - 1) n = sizeof buf - 1;
    while (tag[t]) t++;
    cli();
    console_lock();
    if (con_reader && n + t > 0 && (con_reader != mycpu()->thread || mycpu()->irq_depth))
        con_foreign++;                     /* printed beside the line editor's prompt */
    console_write(tag, t);
    console_write(buf, (size_t)n);
    console_unlock();
    if (f & EFLAGS_IF) sti();
}

void kvprintf(const char *fmt, va_list ap) { emit("", fmt, ap); }

void kprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit("", fmt, ap);
    va_end(ap);
}

void klog(int level, const char *fmt, ...)
{
    va_list ap;
    if (level > console_loglevel)
        return;
    va_start(ap, fmt);
    emit(level_tag[level < 0 ? 0 : level > 3 ? 3 : level], fmt, ap);
    va_end(ap);
}
