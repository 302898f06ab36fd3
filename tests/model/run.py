#!/usr/bin/env python3
"""Check the Spin models in tests/model/ exhaustively, correct and broken variants.

For each variant: spin -a -o3 (no statement merging, so that pan's report of
unreached code is exact) with the variant's -D macros, pan compiled with
-DSAFETY -DBFS -DNOREDUCE (safety properties, breadth first so that a
counterexample is a shortest one, no partial-order reduction to keep the
search simple to trust), run to the end.  One line per variant:

    model <name> <variant>: <states> states, <verdict>

A correct variant must verify with no error, and must reach the code that
matters (listed in REACH: a model that never gets there verifies vacuously).
A broken variant must produce a counterexample, and the assertion it violates
must carry (one of) the expected hazard tag(s) (H1..H12, L1..L7 for lptrans.pml, or NEST for dbnest.pml)
on its source line (a broken
variant that verifies, or fails for another reason, means a weak model).  The
trail is kept under the build directory with a replay.sh that prints it step
by step.

Exit status 0 only if every variant ended as expected.

--doc FILE (after a full run in which every variant ended as expected) puts
the figures table between FILE's `<!-- model:begin -->` and `<!-- model:end -->`
markers (docs/model.md), with the run's date, revision and time.
"""
import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
THREADS = 3     # CPUs (int3.pml) or threads (djopt.pml) besides the patcher

# (model, variant, -D macros, expected: None = verifies, else a hazard tag,
# or a tuple of tags any of which the counterexample may carry)
VARIANTS = [
    ("int3", "bypass", [], None),
    ("int3", "plain", ["PLAIN"], "H6"),
    ("int3", "head_first", ["HEAD_FIRST"], "H6"),
    ("int3", "int3_head_first", ["INT3_HEAD_FIRST"], "H6"),
    ("int3", "no_ref_wait", ["NO_REF_WAIT"], "H7"),
    # one CPU's steps under nested NMIs and the DR6 protocol (issue 21)
    ("dbnest", "dr6", ["NNMI=2"], None),
    ("dbnest", "dr6+3nmi", ["NNMI=3"], None),
    ("dbnest", "late-read", ["NNMI=2", "LATE_READ"], None),
    ("dbnest", "nmi-unsaved", ["NNMI=2", "NMI_UNSAVED"], "NEST"),
    ("dbnest", "before-fix", ["NNMI=2", "LATE_READ", "NMI_UNSAVED"], "NEST"),
    # a live patch's transition (issue 31): two threads, chains A -> C -> B
    ("lptrans", "livepatch", ["LIVEPATCH", "FLAG_FIRST", "THEN_DISABLE_1"], None),
    ("lptrans", "kgraft", ["KGRAFT", "FLAG_FIRST", "THEN_DISABLE_1"], None),
    ("lptrans", "kpatch", ["KPATCH"], None),
    ("lptrans", "naive", ["NAIVE"], ("L1", "L5")),
    ("lptrans", "fp", ["FP"], "L1"),
    ("lptrans", "livepatch+irq-wrong", ["LIVEPATCH", "IRQ_WRONG"], "L5"),
    ("lptrans", "kgraft+irq-wrong", ["KGRAFT", "IRQ_WRONG"], "L5"),
    ("lptrans", "livepatch+force", ["LIVEPATCH", "FORCE"], ("L1", "L5")),
    # the two races lp-torture found (fixed), and what the fixes rest on
    ("lptrans", "livepatch+pop-clears", ["LIVEPATCH", "POP_CLEARS"], "L1"),
    ("lptrans", "livepatch+safe-plain", ["LIVEPATCH", "SAFE_PLAIN"], "L1"),
    ("lptrans", "kgraft+safe-plain", ["KGRAFT", "SAFE_PLAIN"], "L1"),
    ("lptrans", "livepatch+no-bump", ["LIVEPATCH", "NO_BUMP"], "L1"),
    ("lptrans", "livepatch+word-last", ["LIVEPATCH", "WORD_LAST"], "L1"),
    # the completion's wait for calls inside lp_dispatch (the kernel, with the
    # flag read before the universe, is the livepatch and kgraft variants
    # above): without the wait either order fails; with it, the universe
    # read first leaves the window of a call between the entry's jmp and its
    # count (the kernel's order before its fix)
    ("lptrans", "livepatch+flag-first+no-dispatch-wait", ["LIVEPATCH", "FLAG_FIRST", "NO_DISPATCH_WAIT"], "L1"),
    ("lptrans", "livepatch+then-disable-1+no-dispatch-wait", ["LIVEPATCH", "THEN_DISABLE_1", "NO_DISPATCH_WAIT"],
     "L1"),
    ("lptrans", "kgraft+then-disable-1+no-dispatch-wait", ["KGRAFT", "THEN_DISABLE_1", "NO_DISPATCH_WAIT"], "L1"),
    ("lptrans", "livepatch+universe-first", ["LIVEPATCH", "THEN_DISABLE_1"], "L1"),
    ("lptrans", "kgraft+universe-first", ["KGRAFT", "THEN_DISABLE_1"], "L1"),
]
STRATEGIES = {"int3-bypass": "S_BYPASS", "stop-machine": "S_STOPMACHINE",
              "int3-ipscan": "S_IPSCAN", "int3-stackscan": "S_STACKSCAN",
              "int3-tasksrcu": "S_TASKSRCU", "safe": "S_SAFE"}
SHAPES = {"": [], "+lastcall": ["LASTCALL"], "+midcall": ["MIDCALL"]}


def djopt(strategy, shape="", extra=(), expect=None):
    name = strategy + shape + "".join("+" + e.lower().replace("_", "-") for e in extra)
    return ("djopt", name, ["STRATEGY=" + STRATEGIES[strategy]] + SHAPES[shape] + list(extra), expect)


# int3-stackscan is modelled as safe (both see every EIP and every return
# address; djprobe_scan=words only adds false positives, which delay): two of
# its shapes are checked, to show the name.  int3-ipscan misses a mid-region
# call (H3); without the detour handler's return address in its scan
# (NO_DETOUR_RET) it misses a thread in that handler (H8).
for s, shapes in (("safe", SHAPES), ("int3-stackscan", ("", "+midcall")),
                  ("int3-tasksrcu", SHAPES), ("int3-ipscan", ("", "+midcall"))):
    for shape in shapes:
        expect = None
        if s == "int3-ipscan" and shape == "+midcall":
            expect = "H3"
        VARIANTS.append(djopt(s, shape, expect=expect))
VARIANTS += [
    djopt("int3-ipscan", extra=["NO_DETOUR_RET"], expect="H8"),
    djopt("int3-tasksrcu", "+midcall", extra=["ALLOW_MIDCALL"], expect="H3"),
    djopt("int3-bypass", expect=("H1", "H8")),      # neither check nor wait: the
    djopt("stop-machine", expect=("H1", "H8")),     # shortest counterexample wins
    djopt("safe", extra=["NO_RELEASE_WAIT"], expect="H8"),
    djopt("safe", extra=["NO_PREP_REFS"], expect="H1"),
    djopt("safe", extra=["NO_FREE_REFS"], expect="H8"),
    djopt("safe", extra=["REENTRY_IN_PLACE"], expect="H1"),
]

