build2/tests/kernel/test_mem.o: tests/kernel/test_mem.c kernel/ktest.h \
 kernel/types.h kernel/noprobe.h kernel/mem.h kernel/fixup.h kernel/x86.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/mem.h:
kernel/fixup.h:
kernel/x86.h:
