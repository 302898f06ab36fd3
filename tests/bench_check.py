#!/usr/bin/env python3
"""Regression check against a committed baseline (tests/bench-baseline.json).

  bench_check.py --boot                 boot the baseline's scenarios (runner.py), then check
  bench_check.py RESDIR                 check a past run (results/<stamp>)
  bench_check.py --write RESDIR         make that run the new baseline (after a reviewed change)

The baseline holds instruction counts from scenarios run under -icount
shift=0,sleep=off (one instruction per virtual ns: exact, the same on every
host), keyed as tests/report.py keys BENCH lines, and ratios between them
(per-site cost of the int3 protocol over stop-machine, a probe hit over a
direct call).  A figure or ratio more than FACTOR times its baseline fails
the check: the tenfold regression of a per-site check is caught the day it
lands.  A figure less than 1/FACTOR of its baseline is reported (write a new
baseline).  A figure past its target in LIMITS fails too.  Exit 0 ok, 1
regression or over target, 2 usage or a figure missing."""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import report  # noqa: E402

BASELINE = os.path.join(HERE, "bench-baseline.json")
FACTOR = 2.0
# ratio name -> (numerator key, denominator key, per): per divides both by sites
RATIOS = {
    "int3/stop-machine per site, 1000 sites": (
        "bench-patch-icount poke cpus=1 proto=int3 sites=1000",
        "bench-patch-icount poke cpus=1 proto=stop-machine sites=1000"),
    "int3/stop-machine-checked per site, 1000 sites": (
        "bench-patch-icount poke cpus=1 proto=int3 sites=1000",
        "bench-patch-icount poke cpus=1 proto=stop-machine-checked sites=1000"),
    "int3-step hit / direct call": (
        "bench-patch-icount hit cpus=1 kind=int3-step target=kp_add",
        "bench-patch-icount hit cpus=1 kind=direct target=kp_add"),
    "ftrace-like batch: optimized register / int3 register, per site": (
        "bench-ftrace-icount ftrace cpus=1 op=register proto=optimized",
        "bench-ftrace-icount ftrace cpus=1 op=register proto=int3"),
    "ftrace-like batch: int3 register / stop-machine write, per site": (
        "bench-ftrace-icount ftrace cpus=1 op=register proto=int3",
        "bench-ftrace-icount ftrace cpus=1 op=arm+disarm proto=stop-machine"),
    "quiescence check, exact unwind / frame walk, 1,003 threads": (
        "bench-quiesce-check-icount quiesce-check cpus=2 depth=4 mode=frames threads=1003",
        "bench-quiesce-check-icount quiesce-check cpus=2 depth=4 mode=frames-fp threads=1003"),
    "quiescence stall (pre-scan), 1,003 / 13 threads": (
        "bench-quiesce-check-icount quiesce-stall cpus=2 depth=4 mode=frames prescan=on threads=1003",
        "bench-quiesce-check-icount quiesce-stall cpus=2 depth=4 mode=frames prescan=on threads=13"),
    "quiescence stall, pre-scan on / off, 1,003 threads": (
        "bench-quiesce-check-icount quiesce-stall cpus=2 depth=4 mode=frames prescan=on threads=1003",
        "bench-quiesce-check-icount quiesce-stall cpus=2 depth=4 mode=frames prescan=off threads=1003"),
    "optimized hit / direct call": (
        "bench-hit-icount hit cpus=1 kind=optimized target=dj_add",
        "bench-hit-icount hit cpus=1 kind=direct target=dj_add"),
    "user probe: optimized hit / int3 hit": (
        "bench-user-icount uprobe-hit cpus=1 kind=user-optimized uspace=shared",
        "bench-user-icount uprobe-hit cpus=1 kind=user-int3 uspace=shared"),
    "live-patch call: through the dispatcher / through the redirect": (
        "bench-livepatch-icount lp-call cpus=2 kind=dispatcher",
        "bench-livepatch-icount lp-call cpus=2 kind=redirect"),
    "livepatch transition check work, 1,000 / 100 sleepers": (
        "bench-livepatch-icount lp-pass cpus=2 funcs=1 model=livepatch sleepers=1000",
        "bench-livepatch-icount lp-pass cpus=2 funcs=1 model=livepatch sleepers=100"),
    "kpatch: other CPUs parked, 1,000 / 100 sleepers": (
        "bench-livepatch-icount lp-stopped cpus=2 funcs=1 model=kpatch sleepers=1000",
        "bench-livepatch-icount lp-stopped cpus=2 funcs=1 model=kpatch sleepers=100"),
    "kpatch switch stall (pre-scan), 1,003 / 13 threads": (
        "bench-lp-stall-icount lp-stall cpus=2 model=kpatch prescan=on threads=1003",
        "bench-lp-stall-icount lp-stall cpus=2 model=kpatch prescan=on threads=13"),
    "ksplice switch stall (pre-scan), 1,003 / 13 threads": (
        "bench-lp-stall-icount lp-stall cpus=2 model=ksplice prescan=on threads=1003",
        "bench-lp-stall-icount lp-stall cpus=2 model=ksplice prescan=on threads=13"),
    "kpatch switch stall, pre-scan on / off, 1,003 threads": (
        "bench-lp-stall-icount lp-stall cpus=2 model=kpatch prescan=on threads=1003",
        "bench-lp-stall-icount lp-stall cpus=2 model=kpatch prescan=off threads=1003"),
    "return probe / entry probe, int3 entries": (
        "bench-retprobe-icount rp-hit cpus=1 kind=kretprobe-int3",
        "bench-retprobe-icount rp-hit cpus=1 kind=kprobe-int3"),
    "return probe / entry probe, optimized entries": (
        "bench-retprobe-icount rp-hit cpus=1 kind=kretprobe-optimized",
        "bench-retprobe-icount rp-hit cpus=1 kind=kprobe-optimized"),
    "ret-site probes: jump-optimized / int3": (
        "bench-retprobe-icount rp-hit cpus=1 kind=ret-sites-optimized",
        "bench-retprobe-icount rp-hit cpus=1 kind=ret-sites-int3"),
    "user return probe / user probe, int3 entries": (
        "bench-user-icount uprobe-hit cpus=1 kind=user-uretprobe-int3 uspace=shared",
        "bench-user-icount uprobe-hit cpus=1 kind=user-int3 uspace=shared"),
    "int3-emulate hit / direct call": (
        "bench-patch-icount hit cpus=1 kind=int3-emulate target=kp_call",
        "bench-patch-icount hit cpus=1 kind=direct target=kp_call"),
}

# Targets the project set itself (key -> the most it may be), judged on
# every run beside the 2x baseline check: a figure past its target fails
# even when it moved less than 2x.  Exact under icount, so never flaky.
LIMITS = {
    # issue 33: a jump-optimized batch, the one-time branch index counted,
    # at most 10 times the int3 batch per site
    "bench-ftrace-icount ftrace-ratio cpus=1 of=optimized index+register / int3 register": 1000,
}


def figures(resdir):
    """key -> median of every BENCH line in a results dir."""
    run = report.load_run(resdir)
    return {report.key_of(m): report.value_of(m) for m in run["bench"]}


def ratios(fig):
    out = {}
    for name, (a, b) in RATIOS.items():
        if a in fig and b in fig and fig[b]:
            out[name] = fig[a] / fig[b]
    return out


def judge(cur, base):
    """Lines of a table and the number of regressions and missing figures."""
    lines, bad, missing = [], 0, 0
    rows = [(k, cur.get(k), v) for k, v in sorted(base["figures"].items())]
    rows += [(k, ratios(cur).get(k), v) for k, v in sorted(base["ratios"].items())]
    for key, v, bv in rows:
        if v is None:
            lines.append("MISSING     %-70s baseline %s" % (key, bv))
            missing += 1
            continue
        r = v / bv if bv else 1.0
        tag = "REGRESSION" if r > FACTOR else "improved" if r < 1 / FACTOR else "ok"
        bad += tag == "REGRESSION"
        lines.append("%-11s %-70s %12.6g vs %12.6g  x%.2f" % (tag, key, v, bv, r))
    for key, most in sorted(LIMITS.items()):
        v = cur.get(key)
        if v is not None and v > most:
            lines.append("OVER TARGET %-70s %12.6g, the target is at most %g" % (key, v, most))
            bad += 1
    return lines, bad, missing


def boot(names):
    resdir = os.path.join(ROOT, "results", "bench-check")
    os.makedirs(resdir, exist_ok=True)
    only = "^(%s)$" % "|".join(names)
    r = subprocess.run([sys.executable, os.path.join(HERE, "runner.py"), "--all", "--suite", "bench",
                        "--only", only, "--resdir", resdir, "--jobs", "1"])
    if r.returncode:
        sys.exit("bench_check: the benchmark boot failed (see %s)" % os.path.relpath(resdir, ROOT))
    return resdir


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("resdir", nargs="?")
    ap.add_argument("--boot", action="store_true", help="boot the baseline's scenarios first")
    ap.add_argument("--write", action="store_true", help="write RESDIR's figures as the new baseline")
    ap.add_argument("--baseline", default=BASELINE)
    a = ap.parse_args()
    if a.write:
        if not a.resdir:
            ap.error("--write needs RESDIR")
        fig = figures(a.resdir)
        base = {"scenarios": sorted({k.split()[0] for k in fig}),
                "figures": fig, "ratios": ratios(fig)}
        json.dump(base, open(a.baseline, "w"), indent=1, sort_keys=True)
        print("bench_check: %d figures and %d ratios written to %s" % (len(fig), len(base["ratios"]), a.baseline))
        return 0
    base = json.load(open(a.baseline))
    if a.boot == bool(a.resdir):
        ap.error("give RESDIR or --boot")
    lines, bad, missing = judge(figures(boot(base["scenarios"]) if a.boot else a.resdir), base)
    print("\n".join(lines))
    print("bench_check: %d figures, %d regressions (more than %gx the baseline), %d missing" %
          (len(lines), bad, FACTOR, missing))
    return 1 if bad else 2 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
