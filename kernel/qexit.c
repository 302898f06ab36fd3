/* Run termination through isa-debug-exit (see qexit.h).  Without the device
 * (real hardware, or QEMU started by hand) the CPU halts with interrupts off. */
#include "kernel/qexit.h"
#include "kernel/types.h"
#include "kernel/x86.h"

void qemu_exit(int code)
{
    outl(0xf4, (uint32_t)code);
    for (;;) { cli(); hlt(); }
}
