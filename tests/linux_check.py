#!/usr/bin/env python3
"""linux_check.py - the figures of make linux-report and make linux-unwind
(Debian's Linux 6.1 i386 image; docs/scale.md, docs/unwind-linux.md) checked
against a committed baseline, tests/linux-baseline.json, as bench_check.py
checks the benchmarks.  The analysis is deterministic: on the same image
every count (boundaries, shares, refusals by hazard, disagreements with
Linux's rules, exact unwinder rules) must be equal, or the check fails and
names each one that moved.  Costs (per KB of text against this kernel's,
peak memory) vary with the host: more than FACTOR times the baseline fails.
The baseline holds the image's build ID; another image is not compared.

  linux_check.py [--report build/linux-report.json] [--unwind build/unwind-linux.json]
  linux_check.py --write ...        make those figures the new baseline (a reviewed change)
  linux_check.py --summary          print the baseline's figures (make report uses summary())
Exit 0 ok, 1 a count changed or a cost regressed, 2 usage."""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BASELINE = os.path.join(HERE, "linux-baseline.json")
FACTOR = 2.0
HAZARDS = ("H3", "H4", "H5", "H9", "H12")


def build_id(elf):
    out = subprocess.run(["readelf", "-n", elf], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "Build ID:" in line:
            return line.split("Build ID:")[1].strip()
    return None


def from_report(path):
    """(image, counts, costs) of make linux-report's JSON."""
    d = json.load(open(path))
    lx, own = d["linux"], d["own"]
    t, lr = lx["totals"], lx["linux"]
    c = {"functions": t["functions"], "text bytes": lx["text_bytes"], "boundaries": t["boundaries"],
         "int3-probeable": t["int3"], "jump-optimizable": t["jump"],
         "jump-optimizable, tables not read": lx["before"]["jump"],
         "H4 from another function": t["h4_cross"], "indirect jumps": t["ijmp"],
         "jump tables resolved": t["jtab"], "objdump agrees": lx["objdump"]["both"],
         "objdump: ours only": lx["objdump"]["ours_only"],
         "objdump: objdump only": lx["objdump"]["objdump_only"],
         "Linux rules optimize": lr["linux_optimizable"], "both optimize": lr["agree_optimizable"],
         "both refuse": lr["agree_refused"]}
    for h in HAZARDS:
        c["refused " + h] = t[h]
    for x in lr["disagreements"]:
        c["disagree: " + x["class"]] = x["n"]
    costs = {"analysis cost per KB, Linux / this kernel": lx["us_per_kb"] / own["us_per_kb"],
             "analysis peak MB": max(p.get("peak_kb", 0) for p in lx["phases"].values()) / 1024.0}
    return lx["image"], c, costs


def from_unwind(path):
    """(image, counts, costs) of make linux-unwind's JSON."""
    r = json.load(open(path))
    c = {"unwind boundaries": r["boundaries"], "unwind functions": r["functions"],
         "unwind functions exact": r["functions_exact"]}
    for x in r["reasons"]:
        c["unwind: " + x["reason"]] = x["count"]
    costs = {"unwinder peak MB": r["peak_rss_kb"] / 1024.0}
    if "compared_with" in r:
        costs["unwinder cost per KB, Linux / this kernel"] = r["compared_with"]["cost_per_kb_ratio"]
    return r["elf"], c, costs


def collect(a):
    out = {"counts": {}, "costs": {}, "build_id": None}
    for path, fn in ((a.report, from_report), (a.unwind, from_unwind)):
        if path and os.path.isfile(path):
            image, c, k = fn(path)
            bid = build_id(image) if os.path.exists(image) else None
            if out["build_id"] and bid and bid != out["build_id"]:
                sys.exit("linux_check: %s and the other report are of different images" % path)
            out["build_id"] = out["build_id"] or bid
            out["counts"].update(c)
            out["costs"].update(k)
    return out


def family(key):
    return "unwind" if key.startswith("unwind") else "analysis"


def judge(cur, base):
    lines, bad = [], 0
    for k, v in sorted(cur["counts"].items()):
        bv = base["counts"].get(k)
        tag = "new" if bv is None else "ok" if v == bv else "CHANGED"
        bad += tag == "CHANGED"
        lines.append("%-8s %-70s %12s vs %s" % (tag, k, "{:,}".format(v), "-" if bv is None else "{:,}".format(bv)))
    for k, v in sorted(cur["costs"].items()):
        bv = base["costs"].get(k)
        r = v / bv if bv else 1.0
        tag = "new" if bv is None else "REGRESSION" if r > FACTOR else "ok"
        bad += tag == "REGRESSION"
        lines.append("%-8s %-70s %12.3g vs %s  x%.2f" % (tag, k, v, "-" if bv is None else "%.3g" % bv, r))
    fams = {family(k) for k in cur["counts"]}
    gone = [k for k in base["counts"] if k not in cur["counts"] and family(k) in fams]
    for k in gone:
        lines.append("GONE     %s (was %s)" % (k, base["counts"][k]))
    return lines, bad + len(gone)


def summary(path=BASELINE):
    """The baseline's figures, for make report when no fresh run exists."""
    return json.load(open(path)) if os.path.exists(path) else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--report", default="build/linux-report.json")
    ap.add_argument("--unwind", default="build/unwind-linux.json")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--baseline", default=BASELINE)
    a = ap.parse_args()
    cur = collect(a)
    if not cur["counts"]:
        ap.error("neither %s nor %s exists (make linux-report, make linux-unwind)" % (a.report, a.unwind))
    base = summary(a.baseline) or {"counts": {}, "costs": {}, "build_id": None}
    if a.write:
        if base["build_id"] in (None, cur["build_id"]):
            fams = {family(k) for k in cur["counts"]}
            base["counts"] = {k: v for k, v in base["counts"].items() if family(k) not in fams}
            base["counts"].update(cur["counts"])
            base["costs"].update({k: round(v, 3) for k, v in cur["costs"].items()})
        else:
            base = cur
        base["build_id"] = cur["build_id"]
        json.dump(base, open(a.baseline, "w"), indent=1, sort_keys=True)
        print("linux_check: %d counts, %d costs written to %s" % (len(base["counts"]), len(base["costs"]), a.baseline))
        return 0
    if cur["build_id"] != base["build_id"]:
        print("linux_check: image build ID %s, baseline's %s: another image, not compared" %
              (cur["build_id"], base["build_id"]))
        return 0
    lines, bad = judge(cur, base)
    print("\n".join(lines))
    print("linux_check: %d figures against %s, %d changed or regressed" % (len(lines), os.path.relpath(a.baseline), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
