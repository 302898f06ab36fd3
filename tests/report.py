#!/usr/bin/python3
"""One results report: benchmarks, coverage and the strategy x hazard matrix.

  report.py --run [--only REGEX] [--jobs N] [--base DIR]   run the bench scenarios, then report
  report.py --results DIR [--base DIR] [--no-plots]        report on an existing results dir

Writes DIR/report.md with SVG plots beside it (matplotlib, Debian's
python3-matplotlib: run with /usr/bin/python3), DIR/bench.json (one object
per measurement: scenario, cpus, seed, git revision, configuration, median,
p99, histogram) and prints the same tables in plain text.  --base compares
with an older run's bench.json: a ratio column, and every measurement that
got worse by more than 10% flagged (lower is better for times, higher for
coverage shares).

Inputs, per scenario folder DIR/<scenario>/ (tests/runner.py): console.log
with `scenario NAME seed=S cpus=C`, `BENCH {json}` lines (tests/kernel/
bench.h), `SITES {json}` / `SITES_TOTAL {json}` lines (tests/kernel/
insn_sites.c; joined with build/kernel.map to count per source subsystem),
and verdict.txt.  The strategy x hazard matrix comes from the newest
results/*/matrix.json (format in docs/report.md, "The matrix in the report"), if any.
"""
import argparse
import glob
import json
import math
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
QEMU_NOTE = ("QEMU timings are emulator timings, not hardware timings: compare ratios within one run, "
             "not absolute values across machines.")
HAZARDS = ["H3", "H4", "H5", "H9", "H12", "other"]
CONFIG_INTS = ("sites", "threads", "inside", "stale", "batch", "depth", "funcs", "sleepers")
REGRESSION = 0.10
RESULTS_ROOT = os.path.join(ROOT, "results")   # where the newest matrix / site statistics are looked for
STRATEGY_ORDER = ["eip-scan", "word-scan", "frame-unwind", "tasks-rcu"]
HIT_KINDS = [("direct", "direct handler call"), ("optimized", "optimized probe"),
             ("int3-step", "int3 probe, single-stepped"), ("int3-emulate", "int3 probe, emulated")]


# ---- inputs ---------------------------------------------------------------
def git_rev(root=ROOT):
    try:
        rev = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return rev + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def parse_console(text):
    """Returns dict: seed, cpus, bench (list), sites (list), sites_total (dict or None)."""
    out = {"seed": None, "cpus": None, "bench": [], "sites": [], "sites_total": None}
    for line in text.splitlines():
        line = line.rstrip("\r")
        m = re.match(r"scenario (\S+) seed=(-?\d+) cpus=(\d+)", line)
        if m:
            out["seed"], out["cpus"] = int(m.group(2)), int(m.group(3))
            continue
        for tag, key in (("BENCH ", "bench"), ("SITES ", "sites"), ("SITES_TOTAL ", "sites_total")):
            if line.startswith(tag):
                try:
                    obj = json.loads(line[len(tag):])
                except ValueError:
                    break                      # a line cut by a crash: skip it
                if key == "sites_total":
                    out[key] = obj
                else:
                    out[key].append(obj)
                break
    return out


def load_run(resdir, rev=None):
    """All scenario folders of one results dir."""
    run = {"dir": resdir, "rev": rev, "scenarios": {}, "bench": [], "sites": [], "sites_total": None,
           "sites_from": None}
    for name in sorted(os.listdir(resdir)):
        d = os.path.join(resdir, name)
        log = os.path.join(d, "console.log")
        if not os.path.isfile(log):
            continue
        c = parse_console(open(log, errors="replace").read())
        host = os.path.join(d, "host-bench.log")      # figures a host tool derived (tests/hit_trace.py)
        if os.path.isfile(host):
            c["bench"] += parse_console(open(host).read())["bench"]
        verdict = ""
        if os.path.exists(os.path.join(d, "verdict.txt")):
            verdict = open(os.path.join(d, "verdict.txt")).readline().strip()
        m = re.match(r"(PASS|FAIL)\s+\S+\s+(?:iso\s+)?([\d.]+)s", verdict)
        run["scenarios"][name] = {"seed": c["seed"], "cpus": c["cpus"], "verdict": m.group(1) if m else "?",
                                  "secs": float(m.group(2)) if m else None, "nbench": len(c["bench"])}
        for b in c["bench"]:
            b = dict(b)
            b.update(scenario=name, seed=c["seed"], rev=rev)
            b.setdefault("cpus", c["cpus"])
            b.setdefault("better", "lower")
            run["bench"].append(b)
        if c["sites"]:
            run["sites"], run["sites_from"] = c["sites"], name
        if c["sites_total"] and (run["sites_total"] is None or c["sites"]):
            run["sites_total"] = c["sites_total"]
            run["sites_from"] = run["sites_from"] or name
    return run


def rel(p):
    r = os.path.relpath(p, ROOT)
    return p if r.startswith("..") else r


def newest(pattern, exclude=None):
    """Newest results/<stamp>/... path matching pattern (by stamp)."""
    paths = sorted(p for p in glob.glob(os.path.join(RESULTS_ROOT, "*", pattern))
                   if not (exclude and os.path.abspath(p).startswith(os.path.abspath(exclude) + os.sep)))
    return paths[-1] if paths else None


def find_sites_elsewhere(run):
    """Probe-site statistics from the newest other run that has them."""
    for log in sorted(glob.glob(os.path.join(RESULTS_ROOT, "*", "*", "console.log")), reverse=True):
        if os.path.abspath(log).startswith(os.path.abspath(run["dir"]) + os.sep):
            continue
        text = open(log, errors="replace").read()
        if "SITES" not in text:
            continue
        c = parse_console(text)
        if c["sites"] or c["sites_total"]:
            run["sites"], run["sites_total"] = c["sites"], c["sites_total"]
            run["sites_from"] = rel(os.path.dirname(log))
            return


def parse_map(path):
    """build/kernel.map: input sections of the kernel image as sorted
    (start, end, object file) triples."""
    secs, pending = [], None
    for line in open(path, errors="replace"):
        if pending is not None:
            m = re.match(r"\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)\s*$", line)
            if m:
                a, n = int(m.group(1), 16), int(m.group(2), 16)
                if a and n:
                    secs.append((a, a + n, m.group(3)))
            pending = None
            continue
        m = re.match(r"^ (\.\S*text\S*)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)\s*$", line)
        if m:
            a, n = int(m.group(2), 16), int(m.group(3), 16)
            if a and n:
                secs.append((a, a + n, m.group(4)))
            continue
        if re.match(r"^ \.\S*text\S*\s*$", line):
            pending = line.strip()
    secs.sort()
    return secs


def obj_class(obj):
    """Source subsystem of an object file: boot, kernel, smp, patch, tests, ..."""
    if "libgcc" in obj:
        return "libgcc"
    parts = obj.replace("\\", "/").split("/")
    if parts and parts[0] == "build":
        parts = parts[1:]
    return parts[0] if len(parts) > 1 else "other"


def classify_sites(sites, secs):
    import bisect
    starts = [s[0] for s in secs]
    for f in sites:
        i = bisect.bisect_right(starts, f["addr"]) - 1
        f["class"] = obj_class(secs[i][2]) if i >= 0 and f["addr"] < secs[i][1] else "unknown"


# ---- measurements ---------------------------------------------------------
def key_of(m):
    """What identifies a measurement across runs."""
    parts = [m.get("scenario", ""), m["name"], "cpus=%s" % m.get("cpus")]
    for k in sorted(m):
        v = m[k]
        if k in ("name", "unit", "scenario", "rev", "better", "hist", "seed"):
            continue
        if isinstance(v, str) or k in CONFIG_INTS:
            parts.append("%s=%s" % (k, v))
    return " ".join(parts)


def value_of(m):
    return m["median"] if "median" in m else m.get("value")


def compare(cur, base):
    """Per key: (ratio cur/base, regressed?) for measurements in both runs."""
    bmap = {key_of(m): m for m in base}
    res = {}
    for m in cur:
        b = bmap.get(key_of(m))
        if not b:
            continue
        v, bv = value_of(m), value_of(b)
        if v is None or bv is None:
            continue
        if bv == 0:
            ratio = 1.0 if v == 0 else float("inf")
        else:
            ratio = v / bv
        if m.get("better", "lower") == "higher":
            worse = ratio < 1 / (1 + REGRESSION) if bv else False
        else:
            worse = ratio > 1 + REGRESSION
        res[key_of(m)] = (ratio, worse, bv)
    return res


def fmt_num(v, digits=3):
    if v is None:
        return "-"
    if isinstance(v, float) and (math.isinf(v) or math.isnan(v)):
        return str(v)
    if v == 0:
        return "0"
    a = abs(v)
    if a >= 10 ** digits:
        return "{:,}".format(int(round(v)))
    return ("%%.%dg" % digits) % v


def to_us(v, unit):
    if v is None:
        return None
    return v / 1000.0 if unit == "ns" else v * 1000.0 if unit == "ms" else float(v)


def to_ms(v, unit):
    u = to_us(v, unit)
    return None if u is None else u / 1000.0


# ---- tables ----------------------------------------------------------------
class Table:
    def __init__(self, headers, align=None):
        self.headers = headers
        self.rows = []
        self.align = align or ["l"] + ["r"] * (len(headers) - 1)
        assert len(self.align) == len(headers), headers

    def add(self, *cells):
        assert len(cells) == len(self.headers), (self.headers, cells)
        self.rows.append([("-" if c is None else str(c)) for c in cells])

    def md(self):
        esc = lambda s: s.replace("|", "\\|")
        out = ["| " + " | ".join(esc(h) for h in self.headers) + " |",
               "|" + "|".join(":---" if a == "l" else "---:" for a in self.align) + "|"]
        out += ["| " + " | ".join(esc(c) for c in r) + " |" for r in self.rows]
        return "\n".join(out)

    def text(self):
        strip = lambda s: s.replace("**", "").replace("`", "")
        cells = [[strip(h) for h in self.headers]] + [[strip(c) for c in r] for r in self.rows]
        w = [max(len(r[i]) for r in cells) for i in range(len(self.headers))]
        line = lambda r: "  ".join(c.ljust(w[i]) if self.align[i] == "l" else c.rjust(w[i])
                                   for i, c in enumerate(r)).rstrip()
        return "\n".join([line(cells[0]), "  ".join("-" * x for x in w)] + [line(r) for r in cells[1:]])


class Report:
    """Blocks rendered both as Markdown and as plain text."""
    def __init__(self, base_cmp=None):
        self.blocks = []
        self.base_cmp = base_cmp

    def h(self, level, text):
        self.blocks.append(("h", level, text))

    def p(self, text):
        self.blocks.append(("p", text))

    def table(self, t):
        self.blocks.append(("t", t))

    def img(self, path, alt):
        if path:
            self.blocks.append(("img", path, alt))

    def vs_base(self, m):
        """The ratio-to-base cell of measurement m ('' without --base)."""
        if self.base_cmp is None or m is None:
            return None
        c = self.base_cmp.get(key_of(m))
        if not c:
            return "new"
        ratio, worse, _ = c
        return ("**%.2fx regressed**" % ratio) if worse else "%.2fx" % ratio

    def markdown(self):
        out = []
        for b in self.blocks:
            if b[0] == "h":
                out.append("#" * b[1] + " " + b[2])
            elif b[0] == "p":
                out.append(b[1])
            elif b[0] == "t":
                out.append(b[1].md())
            elif b[0] == "img":
                out.append("![%s](%s)" % (b[2], b[1]))
        return "\n\n".join(out) + "\n"

    def text(self):
        out = []
        for b in self.blocks:
            if b[0] == "h":
                out.append(("=" if b[1] <= 2 else "-") * 3 + " " + b[2])
            elif b[0] == "p":
                out.append(re.sub(r"\*\*|`", "", b[1]))
            elif b[0] == "t":
                out.append(b[1].text())
            elif b[0] == "img":
                out.append("[plot: %s]" % b[1])
        return "\n\n".join(out) + "\n"


def pick(bench, name, **kw):
    res = []
    for m in bench:
        if m["name"] != name:
            continue
        if all((m.get(k) == v) if not callable(v) else v(m.get(k)) for k, v in kw.items()):
            res.append(m)
    return res


def one(bench, name, **kw):
    r = pick(bench, name, **kw)
    return r[0] if r else None


# ---- plots -----------------------------------------------------------------
class Plots:
    def __init__(self, outdir, enabled=True):
        self.outdir, self.plt, self.why = outdir, None, ""
        if not enabled:
            self.why = "plots disabled (--no-plots)"
            return
        try:
            import matplotlib
            matplotlib.use("Agg")
            matplotlib.rcParams.update({"svg.fonttype": "none", "font.size": 9, "axes.grid": True,
                                        "grid.alpha": 0.3, "svg.hashsalt": "kpatch-report"})
            import matplotlib.pyplot as plt
            self.plt = plt
        except ImportError as e:
            self.why = "no plots: %s (install Debian's python3-matplotlib and run with /usr/bin/python3)" % e

    def save(self, fig, name):
        path = os.path.join(self.outdir, name)
        fig.tight_layout()
        fig.savefig(path, format="svg", metadata={"Date": None})
        self.plt.close(fig)
        return name


def bucket_edges(hist):
    """Full edge list and counts (empty buckets filled) of a BENCH histogram."""
    if not hist:
        return [], []
    step = lambda lo: 1 if lo < 4 else 1 << (lo.bit_length() - 3)
    counts = dict((lo, c) for lo, c in hist)
    lo, hi = hist[0][0], hist[-1][0]
    edges, cs = [lo], []
    while lo <= hi:
        cs.append(counts.get(lo, 0))
        lo += step(lo)
        edges.append(lo)
    return edges, cs


# ---- sections ---------------------------------------------------------------
def section_runs(R, run, host):
    R.h(2, "Runs")
    R.p(QEMU_NOTE)
    R.p("Revision `%s`, results `%s`, %s. Host: %s CPU cores, load average %s at the start and %s at the end%s "
        "(vCPUs beyond the host's free cores wait for one: timings with many CPUs are mostly host scheduling)."
        % (run["rev"], rel(run["dir"]), host.get("qemu", "QEMU version not recorded"), host.get("cores", "?"),
           host.get("load0", "?"), host.get("load1", "?"),
           "; the run took %s s" % host["secs"] if host.get("secs") else ""))
    try:
        if max(float(host.get("load0")), float(host.get("load1"))) > float(host.get("cores")):
            R.p("**The host was loaded beyond its cores during this run: expect noisy timings.**")
    except (TypeError, ValueError):
        pass
    t = Table(["scenario", "CPUs", "seed", "verdict", "seconds", "measurements"])
    for name, s in sorted(run["scenarios"].items()):
        t.add("`%s`" % name, s["cpus"], s["seed"], s["verdict"] if s["verdict"] == "PASS" else "**%s**" % s["verdict"],
              fmt_num(s["secs"]), s["nbench"])
    R.table(t)


def section_hit_insns(R, bench):
    exact = pick(bench, "hit", unit="insn")
    if not exact:
        return
    R.h(3, "In instructions (exact)")
    R.p("Under `-icount shift=0,sleep=off` (`bench-hit-icount`) virtual time counts instructions, so these "
        "are exact counts, the same on every run and host, checked by the kernel itself (a 100-instruction "
        "function reads 100, a handler 10 instructions longer reads +10 on every path). The classes come from "
        "QEMU's exec log of one more hit per path (`tests/hit_trace.py`, make bench). Trust these for what a "
        "path executes and how it changes between commits; trust neither these nor the TCG times above for "
        "hardware time: a trap, an `iret`, a serializing or a locked instruction costs tens to hundreds of "
        "cycles on a CPU and about one instruction here.")
    classes = ["traps", "iret", "locked", "serializing", "pushf", "popf", "cli", "sti"]
    t = Table(["path", "target", "instructions", "+ over direct"] + classes, ["l", "l"] + ["r"] * (2 + len(classes)))
    order = dict((k, i) for i, (k, _) in enumerate(HIT_KINDS))
    for m in sorted(exact, key=lambda m: (m["target"], order.get(m["kind"], 9))):
        d = one(bench, "hit", unit="insn", kind="direct", target=m["target"])
        tr = one(bench, "hit-trace", kind=m["kind"], target=m["target"]) or {}
        t.add(dict(HIT_KINDS).get(m["kind"], m["kind"]), "`%s`" % m["target"], m["value"],
              m["value"] - d["value"] if d else "-", *[tr.get(k, "-") for k in classes])
    R.table(t)


def section_hits(R, bench, P):
    hits = pick(bench, "hit", unit="ns")
    R.h(2, "Probe hit cost")
    if not hits:
        R.p("No data (scenarios `bench-djprobe`, `bench-patch-*`).")
        return
    R.p("One call of the probed function with an empty pre-handler, TSC-timed, against the unprobed call "
        "followed by a direct call of the same handler. Optimized and its int3 baseline on `dj_add` "
        "(`bench-djprobe`), single-stepped and emulated int3 on `kp_add` / `kp_call` (`bench-patch-*`, "
        "the 4-CPU run when present).")
    cpus_pref = sorted(set(m["cpus"] for m in hits if m["scenario"].startswith("bench-patch")),
                       key=lambda c: (c != 4, c))
    rows = [m for m in hits if m["scenario"] == "bench-djprobe" or
            (m["scenario"].startswith("bench-patch") and cpus_pref and m["cpus"] == cpus_pref[0])]
    t = Table(["probe", "target", "scenario", "n", "median ns", "p99 ns", "x direct"] +
              (["vs base"] if R.base_cmp is not None else []), ["l", "l", "l"] + ["r"] * (4 + (R.base_cmp is not None)))
    order = dict((k, i) for i, (k, _) in enumerate(HIT_KINDS))
    rows.sort(key=lambda m: (m["target"], order.get(m["kind"], 9), m["scenario"]))
    for m in rows:
        d = one(bench, "hit", kind="direct", target=m["target"], scenario=m["scenario"])
        ratio = m["median"] / d["median"] if d and d["median"] else None
        label = dict(HIT_KINDS).get(m["kind"], m["kind"])
        t.add(label, "`%s`" % m["target"], "`%s`" % m["scenario"], m["n"], m["median"], m["p99"],
              "%.1fx" % ratio if ratio else "-", *([R.vs_base(m)] if R.base_cmp is not None else []))
    R.table(t)
    opt = one(bench, "hit", kind="optimized")
    i3 = one(bench, "hit", kind="int3-step", target="dj_add")
    if opt and i3 and i3["median"]:
        R.p("Optimized / int3 on the same site: **%.2f** (%d ns against %d ns, medians)."
            % (opt["median"] / i3["median"], opt["median"], i3["median"]))
    if P.plt:
        plt = P.plt
        fig, ax = plt.subplots(figsize=(7, 3.4))
        for kind, label in HIT_KINDS:
            cand = [m for m in rows if m["kind"] == kind]
            if kind == "direct":
                cand = [m for m in cand if m["target"] == "dj_add"] or cand
            if not cand:
                continue
            m = cand[0]
            edges, cs = bucket_edges(m["hist"])
            tot = float(sum(cs)) or 1.0
            ax.stairs([c / tot for c in cs], edges, label="%s (%s, median %d ns)" % (label, m["target"], m["median"]),
                      linewidth=1.4)
        ax.set_xscale("log")
        ax.set_xlabel("ns per call (log; buckets of 1/4 octave)")
        ax.set_ylabel("share of calls")
        ax.set_title("Probe hit latency")
        ax.legend(fontsize=7)
        R.img(P.save(fig, "hit_hist.svg"), "probe hit latency histograms")


def section_patch_insns(R, bench):
    exact = sorted(pick(bench, "poke", scenario="bench-patch-icount"), key=lambda m: (m["sites"], m["proto"]))
    if exact:
        R.h(3, "In instructions (exact), with the int3 protocol's phases")
        R.p("`bench-patch-icount` (1 CPU, `-icount shift=0`: one instruction per ns). Per batch: site checks "
            "(one forward decode per function up to its sites, the old and new instruction, the out-of-line "
            "copy), writes (int3, tails, heads), core syncs (with QEMU's re-write of every written range) and "
            "the reference wait. Stop-machine writes without checks (its CPUs can only be in the rendezvous); "
            "stop-machine-checked first makes the same site checks, as a real patcher would: `x checked` is the "
            "int3 protocol's own cost over it.")
        base = R.base_cmp is not None
        t = Table(["sites", "protocol", "instructions", "per site", "x stop-machine", "x checked", "syncs",
                   "check", "write", "sync", "wait"] + (["vs base"] if base else []), ["r", "l"] + ["r"] * (9 + base))
        for m in exact:
            sm = one(bench, "poke", scenario="bench-patch-icount", proto="stop-machine", sites=m["sites"])
            smc = one(bench, "poke", scenario="bench-patch-icount", proto="stop-machine-checked", sites=m["sites"])
            t.add("{:,}".format(m["sites"]), m["proto"], "{:,}".format(m["median"]),
                  "{:,}".format(m["median"] // m["sites"]),
                  "%.1f" % (m["median"] / sm["median"]) if sm and sm["median"] else "-",
                  "%.2f" % (m["median"] / smc["median"]) if smc and smc["median"] else "-", m["syncs"],
                  *["{:,}".format(m[k]) if m.get(k) else "-" for k in ("check", "write", "sync", "wait")],
                  *([R.vs_base(m)] if base else []))
        R.table(t)
    ft = pick(bench, "ftrace")
    if ft:
        R.h(3, "Every function entry at once (ftrace-like)")
        R.p("`bench-ftrace-*`: an int3 probe at the entry of every probeable function, registered, disabled and "
            "removed as batches (one core sync each for the int3 writes), against stop-machine writing an int3 "
            "into every site and back in one rendezvous; then the same batch jump-optimized: one quiescence "
            "check and one write protocol for the batch (`index`: the analysis's kernel-wide tables, built "
            "once per boot). Per site; under `-icount` in instructions.")
        t = Table(["scenario", "protocol", "step", "sites", "per site", "syncs"], ["l", "l", "l", "r", "r", "r"])
        for m in sorted(ft, key=lambda m: (m["scenario"], m["proto"] != "stop-machine", m["proto"])):
            t.add("`%s`" % m["scenario"], m["proto"], m["op"], m["functions"], "{:,}".format(m["value"]), m["syncs"])
        R.table(t)
    fo = pick(bench, "ftrace-outcome")
    if fo:
        R.p("The jump-optimized batch's outcome, every site counted once (`djprobe account` lines in the "
            "log give each int3 site's hazard and reason by class).")
        t = Table(["scenario", "outcome", "sites", "of"], ["l", "l", "r", "r"])
        for m in sorted(fo, key=lambda m: (m["scenario"], m["outcome"])):
            t.add("`%s`" % m["scenario"], m["outcome"], m["value"], m["functions"])
        R.table(t)


def section_quiesce_check(R, bench):
    qc = pick(bench, "quiesce-check")
    if not qc:
        return
    R.h(3, "One check by itself")
    R.p("`bench-quiesce-check-*`: one `quiesce_scan()` over 21 ranges nobody is in, with that many threads "
        "asleep that many frames deep: an empty rendezvous (what every check pays to park the other CPUs), "
        "the EIP scan, the exact unwind of every stack, the old frame-pointer walk, every stack word. Medians "
        "of 5; under `-icount` in instructions. The cost grows linearly in threads and in frames per stack "
        "(the exact unwind, about 200 instructions a frame, runs in every stack mode: it also counts the word "
        "scan's false positives); the exact unwind calls a stack deeper than 64 frames unreliable (busy).")
    modes = ["rendezvous", "eip", "frames", "frames-fp", "words"]
    for scen in sorted(set(m["scenario"] for m in qc)):
        t = Table(["threads", "depth"] + modes + ["frames / fp"], ["r", "r"] + ["r"] * (len(modes) + 1))
        rows = sorted(set((m["threads"], m["depth"]) for m in qc if m["scenario"] == scen), key=lambda x: (x[1] != 4, x))
        for th, d in rows:
            v = dict((m["mode"], m["median"]) for m in qc if m["scenario"] == scen and m["threads"] == th
                     and m["depth"] == d)
            t.add(th, d, *["{:,}".format(v[k]) if k in v else "-" for k in modes],
                  "%.2f" % (v["frames"] / v["frames-fp"]) if v.get("frames-fp") else "-")
        R.p("`%s` (%s):" % (scen, "instructions" if scen.endswith("-icount") else "ns"))
        R.table(t)
    section_quiesce_stall(R, bench)


def section_quiesce_stall(R, bench):
    st = [m for m in pick(bench, "quiesce-stall") if m["depth"] == 4]
    per = dict(((m["scenario"], m["mode"], m["threads"]), m["value"]) for m in pick(bench, "quiesce-per-thread")
               if m["depth"] == 4)
    if not st:
        return
    R.p("The stall (docs/quiesce.md): the rendezvous alone, the time the other CPUs are held, with the "
        "pre-scan (threads off every CPU scanned before it, only those that ran since rescanned inside) "
        "and without it (`prescan=off`: every thread scanned inside, as before); and the whole check's cost "
        "per thread. Depth 4.")
    cols = [("frames", "on"), ("safe", "on"), ("eip", "on"), ("frames", "off")]
    for scen in sorted(set(m["scenario"] for m in st)):
        t = Table(["threads"] + ["stall %s %s" % c for c in cols] + ["whole per thread, frames", "x stall at fewest"],
                  ["r"] * (len(cols) + 3))
        rows = sorted(set(m["threads"] for m in st if m["scenario"] == scen))
        v = dict(((m["threads"], m["mode"], m["prescan"]), m["median"]) for m in st if m["scenario"] == scen)
        for th in rows:
            first = v.get((rows[0], "frames", "on"))
            cur = v.get((th, "frames", "on"))
            t.add(th, *["{:,}".format(v[(th,) + c]) if (th,) + c in v else "-" for c in cols],
                  "{:,}".format(per[(scen, "frames", th)]) if (scen, "frames", th) in per else "-",
                  "%.2f" % (cur / first) if cur and first else "-")
        R.p("`%s` (%s):" % (scen, "instructions" if scen.endswith("-icount") or "10k" in scen else "ns"))
        R.table(t)


def section_patching(R, bench, P):
    pokes = [m for m in pick(bench, "poke") if not m["scenario"].endswith("-icount")]
    R.h(2, "Patching: int3 protocol against stop-machine")
    if not pokes:
        R.p("No data (scenarios `bench-patch-{1,2,4,8}`).")
        return
    R.p("Five-byte sites flipped between `nop5` and `jmp .+5`. **int3**: `text_poke_batch` (site checks, "
        "int3 on every head, sync, tails, sync, heads, sync, reference wait; one sync = an IPI to every other "
        "CPU; more than 4,096 pending writes force an extra sync). **stop-machine**: every other CPU parked "
        "with interrupts off in one rendezvous while this one writes every site. Latency with the other CPUs "
        "idle; then, with a spinner thread on every other CPU, the longest gap any spinner saw during the "
        "operation (**stall**) next to the same over an idle window as long (**idle gap**, the emulator's "
        "and host's noise floor).")
    base = R.base_cmp is not None
    t = Table(["CPUs", "sites", "protocol", "n", "median us", "p99 us", "syncs", "IPIs", "x int3",
               "busy median us", "stall us", "idle gap us"] + (["vs base"] if base else []),
              ["r", "r", "l"] + ["r"] * (9 + base))
    pokes.sort(key=lambda m: (m["cpus"], m["sites"], m["proto"] != "int3"))
    for m in pokes:
        i3 = one(bench, "poke", proto="int3", sites=m["sites"], cpus=m["cpus"], scenario=m["scenario"])
        kw = dict(proto=m["proto"], sites=m["sites"], cpus=m["cpus"], scenario=m["scenario"])
        busy, st, idle = one(bench, "poke-busy", **kw), one(bench, "poke-stall", **kw), one(bench, "poke-stall-idle", **kw)
        t.add(m["cpus"], "{:,}".format(m["sites"]), m["proto"], m["n"], fmt_num(to_us(m["median"], m["unit"])),
              fmt_num(to_us(m["p99"], m["unit"])), "%d rv" % m["syncs"] if m["proto"] != "int3" else m["syncs"],
              m["ipis"], "%.2f" % (m["median"] / i3["median"]) if i3 and i3["median"] else "-",
              fmt_num(to_us(busy["median"], busy["unit"])) if busy else "-",
              fmt_num(to_us(st["median"], st["unit"])) if st else "-",
              fmt_num(to_us(idle["median"], idle["unit"])) if idle else "-", *([R.vs_base(m)] if base else []))
    R.table(t)
    R.p("`syncs`: core-sync rounds (int3) or rendezvous (`rv`) per operation; `x int3`: latency relative to "
        "the int3 protocol on the same sites and CPUs.")
    one_cpu = [m for m in pokes if m["cpus"] == min(x["cpus"] for x in pokes)]
    per = {}
    for proto in ("int3", "stop-machine"):
        pts = sorted((m["sites"], to_us(m["median"], m["unit"])) for m in one_cpu if m["proto"] == proto)
        if len(pts) > 1 and pts[-1][0] > pts[0][0]:
            per[proto] = (pts[-1][1] - pts[0][1]) / (pts[-1][0] - pts[0][0])
    if len(per) == 2:
        R.p("With %d CPU%s, each site beyond the first adds %s us to the int3 protocol and %s us to stop-machine "
            "(which only writes): the int3 protocol's per-site work (checking the site by decoding its function "
            "up to it, preparing its out-of-line copy, three writes and their re-writes) outweighs its fixed "
            "sync cost as batches grow." % (one_cpu[0]["cpus"], "s" if one_cpu[0]["cpus"] > 1 else "",
                                              fmt_num(per["int3"]), fmt_num(per["stop-machine"])))
    if not P.plt:
        return
    plt = P.plt
    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    cpus = sorted(set(m["cpus"] for m in pokes))
    colors = dict((c, "C%d" % i) for i, c in enumerate(cpus))
    for proto, ls in (("int3", "-"), ("stop-machine", "--")):
        for c in cpus:
            pts = sorted((m["sites"], to_us(m["median"], m["unit"])) for m in pokes
                         if m["proto"] == proto and m["cpus"] == c)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], ls, marker="o", color=colors[c],
                        label="%s, %d CPU%s" % (proto, c, "s" if c > 1 else ""))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("sites in the batch")
    ax.set_ylabel("median latency, us")
    ax.set_title("Patching latency (other CPUs idle)")
    ax.legend(fontsize=7, ncol=2)
    R.img(P.save(fig, "patch_latency.svg"), "patching latency against sites")
    stalls = pick(bench, "poke-stall")
    if stalls:
        fig, ax = plt.subplots(figsize=(6.5, 3.4))
        sizes = sorted(set(m["sites"] for m in stalls))
        for proto, ls in (("int3", "-"), ("stop-machine", "--")):
            for i, n in enumerate((sizes[0], sizes[-1]) if len(sizes) > 1 else sizes):
                pts = sorted((m["cpus"], to_us(m["median"], m["unit"])) for m in stalls
                             if m["proto"] == proto and m["sites"] == n)
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], ls, marker="o", color="C%d" % i,
                            label="%s, %d site%s" % (proto, n, "s" if n > 1 else ""))
        for i, n in enumerate((sizes[0], sizes[-1]) if len(sizes) > 1 else sizes):
            idle = pick(bench, "poke-stall-idle", proto="int3", sites=n)
            pts = sorted((m["cpus"], to_us(m["median"], m["unit"])) for m in idle)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], ":", marker=".", color="C%d" % i, alpha=0.6,
                        label="idle window as long as int3, %d site%s (noise)" % (n, "s" if n > 1 else ""))
        ax.set_yscale("log")
        ax.set_xticks(sorted(set(m["cpus"] for m in stalls)))
        ax.set_xlabel("CPUs")
        ax.set_ylabel("longest other-CPU gap, us (median)")
        ax.set_title("Other CPUs stalled while patching")
        ax.legend(fontsize=7)
        R.img(P.save(fig, "patch_stall.svg"), "other-CPU stall against CPUs")


def section_optimize(R, bench, P):
    opts = pick(bench, "optimize")
    if not opts:
        return
    R.h(3, "Optimizing one probe, per strategy")
    R.p("`bench-djprobe`: register one optimized probe and wait for the optimizer, per strategy; the other "
        "CPUs run spinners that yield every 256 iterations.")
    base = R.base_cmp is not None
    t = Table(["strategy", "CPUs", "n", "optimized", "median us", "p99 us", "stall us", "idle gap us"] +
              (["vs base"] if base else []), ["l"] + ["r"] * (7 + base))
    for m in opts:
        kw = dict(strategy=m["strategy"], scenario=m["scenario"])
        st, idle = one(bench, "optimize-stall", **kw), one(bench, "optimize-stall-idle", **kw)
        t.add(m["strategy"], m["cpus"], m["n"], m.get("optimized"), fmt_num(to_us(m["median"], m["unit"])),
              fmt_num(to_us(m["p99"], m["unit"])), fmt_num(to_us(st["median"], st["unit"])) if st else "-",
              fmt_num(to_us(idle["median"], idle["unit"])) if idle else "-", *([R.vs_base(m)] if base else []))
    R.table(t)


def quiesce_note(m):
    notes = []
    if m.get("deferred"):
        notes.append("deferred %d" % m["deferred"])
    if m.get("h3_missed"):
        notes.append("**H3 missed %d**" % m["h3_missed"])
    return ", ".join(notes)


def section_quiesce(R, bench, P):
    qs = pick(bench, "quiesce")
    R.h(2, "Quiescence: optimizing a batch per check")
    if not qs:
        R.p("No data (scenario `bench-quiesce`).")
        return
    batch = qs[0].get("batch")
    R.p("`bench-quiesce`: a batch of %s probes (a nop sled, and one site whose region has a call in its middle) "
        "optimized at once, from releasing the batch to the optimizer's end. **threads**: background threads "
        "that work a few microseconds, mostly sleep 10-50 ms, sometimes yield. **inside**: more threads "
        "asleep in the callee of the region's middle call (return address inside the region, H3). **stale**: "
        "more threads asleep with a data word on their stack pointing into a sled probe's region. A busy site "
        "is checked again with backoff, then deferred (stays an int3 probe). Counts are totals over the reps. "
        "Checks: eip-scan = `int3-ipscan`; word-scan / frame-unwind = `int3-stackscan` with "
        "`djprobe_scan=words|frames`; tasks-rcu = `int3-tasksrcu` (refuses the middle-call site)." % batch)
    mixes = [("clear", lambda m: not m["inside"] and not m["stale"]), ("inside", lambda m: m["inside"] > 0),
             ("stale", lambda m: m["stale"] > 0)]
    strategies = [s for s in STRATEGY_ORDER if any(m["strategy"] == s for m in qs)]
    strategies += sorted(set(m["strategy"] for m in qs) - set(strategies))
    t = Table(["sleepers", "threads"] + ["%s ms" % s for s in strategies], ["l", "r"] + ["r"] * len(strategies))
    for mix, f in mixes:
        for th in sorted(set(m["threads"] for m in qs)):
            cells = []
            ex = None
            for s in strategies:
                m = [x for x in qs if x["strategy"] == s and x["threads"] == th and f(x)]
                if not m:
                    cells.append("-")
                    continue
                m = m[0]
                ex = m
                note = quiesce_note(m)
                cells.append(fmt_num(to_ms(m["median"], m["unit"])) + (" (%s)" % note if note else ""))
            if not ex:
                continue
            label = mix if mix == "clear" else "%s %d" % (mix, ex["inside"] or ex["stale"])
            t.add(label, th, *cells)
    R.table(t)
    R.h(3, "Details")
    base = R.base_cmp is not None
    t = Table(["check", "threads", "inside", "stale", "n", "median ms", "max ms", "optimized", "retries",
               "deferred", "EIP hits", "stack hits", "false pos", "tasks waits", "refused", "H3 missed"] +
              (["vs base"] if base else []), ["l"] + ["r"] * (15 + base))
    for m in sorted(qs, key=lambda m: (m["threads"], m["inside"], m["stale"], strategies.index(m["strategy"]))):
        t.add(m["strategy"], m["threads"], m["inside"], m["stale"], m["n"], fmt_num(to_ms(m["median"], m["unit"])),
              fmt_num(to_ms(m["max"], m["unit"])), "%d/%d" % (m["optimized"], m["batch"] * m.get("reps", m["n"])),
              m["retries"], m["deferred"], m["ip_hits"], m["stack_hits"], m["false_pos"], m["tasks_waits"],
              m["refused"], m["h3_missed"], *([R.vs_base(m)] if base else []))
    R.table(t)
    if not P.plt:
        return
    plt = P.plt
    fig, axes = plt.subplots(1, 3, figsize=(9.5, 3.3), sharey=True)
    for ax, (mix, f) in zip(axes, mixes):
        for i, s in enumerate(strategies):
            pts = sorted((m["threads"], to_ms(m["median"], m["unit"]), m) for m in qs if m["strategy"] == s and f(m))
            if not pts:
                continue
            ax.plot([p[0] for p in pts], [p[1] for p in pts], "-", marker="o", color="C%d" % i, label=s)
            for x, y, m in pts:
                if m.get("deferred") or m.get("h3_missed"):
                    ax.annotate("deferred" if m.get("deferred") else "H3 missed", (x, y), fontsize=6,
                                color="C%d" % i, xytext=(3, 3 - 8 * i), textcoords="offset points")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("background threads")
        ax.set_title({"clear": "nobody inside", "inside": "10% asleep inside (H3)",
                      "stale": "10% with a stale word"}[mix], fontsize=9)
    axes[0].set_ylabel("batch time, ms (median)")
    axes[0].legend(fontsize=7)
    R.img(P.save(fig, "quiesce.svg"), "optimize-batch time against threads per check")


def section_coverage(R, run, bench_out, P, map_path):
    R.h(2, "Coverage: which instruction boundaries take a probe")
    sites, total = run["sites"], run["sites_total"]
    if not sites and not total:
        R.p("No probe-site statistics found (scenario `bench-sites`, or the `insn_sites` self-test).")
    else:
        R.p("Every instruction boundary of every kernel text symbol, judged by the kernel's own analysis "
            "(`tests/kernel/insn_sites.c`, from `%s`): **int3** = an int3 probe is accepted (not in the "
            "no-probe section, the instruction can run out of line); **jump** = the site can also be "
            "jump-optimized (its region passes analysis and relocates). Refusals for jump optimization by "
            "hazard: H12 includes the no-probe section (the probe path: kernel/noprobe.list) and regions crossing the "
            "function end; H4 includes branches from other functions. Class = source subsystem of the "
            "object file (`build/kernel.map`)." % run["sites_from"])
        rows = []
        if sites and map_path and os.path.exists(map_path):
            classify_sites(sites, parse_map(map_path))
            classes = {}
            for f in sites:
                c = classes.setdefault(f["class"], dict((k, 0) for k in ["functions", "boundaries", "int3", "jump",
                                                                          "noprobe", "no_ool"] + HAZARDS))
                for k in c:
                    c[k] += f.get(k, 0)
            rows = sorted(classes.items(), key=lambda kv: -kv[1]["boundaries"])
        elif sites:
            R.p("(no `build/kernel.map`: per-class figures skipped)")
        if total:
            rows.append(("**all**", total))
        base = R.base_cmp is not None
        t = Table(["class", "functions", "boundaries", "int3 %", "jump %"] + ["%s" % h for h in HAZARDS] +
                  ["no-probe", "not out of line"] + (["vs base (jump %)"] if base else []))
        for name, c in rows:
            b = c["boundaries"] or 1
            m = {"name": "coverage", "unit": "%", "scenario": "sites", "cpus": None, "class": name.strip("*"),
                 "int3_share": round(100.0 * c["int3"] / b, 2), "value": round(100.0 * c["jump"] / b, 2),
                 "better": "higher", "rev": run["rev"], "boundaries": c["boundaries"]}
            bench_out.append(m)
            t.add(name, c["functions"], "{:,}".format(c["boundaries"]), "%.1f" % (100.0 * c["int3"] / b),
                  "%.1f" % (100.0 * c["jump"] / b), *[c.get(h, 0) for h in HAZARDS],
                  c.get("noprobe", 0), c.get("no_ool", 0), *([R.vs_base(m)] if base else []))
        R.table(t)
        if total:
            b = total["boundaries"] or 1
            ref = b - total["jump"]
            R.p("The seed's \"can't scale\" as a number: of %s boundaries, %.1f%% take an int3 probe and "
                "%.1f%% a jump-optimized one; %s (%.1f%%) are refused for the jump: %s."
                % ("{:,}".format(total["boundaries"]), 100.0 * total["int3"] / b, 100.0 * total["jump"] / b,
                   "{:,}".format(ref), 100.0 * ref / b,
                   ", ".join("%s %s" % (h, "{:,}".format(total.get(h, 0))) for h in HAZARDS if total.get(h, 0))))
            if "jump_no_tables" in total:
                R.p("Jump tables resolved (patch/insn/insn_jtab.c, docs/scale.md): %d of %d indirect jumps; "
                    "jump-optimizable %.2f%% -> %.2f%%, H5 %.2f%% -> %.2f%% (without -> with)."
                    % (total.get("jtab", 0), total.get("ijmp", 0), 100.0 * total["jump_no_tables"] / b,
                       100.0 * total["jump"] / b, 100.0 * total["H5_no_tables"] / b, 100.0 * total.get("H5", 0) / b))
            bad = total.get("noprobe", 0) + total.get("no_ool", 0)
            if "unprobeable_bytes" in total:
                R.p("Unprobeable (no int3 probe at all: the no-probe section, kernel/noprobe.list, and "
                    "instructions that cannot run out of line): %s of %s boundaries (%.2f%%, the target is "
                    "under 5%%), %s of %s instruction bytes (%.2f%%)."
                    % ("{:,}".format(bad), "{:,}".format(total["boundaries"]), 100.0 * bad / b,
                       "{:,}".format(total["unprobeable_bytes"]), "{:,}".format(total["bytes"]),
                       100.0 * total["unprobeable_bytes"] / (total["bytes"] or 1)))
        if P.plt and rows:
            plt = P.plt
            fig, ax = plt.subplots(figsize=(6.5, 0.45 * len(rows) + 1.2))
            names = [n.strip("*") for n, _ in rows][::-1]
            vals = [c for _, c in rows][::-1]
            j = [100.0 * c["jump"] / (c["boundaries"] or 1) for c in vals]
            i3 = [100.0 * (c["int3"] - c["jump"]) / (c["boundaries"] or 1) for c in vals]
            no = [100.0 - a - b for a, b in zip(j, i3)]
            ax.barh(names, j, color="C2", label="jump-optimizable")
            ax.barh(names, i3, left=j, color="C0", label="int3 only")
            ax.barh(names, no, left=[a + b for a, b in zip(j, i3)], color="C7", label="no probe")
            ax.set_xlim(0, 100)
            ax.set_xlabel("% of instruction boundaries")
            ax.set_title("Probe coverage per source subsystem")
            ax.legend(fontsize=7, loc="lower right")
            R.img(P.save(fig, "coverage.svg"), "probe coverage per class")
    # false positives of the conservative scan
    scans = pick(run["bench"], "kernel-scan")
    qs = [m for m in pick(run["bench"], "quiesce") if m["strategy"] in ("word-scan", "frame-unwind")]
    R.h(3, "The conservative stack scan's false positives")
    if not scans and not qs:
        R.p("No data (scenario `bench-quiesce`).")
        return
    R.p("A word scan takes every stack word inside a region for a return address; the frame unwind knows "
        "which are. **Whole kernel**: every jump-optimizable site against every live stack (background "
        "threads of `bench-quiesce`, nothing planted; one pass per check, so threads move between passes). "
        "**Word-scan batches**: the stack words the word scan found inside the batch's regions, over every "
        "scan of the quiescence benchmark (sums over the thread counts and reps), and how many of them the "
        "unwind shows are not return addresses. Whatever the rate, one false positive defers its site "
        "for as long as the word stays.")
    t = Table(["measured on", "threads", "sites", "busy by EIP", "busy by unwind", "busy by words",
               "word hits", "not return addresses", "false-positive rate"])
    for m in scans:
        rate = "%.0f%%" % (100.0 * m["false_pos"] / m["word_hits"]) if m["word_hits"] else "- (no hits)"
        t.add("whole kernel", "%d (%d live)" % (m["threads"], m["live_threads"]), "{:,}".format(m["sites"]),
              m["busy_eip"], m["busy_frames"], m["busy_words"], m["word_hits"], m["false_pos"], rate)
    for mix, f in (("nothing planted", lambda m: not m["inside"] and not m["stale"]),
                   ("sleepers inside", lambda m: m["inside"] > 0),
                   ("stale words", lambda m: m["stale"] > 0)):
        ms = [m for m in qs if m["strategy"] == "word-scan" and f(m)]
        if not ms:
            continue
        hits, fp = sum(m["stack_hits"] for m in ms), sum(m["false_pos"] for m in ms)
        t.add("word-scan batches, %s" % mix, "/".join(str(m["threads"]) for m in ms), "%d/batch" % ms[0]["batch"],
              "-", "-", "-", hits, fp, "%.0f%%" % (100.0 * fp / hits) if hits else "- (no hits)")
    R.table(t)


def load_matrix(run):
    """The newest matrix.json (this run's first), else a matrix.md."""
    for pat in ("matrix.json", "matrix.md"):
        own = os.path.join(run["dir"], pat)
        if os.path.exists(own):
            return own
    return newest("matrix.json") or newest("matrix.md")


def section_matrix(R, run):
    R.h(2, "Strategy x hazard matrix")
    path = load_matrix(run)
    if not path:
        R.p("No matrix run found (`make matrix` writes `results/<stamp>/matrix.json`; format in docs/report.md, "
            "\"The matrix in the report\"): section skipped.")
        return
    where = rel(path)
    if path.endswith(".md"):
        R.p("From `%s`:" % where)
        R.p(open(path).read().strip())
        return
    try:
        mx = json.load(open(path))
        cells = mx["cells"]
    except (ValueError, KeyError, OSError) as e:
        R.p("`%s` is not a matrix.json (%s): section skipped." % (where, e))
        return
    strategies = mx.get("strategies") or sorted(set(c["strategy"] for c in cells))
    hazards = mx.get("hazards") or sorted(set(c["hazard"] for c in cells), key=lambda h: (len(h), h))
    R.p("From `%s` (revision %s). Each cell: what the hazard's scenario showed under the strategy; "
        "**bold** where that differs from what the strategy table (docs/patching.md) expects." % (where, mx.get("rev", "?")))
    t = Table(["strategy"] + hazards, ["l"] + ["l"] * len(hazards))
    bad = 0
    for s in strategies:
        row = []
        for h in hazards:
            c = [x for x in cells if x["strategy"] == s and x["hazard"] == h]
            if not c:
                row.append("")
                continue
            c = c[0]
            txt = c.get("outcome", "?")
            if c.get("expected") and c["expected"] != c.get("outcome"):
                txt = "**%s (expected %s)**" % (txt, c["expected"])
                bad += 1
            row.append(txt)
        t.add(s, *row)
    R.table(t)
    R.p("%d of %d cells as expected." % (len(cells) - bad, len(cells)))


def section_linux(R, build=os.path.join(ROOT, "build")):
    """Debian's Linux 6.1 i386 image: this tree's make linux-report / make
    linux-unwind figures where build/ holds them, else the committed baseline
    (tests/linux-baseline.json): the image is 765 MB and never part of a
    bench run."""
    import linux_check
    base = linux_check.summary() or {"counts": {}, "costs": {}, "build_id": None}
    cur = linux_check.collect(argparse.Namespace(report=os.path.join(build, "linux-report.json"),
                                                 unwind=os.path.join(build, "unwind-linux.json")))
    if not cur["counts"] and not base["counts"]:
        return
    R.h(2, "Linux 6.1 i386: the analysis and the unwinder on a real kernel")
    R.p("Debian's `linux-image-6.1.0-57-686-dbg` (build ID `%s`): `make linux-report` and "
        "`make linux-unwind` (docs/scale.md, docs/unwind-linux.md). Counts are deterministic: those "
        "targets fail when one moves from `tests/linux-baseline.json`. Column *now*: this tree's "
        "figures where build/ holds them (else the baseline's)." % (cur["build_id"] or base["build_id"]))
    totals = {"boundaries", "functions", "text bytes", "unwind boundaries", "unwind functions"}
    t = Table(["figure", "now", "share", "baseline"])
    for k in sorted(set(base["counts"]) | set(cur["counts"]), key=lambda k: (linux_check.family(k), k)):
        v = cur["counts"].get(k, base["counts"].get(k))
        tot = (cur["counts"].get("unwind boundaries") or base["counts"].get("unwind boundaries")
               if linux_check.family(k) == "unwind" else cur["counts"].get("boundaries") or
               base["counts"].get("boundaries"))
        t.add(k, "{:,}".format(v), "" if k in totals or not tot else "%.2f%%" % (100.0 * v / tot),
              "{:,}".format(base["counts"][k]) if k in base["counts"] else "new")
    for k in sorted(set(base["costs"]) | set(cur["costs"])):
        v = cur["costs"].get(k, base["costs"].get(k))
        t.add(k, "%.3g" % v, "", "%.3g" % base["costs"][k] if k in base["costs"] else "new")
    R.table(t)


def section_smp(R, bench):
    rows = pick(bench, "ipi") + pick(bench, "rendezvous") + pick(bench, "switch")
    if not rows:
        return
    R.h(2, "SMP primitives")
    R.p("`bench-smp-*`: what the patching protocols are built from.")
    base = R.base_cmp is not None
    t = Table(["operation", "CPUs", "n", "median us", "p99 us"] + (["vs base"] if base else []))
    label = {"ipi": "IPI round trip (%s CPU)", "rendezvous": "rendezvous, empty", "switch": "context switch"}
    for m in sorted(rows, key=lambda m: (m["name"], m.get("target", ""), m["cpus"])):
        t.add(label[m["name"]] % m["target"] if m["name"] == "ipi" else label[m["name"]], m["cpus"], m["n"],
              fmt_num(to_us(m["median"], m["unit"])), fmt_num(to_us(m["p99"], m["unit"])),
              *([R.vs_base(m)] if base else []))
    R.table(t)


def section_user(R, bench):
    """bench-user-*: system calls, switches, user-probe hits, probe_read_user."""
    names = ("syscall", "call", "switch-kernel", "switch-process", "uprobe-hit", "uread-page")
    rows = [m for n in names for m in pick(bench, n)]
    if not rows:
        return
    R.h(2, "User space and user probes")
    R.p("`bench-user-*` (TSC-timed medians under TCG: the ratios inside one layout are what to compare). "
        "A user-probe hit is a call of `ut_opt0` unprobed, through an int3 probe (trap, single-step) and "
        "through an optimized one (one trap); a page read is `probe_read_user` of 4 KiB.")
    base = R.base_cmp is not None
    t = Table(["measurement", "uspace", "us"] + (["vs base"] if base else []))
    for m in sorted(rows, key=lambda m: (m.get("uspace", ""), names.index(m["name"]), m.get("kind", ""))):
        v = value_of(m)
        us = v / 1e6 if m["unit"] == "ps" else to_us(v, m["unit"])
        t.add(m["name"] + (" (%s)" % m["kind"] if m.get("kind") else ""), m.get("uspace", ""), fmt_num(us),
              *([R.vs_base(m)] if base else []))
    R.table(t)


def section_base(R, cur, base_dir, cmp, base_host=None):
    R.h(2, "Against the base run")
    worse = [(k, c) for k, c in cmp.items() if c[1]]
    R.p("Base `%s`%s: %d measurements in both runs, **%d regressed by more than %d%%** (lower is better for "
        "times, higher for coverage shares). Every table row carries its ratio in `vs base`. On a shared host, "
        "compare runs made under similar load: the noise of one loaded run exceeds most real changes."
        % (rel(base_dir) if os.path.isabs(base_dir) else base_dir,
           " (revision %s, host load %s to %s)" % (base_host.get("rev", "?"), base_host.get("load0", "?"),
                                                  base_host.get("load1", "?")) if base_host else "",
           len(cmp), len(worse), REGRESSION * 100))
    if worse:
        t = Table(["measurement", "unit", "base", "this run", "ratio"], ["l", "l", "r", "r", "r"])
        cmap = dict((key_of(m), m) for m in cur)
        order = sorted(worse, key=lambda kc: -abs(math.log(kc[1][0])) if 0 < kc[1][0] < float("inf") else -1e9)
        for k, (ratio, _, bv) in order[:25]:
            t.add("`%s`" % k, cmap[k].get("unit", ""), fmt_num(bv), fmt_num(value_of(cmap[k])), "**%.2fx**" % ratio)
        R.table(t)
        if len(order) > 25:
            R.p("... and %d more (the largest changes first)." % (len(order) - 25))


# ---- main -------------------------------------------------------------------
def build_report(resdir, base_dir=None, plots=True, host=None, rev=None, map_path=None, quiet=False):
    if host is None:                # --results: what --run recorded, if anything
        try:
            host = json.load(open(os.path.join(resdir, "run.json")))
        except (OSError, ValueError):
            host = {}
    rev = rev or host.get("rev") or git_rev() + " (at report time)"
    run = load_run(resdir, rev)
    if not run["sites"]:
        find_sites_elsewhere(run)
    base, cmp = None, None
    if base_dir:
        bj = base_dir if base_dir.endswith(".json") else os.path.join(base_dir, "bench.json")
        if not os.path.exists(bj) and not os.path.isabs(bj):
            bj = os.path.join(ROOT, bj)
        base = json.load(open(bj))
    P = Plots(resdir, plots)
    bench = run["bench"]
    extra = []                      # coverage rows join bench.json
    R = Report({} if base is not None else None)
    # coverage first into a scratch report to collect its measurements
    scratch = Report(None)
    section_coverage(scratch, run, extra, Plots(resdir, False), map_path)
    allm = bench + extra
    if base is not None:
        cmp = compare(allm, base)
        R.base_cmp = cmp
    R.h(1, "kpatch-test results report")
    section_runs(R, run, host)
    if base is not None:
        bh = os.path.join(os.path.dirname(bj), "run.json")
        section_base(R, allm, base_dir, cmp, json.load(open(bh)) if os.path.exists(bh) else None)
    section_hits(R, bench, P)
    section_hit_insns(R, bench)
    section_patching(R, bench, P)
    section_patch_insns(R, bench)
    section_optimize(R, bench, P)
    section_quiesce(R, bench, P)
    section_quiesce_check(R, bench)
    section_coverage(R, run, [], P, map_path)
    section_matrix(R, run)
    section_smp(R, bench)
    section_user(R, bench)
    section_linux(R)
    if not P.plt:
        R.p("(%s)" % P.why)
    open(os.path.join(resdir, "report.md"), "w").write(R.markdown())
    with open(os.path.join(resdir, "bench.json"), "w") as f:
        json.dump(allm, f, indent=1, sort_keys=True)
        f.write("\n")
    text = R.text()
    open(os.path.join(resdir, "report.txt"), "w").write(text)
    if not quiet:
        sys.stdout.write(text)
        print("report: %s, %s (%d measurements)" % (rel(os.path.join(resdir, "report.md")),
                                                    rel(os.path.join(resdir, "bench.json")), len(allm)))
    return R, allm, cmp


def host_info():
    info = {"cores": os.cpu_count()}
    try:
        info["load0"] = "%.1f" % os.getloadavg()[0]
    except OSError:
        pass
    try:
        info["qemu"] = subprocess.run(["qemu-system-i386", "--version"], capture_output=True,
                                      text=True).stdout.splitlines()[0].replace("emulator version ", "")
    except (OSError, IndexError):
        pass
    return info


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--run", action="store_true", help="run the bench scenarios first")
    g.add_argument("--results", metavar="DIR", help="report on this results dir")
    ap.add_argument("--only", default=r"^bench-", help="scenario regex for --run (default ^bench-)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--base", metavar="DIR", help="older results dir (or its bench.json) to compare with")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--python", default="python3", help="interpreter for tests/runner.py")
    a = ap.parse_args()
    host = None
    t0 = time.time()
    if a.run:
        host = host_info()
        host["rev"] = git_rev()
        resdir = os.path.join(ROOT, "results", time.strftime("%Y%m%d-%H%M%S"))
        n = 1
        while os.path.exists(resdir):
            resdir = os.path.join(ROOT, "results", time.strftime("%Y%m%d-%H%M%S") + "-%d" % n)
            n += 1
        rc = subprocess.call([a.python, os.path.join(HERE, "runner.py"), "--all", "--suite", "bench",
                              "--only", a.only, "--jobs", str(a.jobs), "--resdir", resdir])
        if rc:
            print("report: some benchmark scenarios failed (see %s/summary.txt); reporting what ran" % rel(resdir))
    else:
        resdir = a.results if os.path.isabs(a.results) else os.path.join(os.getcwd(), a.results)
        if not os.path.isdir(resdir):
            sys.exit("report: no results dir %s" % a.results)
    if host is not None:
        try:
            host["load1"] = "%.1f" % os.getloadavg()[0]
        except OSError:
            pass
        host["secs"] = int(time.time() - t0)
        json.dump(host, open(os.path.join(resdir, "run.json"), "w"), indent=1)
    build_report(resdir, a.base, not a.no_plots, host, map_path=os.path.join(ROOT, "build", "kernel.map"))
    print("report: took %.0f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
