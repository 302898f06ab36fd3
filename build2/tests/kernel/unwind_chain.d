build2/tests/kernel/unwind_chain.o: tests/kernel/unwind_chain.S \
 kernel/asm.h
kernel/asm.h:
