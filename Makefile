# Top-level build for the live-patching test kernel (i386, multiboot v1).
# Kernel objects come from boot/ kernel/ smp/ patch/ tests/kernel/ by wildcard;
# subsystem fragments (*/*.mk) add host tests and tools to HOST_TESTS.

CPUS     ?= 4
SCENARIO ?= djprobe-torture-full-4
SEED     ?= 1
B        := build
G        := $(B)/gen

# ---- toolchains ---------------------------------------------------------
ifneq ($(shell command -v i686-linux-gnu-gcc 2>/dev/null),)
  KCC   := i686-linux-gnu-gcc
  KPFX  := i686-linux-gnu-
else
  KCC   := gcc -m32
  KPFX  :=
endif
KLD      := $(KPFX)ld
KNM      := $(KPFX)nm
KOBJDUMP := $(KPFX)objdump
HOSTCC   ?= gcc
PYTHON   ?= python3

KCFLAGS := -std=gnu11 -O2 -g -Wall -Werror -ffreestanding -fno-pic -fno-pie \
           -fno-stack-protector -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer \
           -fno-strict-aliasing -march=i686 -mgeneral-regs-only -fno-builtin \
           -fasynchronous-unwind-tables -ffunction-sections --param=min-pagesize=0 \
           -I. -I$(G) -MMD -MP
KASFLAGS := -g -I. -I$(G) -D__ASSEMBLY__ -MMD -MP
KLDFLAGS := -m elf_i386 -T linker.ld -nostdlib --gc-sections -z noexecstack -z max-page-size=4096
LIBGCC   := $(shell $(KCC) -print-libgcc-file-name)

HOST_CFLAGS := -std=gnu11 -O1 -g -Wall -Werror -I. -DHOST_TEST

# ---- kernel sources -----------------------------------------------------
KSRC_C := $(filter-out $(KEXCLUDE),$(wildcard boot/*.c kernel/*.c kernel/shell/*.c smp/*.c patch/*.c patch/insn/*.c tests/kernel/*.c))
KSRC_S := $(filter-out $(KEXCLUDE),$(wildcard boot/*.S kernel/*.S kernel/shell/*.S smp/*.S patch/*.S tests/kernel/*.S))
KOBJS  := $(KSRC_C:%.c=$(B)/%.o) $(KSRC_S:%.S=$(B)/%.o) $(B)/gen/vectors.o
# User programs (user/user.mk): built with the same compiler, embedded in the
# kernel image as data; appends its table object to KOBJS.
HOST_TESTS :=
HOST32_TESTS :=
-include user/user.mk

all: $(B)/kernel.elf

$(B)/%.o: %.c | $(G)/vectors.h
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(KCC) $(KCFLAGS) -c $< -o $@

$(B)/%.o: %.S | $(G)/vectors.h
	@mkdir -p $(dir $@)
	@echo "  AS      $<"
	@$(KCC) $(KASFLAGS) -c $< -o $@

$(G)/vectors.S $(G)/vectors.h &: kernel/gen_vectors.py
	@mkdir -p $(G)
	$(PYTHON) kernel/gen_vectors.py $(G)/vectors.S $(G)/vectors.h

$(B)/gen/vectors.o: $(G)/vectors.S
	$(KCC) $(KASFLAGS) -c $< -o $@

# Symbol table: .ksymtab is the last section in linker.ld, so its size cannot
# move any other symbol.  Link once with an empty table, generate the table
# from that image, link again, then check that the final image's symbols equal
# the table's entries (kernel/gen_ksyms.py --check).
$(B)/ksyms0.o: kernel/gen_ksyms.py
	@mkdir -p $(B)
	$(PYTHON) kernel/gen_ksyms.py --empty > $(B)/ksyms0.S
	$(KCC) $(KASFLAGS) -c $(B)/ksyms0.S -o $@

$(B)/kernel0.elf: $(KOBJS) $(B)/ksyms0.o $(B)/unwind0.o linker.ld
	$(KLD) $(KLDFLAGS) -o $@ $(KOBJS) $(B)/ksyms0.o $(B)/unwind0.o $(LIBGCC)

$(B)/ksyms.o: $(B)/kernel0.elf kernel/gen_ksyms.py
	$(KNM) -n -S --defined-only $< | $(PYTHON) kernel/gen_ksyms.py > $(B)/ksyms.S
	$(KCC) $(KASFLAGS) -c $(B)/ksyms.S -o $@

# Unwind table (kernel/unwind.c): from the first image's call-frame
# information, cross-checked against its code; the final image must give the
# same table (a stale table fails the link).
UNWIND_TOOLS := --readelf $(KPFX)readelf --objdump $(KOBJDUMP) --nm $(KNM)
$(B)/unwind0.o: kernel/gen_unwind.py
	@mkdir -p $(B)
	$(PYTHON) kernel/gen_unwind.py --empty $(B)/unwind0.S
	$(KCC) $(KASFLAGS) -c $(B)/unwind0.S -o $@

$(B)/unwind.o: $(B)/kernel0.elf kernel/gen_unwind.py kernel/unwind.undescribed
	$(PYTHON) kernel/gen_unwind.py $(UNWIND_TOOLS) --elf $< --undescribed kernel/unwind.undescribed \
	    --out $(B)/unwind.S --stats
	$(KCC) $(KASFLAGS) -c $(B)/unwind.S -o $@

$(B)/kernel.elf: $(KOBJS) $(B)/ksyms.o $(B)/unwind.o linker.ld kernel/noprobe.roots kernel/noprobe.list
	$(KLD) $(KLDFLAGS) -Map=$(B)/kernel.map -o $@ $(KOBJS) $(B)/ksyms.o $(B)/unwind.o $(LIBGCC)
	$(KNM) -n -S --defined-only $@ | $(PYTHON) kernel/gen_ksyms.py --check $(B)/ksyms.S
	$(PYTHON) kernel/gen_unwind.py $(UNWIND_TOOLS) --elf $@ --check $(B)/unwind.S || { rm -f $@; exit 1; }
	$(KNM) -n $@ > $(B)/kernel.sym
	$(KOBJDUMP) -d -S --no-show-raw-insn $@ > $(B)/kernel.lst
	$(KNM) -n -S $@ > $(B)/kernel.nm
	$(KOBJDUMP) -d --no-show-raw-insn $@ > $(B)/kernel.dis
	$(KOBJDUMP) -s -j .trapreg $@ > $(B)/kernel.trapreg
	$(PYTHON) kernel/noprobe_graph.py --objdump $(B)/kernel.dis --nm $(B)/kernel.nm \
	    --trapreg $(B)/kernel.trapreg \
	    --roots kernel/noprobe.roots --$(NOPROBE_MODE) kernel/noprobe.list || { rm -f $@; exit 1; }

# After a reviewed change to the probe path's call graph: rewrite the list
# (git diff kernel/noprobe.list shows what changed), then link with the check.
NOPROBE_MODE ?= check
noprobe-list:
	rm -f $(B)/kernel.elf
	$(MAKE) $(B)/kernel.elf NOPROBE_MODE=write
	$(MAKE) $(B)/kernel.elf

-include $(KOBJS:.o=.d)

# ---- GRUB rescue ISO: one menu entry per scenario -------------------------
SCENARIOS := $(sort $(wildcard tests/scenarios/*.scn))

$(B)/grub.cfg: $(B)/kernel.elf $(SCENARIOS) tests/mkgrubcfg.py
	$(PYTHON) tests/mkgrubcfg.py --default $(SCENARIO) --cpus $(CPUS) --seed $(SEED) $(SCENARIOS) > $@

iso: $(B)/kernel.iso
$(B)/kernel.iso: $(B)/kernel.elf $(B)/grub.cfg
	rm -rf $(B)/isodir && mkdir -p $(B)/isodir/boot/grub
	cp $(B)/kernel.elf $(B)/isodir/boot/kernel.elf
	cp $(B)/grub.cfg $(B)/isodir/boot/grub/grub.cfg
	grub-mkrescue -o $@ $(B)/isodir 2>$(B)/grub-mkrescue.log || (cat $(B)/grub-mkrescue.log; false)

# ---- host tests (fragments append to HOST_TESTS) --------------------------
# HOST32_TESTS execute 32-bit code: natively where the host kernel allows it,
# else under qemu-i386-static (HOST32=auto|native|qemu; tests/host/host32.sh).
HOST32 ?= auto
-include tests/host/host.mk
-include patch/patch.mk
-include smp/smp.mk
-include tests/model/model.mk
-include tests/report.mk

host-test: $(HOST_TESTS) $(HOST32_TESTS) $(B)/host/probe32
	@set -e; for t in $(HOST_TESTS); do echo "== $$t"; ./$$t; done
	@tests/host/host32.sh run $(HOST32) $(B)/host/probe32 $(HOST32_TESTS)

# make test also runs the 32-bit tests once under the emulator when the host
# ran them natively, so the fallback cannot rot unseen.
host-test32-emulated: $(HOST32_TESTS) $(B)/host/probe32
	@if [ "$$(tests/host/host32.sh way $(HOST32) $(B)/host/probe32)" = native ]; then \
	    tests/host/host32.sh run qemu $(B)/host/probe32 $(HOST32_TESTS); \
	else echo "== 32-bit host tests already ran under the emulator"; fi

# ---- user targets -----------------------------------------------------------
deps:
	@sh tests/deps.sh

run: deps
	@$(MAKE) --no-print-directory all
	$(PYTHON) tests/runner.py --run $(SCENARIO) --cpus $(CPUS) --seed $(SEED) --iso

test: deps
	@$(MAKE) --no-print-directory all
	$(PYTHON) tests/runner_test.py
	$(PYTHON) tests/noprobe_graph_test.py $(B)
	$(PYTHON) tests/unwind_gen_test.py $(B)
	@$(MAKE) --no-print-directory host-test
	@$(MAKE) --no-print-directory host-test32-emulated
	@$(MAKE) --no-print-directory model
	@$(MAKE) --no-print-directory $(B)/kernel.iso
	$(PYTHON) tests/runner.py --all

bench soak: deps
	@$(MAKE) --no-print-directory all
	$(PYTHON) tests/runner.py --all --suite $@ --jobs 1

# Strategy x hazard matrix, several seeds per cell (tests/matrix.py).
SEEDS ?= 3
matrix: deps
	@$(MAKE) --no-print-directory all
	$(PYTHON) tests/matrix.py --seeds $(SEEDS)

# Boot again exactly as a past run: make replay RUN=results/<stamp>/<scenario>
replay: deps
	@test -n "$(RUN)" || { echo 'usage: make replay RUN=results/<stamp>/<scenario>'; exit 2; }
	@$(MAKE) --no-print-directory all
	$(PYTHON) tests/runner.py --replay $(RUN)

# The interactive shell on this terminal (LOAD=1: background load at boot;
# MODE=singlestep: every instruction boundary preemptible, as the tortures want).
shell: deps
	@$(MAKE) --no-print-directory all
	$(PYTHON) tests/shell.py --cpus $(CPUS)$(if $(filter 1,$(LOAD)), --load)$(if $(MODE), --mode $(MODE))

debug: deps $(B)/kernel.elf
	$(PYTHON) tests/runner.py --debug $(SCENARIO) --cpus $(CPUS) --seed $(SEED)

clean:
	rm -rf $(B) results

.PHONY: noprobe-list all iso run test debug clean deps host-test matrix replay host-test32-emulated bench soak shell
