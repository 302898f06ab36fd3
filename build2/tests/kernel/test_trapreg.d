build2/tests/kernel/test_trapreg.o: tests/kernel/test_trapreg.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/trap.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/trap.h:
