build2/tests/kernel/bench_targets.o: tests/kernel/bench_targets.S \
 kernel/asm.h
kernel/asm.h:
