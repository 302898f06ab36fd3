/* The line editor (kernel/readline.c) and a line another thread prints
 * beside its prompt: a key typed after that line, before the editor looked
 * at the console again, must come after a redrawn prompt (issue 39 item 2:
 * shell-async-line once rendered "retprobe list" without its prompt). */
#include "kernel/ktest.h"
#include "kernel/readline.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/mem.h"
#include "kernel/uart.h"

static char rl_seen[256];
static bool rl_has(const char *s, const char *w)
{
    size_t n = 0;
    while (w[n])
        n++;
    for (; *s; s++)
        if (kmemcmp(s, w, n) == 0)
            return true;
    return false;
}

static uint32_t rl_nseen;
static const char *rl_keys;
static bool rl_printed;

static void rl_tap(const char *s, size_t n)
{
    while (n-- && rl_nseen < sizeof rl_seen - 1)
        rl_seen[rl_nseen++] = *s++;
}

static void rl_beside(void *arg)
{
    (void)arg;
    kprintf("rl-test: a line beside the prompt\n");
}

/* The first key comes only after another thread has printed its line. */
static int rl_scripted(void)
{
    struct thread *t;
    if (!rl_printed) {
        rl_printed = true;
        t = thread_create("rl-beside", rl_beside, NULL, CPUMASK_ALL);
        if (t)
            thread_join(t);
    }
    return *rl_keys ? *rl_keys++ : -1;
}

KTEST(readline_redraws_the_prompt_before_a_key_after_a_foreign_line)
{
    char buf[RL_LINE_MAX];
    int n;
    rl_keys = "ab\r";
    rl_printed = false;
    rl_nseen = 0;
    rl_getc = rl_scripted;
    console_tap = rl_tap;
    n = readline("rlt> ", buf, NULL);
    console_tap = NULL;
    rl_getc = uart_getc;
    rl_seen[rl_nseen] = 0;
    KEXPECT_EQ(n, 2);
    KEXPECT(kstrcmp(buf, "ab") == 0);
    if (!rl_has(rl_seen, "beside the prompt\nrlt> ab\n"))
        ktest_fail(ktest_ctx, __FILE__, __LINE__, "keys typed after a foreign line, without the prompt: %s", rl_seen);
}
