/* Shell command `lp` (patch/livepatch.h): the built-in patches and their
 * state, apply, revert, continue or force a transition, and each thread's
 * universe while one is in progress (Linux shows it in /proc/PID/patch_state). */
#include "kernel/shell/shell.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/ksym.h"
#include "patch/livepatch.h"

static void list(void)
{
    struct lp_patch *p, *t = lp_in_transition();
    int i, k;
    if (!lp_patch_count())
        kprintf("no patches built in\n");
    for (i = 0; (p = lp_patch_at(i)); i++) {
        kprintf("%-18s %-22s model %-9s%s", p->name,
                p == t ? (lp_transition_target() ? "in transition: on" : "in transition: off") :
                p->state == LP_ON ? (p->forced ? "on (forced)" : "on") : "off",
                p->model == LP_MODEL_BOOT ? "(lp_model)" : lp_model_name(p->model), p->replace ? " replace" : "");
        for (k = 0; k < p->nfuncs; k++) {
            const struct ksym *s = ksym_lookup((uint32_t)p->funcs[k].new_fn);
            kprintf("%s %s -> %s", k ? "," : "", p->funcs[k].name, s ? s->name : "?");
        }
        kprintf("\n");
    }
}

static void universe_of(struct thread *t, void *arg)
{
    int target = *(int *)arg, u = lp_thread_universe(t);
    kprintf("  %4d %-20s %-9s%s\n", t->tid, t->name, u ? "patched" : "unpatched",
            u != target && t->state != TS_ZOMBIE ? "  (pending)" : "");
}

static int done(int rc, const char *err)
{
    if (rc < 0)
        return kprintf("refused: %s\n", err), -1;
    if (rc > 0)
        kprintf("in transition: %s\n(lp continue, lp force, or lp revert/apply of the same patch reverses it)\n", err);
    else
        kprintf("done\n");
    return 0;
}

int cmd_lp(int argc, char **argv)
{
    char err[240] = "";
    struct lp_patch *p = NULL;
    const char *m;
    int i, target;
    if (argc < 2 || sh_eq(argv[1], "list"))
        return list(), 0;
    if (sh_eq(argv[1], "threads")) {
        if (!lp_in_transition())
            return kprintf("no transition in progress\n"), 0;
        target = lp_transition_target();
        kprintf("%s in transition to %s; threads:\n", lp_in_transition()->name, target ? "patched" : "unpatched");
        thread_foreach(universe_of, &target);
        return 0;
    }
    if (sh_eq(argv[1], "continue"))
        return done(lp_continue(err, sizeof err), err);
    if (sh_eq(argv[1], "force"))
        return done(lp_force(err, sizeof err), err);
    if ((sh_eq(argv[1], "apply") || sh_eq(argv[1], "revert")) && argc >= 3 && !(p = lp_patch_find(argv[2])))
        return sh_err("no patch named '%s' (lp list)", argv[2]);
    if (!p)
        return sh_err("usage: lp [list] | lp apply NAME [model=M] | lp revert NAME | lp continue | lp force | lp threads");
    if (sh_eq(argv[1], "revert"))
        return done(lp_disable(p, err, sizeof err), err);
    if (argc > 3 && (m = sh_kv(argv[3], "model"))) {
        for (i = 0; i < LP_MODEL_N && !sh_eq(m, lp_model_name(i)); i++)
            ;
        if (i == LP_MODEL_N)
            return sh_err("no model '%s' (kpatch ksplice kgraft livepatch naive)", m);
        if (p->state == LP_OFF && p != lp_in_transition())
            p->model = i;
    }
    return done(lp_enable(p, err, sizeof err), err);
}
