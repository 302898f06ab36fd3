/* Interactive shell (scenario=shell): a prompt on the serial console, the
 * command table, help, tab completion of commands, keywords and symbols,
 * and the parsing helpers the command files share.  Bad input prints one
 * "error:" line and the prompt comes back; quit (exit, q, poweroff) ends the
 * run, failing it for failed scenario runs only under strict=1. */
#include "kernel/shell/shell.h"
#include "kernel/readline.h"
#include "kernel/scenario.h"
#include "kernel/console.h"
#include "kernel/param.h"
#include "kernel/ksym.h"
#include "kernel/clock.h"
#include "kernel/uart.h"
#include "kernel/thread.h"
#include "kernel/fmt.h"
#include "kernel/cpu.h"
#include "kernel/mem.h"
#include "patch/djprobe.h"
#include "tests/kernel/hazard.h"

#define PROMPT "kpatch> "

volatile int scenario_stop;
int sh_failed_runs;
static int sh_boot_load, sh_strict;
KPARAM_INT("shell_load", sh_boot_load, 0, 1, "shell: start the background load at boot (1)");
KPARAM_INT("strict", sh_strict, 0, 1, "shell: 1 makes a failed torture or matrix run fail the session at quit");

static int cmd_help(int argc, char **argv);

static const char *const probe_subs[] = { "add", "list", "enable", "disable", "remove", 0 };
static const char *const add_words[] = { "optimize", "force", "log", "post", "disabled", "strategy=", 0 };
static const char *const load_subs[] = { "start", "stop", "status", 0 };
static const char *const park_subs[] = { "start", "returning", "stop", "status", 0 };
static const char *const uprobe_subs[] = { "add", "remove", "list", 0 };

static const char *const retprobe_subs[] = { "add", "remove", "list", 0 };
static const char *const lp_subs[] = { "list", "apply", "revert", "continue", "force", "threads", 0 };

const struct shell_cmd shell_cmds[] = {
    { "help", "help [command]", "list the commands, or one command's usage", cmd_help, 0 },
    { "sym", "sym PATTERN", "symbols matching PATTERN ('*' and '?' wildcards, else a substring)", cmd_sym, 0 },
    { "dis", "dis SITE [count] [strategy=S]",
      "disassemble, with where int3 and jump-optimized probes may go and why not\n"
      "  From SITE (a symbol: the whole function); at every instruction boundary\n"
      "  whether an int3 probe and a jump-optimized probe (under strategy S) may go there,\n"
      "  and if not the hazard and the reason", cmd_dis, 0 },
    { "probe", "probe add SITE [optimize] [strategy=S] [force] [log[=N]] [post] [disabled]\n"
               "       probe list | enable ID | disable ID | remove ID|all",
      "add, list, enable, disable, remove int3 and jump-optimized probes\n"
      "  SITE: symbol[+offset] or address.  The handler counts hits; log prints the\n"
      "  registers of the first N (16).  optimize asks for a jump (broken strategies\n"
      "  need force); post: a post-handler (stays int3); disabled: starts disabled;\n"
      "  force skips every safety check (guru mode: the kernel may crash)", cmd_probe, probe_subs },
    { "probes", "probes", "same as probe list", cmd_probe, 0 },
    { "watch", "watch [count]", "print every probe's hits once a second until a key (or count times)", cmd_watch, 0 },
    { "call", "call FUNC [times] [arg]", "call a test target (sh_add sh_sum sh_mid_call kt_a kt_b dj_add dj_jcc dj_call_last lpt_version)", cmd_call, 0 },
    { "retprobe", "retprobe add FUNC [optimize] [sites] | retprobe remove ID|all | retprobe list",
      "return probes: the handler remembers the last return value\n"
      "  FUNC: a function's name.  Default: the return address on the stack is replaced\n"
      "  by a trampoline's (optimize: a jump-optimized entry); sites: an int3 on every\n"
      "  ret instead (a tail call's return is not seen)", cmd_retprobe, retprobe_subs },
    { "threads", "threads [NAME|TID]", "threads: state, CPU, switches, symbolized saved EIP and backtrace", cmd_threads, 0 },
    { "cpus", "cpus", "CPUs: the thread each runs and where it is (sampled by a cross-CPU call)", cmd_cpus, 0 },
    { "stats", "stats", "int3, text_poke and jump-optimizer counters; slots, heap, pages, threads, serial input", cmd_stats, 0 },
    { "load", "load start|stop|status", "background load: a thread per CPU calling sh_add and sh_sum, results checked", cmd_load, load_subs },
    { "torture", "torture [NAME [ms] [force]]",
      "run a scenario (no name: list them); its stats stream until it ends\n"
      "  A key stops kprobe-, text-poke-, ipi- and sched-torture and probe-all early;\n"
      "  every other scenario runs to its end", cmd_torture, 0 },
    { "set", "set [key=value [force]]", "boot parameters: list them, or change one for later runs", cmd_set, 0 },
    { "strategies", "strategies", "the jump-optimization strategies and what each defends", cmd_strategies, 0 },
    { "matrix", "matrix HAZARD",
      "one hazard's deterministic reproduction under every strategy (the hazard scenario)\n"
      "  HAZARD is H1 ... H12 or a variant cell (H1-edge, H3-entry, ..., H8-handler;\n"
      "  Tab lists them).  Each cell makes the hazard happen with a probe of one\n"
      "  strategy, says what it caught and repairs it; a cell that differs from the\n"
      "  expected outcome (tests/kernel/hazard.c) is reported as an error and the run\n"
      "  fails", cmd_matrix, 0 },
    { "park", "park start|returning|stop|status",
      "a thread asleep in sh_callee, its return address inside sh_mid_call's probe region\n"
      "  returning: with a return probe on sh_callee, a thread stopped on the trampoline's\n"
      "  first instruction on its way back into sh_mid_call", cmd_park, park_subs },
    { "uprobe", "uprobe add PROGRAM:SYMBOL[+off] | uprobe remove ID|all | uprobe list",
      "user probes: an int3 in a program's shared text, hit by every process running it", cmd_uprobe, uprobe_subs },
    { "lp", "lp [list] | lp apply NAME [model=M] | lp revert NAME | lp continue | lp force | lp threads",
      "live patches: the built-in ones and their state, apply and revert them (under the patch's\n"
      "  model, or M: kpatch ksplice kgraft livepatch naive), continue or force a transition\n"
      "  in progress, and each thread's universe during one", cmd_lp, lp_subs },
    { "ps", "ps", "user processes: program, state, parent, pages, system calls, switches, age", cmd_ps, 0 },
    { "run", "run PROGRAM [ARG] [&]", "start a built-in user program (run alone lists them) and wait for it, or not (&)", cmd_run, 0 },
    { "quit", "quit | exit | q",
      "end the run (isa-debug-exit): SUCCESS; FAILURE if a torture or matrix run failed and strict=1", 0, 0 },
    { "poweroff", "poweroff", "same as quit", 0, 0 },
    { 0, 0, 0, 0, 0 },
};

int sh_err(const char *fmt, ...)
{
    char buf[240];
    va_list ap;
    va_start(ap, fmt);
    kvsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    kprintf("error: %s\n", buf);
    return -1;
}

bool sh_eq(const char *a, const char *b)
{
    while (*a && *a == *b) { a++; b++; }
    return *a == *b;
}

bool sh_prefix(const char *s, const char *p)
{
    while (*p && *p == *s) { p++; s++; }
    return !*p;
}

const char *sh_kv(const char *s, const char *key)
{
    while (*key && *key == *s) { key++; s++; }
    return !*key && *s == '=' ? s + 1 : NULL;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int sh_parse_num(const char *s, uint32_t *v)
{
    uint64_t x = 0;
    int base = 10, i = 0, n = (int)kstrlen(s);
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        i = 2;
    } else if (n == 8) {
        for (base = 16; i < n && base == 16; i++)
            if (hexval(s[i]) < 0) base = 10;
        i = 0;
    }
    if (i == n)
        return -1;
    for (; i < n; i++) {
        int d = hexval(s[i]);
        if (d < 0 || d >= base)
            return -1;
        x = x * (uint64_t)base + (uint64_t)d;
        if (x > 0xFFFFFFFFull)
            return -1;
    }
    *v = (uint32_t)x;
    return 0;
}

