build2/tests/kernel/kprobe_targets.o: tests/kernel/kprobe_targets.S \
 kernel/asm.h
kernel/asm.h:
