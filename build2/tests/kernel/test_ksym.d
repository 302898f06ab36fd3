build2/tests/kernel/test_ksym.o: tests/kernel/test_ksym.c kernel/ktest.h \
 kernel/types.h kernel/noprobe.h kernel/ksym.h kernel/fmt.h kernel/mem.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/ksym.h:
kernel/fmt.h:
kernel/mem.h:
