#!/usr/bin/env python3
"""gen_insn_tables.py - turn patch/insn/x86-opcode-map.txt into C tables.

Follows Intel SDM Vol. 2, Appendix A (operand codes decide ModRM and
immediate sizes).  Usage: gen_insn_tables.py MAP OUT.h
The output is included only by patch/insn/insn.c; it is generated - do not edit.
"""
import itertools
import os
import sys

MAPS = ["onebyte", "0f", "0f38", "0f3a", "vex1", "vex2", "vex3",
        "evex1", "evex2", "evex3", "evex5", "evex6", "xop8", "xop9", "xopa",
        "3dnow"]
PFX = {"np": [0], "66": [1], "f3": [2], "f2": [3]}
MODRM_LETTERS = set("EGMRCDSTNPQUVW")
IMM = {"Ib": "INSN_I_B", "Iw": "INSN_I_W", "Id": "INSN_I_D",
       "Iz": "INSN_I_Z", "Iv": "INSN_I_Z", "Ap": "INSN_I_A",
       "Ob": "INSN_I_O", "Ov": "INSN_I_O", "Jb": "INSN_I_JB",
       "Jz": "INSN_I_JZ", "Lx": "INSN_I_B"}
FLAGS = {"jmp": "JMP", "jcc": "JCC", "call": "CALL", "loop": "LOOP",
         "xbegin": "XBEGIN", "ijmp": "IJMP", "icall": "ICALL",
         "far": "FAR", "ret": "RET", "iret": "IRET", "int": "INT",
         "ud": "UD", "ser": "SER", "priv": "PRIV", "regonly": "REGONLY",
         "suffix": "SUFFIX"}
SPECIAL = {"pfx=seg": "PFX_SEG", "pfx=opsz": "PFX_OPSZ",
           "pfx=adsz": "PFX_ADSZ", "pfx=lock": "PFX_LOCK",
           "pfx=rep": "PFX_REP", "esc=0f": "ESC_0F", "esc=0f38": "ESC_0F38",
           "esc=0f3a": "ESC_0F3A", "vex2": "VEX2", "vex3": "VEX3",
           "evex": "EVEX", "xop": "XOP"}


def die(lineno, msg):
    sys.exit("x86-opcode-map.txt:%d: %s" % (lineno, msg))


def parse_modrm(tok, lineno):
    """Return (level, list of (mod, reg, rm)) cells the key selects.
    Levels: /m /r 1, /N 2, /Nm /Nr 3, =XX 4 (more specific wins)."""
    if tok.startswith("="):
        b = int(tok[1:], 16)
        if b >> 6 != 3:
            die(lineno, "=XX must be a register form")
        return 4, [(1, (b >> 3) & 7, b & 7)]
    if tok in ("/m", "/r"):
        m = 0 if tok == "/m" else 1
        return 1, [(m, r, rm) for r in range(8) for rm in range(8)]
    if not tok.startswith("/") or not tok[1:2].isdigit():
        die(lineno, "bad ModRM key " + tok)
    reg, kind = int(tok[1]), tok[2:]
    mods, level = {"m": ([0], 3), "r": ([1], 3), "": ([0, 1], 2)}.get(
        kind, (None, None))
    if mods is None:
        die(lineno, "bad ModRM key " + tok)
    return level, [(m, reg, rm) for m in mods for rm in range(8)]


def operand_mods(operands, flags):
    """SDM operand codes restrict ModRM.mod: M memory only; R U N register
    only (unless the ModRM is register-only anyway)."""
    if "regonly" in flags:
        return {0, 1}
    mods = {0, 1}
    if any(op[:1] == "M" for op in operands):
        mods &= {0}
    if any(op[:1] in ("R", "U", "N") and len(op) > 1 for op in operands):
        mods &= {1}
    return mods


def parse_attr(mnem, operands, flags, lineno):
    """Leaf record: (flags tuple, imm1, imm2, name)."""
    fl, imms = set(), []
    for op in operands:
        if op[:1] in MODRM_LETTERS and op[:1].isupper():
            fl.add("MODRM")
        if op in IMM:
            imms.append(IMM[op])
            if op[0] == "J":
                fl.add("REL")
        elif op[:1] in "IJAOL" and op[:1].isupper() and len(op) > 1:
            die(lineno, "unknown immediate operand " + op)
    for f in flags:
        if f in FLAGS:
            fl.add(FLAGS[f])
        elif f not in SPECIAL:
            die(lineno, "unknown flag " + f)
    if mnem == "invalid":
        fl.add("INVALID")
    if len(imms) > 2:
        die(lineno, "more than two immediates")
    imms += ["INSN_I_NONE"] * (2 - len(imms))
    return (tuple(sorted(fl)), imms[0], imms[1], mnem)


def parse_line(line, lineno):
    keys, rest = line.split(":", 1)
    keys = keys.split()
    body, _, fl = rest.partition("!")
    body = body.split()
    mnem = body[0]
    operands = body[1].split(",") if len(body) > 1 else []
    flags = fl.split()
    lo, _, hi = keys[0].partition("-")
    ops = range(int(lo, 16), int(hi or lo, 16) + 1)
    pfx, plevel, mlevel = [0, 1, 2, 3], 0, 0
    cells = [(m, r, rm) for m in range(2) for r in range(8) for rm in range(8)]
    for k in keys[1:]:
        if k in PFX:
            pfx, plevel = PFX[k], 1
        else:
            mlevel, cells = parse_modrm(k, lineno)
    special = [SPECIAL[f] for f in flags if f in SPECIAL]
    attr = parse_attr(mnem, operands, flags, lineno)
    if mnem != "invalid":
        mods = operand_mods(operands, flags)
        if not mods:
            die(lineno, "operands need both memory and register forms")
        cells = [c for c in cells if c[0] in mods]
    if mlevel and "MODRM" not in attr[0]:      # =XX and /N imply ModRM
        attr = (tuple(sorted(attr[0] + ("MODRM",))),) + attr[1:]
    prio = (mlevel, plevel, -len(ops))
    return ops, pfx, cells, prio, attr, special


def read_map(path):
    """maps[name][opcode] = list of (prio, lineno, pfx, cells, attr, special)."""
    maps, cur = {m: {} for m in MAPS}, None
    for lineno, line in enumerate(open(path), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("map "):
            cur = line.split()[1]
            if cur not in maps:
                die(lineno, "unknown map " + cur)
            continue
        if cur is None:
            die(lineno, "entry before any map line")
        ops, pfx, cells, prio, attr, special = parse_line(line, lineno)
        for op in ops:
            maps[cur].setdefault(op, []).append(
                (prio, lineno, pfx, cells, attr, special))
    return maps


INVALID = (("INVALID",), "INSN_I_NONE", "INSN_I_NONE", "invalid")


def build_cube(entries, where):
    """Fill cube[pfx][mod][reg][rm] with attrs, most specific entry last."""
    cube = [[[[None] * 8 for _ in range(8)] for _ in range(2)] for _ in range(4)]
    owner = {}
    for prio, lineno, pfx, cells, attr, _ in sorted(entries, key=lambda e: e[0]):
        for p in pfx:
            for (m, r, rm) in cells:
                prev = owner.get((p, m, r, rm))
                if prev is not None and prev[0] == prio:
                    sys.exit("x86-opcode-map.txt:%d: duplicates line %d (%s)"
                             % (lineno, prev[1], where))
                owner[(p, m, r, rm)] = (prio, lineno)
                cube[p][m][r][rm] = attr
    return cube


def fill_invalid(cube, where):
    """Undefined cells are #UD; they keep the opcode's ModRM presence and,
    when all defined entries agree, its immediates (so a #UD encoding
    still has a length)."""
    leaves = {a for p in cube for m in p for r in m for a in r if a}
    valid = [a for a in leaves if "INVALID" not in a[0]]
    modrm = {("MODRM" in a[0]) for a in valid}
    if len(modrm) > 1:
        sys.exit("opcode %s: entries disagree on ModRM" % where)
    has = modrm.pop() if modrm else any("MODRM" in a[0] for a in leaves)
    imms = {(a[1], a[2]) for a in valid}
    i1, i2 = imms.pop() if len(imms) == 1 else INVALID[1:3]
    inv = (("INVALID", "MODRM") if has else ("INVALID",), i1, i2, "invalid")
    for p in cube:
        for m in p:
            for r in m:
                for i in range(8):
                    if r[i] is None:
                        r[i] = inv
                    elif ("MODRM" in r[i][0]) != has:
                        fl = set(r[i][0]) ^ {"MODRM"}
                        r[i] = (tuple(sorted(fl)),) + r[i][1:]
    return has


def varying_dims(cube):
    """Which of pfx/mod/reg/rm (0..3) change the leaf."""
    cells = list(itertools.product(range(4), range(2), range(8), range(8)))
    dims = []
    for d in range(4):
        groups = {}
        for c in cells:
            k = c[:d] + c[d + 1:]
            groups.setdefault(k, set()).add(cube[c[0]][c[1]][c[2]][c[3]])
        if any(len(v) > 1 for v in groups.values()):
            dims.append(d)
    return dims


class Gen:
    def __init__(self):
        self.attrs, self.attr_idx = [], {}
        self.names, self.name_off = [], {}
        self.sel = []

    def attr(self, a):
        if a not in self.attr_idx:
            self.attr_idx[a] = len(self.attrs)
            self.attrs.append(a)
            if a[3] not in self.name_off:
                self.name_off[a[3]] = sum(len(n) + 1 for n in self.names)
                self.names.append(a[3])
        return self.attr_idx[a]

    def opcode(self, entries, where):
        special = {s for e in entries for s in e[5]}
        if len(special) > 1:
            sys.exit("opcode %s: several directives" % where)
        sp = "INSN_SP_" + special.pop() if special else "INSN_SP_NONE"
        cube = build_cube(entries, where)
        has_modrm = fill_invalid(cube, where)
        dims = varying_dims(cube)
        if any(d > 0 for d in dims) and not has_modrm:
            sys.exit("opcode %s: ModRM selector without ModRM" % where)
        sel = sum({0: 1, 1: 2, 2: 4, 3: 8}[d] for d in dims)
        sel |= 0x10 if has_modrm else 0
        if not dims:
            return sp, sel, self.attr(cube[0][0][0][0])
        base = len(self.sel)
        sizes = [4, 2, 8, 8]
        for idx in itertools.product(*[range(sizes[d]) for d in dims]):
            full = [0, 0, 0, 0]
            for d, v in zip(dims, idx):
                full[d] = v
            self.sel.append(self.attr(cube[full[0]][full[1]][full[2]][full[3]]))
        return sp, sel, base


def emit(maps, out):
    g = Gen()
    g.attr(INVALID)
    tables = {}
    for name in MAPS:
        row = []
        for op in range(256):
            entries = maps[name].get(op)
            if not entries:
                row.append(("INSN_SP_NONE", 0, 0))
                continue
            row.append(g.opcode(entries, "%s %02x" % (name, op)))
        tables[name] = row
    w = out.write
    w("/* insn_tables.h - generated - do not edit.\n"
      " * Source: patch/insn/x86-opcode-map.txt via patch/insn/gen_insn_tables.py. */\n\n")
    w("static const char insn_names[] =\n")
    for n in g.names:
        w('\t"%s\\0"\n' % n)
    w("\t;\n\nstatic const struct insn_attr insn_attrs[%d] = {\n" % len(g.attrs))
    for fl, i1, i2, n in g.attrs:
        flags = " | ".join("INSN_F_" + f for f in fl) or "0"
        w("\t{ %s, %s, %s, %d },\t/* %s */\n" % (flags, i1, i2, g.name_off[n], n))
    w("};\n\nstatic const uint16_t insn_sel[%d] = {\n" % max(1, len(g.sel)))
    for i in range(0, len(g.sel), 16):
        w("\t" + ", ".join(str(x) for x in g.sel[i:i + 16]) + ",\n")
    w("};\n")
    for name in MAPS:
        w("\nstatic const struct insn_op insn_map_%s[256] = {\n" % name)
        for op, (sp, sel, idx) in enumerate(tables[name]):
            w("\t{ %s, 0x%02x, %d },\t/* %02x */\n" % (sp, sel, idx, op))
        w("};\n")
    w("\nstatic const struct insn_op *const insn_maps[INSN_NMAPS] = {\n")
    for name in MAPS:
        w("\tinsn_map_%s,\n" % name)
    w("};\n")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen_insn_tables.py x86-opcode-map.txt out.h")
    maps = read_map(sys.argv[1])
    with open(sys.argv[2] + ".tmp", "w") as out:
        emit(maps, out)
    os.replace(sys.argv[2] + ".tmp", sys.argv[2])


if __name__ == "__main__":
    main()
