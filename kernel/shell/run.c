/* Shell commands that run things: load (one thread per CPU calling the
 * shell's own targets, checking every result), torture (any scenario, its
 * stats streaming; a key sets scenario_stop, which the tortures check) and
 * set (boot parameters for later runs; negative controls need force). */
#include "kernel/shell/shell.h"
#include "kernel/scenario.h"
#include "kernel/param.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/clock.h"
#include "kernel/uart.h"
#include "kernel/cpu.h"
#include "kernel/fmt.h"
#include "kernel/mem.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"

/* ---- background load --------------------------------------------------- */

static struct thread *load_t[NCPU_MAX];
static volatile uint32_t load_iters[NCPU_MAX], load_errors;
static volatile int load_stop;
static int nload;
static uint64_t load_t0;

static void load_err(const char *fn, uint32_t x, uint32_t got, uint32_t want)
{
    if (__atomic_fetch_add(&load_errors, 1, __ATOMIC_RELAXED) < 3)
        kprintf("!!! load: %s(%u) returned %u, want %u (cpu %d)\n", fn, x, got, want, cpu_id());
}

static void load_main(void *arg)
{
    int me = (int)(uint32_t)arg, k;
    uint32_t x = (uint32_t)me * 2654435761u + 1, v, r;
    while (!load_stop) {
        for (k = 0; k < 64; k++) {
            x = x * 1103515245u + 12345u;
            v = (x >> 16) & 1023;
            if ((r = (uint32_t)sh_add((int)v)) != 2 * v + 5)
                load_err("sh_add", v, r, 2 * v + 5);
            v &= 63;
            if ((r = (uint32_t)sh_sum((int)v)) != (v ? v * (v - 1) / 2 : 0))
                load_err("sh_sum", v, r, v ? v * (v - 1) / 2 : 0);
        }
        load_iters[me]++;
        thread_sleep_ns(1000000);
    }
}

void sh_load_start(int n)
{
    char name[20];
    int i;
    if (nload) {
        sh_err("the load is already running (load stop first)");
        return;
    }
    load_stop = 0;
    load_errors = 0;
    load_t0 = clock_ns();
    for (i = 0; i < n && i < ncpu; i++) {
        load_iters[i] = 0;
        ksnprintf(name, sizeof name, "load/%d", i);
        if (!(load_t[i] = thread_create(name, load_main, (void *)(uint32_t)i, 1u << i)))
            break;
        nload++;
    }
    kprintf("load: %d thread%s calling sh_add and sh_sum (64 calls each, then a 1 ms sleep)\n",
            nload, nload == 1 ? "" : "s");
}

static void load_status(void)
{
    uint32_t s = 0;
    int i;
    for (i = 0; i < nload; i++)
        s += load_iters[i];
    kprintf("load: %d thread%s, %u rounds of 64 calls in %u ms, %u wrong results\n", nload, nload == 1 ? "" : "s",
            s, nload ? (uint32_t)((clock_ns() - load_t0) / 1000000) : 0, load_errors);
}

void sh_load_stop(void)
{
    int i;
    if (!nload)
        return;
    load_stop = 1;
    for (i = 0; i < nload; i++)
        thread_join(load_t[i]);
    load_status();
    nload = 0;
    kprintf("load: stopped\n");
}

int cmd_load(int argc, char **argv)
{
    const char *sub = argc > 1 ? argv[1] : "status";
    if (argc > 2)
        return sh_err("usage: load start|stop|status");
    if (sh_eq(sub, "start"))
        sh_load_start(ncpu);
    else if (sh_eq(sub, "stop"))
        nload ? sh_load_stop() : (void)sh_err("the load is not running");
    else if (sh_eq(sub, "status"))
        nload ? load_status() : (void)kprintf("load: not running (load start)\n");
    else
        return sh_err("unknown subcommand 'load %s' (start stop status)", sub);
    return 0;
}

/* ---- torture: any scenario, in the shell's own thread -------------------- */

extern const struct kscenario __kscenario_start[], __kscenario_end[];
static volatile int watch_done, watch_key;

static void keywatch(void *arg)
{
    (void)arg;
    while (!watch_done) {
        if (uart_getc() >= 0 && !watch_key) {
            watch_key = 1;
            scenario_stop = 1;
            kprintf("key pressed: stopping\n");
        }
        thread_sleep_ns(20000000);
    }
}

int cmd_torture(int argc, char **argv)
{
    const struct kscenario *s;
    uint32_t ms = (uint32_t)param_duration_ms;
    bool force = argc > 2 && sh_eq(argv[argc - 1], "force");
    if (argc == 1) {
        for (s = __kscenario_start; s < __kscenario_end; s++)
            kprintf("  %-22s %s\n", s->name, s->help);
        return 0;
    }
    for (s = __kscenario_start; s < __kscenario_end && !sh_eq(s->name, argv[1]); s++)
        ;
    if (s == __kscenario_end)
        return sh_err("unknown scenario '%s' (torture lists them)", argv[1]);
    if (argc > 2 + force && (sh_parse_num(argv[2], &ms) || ms < 1 || ms > 3600000))
        return sh_err("duration wants 1 to 3600000 ms, got '%s'", argv[2]);
    if (argc > 3 + force)
        return sh_err("usage: torture NAME [ms] [force]");
    if (sh_eq(s->name, "shell"))
        return sh_err("this is the shell");
    if (!force && (sh_eq(s->name, "sched-stack-overflow") || sh_eq(s->name, "smp-stall"))) {
        kprintf("refused: %s ends the run on purpose (a negative control); add force to run it\n", s->name);
        return -1;
    }
    if (kprobe_count())
        kprintf("torture: note: %d probe%s registered; a scenario that counts hits may see them\n",
                kprobe_count(), kprobe_count() > 1 ? "s are" : " is");
    return sh_run_scenario(s, ms, "torture");
}

const struct kscenario *sh_scenario(const char *name)
{
    const struct kscenario *s;
    for (s = __kscenario_start; s < __kscenario_end; s++)
        if (sh_eq(s->name, name))
            return s;
    return NULL;
}

/* A landing check fails without -singlestep (too few native interrupts or
 * preemptions where it looks): say so and how to run it. */
static void sh_landing_hint(const char *why)
{
    if (!sh_prefix(why, "landing:"))
        return;
    kprintf("torture: hint: the landing check needs the interrupts of QEMU -singlestep; "
            "`set landing=report` only reports it, or run `make shell MODE=singlestep`\n");
}

/* Run s in this thread with duration= ms; a key (keywatch) sets scenario_stop. */
int sh_run_scenario(const struct kscenario *s, uint32_t ms, const char *tag)
{
    static char why[160];
    struct thread *kw;
    int saved = param_duration_ms, r;
    bool given = param_duration_given;
    uint64_t t0;
    param_duration_ms = (int)ms;
    param_duration_given = true;
    scenario_stop = watch_done = watch_key = 0;
    why[0] = 0;
    watch_done = sh_eq(s->name, "smp-boot");   /* it reads the serial port itself (IRQ4 check) */
    if (!(kw = thread_create("keywatch", keywatch, NULL, CPUMASK_ALL)))
        return sh_err("out of memory");
    if (sh_eq(tag, "torture"))
        kprintf("torture: %s for %u ms (duration=), a key stops it\n", s->name, ms);
    t0 = clock_ns();
    r = s->run(why, sizeof why);
    watch_done = 1;
    thread_join(kw);
    param_duration_ms = saved;
    param_duration_given = given;
    scenario_stop = 0;
    if (r)
        sh_failed_runs++;
    kprintf("%s: %s ended after %u ms: %s%s%s%s\n", tag, s->name, (uint32_t)((clock_ns() - t0) / 1000000),
            r ? "FAILURE (" : "SUCCESS", r ? (why[0] ? why : "failed") : "", r ? ")" : "",
            watch_key ? " (stopped by a key)" : "");
    if (r)
        sh_landing_hint(why);
    return r ? -1 : 0;
}

/* ---- set: boot parameters ------------------------------------------------ */

extern const struct kparam __kparam_start[], __kparam_end[];
static const char *const boot_only[] = { "scenario", "cpus", "hz", "discovery", "acpi_dump", "watchdog",
                                         "preempt", "shell_load", 0 };
/* Negative controls: any other value breaks the kernel on purpose. */
static const struct { const char *key, *safe; } controls[] = {
    { "sched_bug", "none" }, { "ipi_bug", "none" }, { "poke", "bypass" }, { "int3_refs", "wait" }, { 0, 0 },
};

static void param_show(const struct kparam *p)
{
    const char *c;
    int i;
    kprintf("  %-16s ", p->name);
    if (p->type == KP_INT) {
        kprintf("%d", *(int *)p->ptr);
    } else if (p->type == KP_STR) {
        kprintf("%s", (char *)p->ptr);
    } else if (*(int *)p->ptr < 0) {
        kprintf("(default)");
    } else {
        for (c = p->choices, i = *(int *)p->ptr; *c && i; c++)
            i -= *c == '|';
        while (*c && *c != '|')
            kprintf("%c", *c++);
    }
    kprintf("    %s%s%s\n", p->help, p->type == KP_ENUM ? ": " : "", p->type == KP_ENUM ? p->choices : "");
}

int cmd_set(int argc, char **argv)
{
    const struct kparam *p;
    const char *v = NULL;
    char err[200];
    bool force = argc == 3 && sh_eq(argv[2], "force");
    int i;
    if (argc == 1) {
        for (p = __kparam_start; p < __kparam_end; p++)
            param_show(p);
        return 0;
    }
    if (argc > 3 || (argc == 3 && !force))
        return sh_err("usage: set key=value [force]");
    for (p = __kparam_start; p < __kparam_end && !(v = sh_kv(argv[1], p->name)); p++)
        ;
    if (p == __kparam_end)
        return sh_err("unknown parameter in '%s' (set lists them; the form is key=value)", argv[1]);
    for (i = 0; boot_only[i]; i++)
        if (sh_eq(p->name, boot_only[i]))
            return sh_err("%s= takes effect only at boot", p->name);
    for (i = 0; controls[i].key; i++)
        if (!force && sh_eq(p->name, controls[i].key) && !sh_eq(v, controls[i].safe)) {
            kprintf("refused: %s=%s is a negative control (breaks the kernel on purpose); add force\n", p->name, v);
            return -1;
        }
    if (!force && sh_eq(p->name, "djprobe") && dj_strategy_parse(v) > 0 && sh_strategy_broken(dj_strategy_parse(v))) {
        kprintf("refused: djprobe=%s is a negative control (%s); add force\n", v,
                sh_strategy_why(dj_strategy_parse(v)));
        return -1;
    }
    if (param_apply(argv[1], p, 1, err, sizeof err))
        return sh_err("%s", err);
    param_show(p);
    return 0;
}

int sh_param_set(const char *kv, struct sh_param_save *sv)
{
    const struct kparam *p;
    char err[200];
    for (p = __kparam_start; p < __kparam_end && !sh_kv(kv, p->name); p++)
        ;
    if (p == __kparam_end)
        return sh_err("no parameter for '%s'", kv);
    if (p->type == KP_STR && (size_t)p->max > sizeof sv->raw)
        return sh_err("%s= is too long to save", p->name);
    sv->p = p;
    kmemcpy(sv->raw, p->ptr, p->type == KP_STR ? (size_t)p->max : sizeof(int));
    if (param_apply(kv, p, 1, err, sizeof err))
        return sh_err("%s", err);
    return 0;
}

void sh_param_restore(struct sh_param_save *sv)
{
    const struct kparam *p = sv->p;
    kmemcpy(p->ptr, sv->raw, p->type == KP_STR ? (size_t)p->max : sizeof(int));
}
