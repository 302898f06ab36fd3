build2/tests/kernel/hazard_targets.o: tests/kernel/hazard_targets.S \
 kernel/asm.h
kernel/asm.h:
