#!/usr/bin/env python3
"""Shows that the unwind table's build checks (kernel/gen_unwind.py) fail,
each by name, when the thing they guard is broken: on the real image's CFI,
disassembly and symbols, one fault injected at a time.
  a C function's CFI off by 4 at one instruction   -> disagreement named
  an asm function's hand-written CFI forgets a push  -> disagreement named
  an asm function's CFI removed                       -> undescribed, named
  a described function listed as undescribed          -> "fully described"
  the linked table differs from the image's CFI       -> stale
The unmodified inputs must pass, and the streamed analysis (one pass in
address order, each FDE with its own code) must give the figures and
problems of the analysis of every FDE against the whole image's code.
A small sample in Linux's conventions (static branches, a WARN's ud2, a
static_cpu_has() detour, a retpoline thunk, a .cold part) is exact at every
boundary with the edges the options give, and each edge removed leaves the
code it guards unreached.  The sample's table (a signal frame and an
unrepresentable row added) equals tests/unwind_sample.S, which the
generator made before it streamed: the table's format cannot drift.
Realigned stacks (gcc's DRAP): a sample in Linux's form (EDI) is exact at
every boundary and encodes to the realigned rules; a store over its saved
DRAP is a disagreement; on the image, uwd_realigned is exact at every boundary, and
its rules each broken (the DRAP register's offset, the saved DRAP's slot,
the caller's EBP's slot) are disagreements named.  Usage: unwind_gen_test.py BUILD_DIR"""
import bisect
import copy
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "kernel"))
import gen_unwind as g  # noqa: E402

PFX = "i686-linux-gnu-" if subprocess.run(["sh", "-c", "command -v i686-linux-gnu-nm"],
                                          capture_output=True).returncode == 0 else ""
failed = 0


def expect(name, problems, needle):
    global failed
    ok = any(needle in p for p in problems) if needle else not problems
    print("%s %s" % ("ok  " if ok else "FAIL", name))
    if not ok:
        failed += 1
        for p in problems[:5]:
            print("     " + p)


def fde_of(fdes, nm, name):
    addr = next(int(l.split()[0], 16) for l in nm.splitlines() if l.split()[-1] == name)
    return next(i for i, f in enumerate(fdes) if f[0] == addr)


def whole_image(nm, fdes, dis):
    """Every FDE checked against one dict of the whole image's code (the
    generator before it streamed): (problems, figures)."""
    order = [x for x in map(g.parse_insn, dis.splitlines()) if x]
    insns = {a: (mn, ops, b[0] if b else None) for (a, mn, ops), b in zip(order, order[1:] + [None])}
    funcs = g.parse_nm(nm)
    pops = {}
    for lo, hi, _ in funcs:
        for x in range(lo, hi):
            if x in insns and insns[x][0] in ("ret", "retl") and insns[x][1]:
                pops[lo] = g.imm(insns[x][1][0])
    problems, stats = [], dict(verified=0, unverified=0, conflict=0, unreached=0)
    at = [x[0] for x in order]
    for f in fdes:                                  # (its own code: check_fde counts what it holds)
        own = {a: insns[a] for a in at[bisect.bisect_left(at, f[0]):bisect.bisect_left(at, f[1])]}
        g.check_fde(f, own, pops, problems, stats, g.namer(funcs))
    return problems, stats


def same_as_whole(name, nm, fdes, dis, allowed):
    global failed
    problems, stats = g.audit(nm, fdes, dis, allowed)
    ref, ref_stats = whole_image(nm, fdes, dis)
    got = {k: stats[k] for k in ref_stats}
    ok = got == ref_stats and problems[:len(ref)] == ref
    print("%s %s: streamed %s, whole image %s, %d problem(s)" % ("ok  " if ok else "FAIL", name, got,
                                                                  ref_stats, len(ref)))
    failed += not ok


SAMPLE_NM = """00001000 00000010 T f_static
00001010 00000005 T f_warn
00001020 00000008 T f_detour
00001030 00000008 T f_thunk
00001040 00000009 T f_cold
00001100 00000004 t f_cold.cold
"""
SAMPLE_DIS = """
    1000:\tpush   %ebp
    1001:\tmov    %esp,%ebp
    1003:\txchg   %ax,%ax
    1005:\tpop    %ebp
    1006:\tret
    1008:\tincl   0x5000
    100e:\tpop    %ebp
    100f:\tret
    1010:\tpush   %ebx
    1011:\tud2
    1013:\tpop    %ebx
    1014:\tret
    1020:\tpush   %esi
    1021:\tjmp    1200 <stub>
    1023:\tpop    %esi
    1024:\tret
    1026:\tpop    %esi
    1027:\tret
    1030:\tpush   %edi
    1031:\tjmp    1300 <thunk_eax>
    1036:\tpop    %edi
    1037:\tret
    1040:\tpush   %ebp
    1041:\tjne    1102 <f_cold.cold+0x2>
    1047:\tpop    %ebp
    1048:\tret
    1100:\tud2
    1102:\tpop    %ebp
    1103:\tret
    1200:\ttestb  $0x1,0x5000
    1207:\tjne    1026 <f_detour+0x6>
    1209:\tjmp    1023 <f_detour+0x3>
    1300:\tjmp    *%eax
"""
SAMPLE_CFI = """00000000 00000010 ffffffff CIE "" cf=1 df=-4 ra=8
   LOC   CFA      ra
00000000 esp+4    c-4

00000014 00000028 00000000 FDE cie=00000000 pc=00001000..00001010
   LOC   CFA      ebp   ra
00001000 esp+4    u     c-4
00001001 esp+8    c-8   c-4
00001003 ebp+8    c-8   c-4
00001006 esp+4    u     c-4
00001008 ebp+8    c-8   c-4
0000100f esp+4    u     c-4
""" + "".join("""
%08x 00000028 00000000 FDE cie=00000000 pc=%08x..%08x
   LOC   CFA      ebp   ra
%s""" % (0x40 * (i + 1), lo, hi, "".join("%08x %s\n" % r for r in rows)) for i, (lo, hi, rows) in enumerate([
    (0x1010, 0x1015, [(0x1010, "esp+4    u     c-4"), (0x1011, "esp+8    u     c-4"), (0x1014, "esp+4    u     c-4")]),
    (0x1020, 0x1028, [(0x1020, "esp+4    u     c-4"), (0x1021, "esp+8    u     c-4"), (0x1024, "esp+4    u     c-4"),
                      (0x1026, "esp+8    u     c-4"), (0x1027, "esp+4    u     c-4")]),
    (0x1030, 0x1038, [(0x1030, "esp+4    u     c-4"), (0x1031, "esp+8    u     c-4"), (0x1037, "esp+4    u     c-4")]),
    (0x1040, 0x1049, [(0x1040, "esp+4    u     c-4"), (0x1041, "esp+8    c-8   c-4"), (0x1048, "esp+4    u     c-4")]),
    (0x1100, 0x1104, [(0x1100, "esp+8    c-8   c-4"), (0x1103, "esp+4    u     c-4")])]))


SAMPLE_SIGNAL = """
00000200 00000010 ffffffff CIE "zRS" cf=1 df=-4 ra=8
   LOC   CFA      ra
00000000 esp+4    c-4

00000220 00000028 00000200 FDE cie=00000200 pc=00001300..00001302
   LOC   CFA      ebp   ra
00001300 esp+56   c-24  c-8
00001301 exp      u     c-8
"""


def sample_table():
    global failed
    want = open(os.path.join(os.path.dirname(__file__), "unwind_sample.S")).read()
    got = g.emit(g.build_table(g.parse_cfi(SAMPLE_CFI + SAMPLE_SIGNAL), 0x1000, 0x1400))
    ok = got == want
    print("%s sample table equals tests/unwind_sample.S" % ("ok  " if ok else "FAIL"))
    failed += not ok


def linux_edges():
    """The sample (28 boundaries and a filler): exact everywhere with every edge; each edge removed, the
    code it guards unreached (and nothing else changes)."""
    global failed
    fdes = g.parse_cfi(SAMPLE_CFI)
    feats = dict(static={0x1003: [0x1008, "next"]}, warn={0x1011: ["next"]}, thunk=1, detour=1, cross=1)
    guarded = dict(static=3, warn=2, thunk=2, detour=4, cross=2)
    for off in [None] + list(feats):
        extra = {}
        for k in ("static", "warn"):
            if k != off:
                extra.update(feats[k])
        edges = g.Edges(extra, {} if off == "thunk" else {"1300": "*%eax"}, off != "cross")
        problems, st = g.audit(SAMPLE_NM, fdes, SAMPLE_DIS, {}, edges=edges,
                               detour=None if off == "detour" else (0x1200, 0x1210))
        want = guarded.get(off, 0)
        ok = not problems and st["unreached"] == want and st["verified"] == 28 - want
        print("%s Linux sample, %s: %d verified, %d unreached (want %d)%s" % (
            "ok  " if ok else "FAIL", "every edge" if off is None else "without " + off,
            st["verified"], st["unreached"], want, "; " + "; ".join(problems[:3]) if problems else ""))
        failed += not ok


DRAP_NM = "00001400 00000025 T f_drap\n"
DRAP_DIS = """
    1400:\tpush   %edi
    1401:\tlea    0x8(%esp),%edi
    1405:\tand    $0xfffffff8,%esp
    1408:\tpush   -0x4(%edi)
    140b:\tpush   %ebp
    140c:\tmov    %esp,%ebp
    140e:\tpush   %edi
    140f:\tpush   %esi
    1410:\tpush   %ebx
    1411:\tsub    $0x34,%esp
    1414:\tcall   1500 <elsewhere>
    1419:\tlea    -0xc(%ebp),%esp
    141c:\tpop    %ebx
    141d:\tpop    %esi
    141e:\tpop    %edi
    141f:\tpop    %ebp
    1420:\tlea    -0x8(%edi),%esp
    1423:\tpop    %edi
    1424:\tret
"""
DRAP_CFI = """00000000 00000010 ffffffff CIE "" cf=1 df=-4 ra=8
   LOC   CFA      ra
00000000 esp+4    c-4

00000014 00000028 00000000 FDE cie=00000000 pc=00001400..00001425
   LOC   CFA      ebp   ra
00001400 esp+4    u     c-4
00001401 esp+8    u     c-4
00001405 edi+0    u     c-4
0000140e edi+0    exp   c-4
0000140f exp      exp   c-4
0000141f edi+0    exp   c-4
00001420 edi+0    u     c-4
00001423 esp+8    u     c-4
00001424 esp+4    u     c-4
"""
DRAP_EXPRS = {"pc=00001400..00001425": ({"DW_OP_breg5 (ebp): -4; DW_OP_deref"}, {"DW_OP_breg5 (ebp): 0"})}


def drap_sample():
    """Linux's realigned prologue (x86_perf_event_update's): exact at all 19
    boundaries, encoded as CFA = EDI (base 15), = [EBP-4] (base 3), the
    caller's EBP at EBP+0 (flag 2); unresolved expressions stay undescribed;
    a store over the saved DRAP is caught."""
    global failed
    fdes = g.parse_cfi(DRAP_CFI, DRAP_EXPRS)
    problems, st = g.audit(DRAP_NM, fdes, DRAP_DIS, {})
    ok = not problems and st["verified"] == 19 and st["unverified"] == 0
    print("%s realigned sample: %d of 19 verified%s" % ("ok  " if ok else "FAIL", st["verified"],
                                                       "; " + "; ".join(problems[:3]) if problems else ""))
    failed += not ok
    table = dict((a, e) for a, e in g.build_table(fdes, 0x1400, 0x1425))
    want = {0x1405: (15, 0, 0, -4, 0), 0x140e: (15, 0, 0, -4, 2), 0x140f: (3, -4, 0, -4, 2),
            0x141f: (15, 0, 0, -4, 2), 0x1420: (15, 0, 0, -4, 0), 0x1423: (1, 8, 0, -4, 0)}
    ok = all(table.get(a) == e for a, e in want.items())
    print("%s realigned sample encodes to the realigned rules" % ("ok  " if ok else "FAIL"))
    failed += not ok
    raw = g.parse_cfi(DRAP_CFI)
    expect("realigned sample without its expressions is undescribed",
           g.audit(DRAP_NM, raw, DRAP_DIS, {})[0], "f_drap (00001400) has 10 instruction(s) no CFI describes")
    clobber = DRAP_DIS.replace("sub    $0x34,%esp", "movl   $0x0,-0x4(%ebp)")
    expect("a store over the saved DRAP", g.audit(DRAP_NM, fdes, clobber, {})[0],
           "<f_drap+0x14>: CFA=[ebp-4], code has another value there")


def drap_image(nm, fdes, dis):
    """uwd_realigned's FDE, checked against its own code: exact at every
    boundary as built, and each of its rules broken a disagreement named."""
    global failed
    i = fde_of(fdes, nm, "uwd_realigned")
    body = dis[dis.index("<uwd_realigned>:"):].split("\n\n")[0]
    order = [x for x in map(g.parse_insn, body.splitlines()) if x]
    insns = {a: (mn, ops, b[0] if b else fdes[i][1]) for (a, mn, ops), b in zip(order, order[1:] + [None])}
    names = g.namer(g.parse_nm(nm))

    def check(fde):
        problems, st = [], dict(verified=0, unverified=0, conflict=0, unreached=0)
        g.check_fde(fde, insns, {}, problems, st, names)
        return problems, st
    problems, st = check(fdes[i])
    reached = sum(1 for a in insns if not g.padding(insns[a]))
    ok = not problems and st["verified"] == reached and not st["unverified"]
    print("%s uwd_realigned: %d of %d boundaries verified" % ("ok  " if ok else "FAIL", st["verified"], reached))
    failed += not ok
    breaks = (("the DRAP register's offset", lambda r: r[1][0] == "ecx", lambda r: [r[0], ("ecx", 4)] + r[2:],
               "CFA=ecx+4, code has ecx=CFA+0"),
              ("the saved DRAP's slot", lambda r: r[1][0] == "ebp*",
               lambda r: [r[0], ("ebp*", r[1][1] + 4)] + r[2:], "code has another value there"),
              ("the caller's EBP's slot", lambda r: isinstance(r[2], tuple),
               lambda r: r[:2] + [("ebp", 4)] + r[3:], "caller's ebp at [ebp+4], code has it elsewhere"))
    for what, which, broken, needle in breaks:
        lo, hi, signal, rows = fdes[i]
        rows = [broken(list(r)) if which(r) else r for r in rows]
        expect("uwd_realigned: %s off by 4" % what, check((lo, hi, signal, rows))[0], needle)


def main():
    sample_table()
    linux_edges()
    drap_sample()
    elf = os.path.join(sys.argv[1], "kernel.elf")
    nm = g.run(PFX + "nm", "-n", "-S", "--defined-only", elf)
    cfi = g.run(PFX + "readelf", "--debug-dump=frames-interp", elf)
    dis = g.run(PFX + "objdump", "-d", "--no-show-raw-insn", elf)
    fdes = g.parse_cfi(cfi, g.cfi_expressions(PFX + "readelf", elf))
    allowed = g.read_undescribed(os.path.join(os.path.dirname(__file__), "..", "kernel",
                                              "unwind.undescribed"))
    expect("real image passes", g.audit(nm, fdes, dis, allowed)[0], None)
    same_as_whole("streamed = whole image", nm, fdes, dis, allowed)
    drap_image(nm, fdes, dis)

    bad = copy.deepcopy(fdes)                       # a C function: one row off by 4
    i = fde_of(bad, nm, "uw_c_vla")
    row = next(r for r in bad[i][3] if r[1][0] == "esp" and r[1][1] == 8)
    row[1] = ("esp", 12)
    expect("C CFI off by 4", g.audit(nm, bad, dis, allowed)[0], "uw_c_vla+0x1>: CFA=esp+12, code has esp+8")
    same_as_whole("streamed = whole image, C CFI off by 4", nm, bad, dis, allowed)

    bad = copy.deepcopy(fdes)                       # asm: a PUSH without its directive
    i = fde_of(bad, nm, "uw_asm_noframe")
    rows = bad[i][3]
    del rows[1]                                     # the row after PUSH(%esi)
    expect("asm CFI forgets a push", g.audit(nm, bad, dis, allowed)[0],
           "<uw_asm_noframe+0x1>: CFA=esp+4, code has esp+8")

    bad = [f for j, f in enumerate(fdes) if j != fde_of(fdes, nm, "uw_asm_tail")]
    expect("asm CFI missing", g.audit(nm, bad, dis, allowed)[0],
           "uw_asm_tail (")

    more = dict(allowed, uw_asm_frame="a reason")
    expect("described function listed", g.audit(nm, fdes, dis, more)[0],
           "uw_asm_frame is listed in kernel/unwind.undescribed but fully described")

    table = open(os.path.join(sys.argv[1], "unwind.S")).read()
    lines = table.splitlines(True)
    k = next(j for j, l in enumerate(lines) if "; .short 8;" in l)
    lines[k] = lines[k].replace("; .short 8;", "; .short 12;")
    stale = os.path.join(sys.argv[1], "unwind-stale-test.S")
    open(stale, "w").write("".join(lines))
    r = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "..", "kernel",
                                                     "gen_unwind.py"),
                        "--readelf", PFX + "readelf", "--objdump", PFX + "objdump", "--nm", PFX + "nm",
                        "--elf", elf, "--check", stale], capture_output=True, text=True)
    os.unlink(stale)
    expect("stale table", [r.stdout] if r.returncode else [], "is stale")
    print("unwind_gen_test: %d failed" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