int sh_parse_site(const char *s, uint32_t *addr)
{
    char name[64];
    uint32_t off = 0, i;
    const struct ksym *k;
    if (s[0] >= '0' && s[0] <= '9') {
        if (sh_parse_num(s, addr))
            return sh_err("bad address '%s' (want 0x1234abcd, 8 hex digits, or symbol+offset)", s);
        return 0;
    }
    for (i = 0; s[i] && s[i] != '+' && i < sizeof name - 1; i++)
        name[i] = s[i];
    name[i] = 0;
    if (s[i] && s[i] != '+')
        return sh_err("symbol name too long: '%s'", s);
    if (s[i] == '+' && sh_parse_num(s + i + 1, &off))
        return sh_err("bad offset '%s' in '%s'", s + i + 1, s);
    if (!(k = ksym_by_name(name)))
        return sh_err("unknown symbol '%s' (try: sym %s)", name, name);
    if (off >= k->size && !(off == 0 && k->size == 0))
        return sh_err("offset %#x is past the end of %s (%#x bytes)", off, name, k->size);
    *addr = k->addr + off;
    return 0;
}

int sh_quiet(void)
{
    int l = console_loglevel;
    if (l > KL_WARN)
        console_loglevel = KL_WARN;
    return l;
}

void sh_loud(int level) { console_loglevel = level; }

bool sh_wait_key(uint32_t ms)
{
    uint64_t end = clock_ns() + (uint64_t)ms * 1000000ull;
    do {
        if (uart_getc() >= 0)
            return true;
        thread_sleep_ns(20000000);
    } while (clock_ns() < end);
    return false;
}

static const struct shell_cmd *cmd_find(const char *name)
{
    const struct shell_cmd *c;
    for (c = shell_cmds; c->name; c++)
        if (sh_eq(c->name, name))
            return c;
    return NULL;
}

static int cmd_help(int argc, char **argv)
{
    const struct shell_cmd *c;
    if (argc > 1) {
        if (!(c = cmd_find(argv[1])))
            return sh_err("no command '%s' (type help)", argv[1]);
        kprintf("usage: %s\n", c->usage);       /* two calls: kprintf formats into 512 bytes */
        kprintf("  %s\n", c->help);
        return 0;
    }
    kprintf("commands (help CMD for details; Tab completes commands and symbols):\n");
    for (c = shell_cmds; c->name; c++) {
        int n = 0;
        while (c->help[n] && c->help[n] != '\n')
            n++;
        kprintf("  %-10s %.*s\n", c->name, n, c->help);
    }
    kprintf("keys: Backspace, Ctrl-U (erase line), Ctrl-W (erase word), Ctrl-C (cancel), "
            "Up/Down (history); any key stops watch and the tortures that check for it\n");
    return 0;
}

/* ---- completion -------------------------------------------------------- */

extern const struct kscenario __kscenario_start[], __kscenario_end[];
extern const struct kparam __kparam_start[], __kparam_end[];

static void comp_list(struct rl_comp *c, const char *const *w)
{
    for (; w && *w; w++)
        rl_comp_add(c, *w);
}

