# patch.mk - decoder tables, host tests and tools for patch/insn/insn* (included
# by the top-level Makefile).  Tables: build/gen/insn_tables.h generated from
# patch/insn/x86-opcode-map.txt.  Targets: insn-check FILES="...", fuzz-long.

INSN_HB    := $(B)/host
INSN_SRC   := $(wildcard patch/insn/insn*.c)
INSN_HDR   := $(wildcard patch/insn/insn*.h) $(G)/insn_tables.h
INSN_HCC   := $(HOSTCC) $(HOST_CFLAGS) -I$(G)
INSN_CLANG ?= clang-14
FUZZ_TIME  ?= 600

$(G)/insn_tables.h: patch/insn/x86-opcode-map.txt patch/insn/gen_insn_tables.py
	@mkdir -p $(G)
	$(PYTHON) patch/insn/gen_insn_tables.py patch/insn/x86-opcode-map.txt $@

# The kernel objects of the decoder need the generated header first.
$(B)/patch/insn/insn.o: $(G)/insn_tables.h

$(INSN_HB)/insn_test: tests/host/insn_test.c $(INSN_SRC) $(INSN_HDR)
	@mkdir -p $(INSN_HB)
	$(INSN_HCC) -o $@ tests/host/insn_test.c $(INSN_SRC)

$(INSN_HB)/insn_analyze_test: tests/host/insn_analyze_test.c $(INSN_SRC) $(INSN_HDR)
	@mkdir -p $(INSN_HB)
	$(INSN_HCC) -o $@ tests/host/insn_analyze_test.c $(INSN_SRC)

$(INSN_HB)/insn_objdump_check: tests/host/insn_objdump_check.c $(INSN_SRC) $(INSN_HDR)
	@mkdir -p $(INSN_HB)
	$(INSN_HCC) -O2 -o $@ tests/host/insn_objdump_check.c $(INSN_SRC)

# Runs code natively: 32-bit, not PIE (the test uses absolute addresses).
$(INSN_HB)/insn_reloc_test: tests/host/insn_reloc_test.c $(INSN_SRC) $(INSN_HDR)
	@mkdir -p $(INSN_HB)
	$(INSN_HCC) -m32 -fno-pie -no-pie -o $@ tests/host/insn_reloc_test.c $(INSN_SRC)

$(INSN_HB)/insn_fuzz: tests/fuzz/insn_fuzz.c $(INSN_SRC) $(INSN_HDR)
	@mkdir -p $(INSN_HB)
	$(INSN_CLANG) -g -O1 -I. -I$(G) -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -o $@ tests/fuzz/insn_fuzz.c $(INSN_SRC)

# Script tests: small wrappers under $(B)/host that pass B= on (the scripts
# run from the repo root and find their binaries under $(B)/host).
$(INSN_HB)/insn_objdump_all.sh: tests/host/insn_objdump_all.sh $(INSN_HB)/insn_objdump_check
	printf '#!/bin/sh\nB=$(B) exec $< "$$@"\n' > $@ && chmod +x $@

$(INSN_HB)/insn_fuzz_smoke.sh: tests/host/insn_fuzz_smoke.sh $(INSN_HB)/insn_fuzz
	printf '#!/bin/sh\nB=$(B) exec $< "$$@"\n' > $@ && chmod +x $@

HOST_TESTS += $(INSN_HB)/insn_test $(INSN_HB)/insn_analyze_test \
	      $(INSN_HB)/insn_objdump_all.sh \
	      $(INSN_HB)/insn_fuzz_smoke.sh
HOST32_TESTS += $(INSN_HB)/insn_reloc_test $(INSN_HB)/tramp_test

# Runs detour buffers natively: 32-bit, not PIE.
$(INSN_HB)/tramp_test: tests/host/tramp_test.c patch/tramp.c patch/tramp.h $(INSN_SRC) $(INSN_HDR)
	@mkdir -p $(INSN_HB)
	$(INSN_HCC) -m32 -fno-pie -no-pie -o $@ tests/host/tramp_test.c patch/tramp.c $(INSN_SRC)

# make insn-check FILES="a.so b.o ..."  (any 32-bit ELF files)
insn-check: $(INSN_HB)/insn_objdump_check
	@test -n "$(FILES)" || { echo 'usage: make insn-check FILES="elf..."'; exit 2; }
	tests/host/insn_objdump_check.sh $(INSN_HB)/insn_objdump_check $(FILES)

# make insn-unit: the decoder's and the analysis's unit tests alone, not the
# objdump comparison (a mutant's kill target, tests/mutants/elsewhere.mut)
insn-unit: $(INSN_HB)/insn_test $(INSN_HB)/insn_analyze_test
	./$(INSN_HB)/insn_test && ./$(INSN_HB)/insn_analyze_test

# make fuzz-long [FUZZ_TIME=seconds]
fuzz-long: $(INSN_HB)/insn_fuzz
	B=$(B) tests/fuzz/insn_fuzz_run.sh $(FUZZ_TIME)

.PHONY: insn-check insn-unit fuzz-long
