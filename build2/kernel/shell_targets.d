build2/kernel/shell_targets.o: kernel/shell_targets.S kernel/asm.h
kernel/asm.h:
