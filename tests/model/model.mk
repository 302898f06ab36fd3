# model.mk - Spin models of the patching protocols (tests/model/*.pml),
# checked exhaustively, correct and broken variants (included by Makefile).
# `make model` prints one line per variant; pan, its output and any
# counterexample trail (with a replay.sh) go to $(B)/model/<model>-<variant>/.
# MODEL_ONLY= restricts the run to variants matching a regex.

MODEL_B    := $(B)/model
MODEL_ONLY ?=

model:
	@$(PYTHON) tests/model/run.py --build $(MODEL_B) $(if $(MODEL_ONLY),--only '$(MODEL_ONLY)')

.PHONY: model

# Host test: the C state machine (patch/djprobe_fsm.c) against random walks of
# djopt.pml (tests/host/djprobe_fsm_replay.sh), with a broken-table control.
MODEL_HB := $(B)/host

$(MODEL_HB)/djprobe_fsm_test: tests/host/djprobe_fsm_test.c patch/djprobe_fsm.c patch/djprobe_fsm.h tests/host/check.h
	@mkdir -p $(MODEL_HB)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ tests/host/djprobe_fsm_test.c patch/djprobe_fsm.c

$(MODEL_HB)/djprobe_fsm_test_broken: tests/host/djprobe_fsm_test.c patch/djprobe_fsm.c patch/djprobe_fsm.h tests/host/check.h
	@mkdir -p $(MODEL_HB)
	$(HOSTCC) $(HOST_CFLAGS) -DFSM_BROKEN -o $@ tests/host/djprobe_fsm_test.c patch/djprobe_fsm.c

$(MODEL_HB)/djprobe_fsm_replay.sh: tests/host/djprobe_fsm_replay.sh tests/model/djopt.pml \
		$(MODEL_HB)/djprobe_fsm_test $(MODEL_HB)/djprobe_fsm_test_broken
	printf '#!/bin/sh\nB=$(B) exec $< "$$@"\n' > $@ && chmod +x $@

HOST_TESTS += $(MODEL_HB)/djprobe_fsm_replay.sh
