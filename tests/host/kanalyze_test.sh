#!/bin/sh
# kanalyze_test.sh - the host analysis tool (tools/kanalyze.c, issue 33) on a
# committed sample of this kernel's functions (tests/host/data/kanalyze-
# sample.hex, cut by tools/kanalyze_sample.py): its verdicts per function
# must equal the kernel's own (the sample's K lines, from bench-sites), and
# the sample must hold a resolved jump table and an unresolved one.
set -e
B=${B:-build}
S=tests/host/data/kanalyze-sample.hex
$B/host/kanalyze $S $S --functions > $B/host/kanalyze_test.json
python3 - "$S" "$B/host/kanalyze_test.json" <<'PY'
import json, sys
want = {}
for l in open(sys.argv[1]):
    if l.startswith("K "):
        j = json.loads(l[2:]); want[j["fn"]] = j
got = json.load(open(sys.argv[2]))
bad = n = 0
for f in got["functions"]:
    k = want[f["fn"]]
    for key, v in k.items():
        if key in ("fn", "addr", "size"):
            continue
        n += 1
        if f["stats"].get(key) != v:
            bad += 1
            print("  FAIL %s %s: tool %s, kernel %s" % (f["fn"], key, f["stats"].get(key), v))
t = got["totals"]
n += 3
if len(got["functions"]) != len(want): bad += 1; print("  FAIL functions %d vs %d" % (len(got["functions"]), len(want)))
if not t["jtab"]: bad += 1; print("  FAIL no jump table resolved in the sample")
if not t["H5"]: bad += 1; print("  FAIL no unresolved indirect jump (H5) in the sample")
print("kanalyze_test: %d functions, %d checks, %d failed (jump-optimizable %d of %d, tables %d, H5 %d)"
      % (len(want), n, bad, t["jump"], t["boundaries"], t["jtab"], t["H5"]))
sys.exit(1 if bad else 0)
PY
