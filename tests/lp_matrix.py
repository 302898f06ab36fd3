#!/usr/bin/env python3
"""make lp-matrix: every live-patch consistency model (and control) against
every live-patch cell (scenario=lp-cells, tests/kernel/lp_cells.c) and
against lp-torture, several seeds each; prints the model x cell table, writes
results/<stamp>/lp-matrix.md, and exits non-zero if a cell differs from its
expectation (docs/livepatch.md: a control that survives a cell meant to catch
it means the cell is too weak).

  lp_matrix.py [--seeds N] [--cpus N] [--torture-ms MS]
  lp_matrix.py --doc results/<stamp>      that run's table into docs/livepatch.md"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import runner  # noqa: E402
import scenario  # noqa: E402

CELLS = ["L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9", "L10", "L11", "L12", "torture"]
# column: (kernel parameters, cells expected to catch it)
MODELS = {
    "kpatch": ("lp_model=kpatch", set()),
    "ksplice": ("lp_model=ksplice", set()),
    "kgraft": ("lp_model=kgraft", set()),
    "livepatch": ("lp_model=livepatch", set()),
    "naive": ("lp_model=naive", {"L1", "L2", "L3", "L4", "L5", "L8", "L12", "torture"}),
    "livepatch+fp": ("lp_model=livepatch lp_unwind=fp", {"L2", "L8", "L12"}),
    "kgraft+irq": ("lp_model=kgraft lp_bug=irq_universe", {"L5"}),
    "kgraft+nmi": ("lp_model=kgraft lp_bug=nmi_universe", {"L5"}),
    "ksplice+no_recover": ("lp_model=ksplice kretprobe_bug=no_recover", {"L8"}),
    "livepatch+no_dispatch_wait": ("lp_model=livepatch lp_bug=no_dispatch_wait", {"L9"}),
}
# Cells a control may or may not fail, seed by seed: the torture catches the
# frame-pointer walk only when a preemption lands in a prologue of the chain
# (1 of 3 seeds in one run).
MAY = {("torture", "livepatch+fp")}
GAP = {"kpatch": " lpt_gap=500", "ksplice": " lpt_gap=500"}
CELL = re.compile(r"^lp-cells: (L\d+) \S+: (PASS|FAIL)(?:: (.*))?$", re.M)
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
        ms, MODELS[model][0], GAP.get(model, ""))
    log = boot(resdir, scn("torture-%s-s%d" % (model.replace("+", "-"), seed), args, cpus, ms // 1000 + 120,
                           "singlestep"), cpus, seed)
    m = TORTURE.search(log)
    if m and m.group(1):
        return "caught", m.group(1)
    if "End of test: SUCCESS" in log:
        return "survived", ""
    end = re.search(r"End of test: (.*)", log)
    return "ERROR", end.group(1) if end else "no verdict line"


def table(results, seeds, ms):
    head = "| cell | " + " | ".join(MODELS) + " |\n|" + " --- |" * (len(MODELS) + 1) + "\n"
    rows, bad = [], []
    for c in CELLS:
        row = []
        for m in MODELS:
            got = results.get((c, m), [])
            caught = [w for v, w in got if v == "caught"]
            errors = [w for v, w in got if v == "ERROR"]
            want = c in MODELS[m][1]
            txt = "caught %d/%d" % (len(caught), len(got)) if caught else "survived %d/%d" % (len(got), len(got))
            if (c, m) in MAY:
                txt += " (either)"
                if errors or not got:
                    bad.append("%s %s: %s (%s)" % (c, m, txt, (errors or ["-"])[0]))
            elif errors or not got or bool(caught) != want or (want and len(caught) != len(got)):
                bad.append("%s %s: %s (%s)" % (c, m, txt, (errors or caught or ["-"])[0]))
                txt += " **unexpected**"
            row.append(txt)
        rows.append("| %s | %s |" % (c, " | ".join(row)))
    note = ("\n%d seed(s) per cell; torture: %d ms under -singlestep per seed. A survivor's 0 failures in T s "
            "of torture mean fewer than 180/T failures per minute (95%%).\n" % (seeds, ms))
    return head + "\n".join(rows) + "\n" + note, bad


def update_doc(resdir):
    doc = os.path.join(HERE, "..", "docs", "livepatch.md")
    text = open(doc).read()
    tab = open(os.path.join(resdir, "lp-matrix.md")).read()
    a, b = text.index("<!-- lp-matrix:begin -->"), text.index("<!-- lp-matrix:end -->")
    open(doc, "w").write(text[:a] + "<!-- lp-matrix:begin -->\n" + tab + text[b:])
    print("lp-matrix: table of %s written into docs/livepatch.md" % runner.rel(resdir))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--cpus", type=int, default=2)
    ap.add_argument("--torture-ms", type=int, default=5000)
    ap.add_argument("--doc", metavar="RESDIR")
    a = ap.parse_args()
    if a.doc:
        return update_doc(a.doc)
    resdir = runner.new_resdir()
    results = {}
    for seed in range(1, a.seeds + 1):
        for m in MODELS:
            for c, r in cells_run(resdir, m, seed, a.cpus).items():
                results.setdefault((c, m), []).append(r)
            results.setdefault(("torture", m), []).append(torture_run(resdir, m, seed, a.cpus, a.torture_ms))
            print("lp-matrix: seed %d %s done" % (seed, m), flush=True)
    tab, bad = table(results, a.seeds, a.torture_ms)
    open(os.path.join(resdir, "lp-matrix.md"), "w").write(tab)
    print(tab)
    for b in bad:
        print("lp-matrix: unexpected: " + b)
    print("results: %s" % runner.rel(resdir))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
