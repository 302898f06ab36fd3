#!/bin/bash
# insn_objdump_all.sh - host test: decoder vs GNU objdump over every 32-bit
# ELF of libc6-i386, /usr/lib32, gcc's 32-bit multilib objects, the kernel
# image if built, and a seeded random and an opcode-sweep byte stream.
# Run from the repo root by `make host-test`; needs build/host/ binaries.
set -euo pipefail
B=${B:-build}
chk=$B/host/insn_objdump_check
files=()
add() { # ELF files and ar archives only
	[ -f "$1" ] && [ -r "$1" ] || return 0
	case "$(head -c 8 "$1" | od -An -c | tr -d ' \n')" in
	177ELF*|'!<arch>'*) files+=("$1") ;;
	esac
}
for f in $(dpkg -L libc6-i386 2>/dev/null | grep '\.so'); do add "$f"; done
for f in $(find /usr/lib32 -type f \( -name '*.so*' -o -name '*.o' -o -name '*.a' \) 2>/dev/null | sort); do add "$f"; done
for f in /usr/lib/gcc/x86_64-linux-gnu/*/32/*.o /usr/lib/gcc/x86_64-linux-gnu/*/32/*.a; do add "$f"; done
if [ -f $B/kernel.elf ]; then add $B/kernel.elf; else echo "($B/kernel.elf not built: skipped)"; fi
# Negative control: a wrong length and a wrong target must be reported.
if printf 'x:     file format elf32-i386\n   0:\t8b 45 \tmov    0x8(%%ebp),%%eax\n   2:\t08 c3 \tor     %%al,%%bl\n   4:\teb 00 \tjmp    7 <f+0x7>\n' |
	$chk >/dev/null 2>&1; then
	echo "negative control: checker accepted a tampered listing"
	exit 1
fi
echo "ELF inputs: ${#files[@]} files"
tests/host/insn_objdump_check.sh $chk "${files[@]}"
echo "random bytes (seed 1, 4 MB):"
${PYTHON:-python3} tests/host/insn_gen_bytes.py random 1 4000000 $B/host/insn_random.bin
tests/host/insn_objdump_check.sh $chk --binary $B/host/insn_random.bin
echo "opcode sweep (all maps, prefixes, ModRM forms):"
${PYTHON:-python3} tests/host/insn_gen_bytes.py sweep $B/host/insn_sweep.bin
tests/host/insn_objdump_check.sh $chk --binary $B/host/insn_sweep.bin