static void sh_complete(struct rl_comp *c)
{
    char first[24];
    const struct shell_cmd *cmd;
    const char *w = c->line + c->word;
    int i, nword = 0;
    for (i = 0; i < c->word; i++)
        if (c->line[i] != ' ' && (i == 0 || c->line[i - 1] == ' '))
            nword++;
    if (nword == 0) {
        for (cmd = shell_cmds; cmd->name; cmd++)
            rl_comp_add(c, cmd->name);
        return;
    }
    for (i = 0; c->line[i] == ' '; i++)
        ;
    {
        int k = 0;
        while (c->line[i] && c->line[i] != ' ' && k < (int)sizeof first - 1)
            first[k++] = c->line[i++];
        first[k] = 0;
    }
    if (!(cmd = cmd_find(first)))
        return;
    if (sh_prefix(w, "strategy=")) {
        static char names[DJS_N][32];
        int s;
        for (s = DJS_DEFAULT + 1; s < DJS_N; s++) {
            ksnprintf(names[s], sizeof names[s], "strategy=%s", dj_strategy_name(s));
            rl_comp_add(c, names[s]);
        }
        return;
    }
    if (cmd->fn == cmd_torture && nword == 1) {
        const struct kscenario *s;
        for (s = __kscenario_start; s < __kscenario_end; s++)
            rl_comp_add(c, s->name);
        return;
    }
    if (cmd->fn == cmd_set && nword == 1) {
        static char names[64][24];
        const struct kparam *p;
        int k = 0;
        for (p = __kparam_start; p < __kparam_end && k < 64; p++, k++) {
            ksnprintf(names[k], sizeof names[k], "%s=", p->name);
            rl_comp_add(c, names[k]);
        }
        c->nospace = true;
        return;
    }
    if (cmd->fn == cmd_matrix && nword == 1) {
        const struct hazard *h;
        for (h = hazards; h->id; h++)
            rl_comp_add(c, h->id);
        return;
    }
    if (cmd->subs && nword == 1) {
        comp_list(c, cmd->subs);
        return;
    }
    if (cmd->fn == cmd_probe && nword >= 3)
        comp_list(c, add_words);
    for (i = 0; i < ksym_count(); i++)
        rl_comp_add(c, ksym_at(i)->name);
    c->nospace = true;                  /* symbol+offset may follow */
}

static bool sh_idle(void)
{
    return sh_probe_log_flush(true);
}

static const struct rl_ops sh_ops = { sh_complete, sh_idle };

static int split(char *s, char **argv)
{
    int n = 0;
    for (;;) {
        while (*s == ' ')
            *s++ = 0;
        if (!*s || n == SH_MAXARGS)
            return *s ? -1 : n;
        argv[n++] = s;
        while (*s && *s != ' ')
            s++;
    }
}

static bool sh_is_quit(const char *w)
{
    return sh_eq(w, "quit") || sh_eq(w, "exit") || sh_eq(w, "q") || sh_eq(w, "poweroff");
}

/* The session's verdict: failed runs count only under strict=1. */
static int sh_verdict(char *why, size_t n)
{
    const char *s = sh_failed_runs > 1 ? "s" : "";
    if (sh_failed_runs && sh_strict)
        return ksnprintf(why, n, "%d scenario run%s from the shell failed (strict=1)", sh_failed_runs, s), 1;
    if (sh_failed_runs)
        kprintf("shell: %d scenario run%s failed; not counted (set strict=1 to make that fail the session)\n",
                sh_failed_runs, s);
    return 0;
}

static int scenario_shell(char *why, size_t n)
{
    static char line[RL_LINE_MAX];
    char *argv[SH_MAXARGS];
    const struct shell_cmd *c;
    int argc;
    kprintf("kpatch shell on %d CPUs: help lists the commands, Tab completes, quit ends the run\n", ncpu);
    if (sh_boot_load)
        sh_load_start(ncpu);
    for (;;) {
        if (readline(PROMPT, line, &sh_ops) <= 0)
            continue;
        if ((argc = split(line, argv)) < 0) {
            sh_err("more than %d words", SH_MAXARGS);
            continue;
        }
        if (!argc)
            continue;
        if (sh_is_quit(argv[0]))
            break;
        if (!(c = cmd_find(argv[0])))
            sh_err("unknown command '%s' (type help)", argv[0]);
        else
            c->fn(argc, argv);
        sh_probe_log_flush(false);
    }
    sh_load_stop();
    sh_probe_cleanup();
    kprintf("shell: bye\n");
    return sh_verdict(why, n);
}
KSCENARIO("shell", scenario_shell, "interactive shell on the serial console (make shell)");
