#!/usr/bin/env python3
"""Self-test of make mutants (tests/mutants.py): every validation of a .mut
entry is shown failing on a bad entry, with the file and line it names, next
to a good entry that passes; a replacement keeps the line's indentation; and
one run over a small tree of its own (a git repo with a Makefile) reports a
killed mutant, a survivor and a build error as such, with the summary line
and the exit status.  Run by make test (check-runner); takes about a second."""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mutants  # noqa: E402

GOOD = """id: good-one
file: src/a.c
find: if (x > 3)
replace: if (x > 4)
kill: hazard-x
why: the bound
"""
HOSTS = {"check-a": "check", "build/host/t": "test"}


def fail(what, why):
    sys.exit("mutants_test: %s: %s" % (what, why))


def tree(root):
    """A tree to validate against: one source file, two scenarios."""
    os.makedirs(os.path.join(root, "src"))
    os.makedirs(os.path.join(root, "tests", "scenarios"))
    open(os.path.join(root, "src", "a.c"), "w").write("int f(int x)\n{\n    if (x > 3)\n        return 1;\n"
                                                        "    return 0;\n    return 0;\n}\n")
    open(os.path.join(root, "tests", "scenarios", "hazard-x.scn"), "w").write("args: scenario=x\n")
    open(os.path.join(root, "tests", "scenarios", "shell.scn"), "w").write("suite: manual\n")
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    subprocess.check_call(["git", "init", "-q"], cwd=root, env=env)
    subprocess.check_call(["git", "add", "."], cwd=root, env=env)


def check(root, text, want, name="t.mut", accepted=0):
    """text as a .mut file: its errors must match want (a regex), or be none;
    accepted: how many of its entries are good all the same."""
    path = os.path.join(root, name)
    open(path, "w").write(text)
    ms, errors, _ = mutants.load(root, [path], HOSTS)
    if want is None:
        if errors or len(ms) != text.count("id:"):
            fail("a good file", "errors %s, %d entries" % (errors, len(ms)))
        return ms
    if len(errors) != 1 or not re.search(want, errors[0]):
        fail("a bad entry (%s)" % want, "got %s" % (errors or "no error"))
    if len(ms) != accepted:
        fail("a bad entry (%s)" % want, "%d entries accepted, want %d" % (len(ms), accepted))
    return ms


def validations(root):
    tree(root)
    check(root, "# a comment\n\n" + GOOD + "\n" + GOOD.replace("good-one", "good-two").replace(
        "x > 4", "x >= 3").replace("kill: hazard-x", "kill: host:check-a host:build/host/t"), None)
    cases = [
        ("x" + GOOD, r"^t\.mut:1: want 'key: value' with key one of"),
        (GOOD.replace("why:", "because:"), r"^t\.mut:6: want 'key: value'"),
        (GOOD + "kill: hazard-x\n", r"^t\.mut:7: kill given twice"),
        (GOOD.replace("why: the bound\n", ""), r"^t\.mut:1: entry without why"),
        (GOOD.replace("good-one", "Good_one"), r"^t\.mut:1: id 'Good_one': lowercase"),
        (GOOD.replace("src/a.c", "src/b.c"), r"^t\.mut:2: no file src/b\.c in the tree"),
        (GOOD.replace("if (x > 3)", "if (x > 9)"), r"^t\.mut:3: the line 'if \(x > 9\)' occurs 0 times"),
        (GOOD.replace("if (x > 3)", "return 0;"), r"^t\.mut:3: the line 'return 0;' occurs 2 times"),
        (GOOD.replace("if (x > 4)", "if (x > 3)"), r"^t\.mut:4: replace is the same line as find"),
        (GOOD.replace("hazard-x", "hazard-y"), r"^t\.mut:5: no scenario hazard-y"),
        (GOOD.replace("hazard-x", "shell"), r"^t\.mut:5: scenario shell is manual"),
        (GOOD.replace("hazard-x", "host:check-b"), r"^t\.mut:5: host:check-b: no such host target"),
        (GOOD + "args: test\n", r"^t\.mut:7: args want k=v words"),
    ]
    # issue 39 item 20 review: a file given by a path that leaves the tree
    # (it exists there, but the mutant would be written through the
    # scratch copy's path to a file outside it, the tree's own included),
    # and a file the tree has but does not track
    open(os.path.join(os.path.dirname(root), "outside.c"), "w").write("    if (x > 3)\n")
    escape = "../" * 12 + os.path.abspath(os.path.join(root, "src", "a.c")).lstrip("/")
    open(os.path.join(root, "src", "new.c"), "w").write("    if (x > 3)\n")
    cases += [
        (GOOD.replace("src/a.c", "../outside.c"), r"^t\.mut:2: no file \.\./outside\.c in the tree"),
        (GOOD.replace("src/a.c", escape), r"^t\.mut:2: no file (\.\./)+.*src/a\.c in the tree"),
        (GOOD.replace("src/a.c", "src/new.c"), r"^t\.mut:2: .*src/new\.c.*not tracked"),
    ]
    for text, want in cases:
        check(root, text, want)
    # across entries: the id and the mutant itself must be new
    check(root, GOOD + "\n" + GOOD.replace("x > 4", "x > 5"), r"^t\.mut:8: id good-one already used at t\.mut:1",
          accepted=1)
    check(root, GOOD + "\n" + GOOD.replace("good-one", "good-two"), r"^t\.mut:8: the same mutant as t\.mut:1",
          accepted=1)
    # a replacement keeps the indentation and the line end
    m = check(root, GOOD, None)[0]
    got = mutants.apply("a\n    if (x > 3)\r\nb\n", m)
    if got != "a\n    if (x > 4)\r\nb\n":
        fail("apply", "got %r" % got)
    return len(cases) + 2


MAKEFILE = """all: build/out
build/out: src/a.txt
\t@mkdir -p build
\t@grep -q '^ok' src/a.txt || { echo 'build: src/a.txt does not build'; exit 1; }
\t@cp src/a.txt build/out
mutants-host-targets:
\t@echo "check: check-a"
check-a: build/out
\t@! grep -q '^bound 3$$' build/out || { echo 'check-a: wrong bound'; exit 1; }
"""


def run_one_tree(root):
    """A tree of its own: one killed, one survived, one build error."""
    os.makedirs(os.path.join(root, "src"))
    open(os.path.join(root, "Makefile"), "w").write(MAKEFILE)
    open(os.path.join(root, "src", "a.txt"), "w").write("ok\nbound 4\nspare 1\n")
    os.makedirs(os.path.join(root, "tests", "mutants"))
    open(os.path.join(root, "tests", "mutants", "a.mut"), "w").write(
        "id: killed\nfile: src/a.txt\nfind: bound 4\nreplace: bound 3\nkill: host:check-a\nwhy: w\n\n"
        "id: survived\nfile: src/a.txt\nfind: spare 1\nreplace: spare 2\nkill: host:check-a\nwhy: w\n\n"
        "id: no-build\nfile: src/a.txt\nfind: ok\nreplace: broken\nkill: host:check-a\nwhy: w\n")
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    subprocess.check_call(["git", "init", "-q"], cwd=root, env=env)
    subprocess.check_call(["git", "add", "."], cwd=root, env=env)
    res = os.path.join(root, "res")
    r = subprocess.run([sys.executable, os.path.join(HERE, "mutants.py"), "--root", root, "--resdir", res],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True, env=env)
    out = r.stdout
    want = ["baseline: host:check-a: status 0", r"KILLED +killed .*check-a: status 2, check-a: wrong bound",
            r"SURVIVED +survived .*passed: host:check-a", r"BUILD-ERROR +no-build .*does not build",
            r"^mutants: 1 killed, 1 survived, 1 build errors of 3; kill rate 33\.3%$"]
    for w in want:
        if not re.search(w, out, re.M):
            fail("a run over a small tree", "no line matching %r in:\n%s" % (w, out))
    if r.returncode != 1:
        fail("a run over a small tree", "exit status %d, want 1 (a survivor and a build error)" % r.returncode)
    summary = open(os.path.join(res, "summary.txt")).read().splitlines()
    if [l.split()[1] for l in summary[:3]] != ["killed", "survived", "no-build"] or \
            not summary[3].startswith("mutants: 1 killed"):
        fail("summary.txt", "got %s" % summary)
    if not all(os.path.exists(os.path.join(res, i + ".log")) for i in ("killed", "survived", "no-build")):
        fail("the logs", "missing in %s: %s" % (res, os.listdir(res)))
    if open(os.path.join(root, "src", "a.txt")).read() != "ok\nbound 4\nspare 1\n":
        fail("the tree", "src/a.txt was changed: mutants go to scratch copies only")
    # the baseline must pass before any mutant runs
    open(os.path.join(root, "src", "a.txt"), "w").write("ok\nbound 4\nspare 1\nbound 3\n")
    r = subprocess.run([sys.executable, os.path.join(HERE, "mutants.py"), "--root", root, "--resdir", res,
                        "--only", "^survived$"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, env=env)
    if r.returncode == 0 or "the unmutated tree already fails host:check-a" not in r.stdout:
        fail("a failing baseline", "status %d:\n%s" % (r.returncode, r.stdout))


def main():
    with tempfile.TemporaryDirectory(prefix="mutants_test-") as d:
        n = validations(os.path.join(d, "v"))
        run_one_tree(os.path.join(d, "r"))
    print("mutants_test: %d validations each fail on their bad entry; a run reports killed, survived and "
          "build error" % n)


if __name__ == "__main__":
    main()
