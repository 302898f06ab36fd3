build2/kernel/fixup_asm.o: kernel/fixup_asm.S kernel/asm.h
kernel/asm.h:
