/* Shell commands that look at the machine: threads (state, CPU, switches,
 * symbolized saved EIP and a frame-pointer backtrace read from the thread's
 * own stack, bounds-checked), cpus (what each runs, sampled by a cross-CPU
 * call) and stats (int3, text_poke, jump optimizer, slots, heap). */
#include "kernel/shell/shell.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/trap.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"
#include "kernel/ipi.h"
#include "kernel/sched.h"
#include "kernel/uart.h"
#include "patch/int3.h"
#include "patch/kretprobe.h"
#include "patch/poke.h"
#include "patch/slot.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"

#define NSNAP 64

struct tsnap {
    int tid, state, cpu;
    bool idle, preempted, self;
    char name[20];
    uint32_t eip, ebp, esp, lo, hi, nv, niv;   /* esp: a preempted thread's interrupted ESP */
};
static struct tsnap snap[NSNAP];
static int nsnap, nlost;

/* Registry lock held, interrupts off: copy, call nothing. */
static void snap_one(struct thread *t, void *arg)
{
    struct tsnap *s;
    int i;
    (void)arg;
    if (nsnap == NSNAP) {
        nlost++;
        return;
    }
    s = &snap[nsnap++];
    s->tid = t->tid;
    for (i = 0; i < 19 && t->name[i]; i++)
        s->name[i] = t->name[i];
    s->name[i] = 0;
    s->state = t->state;
    s->cpu = t->cpu;
    s->idle = t->is_idle;
    s->self = t == thread_current();
    s->preempted = t->tf != NULL;
    s->eip = t->tf ? t->tf->eip : t->saved_eip;
    s->ebp = t->tf ? t->tf->ebp : t->saved_esp;     /* sched_block saves its frame pointer */
    s->esp = t->tf ? (uint32_t)(&t->tf->eflags + 1) : 0;
    s->lo = t->stack_lo;
    s->hi = t->stack_hi;
    s->nv = t->nvcsw;
    s->niv = t->nivcsw;
}

static const char *state_name(int s)
{
    static const char *const n[] = { "?", "runnable", "running", "sleeping", "zombie" };
    return s >= TS_RUNNABLE && s <= TS_ZOMBIE ? n[s] : n[0];
}

/* Frame-pointer walk over a stack that may change under us: every frame
 * must lie inside the thread's stack, above the last one, and be mapped. */
static void backtrace(const struct tsnap *s, int max)
{
    char sym[96];
    uint32_t ebp = s->ebp, ret;
    int i, k = 0;
    /* preempted on a return probe's trampoline's first instruction: its ret
     * popped the real return address, now only in the thread's list */
    if (s->preempted && s->eip == (uint32_t)kretprobe_trampoline && (ret = kretprobe_popped(s->esp))) {
        ksym_format(ret - 1, sym, sizeof sym);
        kprintf("%46s#%d %08x %s\n", "", k++, ret, sym);
    }
    for (i = 0; i < max; i++) {
        if (ebp < s->lo || ebp + 8 > s->hi || (ebp & 3) || !mem_is_mapped(ebp, 8))
            return;
        ret = ((uint32_t *)ebp)[1];
        if (!ret)
            return;
        ret = kretprobe_recover(ebp + 4, ret);     /* behind a return probe's trampoline */
        ksym_format(ret - 1, sym, sizeof sym);
        if (i || ret != s->eip)         /* sched_block's frame: its return is the saved EIP */
            kprintf("%46s#%d %08x %s\n", "", k++, ret, sym);
        if (((uint32_t *)ebp)[0] <= ebp)
            return;
        ebp = ((uint32_t *)ebp)[0];
    }
}

int cmd_threads(int argc, char **argv)
{
    char sym[96];
    uint32_t tid = 0;
    bool one = argc == 2, found = false;
    int i;
    if (argc > 2)
        return sh_err("usage: threads [NAME|TID]");
    if (one && sh_parse_num(argv[1], &tid))
        tid = 0;
    nsnap = nlost = 0;
    thread_foreach(snap_one, NULL);
    for (i = 0; one && i < nsnap; i++)
        found |= tid ? snap[i].tid == (int)tid : sh_eq(snap[i].name, argv[1]);
    if (one && !found)
        return sh_err("no thread '%s' (threads lists them)", argv[1]);
    kprintf(" tid name                 state     cpu  vol/invol  saved EIP\n");
    for (i = 0; i < nsnap; i++) {
        struct tsnap *s = &snap[i];
        bool bt = s->state != TS_RUNNING && (!s->idle || one);
        if (one && !(tid ? s->tid == (int)tid : sh_eq(s->name, argv[1])))
            continue;
        ksym_format(s->eip, sym, sizeof sym);
        kprintf("%4d %-20s %-9s %3d %6u/%-5u ", s->tid, s->name, state_name(s->state), s->cpu, s->nv, s->niv);
        if (s->self)
            kprintf("(this shell)\n");
        else if (s->state == TS_RUNNING)
            kprintf("(running)\n");
        else
            kprintf("%08x %s%s\n", s->eip, sym, s->preempted ? " (preempted)" : "");
        if (bt && !s->self)
            backtrace(s, one ? 16 : 5);
    }
    if (nlost)
        kprintf("(%d more threads not shown)\n", nlost);
    return 0;
}

static struct { uint32_t eip; int depth; bool done; char name[20]; } sample[NCPU_MAX];

/* On each CPU, interrupts off: the thread it runs and where the call
 * interrupted it (the outermost interrupt's EIP). */
static void cpu_sample(void *arg)
{
    struct cpu *c = mycpu();
    int k;
    (void)arg;
    for (k = 0; c->thread && k < 19 && c->thread->name[k]; k++)
        sample[c->id].name[k] = c->thread->name[k];
    sample[c->id].name[k] = 0;
    sample[c->id].depth = c->irq_depth;
    sample[c->id].eip = c->irq_depth ? c->intr_eip : 0;
    sample[c->id].done = true;
}

int cmd_cpus(int argc, char **argv)
{
    char sym[96];
    int i;
    (void)argv;
    if (argc != 1)
        return sh_err("usage: cpus");
    for (i = 0; i < NCPU_MAX; i++)
        sample[i].done = false;
    smp_call_all(cpu_sample, NULL, true);
    kprintf("cpu apic thread               runq    ticks switches  where (sampled now)\n");
    for (i = 0; i < ncpu; i++) {
        kprintf("%3d %4u %-20s %4d %8u %8u  ", i, cpus[i].apic_id, sample[i].done ? sample[i].name : "?",
                sched_nr_running(i), cpus[i].ticks, cpus[i].nr_switches);
        if (i == cpu_id())
            kprintf("(this shell)\n");
        else if (!sample[i].done)
            kprintf("(did not answer)\n");
        else if (!sample[i].depth)
            kprintf("(served the call while waiting for other CPUs)\n");
        else {
            ksym_format(sample[i].eip, sym, sizeof sym);
            kprintf("%08x %s\n", sample[i].eip, sym);
        }
    }
    return 0;
}

int cmd_stats(int argc, char **argv)
{
    struct int3_stats st;
    const struct djprobe_stats *d = &djprobe_stats;
    (void)argv;
    if (argc != 1)
        return sh_err("usage: stats");
    int3_stats_sum(&st);
    kprintf("int3: hits %u stepped %u emulated %u vanished %u; probes registered %d\n", (uint32_t)st.hits,
            (uint32_t)st.stepped, (uint32_t)st.emulated, (uint32_t)st.vanished, kprobe_count());
    kprintf("text_poke: batches %u sites %u core syncs %u\n", (uint32_t)poke_stats.batches,
            (uint32_t)poke_stats.sites, (uint32_t)poke_stats.syncs);
    kprintf("djprobe: batches %u optimized %u unoptimized %u forced %u refused %u deferred %u retries %u\n",
            d->batches, d->optimized, d->unoptimized, d->forced, d->refused, d->deferred, d->retries);
    kprintf("djprobe: commits %u commit syncs %u buffers freed %u; found inside: eip %u stack %u "
            "(false positives %u) tasks waits %u\n", d->commits, d->commit_syncs, d->buffers_freed,
            d->ip_hits, d->stack_hits, d->false_pos, d->tasks_waits);
    kprintf("memory: slots in use %d, heap %u bytes, free pages %u; threads %d\n", slot_in_use(), kheap_used(),
            palloc_free_count(), thread_count());
    kprintf("serial: rx interrupts %u, ring full (input held in the FIFO) %u, dropped %u\n", uart_rx_irqs,
            uart_rx_throttled, uart_rx_dropped);
    return 0;
}
