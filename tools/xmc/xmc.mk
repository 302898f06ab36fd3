# xmc.mk - the cross-modifying-code checker, a QEMU TCG plugin (issue 40;
# docs/xmc.md), built with the host compiler as build/xmc.so by `make`.
# QEMU 7.2 (Debian 12) loads it: plugin API version 1.
XMC_SRC := tools/xmc/xmc.c tools/xmc/xmc_state.c tools/xmc/xmc_serial.c tools/xmc/xmc_sym.c
XMC_HDR := tools/xmc/qemu_api.h tools/xmc/xmc_state.h tools/xmc/xmc_serial.h tools/xmc/xmc_sym.h

$(B)/xmc.so: $(XMC_SRC) $(XMC_HDR)
	@mkdir -p $(B)
	$(msg) CC $@
	$(Q)$(HOSTCC) -std=gnu11 -O2 -g -Wall -Werror -I. -fPIC -shared -fvisibility=hidden \
	    -o $@ $(XMC_SRC) -lpthread

$(B)/host/test_xmc: tests/host/test_xmc.c tools/xmc/xmc_state.c tools/xmc/xmc_serial.c \
		tools/xmc/xmc_sym.c $(XMC_HDR) tests/host/check.h
	@mkdir -p $(B)/host
	$(HOSTCC) $(HOST_CFLAGS) -o $@ tests/host/test_xmc.c tools/xmc/xmc_state.c \
	    tools/xmc/xmc_serial.c tools/xmc/xmc_sym.c

HOST_TESTS += $(B)/host/test_xmc

# A second reviewer's cells, written from the claims (docs/xmc.md) alone.
$(B)/host/test_xmc_rev2: tests/host/test_xmc_rev2.c tools/xmc/xmc_state.c tools/xmc/xmc_serial.c \
		tools/xmc/xmc_sym.c $(XMC_HDR) tests/host/check.h
	@mkdir -p $(B)/host
	$(HOSTCC) $(HOST_CFLAGS) -o $@ tests/host/test_xmc_rev2.c tools/xmc/xmc_state.c \
	    tools/xmc/xmc_serial.c tools/xmc/xmc_sym.c

HOST_TESTS += $(B)/host/test_xmc_rev2
