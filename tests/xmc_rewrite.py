#!/usr/bin/env python3
"""Is the patcher's rewrite after each core sync still needed?  Runs each
scenario N times with and without it (poke_rewrite=1/0) under the
cross-modifying-code checker and prints, per scenario and setting, the
verdicts and the emulator artifacts the checker counted: stale translations
run after their CPU serialized (docs/xmc.md, docs/fidelity.md; issue 40).

  tests/xmc_rewrite.py [--runs N] [--out DIR] [--plain] [SCENARIO ...]

--plain runs without the checker (the verdicts only: does a stale
translation break a run?).  Exits 0 when every run it made passed."""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = ["kprobe-churn-4", "kprobe-full-8", "text-poke-full-4", "djprobe-torture-full-4", "djprobe-none-8"]
SUMMARY = re.compile(r"^xmc: summary: X1 (\d+) X2 (\d+) X3 (\d+); artifact (\d+) \((\d+) runs\)", re.M)


def one(name, rewrite, i, a):
    res = os.path.join(a.out, "%s-rw%d-%d" % (name, rewrite, i))
    cmd = [sys.executable, os.path.join(ROOT, "tests", "runner.py"), "--all", "--only", "^%s$" % re.escape(name),
           "--resdir", res, "--args", "poke_rewrite=%d" % rewrite] + ([] if a.plain else ["--xmc"])
    t0 = time.time()
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log = os.path.join(res, name, "xmc.log")
    m = SUMMARY.search(open(log, errors="replace").read()) if os.path.exists(log) else None
    return {"ok": p.returncode == 0, "secs": time.time() - t0,
            "x": tuple(int(m.group(k)) for k in (1, 2, 3)) if m else None,
            "art": int(m.group(4)) if m else None, "runs": int(m.group(5)) if m else None,
            "last": ([l for l in p.stdout.splitlines() if "PASS" in l or "FAIL" in l or "HANG" in l] or [""])[-1]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(ROOT, "results", time.strftime("rewrite-%Y%m%d-%H%M%S")))
    ap.add_argument("--plain", action="store_true", help="without the checker")
    ap.add_argument("scenarios", nargs="*", default=DEFAULT)
    a = ap.parse_args()
    if a.runs < 1:
        ap.error("--runs wants 1 or more")
    os.makedirs(a.out, exist_ok=True)
    print("xmc_rewrite: %s, %d run(s) each with poke_rewrite=1 and 0%s; results in %s" % (
        " ".join(a.scenarios), a.runs, " (no checker)" if a.plain else "", a.out), flush=True)
    bad = 0
    for name in a.scenarios:
        for rewrite in (1, 0):
            rs = [one(name, rewrite, i, a) for i in range(1, a.runs + 1)]
            bad += sum(not r["ok"] for r in rs)
            arts = " ".join("-" if r["art"] is None else "%d(%d)" % (r["art"], r["runs"]) for r in rs)
            print("%-24s rewrite %d: %d/%d passed; artifacts (runs) %s; X1-X3 %s; %s" % (
                name, rewrite, sum(r["ok"] for r in rs), len(rs), arts,
                " ".join("-" if r["x"] is None else "/".join(map(str, r["x"])) for r in rs),
                " ".join("%.0fs" % r["secs"] for r in rs)), flush=True)
            for r in rs:
                if not r["ok"]:
                    print("    failed: %s" % r["last"].strip()[:200], flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
