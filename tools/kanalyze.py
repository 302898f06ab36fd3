#!/usr/bin/env python3
"""kanalyze.py - drive tools/kanalyze.c (issue 33) over an i386 ELF kernel.

Functions: the text symbols as the kernel's own table takes them
(kernel/gen_ksyms.py parse_nm over `nm -n -S --defined-only`), inside the
text bounds (__text_start/__text_end here, _stext/_etext on Linux).  No-probe
text: __noprobe_* here; Linux's kprobes, entry and noinstr text.  Linux only:
the retpoline thunks (a jmp to one is an indirect jump) and __ex_table
(faulting instructions refuse their region, H12; fixup targets are branches
from outside, H4).  Writes JSON (--json) and prints a short table.

usage: kanalyze.py IMAGE [--json FILE] [--functions] [--bin PATH]"""
import argparse
import importlib.util
import json
import os
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gen_ksyms():
    spec = importlib.util.spec_from_file_location("gen_ksyms", os.path.join(ROOT, "kernel/gen_ksyms.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def sections(path):
    """name -> (addr, offset, size) of an ELF32 image's sections."""
    with open(path, "rb") as f:
        eh = f.read(52)
        shoff, = struct.unpack_from("<I", eh, 32)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", eh, 46)
        f.seek(shoff)
        sh = [struct.unpack("<IIIIIIIIII", f.read(shentsize)[:40]) for _ in range(shnum)]
        f.seek(sh[shstrndx][4])
        names = f.read(sh[shstrndx][5])
    out = {}
    for s in sh:
        n = names[s[0]:names.index(b"\0", s[0])].decode()
        out[n] = (s[3], s[4], s[5])
    return out


def ex_table(path, secs, syms):
    """Linux __ex_table: {int insn, fixup, data} relative entries."""
    if "__ex_table" not in secs:
        return [], []
    addr, off, size = secs["__ex_table"]
    with open(path, "rb") as f:
        f.seek(off)
        raw = f.read(size)
    ins, fix = [], []
    for i in range(0, size - size % 12, 12):
        a, b, _ = struct.unpack_from("<iii", raw, i)
        ins.append((addr + i + a) & 0xffffffff)
        fix.append(((addr + i + 4 + b) & 0xffffffff, addr + i))
    return ins, fix


def plan(image):
    nm = subprocess.run(["nm", "-n", "-S", "--defined-only", image], capture_output=True, text=True,
                        check=True).stdout.splitlines()
    syms = gen_ksyms().parse_nm(nm)
    addr = {}
    for line in nm:
        p = line.split()
        if len(p) >= 3:
            addr.setdefault(p[-1], int(p[0], 16))
    lo, hi = ((addr["__text_start"], addr["__text_end"]) if "__text_start" in addr
              else (addr["_stext"], addr["_etext"]))
    fns = [(a, s, n) for a, s, n in syms if s and a >= lo and a + s <= hi]
    out = ["F %x %x %s" % f for f in fns]
    linux = "_stext" in addr and "__text_start" not in addr
    pairs = ([("__kprobes_text_start", "__kprobes_text_end"), ("__entry_text_start", "__entry_text_end"),
              ("__noinstr_text_start", "__noinstr_text_end")] if linux
             else [("__noprobe_start", "__noprobe_end")])
    for a, b in pairs:
        if a in addr and b in addr:
            out.append("N %x %x" % (addr[a], addr[b]))
    if linux:
        if "__indirect_thunk_start" in addr:
            out.append("T %x %x" % (addr["__indirect_thunk_start"], addr["__indirect_thunk_end"]))
        out.append("E %x %x" % (addr["__entry_text_start"], addr["__entry_text_end"]))
        ins, fix = ex_table(image, sections(image), fns)
        out += ["X %x" % a for a in ins]
        out += ["Y %x %x" % p for p in fix]
    return out, linux


def table(r, linux):
    t, b = r["totals"], r["before"]
    n = t["boundaries"]
    pct = lambda x, d=n: "%.2f%%" % (100.0 * x / d) if d else "-"
    rows = [("functions", t["functions"], ""), ("undecodable", t["undecodable"], ""),
            ("instructions decoded (one pass)", r["insns_decoded"], ""),
            ("boundaries", n, ""), ("int3-probe-able", t["int3"], pct(t["int3"])),
            ("jump-optimizable", t["jump"], pct(t["jump"])),
            ("  before jump tables", b["jump"], pct(b["jump"], b["boundaries"]))]
    for h in ("H3", "H4", "H5", "H9", "H12"):
        rows.append(("refused " + h, t[h], pct(t[h])))
    rows.append(("  H5 before jump tables", b["H5"], pct(b["H5"], b["boundaries"])))
    rows.append(("indirect jumps / tables resolved", "%d / %d" % (t["ijmp"], t["jtab"]), ""))
    for ph, v in r["phases"].items():
        rows.append(("phase " + ph, "%.3f s" % v["s"],
                     "peak %.1f MB" % (v["peak_kb"] / 1024.0) if "peak_kb" in v else ""))
    kb = r["text_bytes"] / 1024.0
    tot = sum(r["phases"][k]["s"] for k in ("decode", "index", "analysis"))
    rows.append(("cost per KB of text", "%.1f us" % (1e6 * tot / kb if kb else 0), "%.0f KB" % kb))
    w = max(len(x[0]) for x in rows)
    return "\n".join("%-*s  %12s  %s" % (w, a, b_, c) for a, b_, c in rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("--json")
    ap.add_argument("--functions", action="store_true")
    ap.add_argument("--boundaries", help="write every boundary address (uint32 LE) here")
    ap.add_argument("--bin", default=os.path.join(ROOT, "build/host/kanalyze"))
    a = ap.parse_args()
    r = run(a.image, a.bin, a.functions, a.boundaries)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(r, f, indent=1)
    print(table(r, r["kind"] == "linux"))


def run(image, binary, functions=False, boundaries=None):
    """Plan, run the C tool, return its JSON (with "kind")."""
    lines, linux = plan(image)
    with tempfile.NamedTemporaryFile("w", suffix=".plan", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    try:
        cmd = ([binary, image, f.name] + (["--functions"] if functions else []) +
               (["--boundaries", boundaries] if boundaries else []))
        out = subprocess.run(cmd, capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    sys.stderr.write(out.stderr)
    if out.returncode:
        sys.exit(out.returncode)
    r = json.loads(out.stdout)
    r["kind"] = "linux" if linux else "this kernel"
    return r


if __name__ == "__main__":
    main()
