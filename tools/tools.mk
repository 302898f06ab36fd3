# tools.mk - host analysis tools (issue 33; included by the top-level Makefile).
#   make analyze [IMAGE=elf]   the probe-site analysis of an i386 ELF kernel
#                              (default: build/kernel.elf); JSON in build/analyze.json
#   make linux-report          Debian's Linux 6.1 i386 image (fetched once into
#                              LINUX_CACHE), analysed and compared with objdump and
#                              Linux's optprobe rules: build/linux-report.{json,md},
#                              its counts checked against tests/linux-baseline.json
KA_SRC := tools/kanalyze.c tools/kanalyze_linux.c patch/sites.c patch/ool_class.c \
	  patch/emulate.c $(INSN_SRC)
LINUX_CACHE ?= $(HOME)/.cache/kpatch-linux
LINUX_PKG   ?= linux-image-6.1.0-57-686-dbg
LINUX_VMLINUX ?= $(LINUX_CACHE)/vmlinux

$(B)/host/kanalyze: $(KA_SRC) tools/kanalyze.h patch/sites.h $(INSN_HDR)
	@mkdir -p $(B)/host
	$(HOSTCC) $(HOST_CFLAGS) -O2 -I$(G) -o $@ $(KA_SRC)

analyze: $(B)/host/kanalyze $(if $(IMAGE),,$(B)/kernel.elf)
	$(PYTHON) tools/kanalyze.py $(or $(IMAGE),$(B)/kernel.elf) --json $(B)/analyze.json

$(LINUX_VMLINUX):
	tools/linux_fetch.sh $(LINUX_CACHE) $(LINUX_PKG)

linux-report: $(B)/host/kanalyze $(B)/kernel.elf $(LINUX_VMLINUX)
	$(PYTHON) tools/linux_report.py $(LINUX_VMLINUX) $(B)/kernel.elf $(B)/linux-report
	$(PYTHON) tests/linux_check.py --report $(B)/linux-report.json --unwind /dev/null

$(B)/host/kanalyze_test.sh: tests/host/kanalyze_test.sh $(B)/host/kanalyze
	printf '#!/bin/sh\nB=$(B) exec $< "$$@"\n' > $@ && chmod +x $@

HOST_TESTS += $(B)/host/kanalyze_test.sh

.PHONY: analyze linux-report
