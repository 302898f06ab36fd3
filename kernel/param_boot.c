/* Kernel side of the command line: applies every .kparam key declared in the
 * image to the multiboot command line and fails the run on any error.
 * Also declares the keys common to all scenarios. */
#include "kernel/param.h"
#include "kernel/scenario.h"
#include "kernel/console.h"
#include "kernel/qexit.h"
#include "kernel/mem.h"

extern const struct kparam __kparam_start[], __kparam_end[];

char param_scenario[32] = "selftest";
char param_test[128] = "all";
int param_seed = 1;
int param_duration_ms = 2000;
int param_cpus_expected = 0;
bool param_duration_given;

KPARAM_STR("scenario", param_scenario, "what to run (see the scenario list)");
KPARAM_STR("test", param_test, "self-tests: comma-separated names or globs, or all");
KPARAM_INT("seed", param_seed, 0, 0x7fffffff, "random seed for torture scenarios");
KPARAM_INT("duration", param_duration_ms, 1, 3600000, "torture duration in ms");
KPARAM_INT("cpus", param_cpus_expected, 0, 16, "CPUs expected (0: do not check)");
KPARAM_INT("loglevel", console_loglevel, 0, 3, "0 err, 1 warn, 2 info, 3 debug");

/* Is there a word "key=..." on the command line? */
static bool param_on_cmdline(const char *s, const char *key)
{
    size_t n = kstrlen(key);
    while (*s) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!kmemcmp(s, key, n) && s[n] == '=')
            return true;
        while (*s && *s != ' ' && *s != '\t')
            s++;
    }
    return false;
}

void param_boot(const char *cmdline)
{
    char err[200];
    const struct kparam *p;
    int n = param_apply(cmdline, __kparam_start, (int)(__kparam_end - __kparam_start), err, sizeof err);
    param_duration_given = param_on_cmdline(cmdline, "duration");
    if (!n)
        return;
    kprintf("!!! command line: %s (%d error%s)\n", err, n, n > 1 ? "s" : "");
    kprintf("    known parameters:\n");
    for (p = __kparam_start; p < __kparam_end; p++)
        kprintf("      %-10s %s%s%s\n", p->name, p->help,
                p->type == KP_ENUM ? ": " : "", p->type == KP_ENUM ? p->choices : "");
    kprintf("End of test: FAILURE (bad command line: %s)\n", err);
    qemu_exit(QEXIT_FAIL);
}
