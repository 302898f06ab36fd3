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
# split parts (gcc's X.cold): each names its function's first byte; a part
# whose function is missing or not unique is refused, naming it
printf '00100000 00000010 T alpha\n00100040 00000008 t alpha.cold\n00100050 00000004 t beta.cold.2\n00100060 00000004 T beta\n' > "$d/nm3"
python3 $g < "$d/nm3" > "$d/t3.S"
grep -q '0x00100040, 0x00100048, 0x00100000   /\* alpha.cold is part of alpha' "$d/t3.S" || { echo "test_ksyms: alpha.cold not attributed to alpha"; exit 1; }
grep -q '0x00100050, 0x00100054, 0x00100060   /\* beta.cold.2 is part of beta' "$d/t3.S" || { echo "test_ksyms: beta.cold.2 not attributed to beta"; exit 1; }
grep -q 'ksym_parts_nr:' "$d/t3.S" && grep -A1 'ksym_parts_nr:' "$d/t3.S" | grep -q '.long 2' || { echo "test_ksyms: parts count"; exit 1; }
printf '00100000 00000010 t dup\n00100020 00000010 t dup\n00100040 00000008 t dup.cold\n' > "$d/nm4"
if python3 $g < "$d/nm4" > "$d/t4.S" 2> "$d/err4"; then echo "test_ksyms: a part of an ambiguous function accepted"; exit 1; fi
grep -q 'dup.cold at 00100040: 2 functions named dup' "$d/err4" || { echo "test_ksyms: ambiguous part not named"; cat "$d/err4"; exit 1; }
printf '00100040 00000008 t gone.cold\n' > "$d/nm5"
if python3 $g < "$d/nm5" > /dev/null 2> "$d/err5"; then echo "test_ksyms: a part without its function accepted"; exit 1; fi
grep -q 'gone.cold at 00100040: no function named gone' "$d/err5" || { echo "test_ksyms: orphan part not named"; exit 1; }
echo "test_ksyms: 12 checks, 0 failed"
