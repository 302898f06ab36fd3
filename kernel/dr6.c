/* DR6 ownership under nesting (Intel SDM Vol. 3, 17.2.3: the processor never
 * clears DR6; 6.9: a single-step #DB trap is delivered before a pending NMI,
 * which then interrupts the #DB handler's first instruction, before any code
 * can read DR6).  So #DB reads and resets DR6 first thing in trap(), and an
 * NMI saves and resets it on entry and puts it back on exit: a #DB nested in
 * the NMI sees only its own condition, the interrupted #DB finds its own. */
#include "kernel/dr6.h"
#include "kernel/x86.h"
#include "kernel/param.h"
#include "kernel/noprobe.h"

int dr6_bug = DR6_BUG_NONE;
KPARAM_ENUM("dr6_bug", dr6_bug, "none|nmi_unsaved",
            "negative control: nmi_unsaved leaves DR6 to an NMI's own #DBs (a step's #DB is lost)");

NOPROBE uint32_t dr6_db_enter(void)
{
    uint32_t v = read_dr6();
    write_dr6(DR6_INIT);
    return v;
}

NOPROBE uint32_t dr6_nmi_enter(void)
{
    uint32_t v = read_dr6();
    if (dr6_bug != DR6_BUG_NMI_UNSAVED)
        write_dr6(DR6_INIT);
    return v;
}

NOPROBE void dr6_nmi_exit(uint32_t saved)
{
    if (dr6_bug != DR6_BUG_NMI_UNSAVED)     /* BUG on purpose when set */
        write_dr6(saved);
}