# The docs table's "what" column (tests/model/run.py --doc), per model and variant.
WHAT = {
    ("int3", "bypass"): "publish, int3, sync, tail, sync, head, sync, unpublish, wait refs, free",
    ("int3", "plain"): "plain stores (`poke=plain`)",
    ("int3", "head_first"): "head, sync, tail, sync (`poke=head_first`)",
    ("int3", "int3_head_first"): "the int3 protocol with head before tail",
    ("int3", "no_ref_wait"): "free without waiting for references (`int3_refs=skip`)",
    ("dbnest", "dr6"): "NMI saves and resets DR6, #DB reads and resets it first; 2 NMIs",
    ("dbnest", "dr6+3nmi"): "the same, 3 NMIs",
    ("dbnest", "late-read"): "NMI save, DR6 read late in the #DB handler",
    ("dbnest", "nmi-unsaved"): "the NMI leaves DR6 alone (`dr6_bug=nmi_unsaved`)",
    ("dbnest", "before-fix"): "no NMI save, late read (the code before issue 21)",
    ("djopt", "safe"): "EIP scan and every return address (the exact unwind), before the jmp and before freeing",
    ("djopt", "safe+lastcall"): "call as the last instruction",
    ("djopt", "safe+midcall"): "call as the first instruction",
    ("djopt", "int3-stackscan"): "the same checks (`djprobe_scan=words\\|frames`)",
    ("djopt", "int3-tasksrcu"): "wait for a voluntary switch of every thread (may time out: defer)",
    ("djopt", "int3-tasksrcu+midcall"): "region refused: `dj_cancel`, stays an int3 probe",
    ("djopt", "int3-ipscan"): "saved/interrupted EIPs and detour handlers' return addresses",
    ("djopt", "int3-ipscan+midcall"): "a sleeper's return address mid-region is not an EIP",
    ("djopt", "int3-ipscan+no-detour-ret"): "the scan without the handlers' return addresses",
    ("djopt", "int3-tasksrcu+midcall+allow-midcall"): "why tasks-RCU refuses mid-region calls",
    ("djopt", "int3-bypass"): "no check, no wait",
    ("djopt", "stop-machine"): "jmp written in one rendezvous, no check, no wait",
    ("djopt", "safe+no-release-wait"): "`dj_release` frees without the scan",
    ("djopt", "safe+no-prep-refs"): "`dj_prepare` does not wait for int3 handlers",
    ("djopt", "safe+no-free-refs"): "freeing does not wait for int3 handlers",
    ("lptrans", "livepatch"): "enable 1, enable 2 over it, disable 2 (pop), disable 1, back to back, one "
                              "reverse; a stopped thread switches when its stack holds no version left and "
                              "no dispatcher; safe points (read, compare-and-swap); lp_dispatch in 3 reads "
                              "(top, flag, universe), counted; the completion waits until no call is counted",
    ("lptrans", "kgraft"): "the same; threads switch only at their safe points",
    ("lptrans", "kpatch"): "the same patches; every thread outside A, C and B, then one flip (stop-machine)",
    ("lptrans", "naive"): "flip at once, no check (`lp_model=naive`)",
    ("lptrans", "fp"): "livepatch whose frame-pointer walk misses A under C (`lp_unwind=fp`)",
    ("lptrans", "livepatch+irq-wrong"): "interrupts in the target universe (`lp_bug=irq_universe`)",
    ("lptrans", "kgraft+irq-wrong"): "the same under kgraft",
    ("lptrans", "livepatch+force"): "`lp_force`: every thread switched at once",
    ("lptrans", "livepatch+pop-clears"): "a disable's completion clears the popped version's flag (the "
                                         "first race lp-torture found)",
    ("lptrans", "livepatch+safe-plain"): "the safe point reads the target, then writes the universe (the "
                                         "second race lp-torture found)",
    ("lptrans", "kgraft+safe-plain"): "the same under kgraft",
    ("lptrans", "livepatch+no-bump"): "compare-and-swap safe point, no bump at a start or reverse",
    ("lptrans", "livepatch+word-last"): "the safe point reads its word after the target",
    ("lptrans", "livepatch+flag-first+no-dispatch-wait"): "`lp_dispatch` reads the flag before the "
                                                          "universe, and the completion does not wait for "
                                                          "calls inside it",
    ("lptrans", "livepatch+then-disable-1+no-dispatch-wait"): "then disable 1 too; the completion does not "
                                                              "wait for calls inside `lp_dispatch` "
                                                              "(`lp_bug=no_dispatch_wait`)",
    ("lptrans", "kgraft+then-disable-1+no-dispatch-wait"): "the same under kgraft",
    ("lptrans", "livepatch+universe-first"): "the universe read before top's flag (the kernel's order "
                                             "before its fix), with the wait: a call between the entry's "
                                             "jmp and its count",
    ("lptrans", "kgraft+universe-first"): "the same under kgraft",
    ("djopt", "safe+reentry-in-place"): "a hit inside a handler steps in the text although the buffer is "
                                        "published (the bug the anywhere-torture found)",
}


# Code that a correct variant must reach, as regexes over the model's source
# lines outside comments (one of the matching lines must be reached): a
# variant that verifies without getting there verifies vacuously.
REACH = {
    "int3": {"H6 assertion": r"H6 whole", "H7 assertion": r"H7 copy used",
             "vanished int3": r"vanished: restart", "NEW assertion": r"NEW once done"},
    "djopt": dict([(t, r'printf\("%s\\n"' % t) for t in (
        "dj_queue", "dj_cancel", "dj_prepare", "dj_check", "dj_commit", "dj_defer",
        "dj_unoptimize", "dj_release")] + [
        ("H1 assertion", r"assert.*H1 H2"), ("H8 assertion", r"assert.*\bH8\b"),
        ("H3 assertion", r"assert.*\bH3\b")]),
    "lptrans": {"L1 assertion": r"L1 a chain", "L5 assertion": r"L5 an interrupt",
                "lp_start": r'printf\("lp_start', "lp_switch": r'printf\("lp_switch',
                "lp_safe_point": r'printf\("lp_safe_point\\n', "lp_reverse": r'printf\("lp_reverse',
                "lp_complete": r'printf\("lp_complete', "lp_pop": r'printf\("lp_pop',
                "popped version read": r'printf\("lp_dispatch: popped', "version below": r'v = \(BELOW',
                "stale safe point": r'printf\("lp_safe_point: stale',
                "dispatch wait": r'printf\("lp_complete: waits'},
    "dbnest": {"own record": r"NEST the step pops", "NMI restore": r"dr6_nmi_exit: restore",
               "NMI iret": r"NMI iret"},
}


def exempt(what, macros):
    """What a correct variant cannot reach by construction."""
    if "STRATEGY=S_TASKSRCU" in macros and "MIDCALL" in macros and "ALLOW_MIDCALL" not in macros:
        # dj_prepare refuses the region: the probe only goes queued and back
        return what not in ("dj_queue", "dj_cancel", "H1 assertion", "H3 assertion")
    if "KPATCH" in macros and what in ("popped version read", "version below"):
        return True             # no transition: the entries never jump to the stubs
    if what == "H3 assertion":  # checked on a return from a callee: needs a call
        return "MIDCALL" not in macros and "LASTCALL" not in macros      # no callee
    return False


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), p.stdout))
    return p.stdout


def never_reached(model, pan_out, macros):
    """REACH entries none of whose lines pan reached (its 'unreached' report)."""
    lines = open(model).read().split("\n")
    unreached = {int(n) for n in re.findall(r'^\s+\S+:(\d+), state \d+, ', pan_out, re.M)}
    missing = []
    for what, pat in REACH[os.path.basename(model)[:-4]].items():
        at = [i + 1 for i, l in enumerate(lines)
              if re.search(pat, l) and not l.lstrip().startswith(("*", "/*"))]
        if not at:
            raise RuntimeError("REACH pattern %r matches no line of %s" % (pat, model))
        if what.startswith("dj_") and len(at) != 1:     # lines #if'd out count as reached
            raise RuntimeError("REACH pattern %r must match one line of %s" % (pat, model))
        if all(n in unreached for n in at) and not exempt(what, macros):
            missing.append(what)
    return missing


def counterexample(model, dflags, trail, wdir, pan_out):
    """Replay the trail: what failed (with the hazard tags on the failed
    assertion's line), and the steps the model printed on the way."""
    out = run(["spin", "-t", "-k", trail] + dflags + [model], wdir)
    steps = " > ".join(s.strip() for s in out.split("spin: ")[0].split("\n")
                       if s.strip() and not s.strip().startswith("->"))   # djopt's states
    m = re.search(r"^spin: (\S+):(\d+), Error: assertion violated", out, re.M)
    if not m:                   # not an assertion: an invalid end state (deadlock) ...
        err = re.search(r"^pan:1: (.*?)(?: \(at depth \d+\))?$", pan_out, re.M)
        return [], "%s after: %s" % (err.group(1) if err else "error", steps)
    line = open(model).read().split("\n")[int(m.group(2)) - 1]
    tags = re.findall(r"\bH\d+\b|\bL\d+\b|\bNEST\b", line.split("/*", 1)[1]) if "/*" in line else []
    return tags, "%s at %s:%s after: %s" % ("/".join(tags) or "untagged assertion",
                                            os.path.basename(m.group(1)), m.group(2), steps)


def check(model_name, variant, macros, expect, build):
    model = os.path.join(HERE, model_name + ".pml")
    wdir = os.path.join(build, "%s-%s" % (model_name, variant))
    os.makedirs(wdir, exist_ok=True)
    for f in os.listdir(wdir):
        if f.endswith(".trail"):
            os.remove(os.path.join(wdir, f))
    n = {"int3": "NCPU", "djopt": "NT"}.get(model_name)      # dbnest: NNMI in its macros
    dflags = ["-D" + m for m in macros + (["%s=%d" % (n, THREADS)] if n else [])]
    run(["spin", "-a", "-o3"] + dflags + [model], wdir)     # -o3: report unreached code exactly
    run(["gcc", "-O1", "-w", "-DSAFETY", "-DBFS", "-DNOREDUCE", "-o", "pan", "pan.c"], wdir)
    out = run(["./pan"], wdir)
    with open(os.path.join(wdir, "pan.out"), "w") as f:
        f.write(out)
    states = re.search(r"^\s*(\d+) states, stored", out, re.M)
    errors = re.search(r"errors: (\d+)", out)
    if not states or not errors:
        return False, "?", "FAILED: cannot parse pan's output (%s/pan.out)" % wdir
    states, errors = int(states.group(1)), int(errors.group(1))
    if errors == 0 and re.search(r"too small|not completed|out of memory", out, re.I):
        return False, states, "FAILED: search incomplete (%s/pan.out)" % wdir
    trail = os.path.basename(model) + ".trail"
    if errors == 0:
        if expect:
            return False, states, "FAILED: no counterexample for %s (weak model)" % (
                expect if isinstance(expect, str) else "/".join(expect))
        missing = never_reached(model, out, macros)
        if missing:
            return False, states, "FAILED: verified but never reaches %s" % ", ".join(missing)
        return True, states, "verified"
    replay = "spin -t -p -k %s %s %s" % (os.path.abspath(os.path.join(wdir, trail)),
                                         " ".join(dflags), model)
    with open(os.path.join(wdir, "replay.sh"), "w") as f:
        f.write("#!/bin/sh\n# print the counterexample step by step\nexec %s\n" % replay)
    os.chmod(os.path.join(wdir, "replay.sh"), 0o755)
    tags, what = counterexample(model, dflags, trail, wdir, out)
    rel = os.path.relpath(os.path.join(wdir, trail))
    if not expect:
        return False, states, "FAILED: %s (trail: %s)" % (what, rel)
    expect = (expect,) if isinstance(expect, str) else expect
    if not set(expect) & set(tags):
        return False, states, "FAILED: counterexample is not %s: %s (trail: %s)" % (
            "/".join(expect), what, rel)
    return True, states, "counterexample found (trail: %s; %s)" % (rel, what)


def doc_table(rows, secs):
    """The figures table (markdown) of a full run: one row per variant."""
    out = ["From `make model` (`tests/model/run.py --doc docs/model.md`) on %s, revision %s: %.0f s "
           "on this machine's cores, %d variants.\n" % (
               datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), git_rev(), secs,
               len(rows)),
           "| model | variant | what | states | verdict |", "|-------|---------|------|-------:|---------|"]
    for model, variant, states, verdict in rows:
        m = re.search(r"; ([A-Z0-9/]+) at ", verdict)
        v = "verified" if verdict == "verified" else "counterexample, " + (m.group(1) if m else "?")
        out.append("| %s | `%s` | %s | %s | %s |" % (model, variant, WHAT.get((model, variant), ""), states, v))
    return "\n".join(out) + "\n"


def git_rev():
    try:
        r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True)
        d = subprocess.run(["git", "status", "--porcelain", "--", "tests/model", "patch"], cwd=HERE,
                           capture_output=True, text=True)
        return r.stdout.strip() + ("-dirty" if d.stdout.strip() else "") if r.returncode == 0 else "?"
    except OSError:
        return "?"


def write_doc(path, table):
    begin, end = "<!-- model:begin -->", "<!-- model:end -->"
    text = open(path).read()
    i, j = text.index(begin) + len(begin), text.index(end)
    open(path, "w").write(text[:i] + "\n" + table + text[j:])
    print("model: figures table written into %s" % path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(os.environ.get("B", "build"), "model"))
    ap.add_argument("--only", help="regex over '<model> <variant>'")
    ap.add_argument("--doc", metavar="FILE", help="after a full run, all as expected: write the figures "
                    "table between FILE's model markers")
    args = ap.parse_args()
    if not shutil.which("spin"):
        print("model: spin not found: make deps (Debian package spin)")
        return 1
    if args.doc and args.only:
        print("model: --doc wants the full run (no --only)")
        return 1
    t0, bad, n, rows = time.time(), 0, 0, []
    for model, variant, macros, expect in VARIANTS:
        if args.only and not re.search(args.only, "%s %s" % (model, variant)):
            continue
        n += 1
        try:
            ok, states, verdict = check(model, variant, macros, expect, args.build)
        except RuntimeError as e:
            ok, states, verdict = False, "?", "FAILED: %s" % e
        bad += not ok
        rows.append((model, variant, states, verdict))
        print("model %s %s: %s states, %s" % (model, variant, states, verdict), flush=True)
    print("model: %d variants, %d as expected, %d failed, %.0f s" % (n, n - bad, bad, time.time() - t0))
    if args.doc and not bad and n:
        write_doc(args.doc, doc_table(rows, time.time() - t0))
    elif args.doc:
        print("model: %s left as it was (not every variant ended as expected)" % args.doc)
    return 1 if bad or not n else 0


if __name__ == "__main__":
    sys.exit(main())
