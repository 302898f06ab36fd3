#!/usr/bin/env python3
"""What each probe-hit path executes, instruction by instruction (make bench).

Boots scenario bench-hit-icount with hit_trace=1 under -singlestep and
QEMU's exec log (-d in_asm,exec,nochain,int), restricted by -dfilter to the
probe path (the no-probe section, but the text writer the boot runs
thousands of times), the benchmark's targets and handlers, and memory above
the kernel image (instruction slots and detour buffers).  Between the
kernel's hit_trace_begin and hit_trace_end it classifies every executed
instruction: exceptions taken, iret, locked (a lock prefix, xchg with
memory), serializing (SDM Vol. 3, 9.3 (8.3 in older editions): cpuid, iret,
invlpg, lgdt/lidt/lldt/ltr, mov to a control or debug register, wrmsr,
wbinvd, invd), pushf/popf, cli/sti.  The kernel's own icount figure of the
same path (its BENCH hit line) is printed next to it; the trace counts a few
more (the calls around the path).  Output: a table, and BENCH lines
("name":"hit-trace") in <run>/host-bench.log, which tests/report.py reads.

  hit_trace.py [--resdir DIR] [--show KIND]   boot, trace, classify (and list KIND's instructions)"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import runner  # noqa: E402
import scenario  # noqa: E402

SCENARIO = "bench-hit-icount"
NOISY = ("paging_pte", "write_chunk", "text_store", "text_write")   # the boot's slot fill
TARGETS = ("kp_add", "kp_call", "kp_leaf", "dj_add", "pre0", "pre10", "trace_once", "scenario_bench_hit",
           "hit_trace_begin", "hit_trace_end")
SERIALIZING = re.compile(r"^(cpuid|iret\w*|invlpg|lgdt\w*|lidt\w*|lldt\w*|ltr\w*|wrmsr|wbinvd|invd)\b|"
                         r"^mov\w*\s+.*,\s*%[cd]r\d")
CLASSES = ("traps", "iret", "locked", "serializing", "pushf", "popf", "cli", "sti")


def symbols(nm_path):
    """name -> (addr, size) from `nm -n -S` output."""
    out = {}
    for line in open(nm_path):
        f = line.split()
        if len(f) == 4:
            out.setdefault(f[3], (int(f[0], 16), int(f[1], 16)))
        elif len(f) == 3:
            out.setdefault(f[2], (int(f[0], 16), 0))
    return out


def dfilter(sym):
    lo, hi = sym["__noprobe_start"][0], sym["__noprobe_end"][0]
    cuts = sorted((sym[n][0], sym[n][0] + sym[n][1]) for n in NOISY if n in sym)
    ranges, pos = [], lo
    for a, b in cuts:
        if a > pos:
            ranges.append((pos, a))
        pos = max(pos, b)
    ranges.append((pos, hi))
    ranges += [(sym[n][0], sym[n][0] + sym[n][1]) for n in TARGETS if n in sym and sym[n][1]]
    ranges.append((sym["__kernel_end"][0], 0x10000000))
    return ",".join("0x%x..0x%x" % (a, b - 1) for a, b in ranges)


def classify(text):
    """The classes one instruction's disassembly belongs to."""
    op = re.sub(r"^(lock|rep\w*)\s+", "", text)
    c = set()
    if text.startswith("lock ") or (op.startswith("xchg") and "(" in op):
        c.add("locked")
    if SERIALIZING.match(op):
        c.add("serializing")
    for k in ("iret", "pushf", "popf", "cli", "sti"):
        if op.startswith(k):
            c.add(k)
    return c


def windows(log, sym):
    """Per window (in order): executed count, class counts, foreign interrupts."""
    insn = {}                                      # pc -> disassembly, latest translation
    begin, end = sym["hit_trace_begin"], sym["hit_trace_end"]
    inside = lambda pc, s: s[0] <= pc < s[0] + max(s[1], 1)
    cur, out = None, []
    for line in open(log, errors="replace"):
        m = re.match(r"0x([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(.*)$", line)
        if m:
            insn[int(m.group(1), 16)] = m.group(2).strip()
            continue
        m = re.match(r"Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/", line)
        if m:
            pc = int(m.group(1), 16)
            if inside(pc, begin):
                cur = {"insn": 0, "irq": 0, **{k: 0 for k in CLASSES}}
            elif inside(pc, end):
                if cur is not None:
                    out.append(cur)
                cur = None
            elif cur is not None:
                cur["insn"] += 1
                cur.setdefault("list", []).append("%08x  %s" % (pc, insn.get(pc, "?")))
                for k in classify(insn.get(pc, "")):
                    cur[k] += 1
            continue
        m = re.match(r"\s*\d+: v=([0-9a-f]+) ", line)
        if m and cur is not None:
            cur["traps" if int(m.group(1), 16) < 32 else "irq"] += 1
    return out


def kernel_figures(console):
    order, icount = [], {}
    for line in open(console, errors="replace"):
        m = re.match(r"bench-hit: trace (\d+) = (\S+) (\S+)", line)
        if m:
            order.append((m.group(2), m.group(3)))
        if line.startswith("BENCH "):
            b = json.loads(line[6:])
            if b.get("name") == "hit":
                icount[(b["kind"], b["target"])] = b.get("value", b.get("median"))
    return order, icount


def boot(resdir):
    sc = scenario.parse(os.path.join(HERE, "scenarios", SCENARIO + ".scn"))
    rundir = os.path.join(resdir, SCENARIO)
    os.makedirs(rundir, exist_ok=True)
    sym = symbols(os.path.join(ROOT, "build", "kernel.nm"))
    log = os.path.join(rundir, "qemu-exec.log")
    cmd = runner.qemu_cmd(sc, rundir, 1, "hit_trace=1") + [
        "-singlestep", "-d", "in_asm,exec,nochain,int", "-dfilter", dfilter(sym), "-D", log]
    open(os.path.join(rundir, "qemu.cmd"), "w").write(" ".join(cmd) + "\n")
    r = subprocess.run(cmd, timeout=600)
    if runner.EXIT_CLASS.get(r.returncode) != "pass":
        sys.exit("hit_trace: the traced boot ended %s (see %s)" % (r.returncode, rundir))
    return rundir, log, sym


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--resdir", help="results folder (default: a new results/<stamp>)")
    ap.add_argument("--show", metavar="KIND", help="also list every instruction of that path (e.g. optimized)")
    a = ap.parse_args()
    resdir = a.resdir or runner.new_resdir()
    rundir, log, sym = boot(resdir)
    order, icount = kernel_figures(os.path.join(rundir, "console.log"))
    wins = windows(log, sym)
    if len(wins) != len(order):
        sys.exit("hit_trace: %d trace windows in the log, the kernel ran %d" % (len(wins), len(order)))
    lines = []
    print("%-13s %-8s %7s %7s  %s" % ("path", "target", "icount", "traced", "  ".join(CLASSES)))
    for (kind, target), w in zip(order, wins):
        print("%-13s %-8s %7s %7d  %s%s" % (kind, target, icount.get((kind, target), "?"), w["insn"],
                                          "  ".join("%*d" % (len(k), w[k]) for k in CLASSES),
                                          "  (interrupted: not counted)" if w["irq"] else ""))
        if a.show == kind:
            print("\n".join("    " + x for x in w.get("list", [])))
        if not w["irq"]:
            rec = {"name": "hit-trace", "unit": "insn", "value": w["insn"], "kind": kind, "target": target,
                   "cpus": 1, **{k: w[k] for k in CLASSES}}
            lines.append("BENCH " + json.dumps(rec))
    open(os.path.join(rundir, "host-bench.log"), "w").write("\n".join(lines) + "\n")
    os.remove(log)                                  # tens of MB; qemu.cmd rebuilds it
    print("hit_trace: results in %s" % os.path.relpath(rundir, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
