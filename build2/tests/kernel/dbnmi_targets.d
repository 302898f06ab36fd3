build2/tests/kernel/dbnmi_targets.o: tests/kernel/dbnmi_targets.S \
 kernel/asm.h
kernel/asm.h:
