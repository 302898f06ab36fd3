build2/tests/kernel/sched_landing.o: tests/kernel/sched_landing.S \
 tests/kernel/regstate.h kernel/asm.h
tests/kernel/regstate.h:
kernel/asm.h:
