#!/usr/bin/env python3
"""Tests of kernel/noprobe_graph.py on the real build: the checked-in list
passes, and each way the no-probe set can go wrong is caught by name:
  - a new call from the probe path into unmarked code (kprintf from hit());
  - a root dropped (its functions are then marked needlessly);
  - a cut dropped (panic's printing joins the closure, unmarked);
  - a new indirect call nobody listed;
  - two static functions with one name (the check goes by name);
  - a stale checked-in list;
  - a registered handler (.trapreg) neither in the set nor declared `handler`
    (the NMI handler's line dropped, and a new record for kprintf);
  - a `handler` line nothing registers, or one for a function in the set;
  - a new call from the NMI handler (into kmalloc) changes the NMI-context
    list.
Usage: noprobe_graph_test.py BUILD_DIR (after `make all`)."""
import os
import re
import subprocess
import sys
import tempfile

TOOL = "kernel/noprobe_graph.py"
ROOTS = "kernel/noprobe.roots"
LIST = "kernel/noprobe.list"
fails = 0


def run(dis, nm, roots=ROOTS, lst=LIST, trapreg=None):
    p = subprocess.run([sys.executable, TOOL, "--objdump", dis, "--nm", nm,
                        "--trapreg", trapreg or TRAPREG,
                        "--roots", roots, "--check", lst], capture_output=True, text=True)
    return p.returncode, p.stderr


def expect(name, got, rc, pattern):
    global fails
    ok = got[0] == rc and re.search(pattern, got[1], re.M)
    print("%s %s" % ("ok  " if ok else "FAIL", name))
    if not ok:
        fails += 1
        print("     rc %d, wanted %d and /%s/; stderr:\n%s" % (got[0], rc, pattern, got[1][:2000]))


def edited(path, tmp, fn):
    out = os.path.join(tmp, os.path.basename(path))
    open(out, "w").write(fn(open(path).read()))
    return out


def add_insn(dis, fn, insn):
    """A copy of the disassembly with insn inserted in fn, at its first address."""
    m = re.search(r"^[0-9a-f]+ <%s>:\n\s*([0-9a-f]+):" % re.escape(fn), dis, re.M)
    return dis[:m.end()] + "\t%s\n  %s:" % (insn, m.group(1)) + dis[m.end():]


def addr_of(nm, name):
    for line in open(nm):
        p = line.split()
        if p[-1] == name:
            return p[0].lstrip("0")
    sys.exit("no symbol %s" % name)


def add_record(dump, vec, addr):
    """A copy of the .trapreg dump with one more record (vec, addr)."""
    word = lambda v: v.to_bytes(4, "little").hex()
    return dump.rstrip("\n") + "\n 00000000 %s %s  ........\n" % (word(vec), word(addr))


def main():
    global TRAPREG
    b = sys.argv[1] if len(sys.argv) > 1 else "build"
    dis, nm = os.path.join(b, "kernel.dis"), os.path.join(b, "kernel.nm")
    TRAPREG = os.path.join(b, "kernel.trapreg")
    with tempfile.TemporaryDirectory() as tmp:
        expect("checked-in list matches the kernel", run(dis, nm), 0, r"\A\Z")
        kp = addr_of(nm, "kprintf")
        d2 = edited(dis, tmp, lambda s: add_insn(s, "hit", "call   %s <kprintf>" % kp))
        expect("new call from hit() into kprintf", run(d2, nm), 1,
               r"^noprobe: not NOPROBE but reachable from the probe path: kprintf <- hit <- int3_handle")
        d3 = edited(dis, tmp, lambda s: add_insn(s, "hit", "call   *%eax"))
        expect("unlisted indirect call in hit()", run(d3, nm), 1,
               r"^noprobe: hit makes 2 indirect calls, .* lists 1")
        r2 = edited(ROOTS, tmp, lambda s: re.sub(r"^root rv_park .*\n", "", s, flags=re.M))
        expect("root rv_park dropped", run(dis, nm, roots=r2), 1,
               r"^noprobe: NOPROBE but not reachable from any root: rv_park")
        r3 = edited(ROOTS, tmp, lambda s: re.sub(r"^cut panic .*\n", "", s, flags=re.M))
        expect("cut panic dropped", run(dis, nm, roots=r3), 1,
               r"^noprobe: not NOPROBE but reachable from the probe path: panic <- ")
        n2 = edited(nm, tmp, lambda s: s + "00ff0000 00000004 t hit\n")
        expect("a static twin of hit", run(dis, n2), 1, r"^noprobe: hit names 2 functions")
        l2 = edited(LIST, tmp, lambda s: s.replace("rv_park ", "rv_parked "))
        expect("stale list", run(dis, nm, lst=l2), 1, r"is stale: the call graph changed")
        r4 = edited(ROOTS, tmp, lambda s: re.sub(r"^handler smp_nmi .*\n", "", s, flags=re.M))
        expect("NMI handler undeclared", run(dis, nm, roots=r4), 1,
               r"^noprobe: trap_register\(0x2, smp_nmi\): smp_nmi is neither in the no-probe set")
        t2 = edited(TRAPREG, tmp, lambda s: add_record(s, 0x102, int(kp, 16)))
        expect("new NMI callback kprintf", run(dis, nm, trapreg=t2), 1,
               r"^noprobe: smp_nmi_call\(kprintf\): kprintf is neither in the no-probe set")
        r5 = edited(ROOTS, tmp, lambda s: s + "handler kvsnprintf never registered\n")
        expect("handler nothing registers", run(dis, nm, roots=r5), 1,
               r"^noprobe: .* declares `handler kvsnprintf`, which nothing registers")
        r6 = edited(ROOTS, tmp, lambda s: s + "handler debug_handler also a root\n")
        expect("handler in the set", run(dis, nm, roots=r6), 1,
               r"^noprobe: trap_register\(0x1, debug_handler\): .* and declared `handler`")
        if re.search(r"^nmi kmalloc ", open(LIST).read(), re.M):
            sys.exit("noprobe_graph_test: kmalloc is in NMI context now: pick another callee")
        pr = addr_of(nm, "kmalloc")             # not in NMI context today
        d4 = edited(dis, tmp, lambda s: add_insn(s, "smp_nmi", "call   %s <kmalloc>" % pr))
        l3 = os.path.join(tmp, "nmi.list")
        subprocess.run([sys.executable, TOOL, "--objdump", d4, "--nm", nm, "--trapreg", TRAPREG,
                        "--roots", ROOTS, "--write", l3], check=True)
        got = run(d4, nm)
        nmi_line = re.search(r"^nmi kmalloc +<- smp_nmi$", open(l3).read(), re.M)
        expect("new call from smp_nmi: NMI list", (got[0], got[1] if nmi_line else ""), 1,
               r"is stale: the call graph changed")
    print("noprobe_graph_test: %d failed" % fails)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
