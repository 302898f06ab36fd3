/* Ending a run through QEMU's isa-debug-exit device (iobase 0xf4, size 4):
 * writing v makes QEMU exit with status (v << 1) | 1.  The codes below map to
 * statuses 33, 35, 37, 39, 41; none equals QEMU's own error status 1. */
#ifndef QEXIT_H
#define QEXIT_H
enum {
    QEXIT_PASS  = 0x10,   /* status 33: verdict SUCCESS */
    QEXIT_FAIL  = 0x11,   /* status 35: verdict FAILURE (tests/torture failed) */
    QEXIT_PANIC = 0x12,   /* status 37: panic or fatal exception */
    QEXIT_HANG  = 0x13,   /* status 39: external NMI (host runner's timeout) */
    QEXIT_STALL = 0x14,   /* status 41: watchdog found a stalled CPU */
};
void qemu_exit(int code) __attribute__((noreturn));
#endif
