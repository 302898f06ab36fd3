build2/kernel/unwind_regs.o: kernel/unwind_regs.S kernel/asm.h
kernel/asm.h:
