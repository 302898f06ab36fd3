build2/tests/kernel/test_probe_read.o: tests/kernel/test_probe_read.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/fixup.h \
 kernel/plog.h kernel/console.h kernel/mem.h kernel/thread.h \
 kernel/spinlock.h patch/kprobe.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/fixup.h:
kernel/plog.h:
kernel/console.h:
kernel/mem.h:
kernel/thread.h:
kernel/spinlock.h:
patch/kprobe.h:
