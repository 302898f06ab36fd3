/* Self-tests of the tasks-RCU rule for idle threads (patch/quiesce.c): an
 * idle thread is quiescent switched out voluntarily or stopped right after
 * its hlt (kernel/idle.S), not merely because it is off the CPU: preempted
 * anywhere else in its loop it may be inside a region. */
#include "kernel/ktest.h"
#include "kernel/thread.h"
#include "kernel/sched.h"
#include "kernel/trap.h"
#include "kernel/cpu.h"
#include "kernel/mem.h"
#include "patch/djprobe_int.h"

KTEST(tasksrcu_idle_quiet_only_after_hlt)
{
    struct thread t;
    struct trapframe tf;
    kmemset(&t, 0, sizeof t);
    kmemset(&tf, 0, sizeof tf);
    t.is_idle = true;
    t.cpu = NCPU_MAX - 1;                 /* no such CPU online: t is not running */
    KASSERT(!cpus[t.cpu].online);
    t.state = TS_RUNNABLE;
    KEXPECT(quiesce_quiet_now(&t));       /* switched out voluntarily */
    t.tf = &tf;
    tf.eip = (uint32_t)idle_halt_ret;
    KEXPECT(quiesce_quiet_now(&t));       /* preempted right after its hlt */
    tf.eip = (uint32_t)sched_idle_loop + 1;
    KEXPECT(!quiesce_quiet_now(&t));      /* preempted elsewhere in its loop */
    t.is_idle = false;
    tf.eip = (uint32_t)idle_halt_ret;
    KEXPECT(!quiesce_quiet_now(&t));      /* an ordinary preempted thread never is */
}
