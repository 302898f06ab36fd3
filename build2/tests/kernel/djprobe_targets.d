build2/tests/kernel/djprobe_targets.o: tests/kernel/djprobe_targets.S \
 kernel/asm.h
kernel/asm.h:
