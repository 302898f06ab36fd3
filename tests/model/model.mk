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
