#!/bin/bash
# insn_fuzz_run.sh - run the libFuzzer decoder target for SECONDS seconds
# (default 20) on a corpus under build/host/, and print the exec count.
#   insn_fuzz_run.sh [SECONDS]      exits non-zero on any crash/sanitizer report
set -euo pipefail
B=${B:-build}
secs=${1:-20}
corpus=$B/host/insn_fuzz_corpus
mkdir -p "$corpus"
log=$B/host/insn_fuzz-${secs}s.log
if ! "$B/host/insn_fuzz" -max_total_time="$secs" -seed=1 -print_final_stats=1 \
	-artifact_prefix="$B/host/insn_fuzz-" "$corpus" >"$log" 2>&1; then
	tail -40 "$log"
	echo "insn_fuzz: FAILED (see $log)"
	exit 1
fi
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
echo "insn_fuzz: ${secs}s, execs: ${execs:-?}, corpus: $(ls "$corpus" | wc -l) inputs, crashes: 0"
