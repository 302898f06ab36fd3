/* Self-tests of the handler records (.trapreg, kernel/trap.h): the link-time
 * no-probe check knows every registered handler only if nothing registers
 * one without its record.  The manual test must panic naming the rule. */
#include "kernel/ktest.h"
#include "kernel/trap.h"

static bool trapreg_unrecorded(struct trapframe *tf) { (void)tf; return false; }

KTEST_MANUAL(trapreg_unrecorded)
{
    struct trapreg forged = { 0xE1, (uint32_t)trapreg_unrecorded };
    trap_handler_add(0xE1, trapreg_unrecorded, &forged);   /* not in .trapreg: panics */
    KEXPECT(0);
}
