/* DR6 ownership under nested #DB and NMI (kernel/dr6.c).  Contract with
 * trap(): on vector 1 tf->err is DR6 as the #DB found it (DR6 itself is
 * reset before any handler runs); on vector 2 tf->err is DR6 as the NMI
 * found it, put back when the NMI returns.  SDM Vol. 3, 17.2.3 and 6.9. */
#ifndef DR6_H
#define DR6_H
#include "kernel/types.h"

#define DR6_INIT 0xFFFF0FF0u           /* DR6 with no condition recorded (17.2.3) */
uint32_t dr6_db_enter(void);           /* #DB: read and reset; the value for tf->err */
uint32_t dr6_nmi_enter(void);          /* NMI: save and reset; give it to dr6_nmi_exit */
void dr6_nmi_exit(uint32_t saved);
enum { DR6_BUG_NONE, DR6_BUG_NMI_UNSAVED };
extern int dr6_bug;                    /* boot parameter dr6_bug= (negative control) */
#endif
