#!/bin/bash
# insn_objdump_check.sh - run the decoder-vs-objdump differential test.
#   insn_objdump_check.sh CHECKER FILE...   objdump -d (32-bit mode) over the
#                                           executable sections of each ELF
#   insn_objdump_check.sh CHECKER --binary FILE...  raw bytes (objdump -D)
# Prints "instructions compared: N, mismatches: M"; non-zero on mismatch.
set -euo pipefail
checker=$1
shift
mode=elf
if [ "${1:-}" = --binary ]; then
	mode=bin
	shift
fi
if [ $# -eq 0 ]; then
	echo "usage: $0 CHECKER [--binary] FILE..." >&2
	exit 2
fi
for f in "$@"; do
	if [ $mode = bin ]; then
		objdump -D -z -b binary -m i386 "$f"
	else
		objdump -d -M i386 "$f"
	fi
done | "$checker"
