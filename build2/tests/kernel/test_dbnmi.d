build2/tests/kernel/test_dbnmi.o: tests/kernel/test_dbnmi.c \
 kernel/ktest.h kernel/types.h kernel/noprobe.h kernel/trap.h \
 kernel/x86.h kernel/cpu.h kernel/lapic.h kernel/ksym.h kernel/console.h \
 kernel/plog.h kernel/ipi.h kernel/unwind.h patch/kprobe.h \
 build2/gen/vectors.h
kernel/ktest.h:
kernel/types.h:
kernel/noprobe.h:
kernel/trap.h:
kernel/x86.h:
kernel/cpu.h:
kernel/lapic.h:
kernel/ksym.h:
kernel/console.h:
kernel/plog.h:
kernel/ipi.h:
kernel/unwind.h:
patch/kprobe.h:
build2/gen/vectors.h:
