#!/usr/bin/env python3
"""linux_report.py - make linux-report (issue 33): the probe-site analysis
(tools/kanalyze) on Debian's Linux 6.1 i386 image and on this kernel, side by
side: boundaries compared with objdump's, shares, refusals by hazard, jump
tables before/after, cost per KB of text, and the disagreements with Linux's
optprobe rules (tools/kanalyze_linux.c).  Writes PREFIX.json and PREFIX.md.

usage: [REPS=3] linux_report.py VMLINUX OWN_ELF PREFIX (times: the least of REPS runs)"""
import array
import bisect
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kanalyze  # noqa: E402

ROOT = kanalyze.ROOT
LINE = re.compile(r"^ *([0-9a-f]+):\t(.*)$")


def objdump_addrs(image, lo, hi):
    """objdump's instruction addresses in [lo, hi) of .text, and its (bad)s."""
    p = subprocess.Popen(["objdump", "-d", "-j", ".text", "--no-show-raw-insn", image],
                         stdout=subprocess.PIPE, text=True)
    out, bad = array.array("I"), []
    for line in p.stdout:
        m = LINE.match(line)
        if m:
            a = int(m.group(1), 16)
            if lo <= a < hi:
                out.append(a)
                if "(bad)" in m.group(2):
                    bad.append(a)
    p.wait()
    return out, bad


def compare(image, ours, fns):
    """Boundaries inside functions: ours against objdump's (sorted merges)."""
    fns = sorted(set((a, a + s) for a, s, _ in fns))
    names = {}
    for a, s, n in kanalyze_fns(image):
        names.setdefault(a, n)
    starts = [a for a, _ in fns]
    merged = []                      # function ranges merged (aliases, nesting)
    for a, b in fns:
        if merged and a < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    od, bad = objdump_addrs(image, merged[0][0], merged[-1][1])
    mstarts = [m[0] for m in merged]

    def inside(a):
        i = bisect.bisect_right(mstarts, a) - 1
        return i >= 0 and a < merged[i][1]

    od = sorted(set(a for a in od if inside(a)))
    us = sorted(set(ours))
    both = only_us = only_od = 0
    ex_us, ex_od = [], []
    i = j = 0
    while i < len(us) or j < len(od):
        if j == len(od) or (i < len(us) and us[i] < od[j]):
            only_us += 1
            if len(ex_us) < 5:
                ex_us.append(us[i])
            i += 1
        elif i == len(us) or od[j] < us[i]:
            only_od += 1
            if len(ex_od) < 5:
                ex_od.append(od[j])
            j += 1
        else:
            both += 1
            i += 1
            j += 1

    def sym(a):
        k = bisect.bisect_right(starts, a) - 1
        return "%s+%#x" % (names.get(starts[k], "?"), a - starts[k]) if k >= 0 else "%#x" % a
    return {"both": both, "ours_only": only_us, "objdump_only": only_od, "objdump_bad": len(bad),
            "ours_only_examples": [sym(a) for a in ex_us], "objdump_only_examples": [sym(a) for a in ex_od]}


def kanalyze_fns(image):
    lines, _ = kanalyze.plan(image)
    out = []
    for l in lines:
        if l.startswith("F "):
            _, a, s, n = l.split()
            out.append((int(a, 16), int(s, 16), n))
    return out


def analyse(image, binary, reps):
    """The tool's verdicts, and each phase's least time over reps runs (the
    host is shared: the least is the least disturbed)."""
    with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
        path = f.name
    try:
        r = kanalyze.run(image, binary, boundaries=path)
        for _ in range(reps - 1):
            again = kanalyze.run(image, binary)
            for k, v in again["phases"].items():
                r["phases"][k]["s"] = min(r["phases"][k]["s"], v["s"])
        ours = array.array("I")
        with open(path, "rb") as f:
            ours.frombytes(f.read())
    finally:
        os.unlink(path)
    r["objdump"] = compare(image, ours, kanalyze_fns(image))
    ph = r["phases"]
    kb = r["text_bytes"] / 1024.0
    r["us_per_kb"] = round(1e6 * (ph["decode"]["s"] + ph["index"]["s"] + ph["analysis"]["s"]) / kb, 1)
    return r


def pct(x, n):
    return "%.2f%%" % (100.0 * x / n) if n else "-"


def markdown(lx, own):
    R = []
    cols = [("Linux 6.1 (Debian 686)", lx), ("this kernel", own)]
    R.append("| | " + " | ".join(c for c, _ in cols) + " |")
    R.append("|---|" + "---:|" * len(cols))

    def row(name, f):
        R.append("| %s | %s |" % (name, " | ".join(f(r) for _, r in cols)))
    row("functions", lambda r: "{:,}".format(r["totals"]["functions"]))
    row("text bytes in functions", lambda r: "{:,}".format(r["text_bytes"]))
    row("instructions (boundaries)", lambda r: "{:,}".format(r["totals"]["boundaries"]))
    row("objdump agrees / ours only / objdump only", lambda r: "{:,} / {} / {}".format(
        r["objdump"]["both"], r["objdump"]["ours_only"], r["objdump"]["objdump_only"]))
    row("int3-probe-able", lambda r: pct(r["totals"]["int3"], r["totals"]["boundaries"]))
    row("jump-optimizable", lambda r: pct(r["totals"]["jump"], r["totals"]["boundaries"]))
    row("jump-optimizable, jump tables not read", lambda r: pct(r["before"]["jump"], r["before"]["boundaries"]))
    for h in ("H3", "H4", "H5", "H9", "H12"):
        row("refused " + h, lambda r, h=h: "{:,} ({})".format(r["totals"][h], pct(r["totals"][h], r["totals"]["boundaries"])))
    row("H5, jump tables not read", lambda r: "{:,} ({})".format(r["before"]["H5"], pct(r["before"]["H5"], r["before"]["boundaries"])))
    row("H4 from another function", lambda r: "{:,}".format(r["totals"]["h4_cross"]))
    row("indirect jumps / tables resolved", lambda r: "%d / %d" % (r["totals"]["ijmp"], r["totals"]["jtab"]))
    for p in ("decode", "index", "analysis"):
        row("phase %s: s (peak MB)" % p, lambda r, p=p: "%.3f (%.0f)" % (r["phases"][p]["s"], r["phases"][p]["peak_kb"] / 1024.0))
    row("cost per KB of text (decode+index+analysis)", lambda r: "%.0f us" % r["us_per_kb"])
    R.append("")
    R.append("Times: the least of %d runs; peak memory: the tool's VmHWM after the phase." % lx.get("reps", 1))
    R.append("")
    for name, r in cols:
        l = r["linux"]
        R.append("**%s against Linux's optprobe rules**: of %s boundaries, Linux's rules optimize %s (%s), "
                 "ours %s (%s); both optimize %s, both refuse %s." % (
                     name, "{:,}".format(l["boundaries"]), "{:,}".format(l["linux_optimizable"]),
                     pct(l["linux_optimizable"], l["boundaries"]), "{:,}".format(l["ours_optimizable"]),
                     pct(l["ours_optimizable"], l["boundaries"]), "{:,}".format(l["agree_optimizable"]),
                     "{:,}".format(l["agree_refused"])))
        R.append("")
        R.append("| sites | disagreement | examples |")
        R.append("|---:|---|---|")
        for d in sorted(l["disagreements"], key=lambda d: -d["n"]):
            R.append("| {:,} | {} | {} |".format(d["n"], d["class"], ", ".join("`%s`" % e for e in d["examples"])))
        R.append("")
    for name, r in cols:
        o = r["objdump"]
        R.append("objdump on %s: %s; ours only: %s; objdump only: %s; objdump (bad): %d" % (
            name, "{:,} common boundaries".format(o["both"]), ", ".join(o["ours_only_examples"]) or "none",
            ", ".join(o["objdump_only_examples"]) or "none", o["objdump_bad"]))
        R.append("")
    return "\n".join(R)


def main():
    vmlinux, own, prefix = sys.argv[1:4]
    reps = int(os.environ.get("REPS", "3"))
    binary = os.path.join(ROOT, "build/host/kanalyze")
    lx = analyse(vmlinux, binary, reps)
    ow = analyse(own, binary, reps)
    lx["reps"] = ow["reps"] = reps
    with open(prefix + ".json", "w") as f:
        json.dump({"linux": lx, "own": ow}, f, indent=1)
    md = markdown(lx, ow)
    with open(prefix + ".md", "w") as f:
        f.write(md + "\n")
    print(md)
    print("\nwritten: %s.json %s.md" % (prefix, prefix))


if __name__ == "__main__":
    main()
