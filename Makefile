# Top-level build for the live-patching test kernel (i386, multiboot v1).
# Kernel objects come from boot/ kernel/ smp/ patch/ tests/kernel/ by wildcard;
# subsystem fragments (*/*.mk) add host tests and tools to HOST_TESTS.

# make run / make shell / make debug variables (make help lists them all).
SCENARIO ?= djprobe-torture-full-4
CPUS     ?=
SEED     ?= 1
DURATION ?=
ARGS     ?=
MODE     ?=
B        := build
G        := $(B)/gen

# Short build lines (`  LD      build/kernel.elf`); V=1 prints whole commands.
V ?= 0
ifeq ($(V),1)
  Q   :=
  msg := @true
else
  Q   := @
  msg := @printf '  %-7s %s\n'
endif

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

all: $(B)/kernel.elf $(B)/xmc.so
	@:

# Live-patch targets (patch/livepatch.h): every function starts with one
# 5-byte nop (0F 1F 44 00 00) where a patch writes its jump, and
# __mcount_loc lists those entries (the layout of Linux's ftrace sites).
LP_FENTRY := -pg -mfentry -mnop-mcount -mrecord-mcount
LP_TARGETS := $(B)/tests/kernel/lp_targets.o $(B)/tests/kernel/lp_bench_targets.o $(B)/tests/kernel/lp_where_targets.o
$(LP_TARGETS): KCFLAGS += $(LP_FENTRY)

$(B)/%.o: %.c | $(G)/vectors.h
	@mkdir -p $(dir $@)
	$(msg) CC $<
	$(Q)$(KCC) $(KCFLAGS) -c $< -o $@

$(B)/%.o: %.S | $(G)/vectors.h
	@mkdir -p $(dir $@)
	$(msg) AS $<
	$(Q)$(KCC) $(KASFLAGS) -c $< -o $@

$(G)/vectors.S $(G)/vectors.h &: kernel/gen_vectors.py
	@mkdir -p $(G)
	$(msg) GEN $(G)/vectors.S
	$(Q)$(PYTHON) kernel/gen_vectors.py $(G)/vectors.S $(G)/vectors.h

$(B)/gen/vectors.o: $(G)/vectors.S
	$(msg) AS $<
	$(Q)$(KCC) $(KASFLAGS) -c $< -o $@

# Symbol table: .ksymtab is the last section in linker.ld, so its size cannot
# move any other symbol.  Link once with an empty table, generate the table
# from that image, link again, then check that the final image's symbols equal
# the table's entries (kernel/gen_ksyms.py --check).
$(B)/ksyms0.o: kernel/gen_ksyms.py
	@mkdir -p $(B)
	$(msg) GEN $(B)/ksyms0.S
	$(Q)$(PYTHON) kernel/gen_ksyms.py --empty > $(B)/ksyms0.S
	$(Q)$(KCC) $(KASFLAGS) -c $(B)/ksyms0.S -o $@

$(B)/kernel0.elf: $(KOBJS) $(B)/ksyms0.o $(B)/unwind0.o linker.ld
	$(msg) LD $@
	$(Q)$(KLD) $(KLDFLAGS) -o $@ $(KOBJS) $(B)/ksyms0.o $(B)/unwind0.o $(LIBGCC)

$(B)/ksyms.o: $(B)/kernel0.elf kernel/gen_ksyms.py
	$(msg) GEN $(B)/ksyms.S
	$(Q)$(KNM) -n -S --defined-only $< | $(PYTHON) kernel/gen_ksyms.py > $(B)/ksyms.S
	$(Q)$(KCC) $(KASFLAGS) -c $(B)/ksyms.S -o $@

# Unwind table (kernel/unwind.c): from the first image's call-frame
# information, cross-checked against its code; the final image must give the
# same table (a stale table fails the link).
UNWIND_TOOLS := --readelf $(KPFX)readelf --objdump $(KOBJDUMP) --nm $(KNM)
$(B)/unwind0.o: kernel/gen_unwind.py
	@mkdir -p $(B)
	$(msg) GEN $(B)/unwind0.S
	$(Q)$(PYTHON) kernel/gen_unwind.py --empty $(B)/unwind0.S
	$(Q)$(KCC) $(KASFLAGS) -c $(B)/unwind0.S -o $@

$(B)/unwind.o: $(B)/kernel0.elf kernel/gen_unwind.py kernel/unwind.undescribed
	$(msg) GEN $(B)/unwind.S
	$(Q)$(PYTHON) kernel/gen_unwind.py $(UNWIND_TOOLS) --elf $< --undescribed kernel/unwind.undescribed \
	    --out $(B)/unwind.S --stats
	$(Q)$(KCC) $(KASFLAGS) -c $(B)/unwind.S -o $@

$(B)/kernel.elf: $(KOBJS) $(B)/ksyms.o $(B)/unwind.o linker.ld kernel/noprobe.roots kernel/noprobe.list
	$(msg) LD $@
	$(Q)$(KLD) $(KLDFLAGS) -Map=$(B)/kernel.map -o $@ $(KOBJS) $(B)/ksyms.o $(B)/unwind.o $(LIBGCC)
	$(msg) CHECK "symbol table, unwind table"
	$(Q)$(KNM) -n -S --defined-only $@ | $(PYTHON) kernel/gen_ksyms.py --check $(B)/ksyms.S
	$(Q)$(PYTHON) kernel/gen_unwind.py $(UNWIND_TOOLS) --elf $@ --check $(B)/unwind.S || { rm -f $@; exit 1; }
	$(msg) GEN "$(B)/kernel.sym .lst .nm .dis .trapreg"
	$(Q)$(KNM) -n $@ > $(B)/kernel.sym
	$(Q)$(KOBJDUMP) -d -S --no-show-raw-insn $@ > $(B)/kernel.lst
	$(Q)$(KNM) -n -S $@ > $(B)/kernel.nm
	$(Q)$(KOBJDUMP) -d --no-show-raw-insn $@ > $(B)/kernel.dis
	$(Q)$(KOBJDUMP) -s -j .trapreg $@ > $(B)/kernel.trapreg
	$(msg) CHECK "no-probe call graph (kernel/noprobe.list)"
	$(Q)$(PYTHON) kernel/noprobe_graph.py --objdump $(B)/kernel.dis --nm $(B)/kernel.nm \
	    --trapreg $(B)/kernel.trapreg \
	    --roots kernel/noprobe.roots --$(NOPROBE_MODE) kernel/noprobe.list || { rm -f $@; exit 1; }

# After a reviewed change to the probe path's call graph: rewrite the list
# (git diff kernel/noprobe.list shows what changed), then link with the check.
NOPROBE_MODE ?= check
noprobe-list:
	$(Q)rm -f $(B)/kernel.elf
	$(Q)$(MAKE) $(B)/kernel.elf NOPROBE_MODE=write
	$(Q)$(MAKE) $(B)/kernel.elf

-include $(KOBJS:.o=.d)

# ---- GRUB rescue ISO: one menu entry per scenario -------------------------
SCENARIOS := $(sort $(wildcard tests/scenarios/*.scn))

# The default entry is SCENARIO (a name, name.scn or path), with its own CPU
# count unless CPUS= is given.
$(B)/grub.cfg: $(B)/kernel.elf $(SCENARIOS) tests/mkgrubcfg.py
	$(msg) GEN $@
	$(Q)$(PYTHON) tests/mkgrubcfg.py --default $(basename $(notdir $(SCENARIO))) $(if $(CPUS),--cpus $(CPUS)) \
	    $(if $(SEED),--seed $(SEED)) $(SCENARIOS) > $@

iso: $(B)/kernel.iso
$(B)/kernel.iso: $(B)/kernel.elf $(B)/grub.cfg
	$(msg) ISO $@
	$(Q)rm -rf $(B)/isodir && mkdir -p $(B)/isodir/boot/grub
	$(Q)cp $(B)/kernel.elf $(B)/isodir/boot/kernel.elf
	$(Q)cp $(B)/grub.cfg $(B)/isodir/boot/grub/grub.cfg
	$(Q)grub-mkrescue -o $@ $(B)/isodir 2>$(B)/grub-mkrescue.log || (cat $(B)/grub-mkrescue.log; false)

# ---- host tests (fragments append to HOST_TESTS) --------------------------
# HOST32_TESTS execute 32-bit code: natively where the host kernel allows it,
# else under qemu-i386-static (HOST32=auto|native|qemu; tests/host/host32.sh).
HOST32 ?= auto
-include tests/host/host.mk
-include patch/patch.mk
-include smp/smp.mk
-include tests/model/model.mk
-include tests/report.mk
-include tools/tools.mk
-include tools/xmc/xmc.mk

host-test: $(HOST_TESTS) $(HOST32_TESTS) $(B)/host/probe32
	@set -e; for t in $(HOST_TESTS); do echo "== $$t"; ./$$t; done
	@tests/host/host32.sh run $(HOST32) $(B)/host/probe32 $(HOST32_TESTS)
	@echo "host tests: $(words $(HOST_TESTS) $(HOST32_TESTS)) passed"

# make test also runs the 32-bit tests once under the emulator when the host
# ran them natively, so the fallback cannot rot unseen.
host-test32-emulated: $(HOST32_TESTS) $(B)/host/probe32
	@if [ "$$(tests/host/host32.sh way $(HOST32) $(B)/host/probe32)" = native ]; then \
	    tests/host/host32.sh run qemu $(B)/host/probe32 $(HOST32_TESTS); \
	else echo "== 32-bit host tests already ran under the emulator"; fi

# make mutants (tests/mutants.py, tests/mutants/*.mut): one-line breaks of
# the safety checks, each built and run against the scenarios that must
# catch it in a scratch copy (long: never part of make test, which only
# checks the files).  ONLY=regex (ids), MUTANT_JOBS=n (copies at once).
MUTANT_JOBS ?= 1
mutants: deps
	@$(MAKE) --no-print-directory all
	$(Q)$(call interruptible,$(PYTHON) tests/mutants.py --jobs $(MUTANT_JOBS) $(if $(ONLY),--only '$(ONLY)'))

# What a mutant's host:TARGET may name (tests/mutants.py), by kind: a test
# program (run by host-one) or a check target (run by make itself).
mutants-host-targets:
	@echo "test: $(HOST_TESTS)"
	@echo "test32: $(HOST32_TESTS)"
	@echo "check: $(TEST_CHECKS)"

# One host test program: make host-one T=build/host/insn_test.
host-one: $(T) $(B)/host/probe32
	@test -n "$(T)" || { echo 'usage: make host-one T=<one of HOST_TESTS or HOST32_TESTS>'; exit 2; }
	@case " $(HOST32_TESTS) " in \
	    *" $(T) "*) tests/host/host32.sh run $(HOST32) $(B)/host/probe32 $(T) ;; \
	    *) echo "== $(T)"; ./$(T) ;; esac

# ---- user targets -----------------------------------------------------------
deps:
	@sh tests/deps.sh

# $(call interruptible,COMMAND): on Ctrl-C the runner stops QEMU, says so in
# one line and exits 130; the recipe's shell outlives the signal (trap) and
# succeeds, so make, interrupted itself, adds no line of its own.
interruptible = trap : INT; $(1) || [ $$? = 130 ]

# Runner options from the make variables, each only when given (CPUS: else the
# scenario's own count).
RUN_OPTS = $(if $(CPUS),--cpus $(CPUS)) $(if $(SEED),--seed $(SEED)) $(if $(DURATION),--duration $(DURATION)) \
           $(if $(ARGS),--args '$(ARGS)') $(if $(MODE),--mode $(MODE)) $(if $(filter 1,$(XMC)),--xmc)

# A bad value or scenario stops make run before anything is built, in one line.
ifneq ($(filter run,$(MAKECMDGOALS)),)
  RUN_CHECK := $(shell $(PYTHON) tests/runner.py --run $(SCENARIO) $(RUN_OPTS) --check 2>&1)
  ifneq ($(RUN_CHECK),)
    $(error $(RUN_CHECK))
  endif
endif

run: deps
	@$(MAKE) --no-print-directory all
	$(Q)$(call interruptible,$(PYTHON) tests/runner.py --run $(SCENARIO) $(RUN_OPTS) --iso)

# The scenarios: name, CPUs, QEMU mode, suite, description (ONLY=regex filters).
list:
	@$(PYTHON) tests/runner.py --list $(if $(ONLY),'$(ONLY)')

# The checks before the boots are independent: two at a time, each one's
# output in one piece (-O), so they take half the time on two cores; the
# build runs two jobs too.
TEST_CHECKS := check-runner check-noprobe check-unwind check-bench host-test host-test32-emulated model
test: deps
	@$(MAKE) --no-print-directory -j2 all
	@$(MAKE) --no-print-directory -j2 -O $(TEST_CHECKS)
	@$(MAKE) --no-print-directory $(B)/kernel.iso
	$(Q)$(call interruptible,$(PYTHON) tests/runner.py --all)
	$(Q)$(call interruptible,$(PYTHON) tests/bench_check.py --boot)

check-runner:
	$(Q)HOST32=$(HOST32) $(PYTHON) tests/runner_test.py
	$(Q)$(PYTHON) tests/mutants_test.py
	$(Q)$(PYTHON) tests/mutants.py --check
check-noprobe:
	$(Q)$(PYTHON) tests/noprobe_graph_test.py $(B)
check-unwind:
	$(Q)$(PYTHON) tests/unwind_gen_test.py $(B)
check-bench:
	$(Q)$(PYTHON) tests/bench_check_test.py
	$(Q)$(PYTHON) tests/linux_check_test.py

# The exact unwinder's reach on Linux's i386 image (docs/unwind-linux.md), never
# in make test: kernel/gen_unwind.py --report over this kernel, then over
# VMLINUX (an i386 vmlinux with .debug_frame; default: the image make
# linux-report fetched) against it, then the counts against
# tests/linux-baseline.json (tests/linux_check.py).  Linux pads between
# functions with int3 as well.
VMLINUX ?= $(wildcard $(LINUX_VMLINUX))
LINUX_PADDING := ^(nop|nopl|nopw|int3|xchg %ax,%ax|lea 0x0\(%e[sd]i(,%eiz,1)?\),%e[sd]i|mov %e[sd]i,%e[sd]i)( |$$)
linux-unwind: $(B)/kernel.elf
	@test -n "$(VMLINUX)" || { echo "linux-unwind: give VMLINUX=path (an i386 vmlinux with .debug_frame)"; exit 1; }
	$(Q)$(PYTHON) kernel/gen_unwind.py $(UNWIND_TOOLS) --elf $(B)/kernel.elf --report $(B)/unwind-kernel.json
	$(Q)$(PYTHON) kernel/gen_unwind.py $(UNWIND_TOOLS) --elf $(VMLINUX) --text-start _stext --text-end _etext \
	    --padding '$(LINUX_PADDING)' --static-branches __start___jump_table,__stop___jump_table \
	    --resuming-traps __start___bug_table,__stop___bug_table --indirect-thunks __x86_indirect_thunk_ \
	    --detours .altinstr_aux --cross-fde \
	    --report $(B)/unwind-linux.json --compare $(B)/unwind-kernel.json
	$(Q)$(PYTHON) tests/linux_check.py --report /dev/null --unwind $(B)/unwind-linux.json

bench soak: deps
	@$(MAKE) --no-print-directory all
	$(Q)$(call interruptible,$(PYTHON) tests/runner.py --all --suite $@ --jobs 1)
	$(Q)$(if $(filter bench,$@),$(call interruptible,$(PYTHON) tests/hit_trace.py))
	$(Q)$(if $(filter bench,$@),$(call interruptible,$(PYTHON) tests/bench_check.py --boot))

# Strategy x hazard matrix, several seeds per cell (tests/matrix.py): the run becomes
# tests/matrix.json and the tables in docs/hazards.md (commit both).
SEEDS ?= 3
matrix: deps
	@$(MAKE) --no-print-directory all
	$(Q)$(PYTHON) tests/matrix.py --seeds $(SEEDS) --save

# Live-patch models x cells (tests/lp_matrix.py), several seeds per cell: the run becomes
# tests/lp-matrix.json and the tables in README.md and docs/livepatch.md (commit them).
lp-matrix: deps
	@$(MAKE) --no-print-directory all
	$(Q)$(PYTHON) tests/lp_matrix.py --seeds $(SEEDS) --save

# Boot again as a past run: make replay RUN=results/<stamp>/<scenario> [MODE=icount]
replay: deps
	@test -n "$(RUN)" || { echo 'usage: make replay RUN=results/<stamp>/<scenario> [MODE=icount]'; exit 2; }
	@$(MAKE) --no-print-directory all
	$(Q)$(call interruptible,$(PYTHON) tests/runner.py --replay $(RUN) $(if $(MODE),--mode $(MODE)))

# Judge a past run's console.log again without booting.
judge:
	@test -n "$(RUN)" || { echo 'usage: make judge RUN=results/<stamp>/<scenario>'; exit 2; }
	$(Q)$(PYTHON) tests/runner.py --judge $(RUN)

# The interactive shell on this terminal (LOAD=1: background load at boot;
# MODE=singlestep: every instruction boundary preemptible, as the tortures want).
shell: deps
	@$(MAKE) --no-print-directory all
	$(Q)$(PYTHON) tests/shell.py $(if $(CPUS),--cpus $(CPUS))$(if $(filter 1,$(LOAD)), --load)$(if $(MODE), --mode $(MODE))

debug: deps $(B)/kernel.elf
	$(Q)$(PYTHON) tests/runner.py --debug $(SCENARIO) $(if $(CPUS),--cpus $(CPUS)) $(if $(SEED),--seed $(SEED))

# clean keeps results/ (past runs); distclean removes it too.
clean:
	$(Q)rm -rf $(B)
	@echo "clean: removed $(B)/; results/ kept (make distclean removes it)"

distclean: clean
	$(Q)rm -rf results

help:
	@echo 'make run       build, boot SCENARIO through GRUB in QEMU, judge it (about 20 s once built)'
	@echo 'make test      host tests, Spin models, every test scenario (about 15 min on 2 cores)'
	@echo 'make list      the scenarios: name, CPUs, mode, suite, description (ONLY=regex filters)'
	@echo 'make shell     the interactive shell on this terminal (CPUS=, LOAD=1, MODE=singlestep)'
	@echo 'make replay    RUN=results/<stamp>/<name>: boot again as that run (MODE=icount: deterministic)'
	@echo 'make judge     RUN=results/<stamp>/<name>: judge its console.log again, no boot'
	@echo 'make debug     SCENARIO halted in QEMU with gdb attached'
	@echo 'make all       build build/kernel.elf (the default target)'
	@echo 'make iso       build/kernel.iso: GRUB rescue ISO, one menu entry per scenario'
	@echo 'make host-test the host unit tests'
	@echo 'make model     the Spin models'
	@echo 'make analyze   probe-site analysis of IMAGE= (an i386 ELF kernel; default build/kernel.elf) on the host'
	@echo 'make linux-report  the same on Debian'"'"'s Linux 6.1 i386 image (fetched once, 760 MB; docs/scale.md)'
	@echo 'make linux-unwind  the unwind-table generator on that image (VMLINUX=; docs/unwind-linux.md)'
	@echo '               both check their counts against tests/linux-baseline.json'
	@echo 'make bench, make soak, make matrix, make lp-matrix, make report   long suites (see README.md)'
	@echo 'make mutants  ONLY=regex: break each safety check in one line, the named scenarios must fail (about an hour)'
	@echo 'make linux-unwind VMLINUX=path   the unwind table generator on a Linux i386 image: reach and cost (docs/unwind-linux.md)'
	@echo 'make clean     remove build/ (results/ is kept)'
	@echo 'make distclean remove build/ and results/ (every past run)'
	@echo 'variables of make run (and debug, iso; CPUS, MODE also for shell):'
	@echo '  SCENARIO=name  a scenario name, name.scn or path (default djprobe-torture-full-4; make list)'
	@echo '  CPUS=n         CPUs, 1..16 (default: the scenario'"'"'s own count)'
	@echo '  SEED=n         random seed, 0..2147483647 (default 1)'
	@echo '  DURATION=s     torture seconds: kernel duration=s*1000, the timeout grows by s'
	@echo '  ARGS="k=v .."  more kernel parameters, after the scenario'"'"'s (the last key wins)'
	@echo '  MODE=m         QEMU mode: default, singlestep or icount (icount replays a seed exactly)'
	@echo '  XMC=1          run under the cross-modifying-code checker (docs/xmc.md)'
	@echo '  V=1            print whole build commands'
	@echo 'make does not know a misspelled variable: it is ignored (check this list)'

.PHONY: noprobe-list all iso run test debug clean distclean deps host-test matrix lp-matrix replay judge host-test32-emulated \
        mutants mutants-host-targets host-one \
        $(TEST_CHECKS) \
        bench soak shell list help linux-unwind
