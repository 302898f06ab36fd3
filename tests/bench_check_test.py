#!/usr/bin/env python3
"""Host test of tests/bench_check.py: a figure 3x its baseline is a
regression, 1.5x passes, 0.3x is reported improved, a missing one is missing;
ratios are judged the same way."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_check  # noqa: E402


def run_with(tmp, int3_1000, stop_1000):
    d = os.path.join(tempfile.mkdtemp(dir=tmp), "bench-patch-icount")
    os.makedirs(d)
    with open(os.path.join(d, "console.log"), "w") as f:
        f.write("scenario bench-patch seed=1 cpus=1\n")
        for proto, v in (("int3", int3_1000), ("stop-machine", stop_1000)):
            f.write("BENCH " + json.dumps({"name": "poke", "unit": "ns", "median": v, "proto": proto,
                                           "sites": 1000, "cpus": 1}) + "\n")
    return bench_check.figures(os.path.dirname(d))


def main():
    tmp = tempfile.mkdtemp()
    base_fig = run_with(tmp, 3000, 300)
    base = {"figures": base_fig, "ratios": bench_check.ratios(base_fig)}
    fails = 0
    for int3, stop, want in ((9000, 300, 2), (4500, 300, 0), (900, 300, 0), (3000, 900, 1)):
        lines, bad, missing = bench_check.judge(run_with(tmp, int3, stop), base)
        if bad != want or missing:
            print("FAIL: int3 %d stop %d: %d regressions (want %d)\n%s" % (int3, stop, bad, want, "\n".join(lines)))
            fails += 1
    lines, bad, _ = bench_check.judge(run_with(tmp, 900, 300), base)
    if not any(x.startswith("improved") for x in lines):
        print("FAIL: a figure at 0.3x is not reported improved")
        fails += 1
    base["figures"]["bench-patch-icount hit cpus=1 kind=direct target=kp_add"] = 18
    if bench_check.judge(run_with(tmp, 3001, 300), base)[2] != 1:
        print("FAIL: a figure missing from the run is not counted missing")
        fails += 1
    key = next(iter(bench_check.LIMITS))
    over = dict(base["figures"], **{key: bench_check.LIMITS[key] + 1})
    lb = dict(base, figures=dict(over, **{key: bench_check.LIMITS[key] + 1}))
    if bench_check.judge(over, lb)[1] != 1:
        print("FAIL: a figure past its target (equal to its baseline) is not a failure")
        fails += 1
    if bench_check.judge(dict(over, **{key: bench_check.LIMITS[key]}), lb)[1] != 0:
        print("FAIL: a figure at its target fails")
        fails += 1
    print("bench_check_test: %s" % ("ok" if not fails else "%d failed" % fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
