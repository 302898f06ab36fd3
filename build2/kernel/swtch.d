build2/kernel/swtch.o: kernel/swtch.S kernel/asm.h
kernel/asm.h:
