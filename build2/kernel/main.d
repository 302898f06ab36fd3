build2/kernel/main.o: kernel/main.c kernel/cpu.h kernel/types.h \
 kernel/noprobe.h kernel/console.h kernel/trap.h kernel/mem.h \
 kernel/multiboot.h kernel/param.h kernel/scenario.h kernel/ktest.h \
 kernel/qexit.h kernel/panic.h kernel/fixup.h patch/int3.h patch/ool.h \
 patch/insn.h patch/slot.h smp/acpi.h smp/smp.h
kernel/cpu.h:
kernel/types.h:
kernel/noprobe.h:
kernel/console.h:
kernel/trap.h:
kernel/mem.h:
kernel/multiboot.h:
kernel/param.h:
kernel/scenario.h:
kernel/ktest.h:
kernel/qexit.h:
kernel/panic.h:
kernel/fixup.h:
patch/int3.h:
patch/ool.h:
patch/insn.h:
patch/slot.h:
smp/acpi.h:
smp/smp.h:
