#!/usr/bin/env python3
"""make matrix: every patching strategy against every deterministic hazard
scenario (scenario=hazard, tests/kernel/hazard.c) and against djprobe-torture,
several seeds per cell; prints the strategy x hazard table, writes
results/<stamp>/matrix.md, matrix.json and junit.xml, and exits non-zero if a
cell differs from its expectation (docs/patching.md, "Strategies": a broken
strategy that survives means the scenario is too weak).  With --save the run
becomes the committed data, tests/matrix.json, and the tables generated from
it are written into docs/hazards.md (tests/gentable.py: what each strategy
fails is measured, never written by hand; make test checks that the tables
are what the data renders).

  matrix.py [--seeds N] [--first-seed S] [--cpus N] [--torture-ms MS] [--save]
  matrix.py --hazards H1,H8 --strategies naive,safe --torture-ms 0   a subset (never saved)
  matrix.py --from results/<stamp>       that run's matrix.json becomes the data
  matrix.py --render                     the tables again from tests/matrix.json"""
import argparse
import json
import os
import re
import sys
import time
import xml.sax.saxutils as xs

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import runner  # noqa: E402
import scenario  # noqa: E402
import gentable  # noqa: E402

TOOL = "tests/matrix.py"
DATA = "tests/matrix.json"
BLOCKS = [("docs/hazards.md", "strategy-fails"), ("docs/hazards.md", "matrix")]

STRATEGIES = ["naive", "stop-machine", "int3-bypass", "int3-ipscan", "int3-stackscan", "int3-tasksrcu", "safe"]
HAZARDS = ["H1", "H2", "H3", "H4", "H5", "H6", "H8", "H9", "H10", "H11", "H12",
           "H1-edge", "H1-first", "H1-batch", "H2-callee", "H2-idle", "H3-entry", "H3-pushed", "H3-ret", "H3-noframe", "H3-unreliable", "H3-retprobe", "H3-tramp",
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


def hazard_run(resdir, seed, cpus, hazards="all", strategies="all"):
    """One boot runs every deterministic cell; the kernel also checks them."""
    sc = scn("hazard-s%d" % seed, "scenario=hazard preempt=full djprobe_tries=5 hazard=%s strategies=%s" % (
        hazards, strategies), cpus, 300)
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


def to_data(table, seeds, strategies, hazards, cpus, torture_ms):
    """A run's table as the data file (and results/<stamp>/matrix.json) holds it
    (the format docs/report.md describes, with the run's settings)."""
    rev = os.popen("git -C %s rev-parse --short HEAD 2>/dev/null" % runner.ROOT).read().strip() or "?"
    cells = [dict(strategy=s, hazard=h, scenario="djprobe-torture" if h == "torture" else "hazard",
                  expected=table[(h, s)]["expected"], outcome=table[(h, s)]["verdict"],
                  count=table[(h, s)]["count"], seeds=seeds, what=table[(h, s)]["what"],
                  seconds=table[(h, s)]["seconds"])
             for s in strategies for h in hazards]
    return {"tool": TOOL, "rev": rev, "date": time.strftime("%Y-%m-%d"), "seeds": seeds, "cpus": cpus,
            "torture_ms": torture_ms, "strategies": strategies, "hazards": hazards, "cells": cells}


def unexpected(c):
    return c["outcome"] != c["expected"] or c["count"] != c["seeds"]


def render_table(d):
    """The strategy x hazard table of a run, and the torture's bounds (docs/hazards.md)."""
    at = {(c["hazard"], c["strategy"]): c for c in d["cells"]}
    cols, seeds = d["strategies"], d["seeds"]
    md = ["Run of %s, %s (`make matrix`%s): %d seed(s) per cell; `caught k/n` = the hazard was reproduced and "
          "detected in k of n runs; `!` marks a cell that differs from its expectation." % (
              d["rev"], d["date"], ", the torture on %d CPUs" % d["cpus"] if d.get("cpus") else "", seeds), "",
          "| hazard | " + " | ".join(cols) + " |", "|---|" + "---|" * len(cols)]
    for h in d["hazards"]:
        row = []
        for s in cols:
            c = at.get((h, s))
            row.append("-" if c is None else "%s%s %d/%d%s" % ("! " if unexpected(c) else "", c["outcome"],
                       c["count"], seeds, " (%d s)" % c["seconds"] if c["seconds"] else ""))
        md.append("| %s | %s |" % (h, " | ".join(row)))
    md += ["", "Each hazard cell is one deterministic run per seed (a thread or CPU parked on "
           "purpose, checked with the test's knowledge of where). The torture row is "
           "djprobe-torture under -singlestep, preempt=full; a survived cell states the seconds "
           "of torture it ran without a failure. 0 failures in T seconds bounds the failure "
           "rate below 3/T per second (95% confidence, the rule of three):"]
    for s in cols:
        c = at.get(("torture", s))
        if c and c["outcome"] == "survived" and c["seconds"]:
            md.append("- %s: 0 failures in %d s of torture: fewer than %.2f failures per minute (95%%)"
                      % (s, c["seconds"], 180.0 / c["seconds"]))
    if d.get("source"):
        md += ["", d["source"]]
    return "\n".join(md) + "\n"


def render_fails(d):
    """What each strategy fails: the hazards that caught it (docs/hazards.md)."""
    out = ["Hazards each strategy fails, measured (`make matrix`, run of %s, %s, %d seed(s) per cell; the "
           "torture row included):" % (d["rev"], d["date"], d["seeds"]), "",
           "| strategy | hazards it fails |", "| --- | --- |"]
    for s in d["strategies"]:
        cs = [c for c in d["cells"] if c["strategy"] == s]
        every = [c["hazard"] for c in cs if c["outcome"] == "caught"]
        some = ["%s (not every seed: %s)" % (c["hazard"], c["outcome"]) for c in cs if "caught/" in c["outcome"]
                or "/caught" in c["outcome"]]
        errs = [c["hazard"] for c in cs if "error" in c["outcome"].lower()]
        txt = ", ".join(every + some) if every or some else "none of its %d cells" % len(cs)
        if errs:
            txt += "; errors in %s" % ", ".join(errs)
        out.append("| `%s` | %s |" % (s, txt))
    return "\n".join(out) + "\n"


def render(tool, data, name, d=None):
    """What block NAME holds (gentable.check); None if it is not ours."""
    if tool != TOOL or data != DATA or name not in ("matrix", "strategy-fails"):
        return None
    d = d or json.load(open(os.path.join(runner.ROOT, DATA)))
    return render_table(d) if name == "matrix" else render_fails(d)


def write_blocks():
    for path, name in BLOCKS:
        gentable.put(path, TOOL, DATA, name, render(TOOL, DATA, name))
    print("matrix: %s rendered into %s" % (DATA, ", ".join(sorted(set(p for p, _ in BLOCKS)))))
    return 0


def save(d):
    json.dump(d, open(os.path.join(runner.ROOT, DATA), "w"), indent=1)
    open(os.path.join(runner.ROOT, DATA), "a").write("\n")
    return write_blocks()


def write_outputs(resdir, d):
    md = render_table(d)
    open(os.path.join(resdir, "matrix.md"), "w").write("# Strategy x hazard matrix\n\n" + md)
    json.dump(d, open(os.path.join(resdir, "matrix.json"), "w"), indent=1)   # docs/report.md
    cases = []
    for c in d["cells"]:
        fail = "" if not unexpected(c) else '<failure message="%s"/>' % xs.escape(
            "%s, expected %s: %s" % (c["outcome"], c["expected"], c["what"]), {'"': "&quot;"})
        cases.append('  <testcase classname="matrix.%s" name="%s">%s</testcase>' % (c["hazard"], c["strategy"], fail))
    open(os.path.join(resdir, "junit.xml"), "w").write(
        '<?xml version="1.0"?>\n<testsuite name="matrix" tests="%d" failures="%d">\n%s\n</testsuite>\n'
        % (len(cases), sum(unexpected(c) for c in d["cells"]), "\n".join(cases)))
    return md


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--first-seed", type=int, default=1, help="seeds first..first+N-1 (CI shards)")
    ap.add_argument("--cpus", type=int, default=4)
    ap.add_argument("--torture-ms", type=int, default=20000, help="0: no torture row (a subset)")
    ap.add_argument("--hazards", help="comma-separated hazards (a subset: never saved)")
    ap.add_argument("--strategies", help="comma-separated strategies (a subset: never saved)")
    ap.add_argument("--save", action="store_true", help="the run becomes %s, and the tables are rendered" % DATA)
    ap.add_argument("--from", "--doc", dest="src", metavar="RESDIR", help="RESDIR's matrix.json becomes %s" % DATA)
    ap.add_argument("--render", action="store_true", help="render the tables from %s" % DATA)
    a = ap.parse_args()
    if a.render:
        return write_blocks()
    if a.src:
        d = json.load(open(os.path.join(a.src, "matrix.json")))
        if d.get("strategies") != STRATEGIES or d.get("hazards") != HAZARDS or d.get("first_seed", 1) != 1:
            sys.exit("matrix: %s is a subset (strategies %s, hazards %s): never saved as %s" % (
                a.src, ",".join(d.get("strategies", [])), ",".join(d.get("hazards", [])), DATA))
        return save(d)
    strategies = a.strategies.split(",") if a.strategies else STRATEGIES
    hazards = a.hazards.split(",") if a.hazards else [h for h in HAZARDS if h != "torture"]
    hazards += ["torture"] if a.torture_ms > 0 else []
    wrong = [x for x in strategies if x not in STRATEGIES] + [x for x in hazards if x not in HAZARDS]
    if wrong:
        sys.exit("matrix: unknown strategy or hazard %s" % ", ".join(wrong))
    subset = strategies != STRATEGIES or hazards != HAZARDS
    if a.save and (subset or a.first_seed != 1):
        sys.exit("matrix: a subset (--hazards, --strategies, --torture-ms 0, --first-seed) is never saved as %s"
                 % DATA)
    design, resdir = design_table(), runner.new_resdir()
    print("matrix: %d seeds, results in %s" % (a.seeds, os.path.relpath(resdir, runner.ROOT)), flush=True)
    runs = {}
    cells = [h for h in hazards if h != "torture"]
    for seed in range(a.first_seed, a.first_seed + a.seeds):
        if cells:
            every = [h for h in HAZARDS if h != "torture"]
            for cell, v in hazard_run(resdir, seed, 2, "all" if cells == every else ",".join(cells),
                                      "all" if strategies == STRATEGIES else ",".join(strategies)).items():
                runs.setdefault(cell, []).append(v + (0,))
        if "torture" in hazards:
            for s in strategies:
                runs.setdefault(("torture", s), []).append(torture_run(resdir, s, seed, a.cpus, a.torture_ms))
        print("matrix: seed %d done" % seed, flush=True)
    table = {}
    for h in hazards:
        for s in strategies:
            got = runs.get((h, s), [])
            want = expected(h, s, design)
            hits = [v for v in got if v[0] == want]
            verdict = want if len(hits) == len(got) == a.seeds else "mixed"
            what = next((w for v, w, _ in got if v != want), next((w for v, w, _ in got), ""))
            table[(h, s)] = dict(verdict=verdict if verdict != "mixed" else "/".join(sorted({v for v, _, _ in got}))
                                 or "missing", count=len(hits), expected=want, what=what, seeds=a.seeds,
                                 seconds=sum(t for _, _, t in got))
    d = to_data(table, a.seeds, strategies, hazards, a.cpus, a.torture_ms)
    d["first_seed"] = a.first_seed
    print(write_outputs(resdir, d))
    bad = [c for c in d["cells"] if unexpected(c)]
    for c in bad:
        print("matrix: !!! %s %s: %s, expected %s (%s)" % (c["hazard"], c["strategy"], c["outcome"], c["expected"],
                                                          c["what"]))
    print("matrix: %d cells, %d as expected" % (len(d["cells"]), len(d["cells"]) - len(bad)))
    if a.save:
        save(d)
    return 1 if bad else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("matrix: interrupted (Ctrl-C): QEMU stopped")
