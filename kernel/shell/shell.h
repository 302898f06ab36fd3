/* Interactive shell on the serial console (scenario=shell, `make shell`):
 * the command table and helpers shared by the files of kernel/shell/.  A
 * command gets argv split on blanks and returns 0, or -1 after printing one
 * line that starts with "error:" or "refused:". */
#ifndef SHELL_H
#define SHELL_H
#include "kernel/types.h"

#define SH_MAXARGS 16

struct shell_cmd {
    const char *name, *usage, *help;
    int (*fn)(int argc, char **argv);
    const char *const *subs;            /* subcommands or keywords for completion */
};
extern const struct shell_cmd shell_cmds[];

int sh_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));      /* "error: ..." */
bool sh_eq(const char *a, const char *b);
bool sh_prefix(const char *s, const char *prefix);
int sh_parse_num(const char *s, uint32_t *v);        /* 0x1f, 31, or 8 hex digits */
/* "sym", "sym+off" or an address: 0 and *addr, or -1 after an error line. */
int sh_parse_site(const char *s, uint32_t *addr);
/* The optimizer's info lines repeat what the shell prints: hold them back
 * (loglevel warn) around a probe change; sh_loud restores the level. */
int sh_quiet(void);
void sh_loud(int level);
/* Wait up to ms for a key (consumed); true if one came. */
bool sh_wait_key(uint32_t ms);
/* A key=value argument: the value if s is "key=..." (else NULL). */
const char *sh_kv(const char *s, const char *key);

/* kernel/shell/site.c: may a probe go at addr, and may it be jump-optimized
 * under strategy (DJS_*, 0: boot default)?  Text lock taken inside. */
struct sh_verdict {
    bool int3_ok, jump_ok;
    const char *int3_hz, *jump_hz;
    uint32_t len;                       /* jump region length when jump_ok */
    char int3_why[128], jump_why[160];
};
void sh_judge(uint32_t addr, int strategy, struct sh_verdict *v);
struct kprobe;
/* A registered probe's optimized region and buffer (0 if none). */
void sh_probe_region(struct kprobe *p, uint32_t *lo, uint32_t *hi, uint32_t *buf);
bool sh_strategy_broken(int strategy);  /* a negative control: no stack or tasks check */
bool sh_strategy_analyses(int strategy);   /* judges regions (else blind copy) */
const char *sh_strategy_why(int strategy);
int sh_boot_strategy(void);             /* djprobe= as DJS_* */
void sh_set_boot_strategy(int strategy);

/* kernel/shell/probe.c */
bool sh_probe_log_flush(bool newline);  /* print pending register logs */
void sh_probe_cleanup(void);            /* remove every shell probe */
void sh_site_name(uint32_t addr, char *buf, size_t n);   /* "sym+0x3" */

/* Targets `call` may run, with a model of each result (NULL name ends). */
struct sh_target {
    const char *name;
    int (*fn)(int x);
    uint32_t (*model)(uint32_t x);
};
extern const struct sh_target sh_targets[];
/* kernel/shell/targets.S and kernel/shell/matrix.c */
int sh_add(int x);
int sh_sum(int n);
int sh_mid_call(int (*fn)(void));
extern char sh_mid_call_nop[];
int sh_callee(void);                    /* 41; the parked thread sleeps in it */

/* Commands, one file per group. */
int cmd_probe(int argc, char **argv);
int cmd_watch(int argc, char **argv);
int cmd_call(int argc, char **argv);
int cmd_dis(int argc, char **argv);
int cmd_sym(int argc, char **argv);
int cmd_threads(int argc, char **argv);
int cmd_cpus(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_load(int argc, char **argv);
int cmd_torture(int argc, char **argv);
int cmd_set(int argc, char **argv);
int cmd_matrix(int argc, char **argv);
int cmd_park(int argc, char **argv);
int cmd_strategies(int argc, char **argv);
int cmd_ps(int argc, char **argv);       /* kernel/shell/user.c */
int cmd_run(int argc, char **argv);
int cmd_uprobe(int argc, char **argv);   /* kernel/shell/uprobe.c */
int cmd_lp(int argc, char **argv);       /* kernel/shell/lp.c */
int cmd_retprobe(int argc, char **argv); /* kernel/shell/retprobe.c */
void sh_uprobe_list(bool quiet_if_none);
struct kscenario;
/* Run s in the shell's thread with duration= ms; tag starts its lines. */
int sh_run_scenario(const struct kscenario *s, uint32_t ms, const char *tag);
const struct kscenario *sh_scenario(const char *name);
/* A boot parameter set for one run (key=value) and put back after. */
struct kparam;
struct sh_param_save {
    const struct kparam *p;
    char raw[128];
};
int sh_param_set(const char *kv, struct sh_param_save *sv);   /* 0, or -1 after an error line */
void sh_param_restore(struct sh_param_save *sv);
void sh_load_start(int n);              /* shell_load= at boot */
void sh_load_stop(void);
extern int sh_failed_runs;              /* scenario runs from the shell that failed (strict=1: the verdict) */
#endif
