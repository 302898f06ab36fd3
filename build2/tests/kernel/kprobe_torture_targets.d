build2/tests/kernel/kprobe_torture_targets.o: \
 tests/kernel/kprobe_torture_targets.S tests/kernel/regstate.h \
 kernel/asm.h
tests/kernel/regstate.h:
kernel/asm.h:
