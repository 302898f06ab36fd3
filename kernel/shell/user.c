/* Shell commands for user space: ps (the process table) and run (start a
 * built-in program, wait for it unless '&').  kernel/proc.h, kernel/uprog.h. */
#include "kernel/shell/shell.h"
#include "kernel/proc.h"
#include "kernel/uprog.h"
#include "kernel/uvm.h"
#include "kernel/uspace.h"
#include "kernel/trap.h"
#include "kernel/clock.h"
#include "kernel/console.h"
#include "kernel/fmt.h"

static void ps_one(struct proc *p, void *arg)
{
    struct thread *t = p->thread;
    (void)arg;
    kprintf("%4d %-10s %-7s %4d %6u %7u %6u/%-5u %6u ms%s\n", p->pid, p->name,
            p->state == P_ZOMBIE ? "zombie" : p->killed ? "killed" : "run", p->parent ? p->parent->pid : 0,
            uvm_user_pages(p->pgdir), p->nsyscalls, t ? t->nvcsw : 0, t ? t->nivcsw : 0,
            (uint32_t)((clock_ns() - p->start_ns) / 1000000), p->detached ? " (detached)" : "");
}

int cmd_ps(int argc, char **argv)
{
    (void)argv;
    if (argc != 1)
        return sh_err("usage: ps");
    kprintf("uspace=%s: %d processes, %u system calls, %u killed so far\n",
            uspace_layout == USPACE_SPLIT ? "split" : "shared", proc_count(), uspace_nsyscalls,
            uspace_nkills);
    kprintf(" pid program    state   ppid  pages syscalls  vol/invol   age\n");
    proc_foreach(ps_one, NULL);
    return 0;
}

static void list_programs(void)
{
    int i;
    kprintf("programs:");
    for (i = 0; i < nuprogs; i++)
        kprintf(" %s", uprogs[i].name);
    kprintf("\n");
}

/* run PROGRAM [ARG] [&] */
int cmd_run(int argc, char **argv)
{
    bool bg = argc > 1 && sh_eq(argv[argc - 1], "&");
    uint32_t arg = 0;
    char err[96];
    struct proc *p;
    int code, pid;
    if (bg)
        argc--;
    if (argc < 2 || argc > 3 || (argc == 3 && sh_parse_num(argv[2], &arg))) {
        list_programs();
        return sh_err("usage: run PROGRAM [ARG] [&]");
    }
    if (!(p = proc_spawn(argv[1], arg, NULL, bg, CPUMASK_ALL, err, sizeof err))) {
        list_programs();
        return sh_err("%s", err);
    }
    if (bg) {
        kprintf("%s started: pid %d (detached)\n", p->name, p->pid);
        return 0;
    }
    pid = p->pid;
    code = proc_wait(p);                 /* p is free from here on */
    if (code <= PROC_KILLED(0) && code > PROC_KILLED(32))
        kprintf("%s (pid %d) killed by %s\n", argv[1], pid, trap_name(PROC_KILLED(0) - code));
    else
        kprintf("%s (pid %d) exited with code %d\n", argv[1], pid, code);
    return 0;
}
