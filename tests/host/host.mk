# Host unit tests for the foundation's pure modules (included by Makefile).
HB := $(B)/host

$(HB)/test_fmt: tests/host/test_fmt.c kernel/fmt.c kernel/fmt.h tests/host/check.h
	@mkdir -p $(HB)
	$(HOSTCC) $(HOST_CFLAGS) -Wno-format -o $@ tests/host/test_fmt.c kernel/fmt.c

$(HB)/test_param: tests/host/test_param.c kernel/param.c kernel/fmt.c kernel/param.h tests/host/check.h
	@mkdir -p $(HB)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ tests/host/test_param.c kernel/param.c kernel/fmt.c

$(HB)/test_mmap: tests/host/test_mmap.c kernel/multiboot.c kernel/multiboot.h tests/host/check.h
	@mkdir -p $(HB)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ tests/host/test_mmap.c kernel/multiboot.c

$(HB)/test_size: tests/host/test_size.c kernel/size.h tests/host/check.h
	@mkdir -p $(HB)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ tests/host/test_size.c

$(HB)/test_ksym_parts: tests/host/test_ksym_parts.c kernel/ksym.c kernel/ksym.h kernel/fmt.c tests/host/check.h
	@mkdir -p $(HB)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ tests/host/test_ksym_parts.c kernel/fmt.c

$(HB)/test_ksyms.sh: tests/host/test_ksyms.sh
	@mkdir -p $(HB)
	cp $< $@

$(HB)/test_layers.sh: tests/host/test_layers.sh
	@mkdir -p $(HB)
	cp $< $@

HOST_TESTS += $(HB)/test_fmt $(HB)/test_param $(HB)/test_mmap $(HB)/test_size $(HB)/test_ksyms.sh $(HB)/test_layers.sh \
              $(HB)/test_ksym_parts

# Runs branch instructions natively: 32-bit, not PIE.
$(HB)/test_emulate: tests/host/test_emulate.c patch/emulate.c patch/emulate.h $(wildcard patch/insn/insn*.c) $(G)/insn_tables.h
	@mkdir -p $(HB)
	$(HOSTCC) $(HOST_CFLAGS) -I$(G) -m32 -fno-pie -no-pie -o $@ tests/host/test_emulate.c patch/emulate.c $(wildcard patch/insn/insn*.c)

HOST32_TESTS += $(HB)/test_emulate

# Run by tests/host/host32.sh to learn how this host runs 32-bit programs.
$(HB)/probe32: tests/host/probe32.c
	@mkdir -p $(HB)
	$(HOSTCC) $(HOST_CFLAGS) -m32 -fno-pie -no-pie -o $@ $<

# The exact unwinder's interpreter on hand-built realigned (DRAP) frames:
# it reads its fake stack at 32-bit addresses.
$(HB)/test_unwind: tests/host/test_unwind.c kernel/unwind.c kernel/unwind.h tests/host/check.h
	@mkdir -p $(HB)
	$(HOSTCC) $(HOST_CFLAGS) -m32 -fno-pie -no-pie -o $@ tests/host/test_unwind.c

HOST32_TESTS += $(HB)/test_unwind
