build2/tests/kernel/djprobe_torture_targets.o: \
 tests/kernel/djprobe_torture_targets.S kernel/asm.h
kernel/asm.h:
