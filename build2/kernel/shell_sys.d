build2/kernel/shell_sys.o: kernel/shell_sys.c kernel/shell.h \
 kernel/types.h kernel/noprobe.h kernel/console.h kernel/thread.h \
 kernel/spinlock.h kernel/trap.h kernel/ksym.h kernel/mem.h kernel/cpu.h \
 kernel/ipi.h kernel/unwind.h kernel/sched.h kernel/uart.h patch/int3.h \
 patch/ool.h patch/insn.h patch/poke.h patch/slot.h patch/kprobe.h \
 patch/djprobe.h patch/djprobe_fsm.h
kernel/shell.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/thread.h:
kernel/spinlock.h:
kernel/trap.h:
kernel/ksym.h:
kernel/mem.h:
kernel/cpu.h:
kernel/ipi.h:
kernel/unwind.h:
kernel/sched.h:
kernel/uart.h:
patch/int3.h:
patch/ool.h:
patch/insn.h:
patch/poke.h:
patch/slot.h:
patch/kprobe.h:
patch/djprobe.h:
patch/djprobe_fsm.h:
