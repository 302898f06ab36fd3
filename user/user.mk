# User programs (included by Makefile right after KOBJS): each user/NAME.c is
# linked with crt0, the stubs and ulib into build/user/NAME.elf (user/user.ld:
# i386 psABI, static, no libc; libgcc for 64-bit division); user/spin.S stands
# alone.  All are embedded in the kernel through build/user/uprogs.o.
UB      := $(B)/user
UPROGS  := hello syscalls badptr fault utorture spin ubench utarget uworker umem ucell uedge fuzz uret
UELFS   := $(UPROGS:%=$(UB)/%.elf)
ULIB    := $(UB)/crt0.o $(UB)/usys.o $(UB)/regs.o $(UB)/ulib.o $(UB)/fmt.o
UCFLAGS := -std=gnu11 -O2 -g -Wall -Werror -ffreestanding -fno-pic -fno-pie -static -nostdlib \
           -fno-stack-protector -fno-omit-frame-pointer -march=i686 -mgeneral-regs-only \
           -fno-builtin -fno-asynchronous-unwind-tables -fno-unwind-tables \
           -fno-tree-loop-distribute-patterns -I. -MMD -MP
UASFLAGS := -g -I. -D__ASSEMBLY__ -MMD -MP
ULDFLAGS := -m elf_i386 -T user/user.ld -nostdlib -static -z max-page-size=4096 -z noexecstack

# Read before the Makefile's first rule: keep `all` the default goal.
_user_goal := $(.DEFAULT_GOAL)

$(UB)/%.o: user/%.c
	@mkdir -p $(UB)
	@echo "  UCC     $<"
	@$(KCC) $(UCFLAGS) -c $< -o $@

$(UB)/%.o: user/%.S
	@mkdir -p $(UB)
	@echo "  UAS     $<"
	@$(KCC) $(UASFLAGS) -c $< -o $@

$(UB)/fmt.o: kernel/fmt.c
	@mkdir -p $(UB)
	@echo "  UCC     $<"
	@$(KCC) $(UCFLAGS) -c $< -o $@

$(filter-out $(UB)/spin.elf,$(UELFS)): $(UB)/%.elf: $(UB)/%.o $(ULIB) user/user.ld
	@echo "  ULD     $@"
	@$(KLD) $(ULDFLAGS) -o $@ $(filter %.o,$^) $(LIBGCC)

$(UB)/utorture.elf: $(UB)/utorture_block.o
$(UB)/fuzz.elf: $(UB)/fuzz_asm.o
$(UB)/utarget.elf $(UB)/uworker.elf $(UB)/ucell.elf $(UB)/ubench.elf: $(UB)/utarget_asm.o
$(UB)/uedge.elf: $(UB)/uedge_asm.o

$(UB)/spin.elf: $(UB)/spin.o user/user.ld
	@echo "  ULD     $@"
	@$(KLD) $(ULDFLAGS) -o $@ $<

$(UB)/uprogs.S: $(UELFS) user/gen_uprogs.py user/user.mk
	$(PYTHON) user/gen_uprogs.py $@ $(UELFS)

$(UB)/uprogs.o: $(UB)/uprogs.S $(UELFS)
	$(KCC) -c $< -o $@

KOBJS += $(UB)/uprogs.o

# Host test of kernel/elf.c; with no arguments it also checks every program
# in $(UB) (so they are built first).  HOST_TESTS must be defined before this
# file is included for the += to last.
$(B)/host/test_elf: tests/host/test_elf.c kernel/elf.c kernel/elf.h kernel/fmt.c tests/host/check.h | $(UELFS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -DUSER_ELF_DIR='"$(UB)"' -o $@ tests/host/test_elf.c kernel/elf.c kernel/fmt.c

HOST_TESTS += $(B)/host/test_elf

-include $(wildcard $(UB)/*.d)
.DEFAULT_GOAL := $(_user_goal)
