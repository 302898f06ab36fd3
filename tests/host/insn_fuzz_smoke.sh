#!/bin/bash
# insn_fuzz_smoke.sh - host test: a 20 s libFuzzer smoke run of the insn
# decoder/analysis/relocation target (tests/fuzz/insn_fuzz.c).
exec tests/fuzz/insn_fuzz_run.sh "${INSN_FUZZ_SECONDS:-20}"
