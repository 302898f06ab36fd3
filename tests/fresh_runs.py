#!/usr/bin/env python3
"""Run `make test` on fresh clones of this repository, one after another,
optionally beside a CPU hog, and print one line per run and a summary: the
evidence that the suite is green every time and on a busy host.

  tests/fresh_runs.py [--runs N] [--hog K] [--rev REV] [--out DIR] [--keep] [--cmd CMD]

Each run clones REV (default HEAD) into DIR/run-<i>/ (default
results/fresh-<stamp>/), runs `make test` there with its output in
DIR/run-<i>.log, and records rc, wall time, and the runner's pass/fail counts
and failed scenarios (or, when it failed before any scenario, the log's last
line).  --hog K starts K busy-loop processes (one per core is "one other
CPU-bound job per core") for the length of every run.  Exits 0 only if every
run passed.  --keep keeps the clones (default: only the log, and the clone's
results/ folder when the run failed).  --cmd runs another command in each
clone instead of `make test` (a dry run: --cmd true).

Issue 39's evidence: `tests/fresh_runs.py --runs 5` (five fresh clones in a
row) and `tests/fresh_runs.py --runs 2 --hog 4` (two beside four CPU-bound
processes)."""
import argparse
import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def hog():
    while True:
        pass


def summary(log):
    """(passed, failed, [failed scenario names], last line) from a make test log."""
    text = open(log, errors="replace").read()
    m = re.findall(r"^(\d+) passed, (\d+) failed", text, re.M)
    fails = re.findall(r"^\[\d+/\d+\] (?:FAIL|HANG|ERROR)\s+(\S+)", text, re.M)
    p, f = max(((int(a), int(b)) for a, b in m), key=sum, default=(0, 0))   # the suite, not bench_check's boots
    last = ([l.strip() for l in text.splitlines() if l.strip()] or [""])[-1]
    return p, f, fails, last


def count(lo):
    """argparse type: an integer >= lo."""
    def conv(v):
        if not v.isdigit() or int(v) < lo:
            raise argparse.ArgumentTypeError("want an integer >= %d, got %r" % (lo, v))
        return int(v)
    return conv


def one(i, a, out):
    clone = os.path.join(out, "run-%d" % i)
    log = os.path.join(out, "run-%d.log" % i)
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", ROOT, clone], check=True)
    subprocess.run(["git", "-C", clone, "checkout", "-q", a.rev], check=True)
    t0 = time.time()
    with open(log, "w") as f:
        rc = subprocess.run(a.cmd, shell=True, cwd=clone, stdout=f, stderr=subprocess.STDOUT).returncode
    secs = time.time() - t0
    p, nf, fails, last = summary(log)
    line = "run %d: rc %d, %dm%02ds, %d scenarios passed, %d failed%s" % (
        i, rc, secs // 60, secs % 60, p, nf, (": " + " ".join(fails)) if fails else
        (" (log ends: %s)" % last[:200]) if rc else "")
    if not a.keep:
        if rc and os.path.isdir(os.path.join(clone, "results")):
            shutil.copytree(os.path.join(clone, "results"), os.path.join(out, "run-%d-results" % i))
        shutil.rmtree(clone)
    return rc, line


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=count(1), default=5)
    ap.add_argument("--hog", type=count(0), default=0, help="busy-loop processes beside each run")
    ap.add_argument("--cmd", default="make test", help="what each clone runs (default: make test)")
    ap.add_argument("--rev", default="HEAD")
    ap.add_argument("--out")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    signal.signal(signal.SIGINT, signal.default_int_handler)   # runs started as a background job: as on a terminal
    a.rev = subprocess.run(["git", "-C", ROOT, "rev-parse", a.rev], capture_output=True, text=True,
                           check=True).stdout.strip()
    out = a.out or os.path.join(ROOT, "results", "fresh-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(out, exist_ok=True)
    print("fresh runs: %d x %s of %s, %d hog process%s, %d cores; logs in %s" % (
        a.runs, a.cmd, a.rev[:10], a.hog, "" if a.hog == 1 else "es", os.cpu_count(), out), flush=True)
    hogs = [multiprocessing.Process(target=hog, daemon=True) for _ in range(a.hog)]
    for h in hogs:
        h.start()
    bad = 0
    try:
        with open(os.path.join(out, "summary.txt"), "a") as s:
            for i in range(1, a.runs + 1):
                rc, line = one(i, a, out)
                bad += rc != 0
                print(line, flush=True)
                s.write(line + "\n")
    finally:
        for h in hogs:
            h.terminate()
    print("fresh runs: %d of %d green" % (a.runs - bad, a.runs))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
