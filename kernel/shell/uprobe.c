/* Shell commands for user probes: uprobe add PROGRAM:SYMBOL[+off] or
 * PROGRAM:0xADDR, uprobe remove ID|all, uprobe list (also under `probes`).
 * The built-in handler counts hits and remembers the last process and EIP. */
#include "kernel/shell/shell.h"
#include "kernel/proc.h"
#include "kernel/trap.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "patch/uprobe.h"

#define SH_NUPROBE 8
struct sh_uprobe {
    struct uprobe u;
    char spec[48];                    /* prog\0symbol\0 (u.prog, u.symbol point here) */
    volatile int last_pid;
    volatile uint32_t last_eax;
};
static struct sh_uprobe *ups[SH_NUPROBE];

static int sh_upre(struct uprobe *u, struct trapframe *tf, struct proc *p)
{
    struct sh_uprobe *s = (struct sh_uprobe *)u;   /* u is the first member */
    s->last_pid = p->pid;
    s->last_eax = tf->eax;
    return 0;
}

void sh_uprobe_list(bool quiet_if_none)
{
    int i, n = 0;
    for (i = 0; i < SH_NUPROBE; i++)
        if (ups[i]) {
            if (!n++)
                kprintf(" id  user site                 address      hits  last pid  eax\n");
            kprintf("u%-2d %-24s %08x %8u  %8d  %08x\n", i + 1, ups[i]->spec, ups[i]->u.addr,
                    ups[i]->u.nhit, ups[i]->last_pid, ups[i]->last_eax);
        }
    if (!n && !quiet_if_none)
        kprintf("no user probes (uprobe add PROGRAM:SYMBOL[+off])\n");
}

/* "prog:sym+off" or "prog:0xaddr" into s. */
static int parse(struct sh_uprobe *s, const char *spec)
{
    char *c, *plus;
    uint32_t v;
    ksnprintf(s->spec, sizeof s->spec, "%s", spec);
    for (c = s->spec; *c && *c != ':'; c++)
        ;
    if (!*c || !c[1])
        return sh_err("want PROGRAM:SYMBOL[+off] or PROGRAM:0xADDR, got '%s'", spec);
    *c = 0;
    s->u.prog = s->spec;
    s->u.symbol = c + 1;
    for (plus = c + 1; *plus && *plus != '+'; plus++)
        ;
    if (*plus) {
        *plus = 0;
        if (sh_parse_num(plus + 1, &v))
            return sh_err("bad offset '%s'", plus + 1);
        s->u.offset = v;
    } else if (c[1] == '0' && c[2] == 'x') {
        if (sh_parse_num(c + 1, &v))
            return sh_err("bad address '%s'", c + 1);
        s->u.symbol = NULL;
        s->u.offset = v;
    }
    return 0;
}

static int add(const char *spec)
{
    struct sh_uprobe *s;
    char err[160];
    int i;
    for (i = 0; i < SH_NUPROBE && ups[i]; i++)
        ;
    if (i == SH_NUPROBE)
        return sh_err("all %d user probes in use (uprobe remove ID)", SH_NUPROBE);
    if (!(s = kzalloc(sizeof *s)))
        return sh_err("out of memory");
    s->u.pre_handler = sh_upre;
    if (parse(s, spec) || uprobe_register(&s->u, err, sizeof err)) {
        if (s->u.prog)
            kprintf("%s%s\n", kmemcmp(err, "refused:", 8) ? "error: " : "", err);
        kfree(s);
        return -1;
    }
    ksnprintf(s->spec, sizeof s->spec, "%s", spec);     /* for display: u.prog and u.symbol pointed */
                                                        /* into it and are needed no more */
    s->u.prog = NULL;
    s->u.symbol = NULL;
    ups[i] = s;
    kprintf("user probe u%d added at %08x\n", i + 1, s->u.addr);
    return 0;
}

static void remove_one(int i)
{
    uprobe_unregister(&ups[i]->u);
    kfree(ups[i]);
    ups[i] = NULL;
}

int cmd_uprobe(int argc, char **argv)
{
    const char *sub = argc > 1 ? argv[1] : "list";
    uint32_t id;
    int i;
    if (sh_eq(sub, "list") && argc <= 2) {
        sh_uprobe_list(false);
        return 0;
    }
    if (argc != 3 || (!sh_eq(sub, "add") && !sh_eq(sub, "remove")))
        return sh_err("usage: uprobe add PROGRAM:SYMBOL[+off] | uprobe remove ID|all | uprobe list");
    if (sh_eq(sub, "add"))
        return add(argv[2]);
    if (sh_eq(argv[2], "all")) {
        for (i = 0; i < SH_NUPROBE; i++)
            if (ups[i])
                remove_one(i);
        return 0;
    }
    if (sh_parse_num(argv[2][0] == 'u' ? argv[2] + 1 : argv[2], &id) || id < 1 || id > SH_NUPROBE ||
        !ups[id - 1])
        return sh_err("no user probe '%s' (uprobe list shows them)", argv[2]);
    remove_one((int)id - 1);
    return 0;
}
