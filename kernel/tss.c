/* Double-fault reporting through a task gate (Intel SDM Vol. 3, 6.15
 * "Interrupt 8", 7.3 task switching).  A kernel stack overflow runs into the
 * unmapped guard page; the #PF cannot push its frame, which raises #DF, and
 * only a task switch gets a fresh stack: the DF task reads the faulting
 * CPU's TSS (found through the back link), reports EIP, ESP, the thread whose
 * guard page was hit and a backtrace, then panics.  One DF task is shared:
 * two CPUs double-faulting at once would find it busy (documented limit). */
#include "kernel/tss.h"
#include "kernel/gdt.h"
#include "kernel/trap.h"
#include "kernel/cpu.h"
#include "kernel/x86.h"
#include "kernel/console.h"
#include "kernel/panic.h"
#include "kernel/ksym.h"
#include "kernel/thread.h"
#include "kernel/entry.h"

static struct tss cpu_tss[NCPU_MAX] ENTRY_DATA;   /* read by user-mode interrupts */
static struct tss df_tss ENTRY_DATA;
static uint8_t df_stack[8192] __attribute__((aligned(16)));

static void __attribute__((noreturn)) df_task(void)
{
    int id = (df_tss.link >> 3) - GDT_TSS;
    struct tss *t;
    struct thread *th;
    bool guard = false;
    char sym[96];
    if (id < 0 || id >= NCPU_MAX)
        id = 0;
    __asm__ volatile("movw %0, %%fs" :: "r"((uint16_t)((GDT_PERCPU + id) << 3)));
    t = &cpu_tss[id];
    ksym_format(t->eip, sym, sizeof sym);
    th = thread_owning_stack(t->esp, &guard);
    console_lock();
    kprintf("\n!!! DOUBLE FAULT on cpu %d thread %s: EIP %08x %s ESP %08x EBP %08x\n",
            id, th ? th->name : "-", t->eip, sym, t->esp, t->ebp);
    if (th && guard)
        kprintf("  kernel stack overflow: ESP is in the guard page below thread %s's stack %08x-%08x\n",
                th->name, th->stack_lo, th->stack_hi);
    panic_describe_addr(t->eip);             /* inside a jump, a buffer, a slot? */
    kprintf("  backtrace:\n   #- %08x %s\n", t->eip, sym);
    backtrace_print(t->ebp, 12);
    console_unlock();
    panic("double fault on cpu %d%s", id, th && guard ? ": kernel stack overflow" : "");
}

void tss_init(void)
{
    df_tss.eip = (uint32_t)df_task;
    df_tss.esp = (uint32_t)(df_stack + sizeof df_stack - 16);
    df_tss.cr3 = read_cr3();
    df_tss.eflags = 0x2;                           /* interrupts off */
    df_tss.cs = SEL_KCODE;
    df_tss.ds = df_tss.es = df_tss.ss = df_tss.gs = SEL_KDATA;
    df_tss.fs = SEL_KDATA;                         /* df_task loads the CPU's %fs */
    df_tss.iomap = sizeof(struct tss);
    gdt_set_system(GDT_DFTSS, (uint32_t)&df_tss, sizeof(struct tss) - 1, 0x89);
    idt_set_task_gate(T_DF, GDT_DFTSS << 3);
}

void tss_init_cpu(int id)
{
    ASSERT(id >= 0 && id < NCPU_MAX && df_tss.eip);
    cpu_tss[id].iomap = sizeof(struct tss);       /* no I/O bitmap: ring 3 gets no port */
    cpu_tss[id].ss0 = SEL_KDATA;                   /* esp0: tss_set_esp0 at each switch */
    gdt_set_system(GDT_TSS + id, (uint32_t)&cpu_tss[id], sizeof(struct tss) - 1, 0x89);
    __asm__ volatile("ltr %0" :: "r"((uint16_t)((GDT_TSS + id) << 3)));
}

/* The stack an interrupt from user mode starts on: the kernel stack of the
 * thread this CPU is about to run (kernel/sched.c, before the switch). */
void tss_set_esp0(int id, uint32_t esp0)
{
    cpu_tss[id].esp0 = esp0;
}
