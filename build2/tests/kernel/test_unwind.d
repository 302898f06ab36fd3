build2/tests/kernel/test_unwind.o: tests/kernel/test_unwind.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/unwind.h \
 kernel/trap.h kernel/thread.h kernel/spinlock.h kernel/x86.h \
 kernel/console.h kernel/ksym.h kernel/mem.h patch/insn.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/unwind.h:
kernel/trap.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/x86.h:
kernel/console.h:
kernel/ksym.h:
kernel/mem.h:
patch/insn.h:
