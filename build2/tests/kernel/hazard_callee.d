build2/tests/kernel/hazard_callee.o: tests/kernel/hazard_callee.c \
 tests/kernel/hazard.h kernel/types.h kernel/noprobe.h patch/djprobe.h \
 patch/djprobe_fsm.h tests/kernel/hazard_park.h tests/kernel/dj_targets.h \
 patch/kprobe.h kernel/ksym.h kernel/thread.h kernel/spinlock.h \
 kernel/mem.h kernel/cpu.h
tests/kernel/hazard.h:
kernel/types.h:
kernel/noprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
tests/kernel/hazard_park.h:
tests/kernel/dj_targets.h:
patch/kprobe.h:
kernel/ksym.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/mem.h:
kernel/cpu.h:
