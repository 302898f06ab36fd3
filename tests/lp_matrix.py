#!/usr/bin/env python3
"""make lp-matrix: every live-patch consistency model (and control) against
every live-patch cell (scenario=lp-cells, tests/kernel/lp_cells.c) and
against lp-torture, several seeds each; prints the model x cell table, writes
results/<stamp>/lp-matrix.md and lp-matrix.json, and exits non-zero if a cell
differs from its expectation (docs/livepatch.md: a control that survives a
cell meant to catch it means the cell is too weak).  With --save the run
becomes the committed data, tests/lp-matrix.json, and the tables generated
from it are written into README.md and docs/livepatch.md (tests/gentable.py:
what each model fails is measured, never written by hand; make test checks
that the tables are what the data renders).

  lp_matrix.py [--seeds N] [--cpus N] [--torture-ms MS] [--save]
  lp_matrix.py --models kpatch,naive --torture-ms 0     a subset (never saved)
  lp_matrix.py --from results/<stamp>     that run's lp-matrix.json becomes the data
  lp_matrix.py --render                   the tables again from tests/lp-matrix.json"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import runner  # noqa: E402
import scenario  # noqa: E402
import gentable  # noqa: E402

TOOL = "tests/lp_matrix.py"
DATA = "tests/lp-matrix.json"
# where the tables go: (file, block)
BLOCKS = [("README.md", "lp-fails"), ("docs/livepatch.md", "lp-fails"), ("docs/livepatch.md", "lp-matrix")]

W = ["Lbuf", "Lbuf-new", "Lcold", "Lcold-new", "Ltramp", "Ltramp-new"]   # tests/kernel/lp_where.c
CELLS = ["L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9", "L10", "L11", "L12", "L13", "L14", "L15", "L16"] + W + ["torture"]
# column: (kernel parameters, cells expected to catch it)
MODELS = {
    "kpatch": ("lp_model=kpatch", set()),
    "ksplice": ("lp_model=ksplice", set()),
    "kgraft": ("lp_model=kgraft", set()),
    "livepatch": ("lp_model=livepatch", set()),
    "naive": ("lp_model=naive", {"L1", "L2", "L3", "L4", "L5", "L8", "L12", "L14", "torture"} | set(W)),
    "livepatch+fp": ("lp_model=livepatch lp_unwind=fp", {"L2", "L8", "L12", "L14", "Lcold", "Lcold-new", "Ltramp",
                                                        "Ltramp-new"}),
    "kgraft+irq": ("lp_model=kgraft lp_bug=irq_universe", {"L5"}),
    "kgraft+nmi": ("lp_model=kgraft lp_bug=nmi_universe", {"L5"}),
    "ksplice+no_recover": ("lp_model=ksplice kretprobe_bug=no_recover", {"L8", "Ltramp", "Ltramp-new"}),
    "livepatch+no_dispatch_wait": ("lp_model=livepatch lp_bug=no_dispatch_wait", {"L9"}),
}
# Cells a control may or may not fail, seed by seed: the torture catches the
# frame-pointer walk only when a preemption lands in a prologue of the chain
# (1 of 3 seeds in one run), and lp_bug=no_dispatch_wait only when a call
# meets L9's race by chance (1 of 3 seeds in the runs of ea5ca64 and 434ff76).
# Ltramp-new under ksplice+no_recover: the word scan may also stop at a stale
# word of new A's on the parked thread's stack and abort for it (1 of 3
# seeds in the run of 434ff76: "stack word <lpwn_tramp+0x0/0x1e>").
MAY = {("torture", "livepatch+fp"), ("torture", "livepatch+no_dispatch_wait"), ("Ltramp-new", "ksplice+no_recover")}
# Workers rest between chains under the stop-machine models, their controls
# included (without it a check almost never finds every thread outside).
GAP = {"kpatch": " lpt_gap=500", "ksplice": " lpt_gap=500"}
CELL = re.compile(r"^lp-cells: (L[\w-]+) \S+: (PASS|FAIL)(?:: (.*))?$", re.M)
TORTURE = re.compile(r"^!!! lp-torture: (mixed chain[^\n]*)|^lp-torture: (\d+) chains checked, (\d+) mixed", re.M)


def scn(name, args, cpus, timeout, mode="default"):
    sc = dict(scenario.DEFAULTS)
    sc.update(name=name, path="(lp-matrix)", args=args, cpus=str(cpus), timeout=str(timeout), mode=mode)
    return sc


def boot(resdir, sc, cpus, seed):
    if runner.run_one(sc, resdir, cpus, seed)[1] is None:
        raise KeyboardInterrupt
    return open(os.path.join(resdir, sc["name"], "console.log"), errors="replace").read()


def cells_run(resdir, model, seed, cpus):
    args = "scenario=lp-cells preempt=full lp_wait_ms=100 " + MODELS[model][0]
    log = boot(resdir, scn("cells-%s-s%d" % (model.replace("+", "-"), seed), args, cpus, 120), cpus, seed)
    return {c: ("caught" if v == "FAIL" else "survived", why or "") for c, v, why in CELL.findall(log)}


def torture_run(resdir, model, seed, cpus, ms):
    args = "scenario=lp-torture preempt=full hz=1000 lp_wait_ms=50 duration=%d %s%s" % (
        ms, MODELS[model][0], GAP.get(model.split("+")[0], ""))
    log = boot(resdir, scn("torture-%s-s%d" % (model.replace("+", "-"), seed), args, cpus, ms // 1000 + 120,
                           "singlestep"), cpus, seed)
    m = TORTURE.search(log)
    if m and m.group(1):
        return "caught", m.group(1)
    if "End of test: SUCCESS" in log:
        return "survived", ""
    end = re.search(r"End of test: (.*)", log)
    return "ERROR", end.group(1) if end else "no verdict line"


def expectation(c, m):
    return "either" if (c, m) in MAY else "caught" if c in MODELS[m][1] else "survived"


def to_data(results, seeds, ms, cpus):
    """A run's results as the data file holds them."""
    rev = subprocess.run(["git", "-C", runner.ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                         text=True).stdout.strip() or "?"
    cells = []
    for c in CELLS:
        for m in MODELS:
            got = results.get((c, m))
            if got is None:
                continue
            caught = [w for v, w in got if v == "caught"]
            errors = [w for v, w in got if v == "ERROR"]
            cells.append(dict(cell=c, model=m, runs=len(got), caught=len(caught), errors=len(errors),
                              expected=expectation(c, m), what=(errors or caught or [""])[0]))
    return {"tool": TOOL, "rev": rev, "date": time.strftime("%Y-%m-%d"), "cpus": cpus, "seeds": seeds,
            "torture_ms": ms, "models": list(MODELS), "cells": CELLS, "results": cells}


def unexpected(x):
    """Is this result not what its expectation says?"""
    if x["errors"] or not x["runs"]:
        return True
    if x["expected"] == "either":
        return False
    return x["caught"] != (x["runs"] if x["expected"] == "caught" else 0)


def cell_text(x):
    if x is None:
        return "-"
    txt = "caught %d/%d" % (x["caught"], x["runs"]) if x["caught"] else "survived %d/%d" % (x["runs"], x["runs"])
    if x["errors"]:
        txt += " (%d error%s)" % (x["errors"], "s" if x["errors"] > 1 else "")
    if x["expected"] == "either":
        txt += " (either)"
    elif unexpected(x):
        txt += " **unexpected**"
    return txt


def render_table(d):
    """The model x cell table of a run (docs/livepatch.md)."""
    at = {(x["cell"], x["model"]): x for x in d["results"]}
    head = ("Run of %s, %s, %d CPUs (`make lp-matrix`%s, %d seed(s) per cell%s):\n\n" % (
        d["rev"], d["date"], d["cpus"], ", about %d minutes" % d["minutes"] if d.get("minutes") else "",
        d["seeds"], "; lp-torture %d ms under -singlestep per seed" % d["torture_ms"] if d["torture_ms"] else ""))
    rows = ["| cell | " + " | ".join(d["models"]) + " |", "|" + " --- |" * (len(d["models"]) + 1)]
    rows += ["| %s | %s |" % (c, " | ".join(cell_text(at.get((c, m))) for m in d["models"])) for c in d["cells"]]
    note = ("\nA survivor's 0 failures in T s of torture mean fewer than 180/T failures per minute (95%).")
    if d.get("source"):
        note += " " + d["source"]
    return head + "\n".join(rows) + "\n" + note + "\n"


def compact(cells):
    """L1, L2, L3, L5, torture -> L1-L3, L5, torture."""
    out, run = [], []
    for c in cells + [None]:
        n = int(c[1:]) if c and re.fullmatch(r"L\d+", c) else None
        if n is not None and run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append("L%d-L%d" % (run[0], run[-1]) if len(run) > 2 else ", ".join("L%d" % k for k in run))
        run = [n] if n is not None else []
        if c and n is None:
            out.append(c)
    return ", ".join(out)


def render_fails(d):
    """What each model and control fails: the cells that caught it (README.md, docs/livepatch.md)."""
    out = ["Cells each model fails, measured (`make lp-matrix`, run of %s, %s, %d seed(s) per cell%s):" % (
           d["rev"], d["date"], d["seeds"], "; lp-torture included" if "torture" in d["cells"] else ""), "",
           "| model | cells it fails |", "| --- | --- |"]
    for m in d["models"]:
        xs = [x for x in d["results"] if x["model"] == m]
        every = [x["cell"] for x in xs if x["caught"] and x["caught"] == x["runs"]]
        fails = ([compact(every)] if every else []) + ["%s (%d of %d seeds)" % (x["cell"], x["caught"], x["runs"])
                                                      for x in xs if 0 < x["caught"] < x["runs"]]
        errs = [x["cell"] for x in xs if x["errors"]]
        name = "`%s`%s" % (m, " (control)" if any(x["expected"] != "survived" for x in xs) else "")
        txt = ", ".join(fails) if fails else "none of %s" % compact([x["cell"] for x in xs])
        if errs:
            txt += "; errors in %s" % ", ".join(errs)
        out.append("| %s | %s |" % (name, txt))
    return "\n".join(out) + "\n"


def render(tool, data, name, d=None):
    """What block NAME holds (gentable.check); None if it is not ours."""
    if tool != TOOL or data != DATA or name not in ("lp-matrix", "lp-fails"):
        return None
    d = d or json.load(open(os.path.join(runner.ROOT, DATA)))
    return render_table(d) if name == "lp-matrix" else render_fails(d)


def save(d):
    json.dump(d, open(os.path.join(runner.ROOT, DATA), "w"), indent=1)
    open(os.path.join(runner.ROOT, DATA), "a").write("\n")
    write_blocks()


def write_blocks():
    for path, name in BLOCKS:
        gentable.put(path, TOOL, DATA, name, render(TOOL, DATA, name))
    print("lp-matrix: %s rendered into %s" % (DATA, ", ".join(sorted(set(p for p, _ in BLOCKS)))))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--cpus", type=int, default=2)
    ap.add_argument("--torture-ms", type=int, default=5000, help="0: no lp-torture (a subset)")
    ap.add_argument("--models", help="comma-separated models (a subset: never saved)")
    ap.add_argument("--save", action="store_true", help="the run becomes %s, and the tables are rendered" % DATA)
    ap.add_argument("--from", dest="src", metavar="RESDIR", help="RESDIR's lp-matrix.json becomes %s" % DATA)
    ap.add_argument("--render", action="store_true", help="render the tables from %s" % DATA)
    a = ap.parse_args()
    if a.render:
        return write_blocks()
    if a.src:
        d = json.load(open(os.path.join(a.src, "lp-matrix.json")))
        if d["models"] != list(MODELS) or d["cells"] != CELLS:
            sys.exit("lp-matrix: %s is a subset (models %s, cells %s): never saved as %s" % (
                a.src, ",".join(d["models"]), ",".join(d["cells"]), DATA))
        return save(d)
    models = a.models.split(",") if a.models else list(MODELS)
    wrong = [m for m in models if m not in MODELS]
    if wrong:
        sys.exit("lp-matrix: unknown model %s (known: %s)" % (", ".join(wrong), ", ".join(MODELS)))
    subset = models != list(MODELS) or a.torture_ms <= 0
    if subset and a.save:
        sys.exit("lp-matrix: a subset (--models, --torture-ms 0) is never saved as %s" % DATA)
    resdir, t0 = runner.new_resdir(), time.time()
    results = {}
    for seed in range(1, a.seeds + 1):
        for m in models:
            for c, r in cells_run(resdir, m, seed, a.cpus).items():
                results.setdefault((c, m), []).append(r)
            if a.torture_ms > 0:
                results.setdefault(("torture", m), []).append(torture_run(resdir, m, seed, a.cpus, a.torture_ms))
            print("lp-matrix: seed %d %s done" % (seed, m), flush=True)
    d = to_data(results, a.seeds, a.torture_ms, a.cpus)
    d["minutes"] = int(round((time.time() - t0) / 60))
    d["models"] = models
    if a.torture_ms <= 0:
        d["cells"] = [c for c in CELLS if c != "torture"]
    json.dump(d, open(os.path.join(resdir, "lp-matrix.json"), "w"), indent=1)
    tab = render_table(d)
    open(os.path.join(resdir, "lp-matrix.md"), "w").write(tab)
    print(tab)
    print(render_fails(d))
    bad = [x for x in d["results"] if unexpected(x)]
    for x in bad:
        print("lp-matrix: unexpected: %s %s: %s (%s)" % (x["cell"], x["model"], cell_text(x), x["what"] or "-"))
    if a.save:
        save(d)
    print("results: %s" % runner.rel(resdir))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
