build2/kernel/idle.o: kernel/idle.S kernel/asm.h
kernel/asm.h:
