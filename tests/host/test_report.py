#!/usr/bin/python3
"""Host test of tests/report.py: a small fake results tree (consoles with
BENCH and SITES lines, one cut short, a kernel.map, a base run's bench.json,
a matrix.json in an older run) goes through build_report(); the tables, the
ratio column, the regression flags (both directions), bench.json's fields,
the matrix and, when matplotlib is there, the SVG plots are checked."""
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import report  # noqa: E402

FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL: " + what)


def bench(name, unit, median, p99=None, hist=None, n=100, cpus=4, **kw):
    d = {"name": name, "unit": unit, "n": n, "median": median, "p99": p99 or median, "min": median,
         "max": p99 or median, "mean": median, "cpus": cpus, "hist": hist or [[median, n]]}
    d.update(kw)
    return "BENCH " + json.dumps(d)


def scenario(root, name, cpus, lines, verdict="PASS"):
    d = os.path.join(root, name)
    os.makedirs(d)
    with open(d + "/console.log", "w") as f:
        f.write("kpatch test kernel: booting\r\nscenario %s seed=7 cpus=%d\r\n" % (name, cpus))
        for ln in lines:
            f.write(ln + "\r\n")
        f.write("End of test: SUCCESS\r\n")
    with open(d + "/verdict.txt", "w") as f:
        f.write("%-4s %-34s %-5s %6.1fs  End of test: SUCCESS\nexit status 33\n" % (verdict, name, "", 3.5))


def main():
    tmp = tempfile.mkdtemp(prefix="report-test-")
    try:
        results = os.path.join(tmp, "results")
        run = os.path.join(results, "20300101-000000")
        old = os.path.join(results, "20290101-000000")
        os.makedirs(old)
        scenario(run, "bench-djprobe", 4, [
            bench("hit", "ns", 20, 30, [[16, 40], [20, 60]], kind="direct", target="dj_add"),
            bench("hit", "ns", 1200, 1500, kind="int3-step", target="dj_add"),
            bench("hit", "ns", 200, 260, kind="optimized", target="dj_add"),
            bench("optimize", "us", 5000, strategy="safe", optimized=12),
            'BENCH {"name":"hit","unit":"ns","n":3,"median":',          # cut short by a crash: skipped
        ])
        scenario(run, "bench-patch-2", 2, [
            bench("hit", "ns", 30, kind="direct", target="kp_call", cpus=2),
            bench("hit", "ns", 900, kind="int3-emulate", target="kp_call", cpus=2),
            bench("poke", "ns", 100000, cpus=2, proto="int3", sites=1, syncs=3, ipis=3),
            bench("poke", "ns", 50000, cpus=2, proto="stop-machine", sites=1, syncs=1, ipis=1),
            bench("poke", "ns", 70000000, cpus=2, proto="int3", sites=1000, syncs=14, ipis=14),
            bench("poke", "ns", 1000000, cpus=2, proto="stop-machine", sites=1000, syncs=1, ipis=1),
            bench("poke-stall", "ns", 13000, cpus=2, proto="int3", sites=1),
            bench("poke-stall-idle", "ns", 1000, cpus=2, proto="int3", sites=1),
        ])
        scenario(run, "bench-quiesce", 4, [
            bench("quiesce", "us", 5000, strategy=s, threads=10, inside=i, stale=0, batch=21, reps=5,
                  optimized=105 - 5 * bool(i and s != "eip-scan"), deferred=5 * bool(i and s != "eip-scan"),
                  retries=0, ip_hits=0, stack_hits=0, false_pos=0, tasks_waits=0, refused=0,
                  h3_missed=5 * bool(i and s == "eip-scan"))
            for s in ("eip-scan", "word-scan") for i in (0, 1)] + [
            'BENCH {"name":"kernel-scan","unit":"sites","n":1,"value":3,"cpus":4,"threads":10,"live_threads":15,'
            '"sites":500,"busy_eip":1,"busy_frames":2,"busy_words":3,"word_hits":4,"false_pos":1,"scan_ms":9}'])
        fields = '"functions":1,"undecodable":0,"boundaries":%d,"int3":%d,"jump":%d,"noprobe":0,"no_ool":0,' \
                 '"h4_cross":0,"reloc_fail":0,"H3":0,"H4":%d,"H5":0,"H9":0,"H12":0,"other":0'
        scenario(run, "bench-sites", 1, [
            'SITES {"fn":"f_kernel","addr":4096,"size":16,%s}' % (fields % (10, 8, 6, 4)),
            'SITES {"fn":"f_patch","addr":8200,"size":16,%s}' % (fields % (10, 10, 10, 0)),
            'SITES_TOTAL {%s}' % (fields % (20, 18, 16, 4)).replace('"functions":1', '"functions":2')])
        kmap = os.path.join(tmp, "kernel.map")
        with open(kmap, "w") as f:
            f.write(".text           0x00001000    0x2000\n"
                    " .text.f_kernel  0x00001000       0x10 build/kernel/a.o\n"
                    "                0x00001000                f_kernel\n"
                    " .text.a_function_with_a_long_name\n"
                    "                0x00002000       0x20 build/patch/b.o\n")
        json.dump({"rev": "abc", "strategies": ["safe", "naive"], "hazards": ["H1", "H3"],
                   "cells": [{"strategy": "safe", "hazard": "H1", "expected": "survived", "outcome": "survived"},
                             {"strategy": "safe", "hazard": "H3", "expected": "survived", "outcome": "caught"},
                             {"strategy": "naive", "hazard": "H1", "expected": "caught", "outcome": "caught"}]},
                  open(os.path.join(old, "matrix.json"), "w"))
        # base run: the optimized hit was 150 ns (now 200: +33%, regressed), int3 1150 (now 1200: +4%, fine),
        # the patch class's jump share 100% (now 100%), kernel's 80% (now 60%: worse, higher is better)
        base = os.path.join(tmp, "base")
        os.makedirs(base)
        report.RESULTS_ROOT = results
        _, cur, _ = report.build_report(run, None, False, {"cores": 2}, rev="abc1234", map_path=kmap, quiet=True)
        for m in cur:
            if m["name"] == "hit" and m["kind"] == "optimized":
                m["median"] = 150
            if m["name"] == "hit" and m["kind"] == "int3-step":
                m["median"] = 1150
            if m["name"] == "coverage" and m["class"] == "kernel":
                m["value"] = 80.0
        json.dump(cur, open(os.path.join(base, "bench.json"), "w"))

        R, allm, cmp = report.build_report(run, base, True, {"cores": 2}, rev="abc1234", map_path=kmap, quiet=True)
        md = open(os.path.join(run, "report.md")).read()
        txt = open(os.path.join(run, "report.txt")).read()
        bj = json.load(open(os.path.join(run, "bench.json")))

        check(report.QEMU_NOTE in md and report.QEMU_NOTE in txt, "the QEMU timing note is in both outputs")
        check(len([m for m in bj if m["name"] == "hit"]) == 5, "the cut BENCH line is skipped, 5 hits parsed")
        check(all(m.get("scenario") and "cpus" in m and m.get("rev") == "abc1234" for m in bj),
              "every bench.json object has scenario, cpus and rev")
        check(all(m["seed"] == 7 for m in bj if m["name"] != "coverage"), "seed from the console")
        check("| optimized probe | `dj_add` | `bench-djprobe` | 100 | 200 | 260 | 10.0x |" in md,
              "hit table row: optimized, median, p99, ratio to the direct call")
        check("| int3 probe, emulated | `kp_call` | `bench-patch-2` | 100 | 900 | 900 | 30.0x |" in md,
              "hit table row from the 2-CPU patch run")
        check("**1.33x regressed**" in md, "optimized hit +33% is flagged")
        check("1.04x" in md and "1.04x regressed" not in md, "int3 hit +4% is not flagged")
        check("**0.75x regressed**" in md, "coverage share down 25% (higher is better) is flagged")
        check("**2 regressed by more than 10%**" in md, "the base section counts 2 regressions")
        check("| 2 | 1,000 | stop-machine | 100 | 1,000 | 1,000 | 1 rv | 1 | 0.01 |" in md,
              "patching row: stop-machine against int3 at 1000 sites")
        check("| 2 | 1 | int3 | 100 | 100 | 100 | 3 | 3 | 1.00 | - | 13 | 1 |" in md, "patching row with stall")
        check("| inside 1 | 10 | 5 (**H3 missed 5**) | 5 (deferred 5) |" in md, "quiescence pivot row")
        check("| kernel | 1 | 10 | 80.0 | 60.0 |" in md, "coverage per class from kernel.map")
        check("| patch | 1 | 10 | 100.0 | 100.0 |" in md, "a long section name wrapped in the map")
        check("| **all** | 2 | 20 | 90.0 | 80.0 |" in md, "coverage total")
        check("| whole kernel | 10 (15 live) | 500 | 1 | 2 | 3 | 4 | 1 | 25% |" in md, "false-positive row")
        check("| safe | survived | **caught (expected survived)** |" in md and "2 of 3 cells as expected" in md,
              "matrix from the newest matrix.json, the unexpected cell in bold")
        check("optimized probe   `dj_add`" not in txt and "optimized probe" in txt and "|" not in
              txt.split("=== Probe hit cost")[1].split("===")[0], "plain-text tables without markdown pipes")
        for tbl in [b for b in md.split("\n\n") if b.startswith("| ")]:
            lines = tbl.splitlines()
            n = lines[0].count(" | ")
            check(all(ln.replace("\\|", "").count("|") == n + 2 for ln in lines[2:]) and
                  lines[1].count("|") == n + 2, "table columns line up: " + lines[0][:60])
        check("1.33x regressed" in txt, "the regression flag in the terminal text too")
        try:
            import matplotlib  # noqa: F401
            have_mpl = True
        except ImportError:
            have_mpl = False
        if have_mpl:
            for svg in ("hit_hist.svg", "patch_latency.svg", "patch_stall.svg", "quiesce.svg", "coverage.svg"):
                p = os.path.join(run, svg)
                ok = os.path.exists(p) and "<svg" in open(p).read(4096)
                check(ok, "plot %s written as SVG" % svg)
                check("](%s)" % svg in md, "report.md links %s relatively" % svg)
        else:
            print("note: no matplotlib for %s: plots not checked" % sys.executable)
        # no matrix anywhere: the section says so
        os.unlink(os.path.join(old, "matrix.json"))
        report.build_report(run, None, False, {}, rev="abc1234", map_path=kmap, quiet=True)
        check("No matrix run found" in open(os.path.join(run, "report.md")).read(), "no matrix: skipped, said so")
    finally:
        shutil.rmtree(tmp)
    if FAILS:
        print("test_report: %d checks failed" % len(FAILS))
        return 1
    print("test_report: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
