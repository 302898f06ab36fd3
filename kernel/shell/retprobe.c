/* Shell commands for return probes (patch/kretprobe.h): retprobe add FUNC
 * [optimize] [sites], retprobe remove ID|all, retprobe list.  The built-in
 * handler remembers the last return value; the list shows entries, returns
 * and misses (docs/retprobes.md). */
#include "kernel/shell/shell.h"
#include "kernel/trap.h"
#include "kernel/console.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "patch/kretprobe.h"
#include "patch/djprobe.h"

#define SH_NRETPROBE 8
struct sh_retprobe {
    struct kretprobe rp;              /* first: the handler's rp is the whole */
    char func[40];
    volatile uint32_t last_eax;
};
static struct sh_retprobe *rps[SH_NRETPROBE];

static void sh_ret(struct kretprobe *rp, struct kretprobe_instance *ri, struct trapframe *tf)
{
    (void)ri;
    ((struct sh_retprobe *)rp)->last_eax = tf->eax;
}

static void list(void)
{
    int i, n = 0;
    for (i = 0; i < SH_NRETPROBE; i++) {
        struct kretprobe *rp = rps[i] ? &rps[i]->rp : NULL;
        if (!rp)
            continue;
        if (!n++)
            kprintf(" id  function             kind  entry        entries  returns  missed  last eax\n");
        kprintf("r%-2d %-20s %-5s %-10s %9u %8u %7u  %08x\n", i + 1, rps[i]->func,
                rp->kind == KRETPROBE_RET_SITES ? "sites" : "stack",
                kprobe_opt_state(&rp->kp) == DJ_OPTIMIZED ? "optimized" : "int3", rp->nentry, rp->nreturn, rp->nmissed,
                rps[i]->last_eax);
    }
    if (!n)
        kprintf("no return probes (retprobe add FUNC [optimize] [sites])\n");
}

static int add(int argc, char **argv)
{
    struct sh_retprobe *s;
    char err[160];
    int i, k;
    for (i = 0; i < SH_NRETPROBE && rps[i]; i++)
        ;
    if (i == SH_NRETPROBE)
        return sh_err("all %d return probes in use (retprobe remove ID)", SH_NRETPROBE);
    if (!(s = kzalloc(sizeof *s)))
        return sh_err("out of memory");
    ksnprintf(s->func, sizeof s->func, "%s", argv[2]);
    s->rp.kp.symbol = s->func;
    for (k = 0; s->func[k] && s->func[k] != '+'; k++)
        ;
    if (s->func[k]) {                      /* FUNC+OFF: refused, but says why */
        s->func[k] = 0;
        if (sh_parse_num(s->func + k + 1, &s->rp.kp.offset))
            return kfree(s), sh_err("bad offset '%s'", argv[2] + k + 1);
    }
    s->rp.handler = sh_ret;
    for (k = 3; k < argc; k++) {
        if (sh_eq(argv[k], "optimize"))
            s->rp.kp.flags |= KPROBE_OPTIMIZE;
        else if (sh_eq(argv[k], "sites"))
            s->rp.kind = KRETPROBE_RET_SITES;
        else
            return kfree(s), sh_err("unknown word '%s' (optimize, sites)", argv[k]);
    }
    if (kretprobe_register(&s->rp, err, sizeof err)) {
        kprintf("error: %s\n", err);
        kfree(s);
        return -1;
    }
    rps[i] = s;
    kprintf("return probe r%d added at %08x\n", i + 1, s->rp.kp.addr);
    return 0;
}

static void remove_one(int i)
{
    kretprobe_unregister(&rps[i]->rp);
    kfree(rps[i]);
    rps[i] = NULL;
}

int cmd_retprobe(int argc, char **argv)
{
    const char *sub = argc > 1 ? argv[1] : "list";
    uint32_t id;
    int i;
    if (sh_eq(sub, "list") && argc <= 2)
        return list(), 0;
    if (sh_eq(sub, "add") && argc >= 3 && argc <= 5)
        return add(argc, argv);
    if (!sh_eq(sub, "remove") || argc != 3)
        return sh_err("usage: retprobe add FUNC [optimize] [sites] | retprobe remove ID|all | retprobe list");
    if (sh_eq(argv[2], "all")) {
        for (i = 0; i < SH_NRETPROBE; i++)
            if (rps[i])
                remove_one(i);
        return 0;
    }
    if (sh_parse_num(argv[2][0] == 'r' ? argv[2] + 1 : argv[2], &id) || id < 1 || id > SH_NRETPROBE ||
        !rps[id - 1])
        return sh_err("no return probe '%s' (retprobe list shows them)", argv[2]);
    remove_one((int)id - 1);
    return 0;
}
