build2/tests/kernel/poke_targets.o: tests/kernel/poke_targets.S \
 kernel/asm.h
kernel/asm.h:
