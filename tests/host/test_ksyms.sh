#!/bin/sh
# Host test for kernel/gen_ksyms.py: the table check must accept a matching
# table and reject one whose addresses differ from the image's.
set -e
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
g=kernel/gen_ksyms.py
printf '00100000 00000010 T alpha\n00100010 T beta\n00100020 00000004 t gamma\n00200000 00000004 D data\n' > "$d/nm"
python3 $g < "$d/nm" > "$d/t.S"
grep -q 'beta' "$d/t.S" || { echo "test_ksyms: beta missing"; exit 1; }
grep -q 'data' "$d/t.S" && { echo "test_ksyms: data symbol in a text table"; exit 1; }
grep -q '0x00100010, 0x10' "$d/t.S" || { echo "test_ksyms: size of beta not inferred"; exit 1; }
python3 $g --check "$d/t.S" < "$d/nm" > /dev/null || { echo "test_ksyms: good table rejected"; exit 1; }
sed 's/00100020 00000004 t gamma/00100024 00000004 t gamma/' "$d/nm" > "$d/nm2"
if python3 $g --check "$d/t.S" < "$d/nm2" > "$d/out"; then echo "test_ksyms: moved symbol not detected"; exit 1; fi
grep -q 'missing 00100024 gamma' "$d/out" || { echo "test_ksyms: no difference reported"; exit 1; }
echo "test_ksyms: 6 checks, 0 failed"
