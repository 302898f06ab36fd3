#!/usr/bin/env python3
"""make matrix: every patching strategy against every deterministic hazard
scenario (scenario=hazard, tests/kernel/hazard.c) and against djprobe-torture,
several seeds per cell; prints the strategy x hazard table, writes
results/<stamp>/matrix.md, matrix.json and junit.xml, and exits non-zero if a
cell differs from its expectation (docs/patching.md, "Strategies": a broken
strategy that survives means the scenario is too weak).

  matrix.py [--seeds N] [--first-seed S] [--cpus N] [--torture-ms MS]
  matrix.py --doc results/<stamp>        that run's table into docs/hazards.md"""
import argparse
import json
import os
import re
import sys
import xml.sax.saxutils as xs

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import runner  # noqa: E402
import scenario  # noqa: E402

STRATEGIES = ["naive", "stop-machine", "int3-bypass", "int3-ipscan", "int3-stackscan", "int3-tasksrcu", "safe"]
HAZARDS = ["H1", "H2", "H3", "H4", "H5", "H6", "H8", "H9", "H10", "H11", "H12",
           "H1-edge", "H1-first", "H1-batch", "H2-callee", "H2-idle", "H3-entry", "H3-pushed", "H3-ret", "H3-noframe", "H3-unreliable", "H3-retprobe",
           "H8-entry", "H8-pushed", "H8-ret", "H8-noframe", "H8-self", "H8-handler", "H8-handler2",
           "H8-forever", "H8-word", "H8-local", "torture"]
# The torture's regions hold a mid-region call whose callee sleeps (H3), so
# every strategy without a stack view or a wait is expected to be caught.
TORTURE_CAUGHT = {"naive", "stop-machine", "int3-bypass", "int3-ipscan"}
CELL = re.compile(r"^matrix: (H\d+(?:-\w+)?) (\S+) (caught|survived|ERROR)(?:: (.*))?$", re.M)
NAMED = re.compile(r"EIP is (strictly inside the jump|in the (live|FREED) detour buffer|in a freed "
                   r"instruction slot|outside kernel text)[^\n]*|djprobe-torture: \S+ returned [^\n]*")


def scn(name, args, cpus, timeout, mode="default"):
    sc = dict(scenario.DEFAULTS)
    sc.update(name=name, path="(matrix)", args=args, cpus=str(cpus), timeout=str(timeout), mode=mode)
    return sc


def hazard_run(resdir, seed, cpus):
    """One boot runs every deterministic cell; the kernel also checks them."""
    sc = scn("hazard-s%d" % seed, "scenario=hazard preempt=full djprobe_tries=5", cpus, 300)
    if runner.run_one(sc, resdir, cpus, seed)[1] is None:
        raise KeyboardInterrupt
    log = open(os.path.join(resdir, sc["name"], "console.log"), errors="replace").read()
    return {(h, s): (v.lower(), why or "") for h, s, v, why in CELL.findall(log)}


# Crashes a broken strategy causes in the torture without a diagnosis the
# kernel could name (the state was wrecked before the fault): each still
# shows the torture's hazards (a thread resumed inside a jump or a freed
# buffer: H1/H2/H3/H8); `safe` runs the same torture without them.
CRASH = re.compile(r"DOUBLE FAULT[^\n]*|EXCEPTION: vector \d+ \([^)]*\)[^\n]*")


def torture_run(resdir, strategy, seed, cpus, ms):
    """(verdict, what, seconds of torture run)."""
    sc = scn("torture-%s-s%d" % (strategy, seed), "scenario=djprobe-torture preempt=full hz=1000 "
             "duration=%d djprobe_tries=8 djprobe=%s" % (ms, strategy), cpus, 180 + ms // 100, "singlestep")
    ok, line = runner.run_one(sc, resdir, cpus, seed)
    if line is None:
        raise KeyboardInterrupt
    log = open(os.path.join(resdir, sc["name"], "console.log"), errors="replace").read()
    if ok:
        return "survived", "", ms / 1000.0
    m, crash = NAMED.search(log), CRASH.search(log)
    if m:
        return "caught", m.group(0), 0
    if crash or " reset" in line:
        return "caught", "%s (torture hazards H1/H2/H3/H8)" % (
            crash.group(0) if crash else "guest reset: a triple fault, no report possible"), 0
    return "error", line.split("  ", 1)[-1].strip(), 0


def expected(h, s, design):
    if h == "torture":
        return "caught" if s in TORTURE_CAUGHT else "survived"
    return "caught" if h in design.get(s, ()) else "survived"


def design_table():
    """The kernel's expectation table (tests/kernel/hazard.c expect_caught)."""
    src = open(os.path.join(HERE, "kernel", "hazard.c")).read()
    names = {"DJS_NAIVE": "naive", "DJS_STOP_MACHINE": "stop-machine", "DJS_INT3_BYPASS": "int3-bypass",
             "DJS_INT3_IPSCAN": "int3-ipscan"}
    return {names[k]: " ".join(re.findall(r'"([^"]*)"', v)).split()
            for k, v in re.findall(r'\[(DJS_\w+)\] = ((?:"[^"]*"\s*)+)', src)}


def write_outputs(resdir, table, seeds, bad):
    cols = STRATEGIES
    md = ["# Strategy x hazard matrix", "",
          "%d seed(s) per cell; `caught k/n` = the hazard was reproduced and detected in k of n runs; "
          "`!` marks a cell that differs from its expectation." % seeds, "",
          "| hazard | " + " | ".join(cols) + " |", "|---|" + "---|" * len(cols)]
    for h in HAZARDS:
        row = []
        for s in cols:
            c = table[(h, s)]
            row.append("%s%s %d/%d%s" % ("! " if (h, s) in bad else "", c["verdict"], c["count"], seeds,
                                         " (%d s)" % c["seconds"] if c["seconds"] else ""))
        md.append("| %s | %s |" % (h, " | ".join(row)))
    md += ["", "Each hazard cell is one deterministic run per seed (a thread or CPU parked on "
           "purpose, checked with the test's knowledge of where). The torture row is "
           "djprobe-torture under -singlestep, preempt=full; a survived cell states the seconds "
           "of torture it ran without a failure. 0 failures in T seconds bounds the failure "
           "rate below 3/T per second (95% confidence, the rule of three):"]
    for s in cols:
        c = table[("torture", s)]
        if c["verdict"] == "survived" and c["seconds"]:
            md.append("- %s: 0 failures in %d s of torture: fewer than %.2f failures per minute (95%%)"
                      % (s, c["seconds"], 180.0 / c["seconds"]))
    open(os.path.join(resdir, "matrix.md"), "w").write("\n".join(md) + "\n")
    rev = os.popen("git -C %s rev-parse --short HEAD 2>/dev/null" % runner.ROOT).read().strip() or "?"
    cells = [dict(strategy=s, hazard=h, scenario="djprobe-torture" if h == "torture" else "hazard",
                  expected=table[(h, s)]["expected"], outcome=table[(h, s)]["verdict"],
                  count=table[(h, s)]["count"], seeds=seeds, what=table[(h, s)]["what"],
                  seconds=table[(h, s)]["seconds"])
             for s in cols for h in HAZARDS]
    json.dump({"rev": rev, "strategies": cols, "hazards": HAZARDS, "cells": cells},   # docs/report.md
              open(os.path.join(resdir, "matrix.json"), "w"), indent=1)
    cases = []
    for h in HAZARDS:
        for s in cols:
            c = table[(h, s)]
            fail = "" if (h, s) not in bad else '<failure message="%s"/>' % xs.escape(
                "%s, expected %s: %s" % (c["verdict"], c["expected"], c["what"]), {'"': "&quot;"})
            cases.append('  <testcase classname="matrix.%s" name="%s">%s</testcase>' % (h, s, fail))
    open(os.path.join(resdir, "junit.xml"), "w").write(
        '<?xml version="1.0"?>\n<testsuite name="matrix" tests="%d" failures="%d">\n%s\n</testsuite>\n'
        % (len(cases), len(bad), "\n".join(cases)))
    return "\n".join(md)


DOC = os.path.join("docs", "hazards.md")      # where the latest table is shown


def update_doc(resdir):
    """Put resdir's matrix.md (table and bounds) between DOC's markers."""
    path = os.path.join(runner.ROOT, DOC)
    readme, md = open(path).read(), open(os.path.join(resdir, "matrix.md")).read()
    begin, end = "<!-- matrix:begin -->\n", "<!-- matrix:end -->"
    i, j = readme.index(begin) + len(begin), readme.index(end)
    stamp = os.path.basename(os.path.normpath(resdir))
    body = md.split("\n", 2)[2]                                 # without the title
    open(path, "w").write(readme[:i] + "From the run of %s (`results/%s/matrix.md`):\n\n%s" % (
        stamp, stamp, body) + readme[j:])
    print("matrix: %s table from %s" % (DOC, os.path.relpath(resdir, runner.ROOT)))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--first-seed", type=int, default=1, help="seeds first..first+N-1 (CI shards)")
    ap.add_argument("--cpus", type=int, default=4)
    ap.add_argument("--torture-ms", type=int, default=20000)
    ap.add_argument("--doc", "--readme", dest="doc", metavar="RESDIR",
                    help="copy RESDIR's matrix.md into %s and exit" % DOC)
    a = ap.parse_args()
    if a.doc:
        return update_doc(a.doc)
    design, resdir = design_table(), runner.new_resdir()
    print("matrix: %d seeds, results in %s" % (a.seeds, os.path.relpath(resdir, runner.ROOT)), flush=True)
    runs = {}
    for seed in range(a.first_seed, a.first_seed + a.seeds):
        for cell, v in hazard_run(resdir, seed, 2).items():
            runs.setdefault(cell, []).append(v + (0,))
        for s in STRATEGIES:
            runs.setdefault(("torture", s), []).append(torture_run(resdir, s, seed, a.cpus, a.torture_ms))
        print("matrix: seed %d done" % seed, flush=True)
    table, bad = {}, set()
    for h in HAZARDS:
        for s in STRATEGIES:
            got = runs.get((h, s), [])
            want = expected(h, s, design)
            hits = [v for v in got if v[0] == want]
            verdict = want if len(hits) == len(got) == a.seeds else "mixed"
            if verdict != want:
                bad.add((h, s))
            what = next((w for v, w, _ in got if v != want), next((w for v, w, _ in got), ""))
            table[(h, s)] = dict(verdict=verdict if verdict != "mixed" else "/".join(sorted({v for v, _, _ in got})),
                                 count=len(hits), expected=want, what=what, seeds=a.seeds,
                                 seconds=sum(t for _, _, t in got))
    print(write_outputs(resdir, table, a.seeds, bad))
    for h, s in sorted(bad):
        print("matrix: !!! %s %s: %s, expected %s (%s)" % (h, s, table[(h, s)]["verdict"],
                                                          table[(h, s)]["expected"], table[(h, s)]["what"]))
    print("matrix: %d cells, %d as expected" % (len(table), len(table) - len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("matrix: interrupted (Ctrl-C): QEMU stopped")
