#!/usr/bin/env python3
"""make mutants: one-line breaks of the safety checks (tests/mutants/*.mut),
each applied to a scratch copy of the tree, built, and run against the
scenarios (or host test) its entry names, which must fail.

  mutants.py [--only REGEX] [--jobs N] [--keep] [--no-baseline]   run them
  mutants.py --check      validate the .mut files only (make test runs this)
  mutants.py --list       id, file and kill of each entry

An entry (blocks separated by blank lines; '#' lines are comments):

  id: lp-ksplice-pending-list            lowercase, digits and '-', unique
  file: patch/quiesce.c                  a tracked file of the tree
  find: <one line of that file, minus its leading and trailing spaces; unique in it>
  replace: <the broken line; the original's indentation is kept>
  kill: scenario [scenario ...]          tests/scenarios/NAME.scn, or host:TARGET
  why: one line: what the check guards
  args: k=v ...                          optional: kernel parameters appended to
                                         every named scenario (e.g. test=NAME)

Each mutant: a copy of the tracked files and of a prebuilt build/ (its
mtimes kept, so make rebuilds only the changed file and the link), the line
replaced, `make all`, then the named scenarios in order through
tests/runner.py in that copy (or `make TARGET` for host:TARGET) until one
fails.  KILLED: one failed; SURVIVED: all passed; BUILD-ERROR: the mutant
did not build (not a kill: a mutant must compile).  Before the mutants, the
named scenarios run once on the unmutated copy (the baseline): a kill means
nothing if the scenario fails anyway.  Results: results/mutants-<stamp>/
summary.txt (one line per mutant and the summary line) and each mutant's
log (<id>.log: its build and the runner's output).  Exit status 1 if any survived or failed to build.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
KEYS = ("id", "file", "find", "replace", "kill", "why", "args")
REQUIRED = ("id", "file", "find", "replace", "kill", "why")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# a make started here is not make mutants' own (its flags, jobserver, variables)
ENV = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES",
                                                      "SCENARIO", "CPUS", "SEED", "DURATION", "ARGS", "MODE",
                                                      "V", "ONLY", "RUN")}


class Mutant:
    def __init__(self, path, line):
        self.path, self.line = path, line       # where its block starts
        self.f = {}                             # key -> (value, line)
        self.bad = False                        # a malformed line (already an error)

    def __getattr__(self, k):
        if k in KEYS:
            return self.f.get(k, ("", 0))[0]
        raise AttributeError(k)

    def where(self, key=None):
        return "%s:%d" % (self.path, self.f[key][1] if key in self.f else self.line)

    def kills(self):
        return self.kill.split()


def parse_file(path, errors, name=None):
    """The blocks of one .mut file (called name in messages); malformed lines
    go to errors as name:line."""
    out, cur = [], None
    path_, path = path, name or path
    for n, raw in enumerate(open(path_, encoding="utf-8"), 1):
        s = raw.strip()
        if not s:
            cur = None
            continue
        if s.startswith("#"):
            continue
        if cur is None:
            cur = Mutant(path, n)
            out.append(cur)
        k, sep, v = s.partition(":")
        k = k.strip()
        if not sep or k not in KEYS:
            errors.append("%s:%d: want 'key: value' with key one of %s, got %r" % (path, n, ", ".join(KEYS), s))
            cur.bad = True
            continue
        if k in cur.f:
            errors.append("%s:%d: %s given twice in one entry (a blank line ends an entry)" % (path, n, k))
            cur.bad = True
            continue
        cur.f[k] = (v.strip(), n)
    return out


def scenario_suite(root, name):
    """The suite of tests/scenarios/NAME.scn, or None if there is no such file."""
    p = os.path.join(root, "tests", "scenarios", name + ".scn")
    if not os.path.exists(p):
        return None
    suite = "test"
    for line in open(p):
        k, sep, v = line.strip().partition(":")
        if sep and k.strip() == "suite":
            suite = v.strip()
    return suite


def host_targets(root):
    """What host:TARGET may name: the Makefile's host tests and checks."""
    r = subprocess.run(["make", "-s", "--no-print-directory", "mutants-host-targets"], cwd=root, env=ENV,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if r.returncode:
        sys.exit("mutants: make mutants-host-targets failed: %s" % r.stdout.strip()[-300:])
    kinds = {}
    for line in r.stdout.splitlines():
        k, _, names = line.partition(":")
        for t in names.split():
            kinds[t] = k.strip()
    return kinds            # target -> "test" (a program to run), "test32" or "check" (a make target)


def validate(ms, root, hosts, errors):
    """Each entry against the tree: keys, file, the line, the kills."""
    seen, same = {}, {}
    good = []
    for m in ms:
        if m.bad:
            continue
        bad = len(errors)
        miss = [k for k in REQUIRED if not getattr(m, k)]
        if miss:
            errors.append("%s: entry without %s" % (m.where(), ", ".join(miss)))
            continue
        if not ID_RE.match(m.id):
            errors.append("%s: id %r: lowercase letters, digits and '-' only" % (m.where("id"), m.id))
        elif m.id in seen:
            errors.append("%s: id %s already used at %s" % (m.where("id"), m.id, seen[m.id]))
        else:
            seen[m.id] = m.where("id")
        path = os.path.join(root, m.file)
        if os.path.isabs(m.file) or os.path.normpath(m.file) != m.file or m.file.startswith("..") \
                or not os.path.isfile(path):
            errors.append("%s: no file %s in the tree (a path inside it, without '..' or '.')" % (
                m.where("file"), m.file))
        elif tracked_files(root) is not None and m.file not in tracked_files(root):
            errors.append("%s: %s is not tracked by git (a mutant's copy holds tracked files only)" % (
                m.where("file"), m.file))
        else:
            n = sum(1 for l in open(path, encoding="utf-8", errors="replace") if l.strip() == m.find)
            if n != 1:
                errors.append("%s: the line %r occurs %d times in %s (want exactly once, compared without "
                              "leading and trailing spaces)" % (m.where("find"), m.find, n, m.file))
        if m.replace == m.find:
            errors.append("%s: replace is the same line as find (no change)" % m.where("replace"))
        key = (m.file, m.find, m.replace)
        if key in same:
            errors.append("%s: the same mutant as %s" % (m.where(), same[key]))
        same.setdefault(key, m.where())
        for k in m.kills():
            if k.startswith("host:"):
                if k[5:] not in hosts:
                    errors.append("%s: %s: no such host target (make mutants-host-targets lists them)" % (
                        m.where("kill"), k))
                continue
            suite = scenario_suite(root, k)
            if suite is None:
                errors.append("%s: no scenario %s (tests/scenarios/%s.scn)" % (m.where("kill"), k, k))
            elif suite == "manual":
                errors.append("%s: scenario %s is manual (interactive): it cannot kill a mutant" % (
                    m.where("kill"), k))
        if m.args and not all("=" in w for w in m.args.split()):
            errors.append("%s: args want k=v words, got %r" % (m.where("args"), m.args))
        if len(errors) == bad:
            good.append(m)
    return good


def load(root, files=None, hosts=None):
    """Every entry of tests/mutants/*.mut (or files), validated: (mutants, errors)."""
    errors = []
    if files is None:
        d = os.path.join(root, "tests", "mutants")
        files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".mut")) if os.path.isdir(d) else []
    ms = []
    for f in files:
        ms += parse_file(f, errors, os.path.relpath(f, root) if os.path.abspath(f).startswith(root + os.sep) else f)
    needs_host = any(k.startswith("host:") for m in ms for k in m.kills())
    if hosts is None:
        hosts = host_targets(root) if needs_host else {}
    return validate(ms, root, hosts, errors), errors, hosts


def apply(text, m):
    """text with m's line replaced (its indentation and line end kept)."""
    lines = text.splitlines(True)
    hits = [i for i, l in enumerate(lines) if l.strip() == m.find]
    if len(hits) != 1:
        raise ValueError("%s: the line occurs %d times in %s" % (m.where("find"), len(hits), m.file))
    l = lines[hits[0]]
    indent = l[:len(l) - len(l.lstrip())]
    end = l[len(l.rstrip("\r\n")):]
    lines[hits[0]] = indent + m.replace + end
    return "".join(lines)


_TRACKED = {}


def tracked_files(root):
    """The set of the tree's tracked files (git ls-files), once per root; None
    outside a git work tree (a mutant's copy, whose check-runner runs --check:
    its files are the tracked ones of the tree it was copied from)."""
    if root not in _TRACKED:
        try:
            _TRACKED[root] = set(tracked(root))
        except (subprocess.CalledProcessError, OSError):
            _TRACKED[root] = None
    return _TRACKED[root]


def tracked(root):
    """The tree's tracked files as they are in the worktree (deleted ones left out)."""
    out = subprocess.check_output(["git", "ls-files", "-z"], cwd=root).decode()
    return [f for f in out.split("\0") if f and os.path.isfile(os.path.join(root, f))]


def copy_tree(src, dst, files=None):
    """files (or all of src but its results/) to dst, mtimes kept."""
    if files is None:
        shutil.copytree(src, dst, symlinks=True,
                        ignore=lambda d, names: ["results"] if os.path.samefile(d, src) else [])
        return
    for f in files:
        os.makedirs(os.path.join(dst, os.path.dirname(f)), exist_ok=True)
        shutil.copy2(os.path.join(src, f), os.path.join(dst, f))
    if os.path.isdir(os.path.join(src, "build")):
        shutil.copytree(os.path.join(src, "build"), os.path.join(dst, "build"), symlinks=True)


def sh(cmd, cwd, log, timeout=None):
    """Run cmd in cwd, its output appended to log; its exit status (124: timed out)."""
    log.write("$ %s\n" % " ".join(cmd))
    log.flush()
    try:
        r = subprocess.run(cmd, cwd=cwd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired as e:
        log.write((e.stdout or "") + "\n(timed out after %ds)\n" % timeout)
        return 124, ""
    log.write(r.stdout)
    return r.returncode, r.stdout


def build(tree, log, jobs, targets=("all",)):
    return sh(["make", "--no-print-directory", "-j%d" % jobs] + list(targets), tree, log)[0] == 0


def run_kill(tree, k, args, log, hosts):
    """One kill of an entry in tree: (passed, a short line of what happened)."""
    if k.startswith("host:"):
        t = k[5:]
        if hosts.get(t) == "check":
            rc, out = sh(["make", "--no-print-directory", t], tree, log)
        else:
            rc, out = sh(["make", "--no-print-directory", "host-one", "T=" + t], tree, log)
        last = [l for l in out.splitlines() if l.strip() and not re.match(r"make(\[\d+\])?: \*\*\*", l)][-1:] or [""]
        return rc == 0, "%s: status %d%s" % (k, rc, ", " + last[0].strip()[:160] if rc else "")
    suite = scenario_suite(tree, k)
    cmd = [sys.executable, "tests/runner.py", "--all", "--suite", suite, "--only", "^%s$" % re.escape(k),
           "--jobs", "1"]
    if args:
        cmd += ["--args", args]
    rc, out = sh(cmd, tree, log)
    line = next((l for l in out.splitlines() if re.match(r"\[\d+/\d+\] ", l)), "")
    line = re.sub(r"^\[\d+/\d+\] ", "", line).strip() or "%s: runner status %d" % (k, rc)
    return rc == 0, re.sub(r"\s+", " ", line)


class Run:
    """One make mutants run: the base copy, the results folder, the counts."""

    def __init__(self, root, ms, hosts, a):
        self.root, self.ms, self.hosts, self.a = root, ms, hosts, a
        self.lock = threading.Lock()
        self.lines, self.done = [], 0
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.resdir = a.resdir or os.path.join(root, "results", "mutants-" + stamp)
        os.makedirs(self.resdir, exist_ok=True)
        self.scratch = tempfile.mkdtemp(prefix="mutants-")
        self.base = os.path.join(self.scratch, "base")

    def rel(self, p):
        return os.path.relpath(p, self.root)

    def prepare(self):
        """The base copy: tracked files and build/, built (a no-op if build/ is current)."""
        t0 = time.time()
        copy_tree(self.root, self.base, tracked(self.root))
        with open(os.path.join(self.resdir, "base-build.log"), "w") as log:
            ok = build(self.base, log, self.a.make_jobs)
            hosts = sorted({k[5:] for m in self.ms for k in m.kills()
                            if k.startswith("host:") and self.hosts.get(k[5:]) != "check"})
            if ok and hosts:
                ok = build(self.base, log, self.a.make_jobs, hosts + ["build/host/probe32"])
        if not ok:
            sys.exit("mutants: the unmutated tree does not build (%s)" % self.rel(log.name))
        print("mutants: base copy built in %.0fs (%s)" % (time.time() - t0, self.base), flush=True)

    def baseline(self):
        """Every named kill once on the unmutated copy: each must pass."""
        kills = []
        for m in self.ms:
            for k in m.kills():
                if (k, m.args) not in kills:
                    kills.append((k, m.args))
        t0 = time.time()
        bad = []
        with open(os.path.join(self.resdir, "baseline.log"), "w") as log:
            for k, args in kills:
                ok, line = run_kill(self.base, k, args, log, self.hosts)
                print("baseline: %s%s" % (line, " (args %s)" % args if args else ""),
                      flush=True)
                if not ok:
                    bad.append(k)
        print("mutants: baseline of %d kills in %.0fs" % (len(kills), time.time() - t0), flush=True)
        if bad:
            sys.exit("mutants: the unmutated tree already fails %s (%s): a kill there would mean nothing" % (
                ", ".join(bad), self.rel(log.name)))

    def one(self, m):
        t0 = time.time()
        tree = os.path.join(self.scratch, m.id)
        logpath = os.path.join(self.resdir, m.id + ".log")
        with open(logpath, "w") as log:
            log.write("mutant %s (%s)\n%s: %s\n  - %s\n  + %s\n" % (m.id, m.where(), m.file, m.why, m.find, m.replace))
            copy_tree(self.base, tree)
            p = os.path.join(tree, m.file)
            mutated = apply(open(p, encoding="utf-8").read(), m)
            os.unlink(p)                            # a new file: a fresh mtime
            open(p, "w", encoding="utf-8").write(mutated)
            progs = [k[5:] for k in m.kills() if k.startswith("host:") and self.hosts.get(k[5:]) != "check"]
            if not build(tree, log, self.a.make_jobs) or \
                    (progs and not build(tree, log, self.a.make_jobs, progs + ["build/host/probe32"])):
                verdict, what = "BUILD-ERROR", "the mutant does not build"
            else:
                verdict, what = "SURVIVED", "passed: " + " ".join(m.kills())
                for k in m.kills():
                    ok, line = run_kill(tree, k, m.args, log, self.hosts)
                    if not ok:
                        verdict, what = "KILLED", "by " + line
                        break
        if not self.a.keep:
            shutil.rmtree(tree, ignore_errors=True)
        line = "%-11s %s %.0fs %s" % (verdict, m.id, time.time() - t0, what)
        with self.lock:
            self.lines.append((m, verdict, line))
            self.done += 1
            print("[%d/%d] %s" % (self.done, len(self.ms), line), flush=True)
        return verdict

    def finish(self, secs):
        order = {m.id: i for i, m in enumerate(self.ms)}
        self.lines.sort(key=lambda x: order[x[0].id])
        n = {v: sum(1 for x in self.lines if x[1] == v) for v in ("KILLED", "SURVIVED", "BUILD-ERROR")}
        t = len(self.lines)
        summary = "mutants: %d killed, %d survived, %d build errors of %d; kill rate %.1f%%" % (
            n["KILLED"], n["SURVIVED"], n["BUILD-ERROR"], t, 100.0 * n["KILLED"] / t if t else 0)
        with open(os.path.join(self.resdir, "summary.txt"), "w") as f:
            for _, _, line in self.lines:
                f.write(line + "\n")
            f.write("%s; %.0f s\n" % (summary, secs))
        for m, v, line in self.lines:
            if v != "KILLED":
                print("%s (%s; log %s)" % (line, m.where(), self.rel(os.path.join(self.resdir, m.id + ".log"))))
        print(summary)
        print("results: %s (%.0f s)" % (self.rel(os.path.join(self.resdir, "summary.txt")), secs))
        return 0 if n["KILLED"] == t else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="validate the .mut files only")
    ap.add_argument("--list", action="store_true", help="id, file and kills of each entry")
    ap.add_argument("--only", metavar="REGEX", help="the mutants whose id matches REGEX")
    ap.add_argument("--jobs", type=int, default=1, help="mutants at once (each builds and boots its own copy)")
    ap.add_argument("--make-jobs", type=int, default=2, help="make -j for each build (default 2)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch copies")
    ap.add_argument("--no-baseline", action="store_true", help="skip the run of the kills on the unmutated tree")
    ap.add_argument("--resdir", metavar="DIR", help="results here (default results/mutants-<stamp>)")
    ap.add_argument("--root", metavar="DIR", default=ROOT,
                    help="the tree (default: this one; tests/mutants_test.py gives a small one)")
    ap.add_argument("files", nargs="*", help=".mut files (default: the tree's tests/mutants/*.mut)")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    if a.jobs < 1 or a.make_jobs < 1:
        sys.exit("mutants: --jobs and --make-jobs want a number >= 1")
    try:
        only = re.compile(a.only) if a.only else None
    except re.error as e:
        sys.exit("mutants: --only %r: %s" % (a.only, e))
    ms, errors, hosts = load(root, a.files or None)
    for e in errors:
        print("mutants: " + e, file=sys.stderr)
    if errors:
        sys.exit("mutants: %d error(s) in the .mut files" % len(errors))
    if a.check:
        print("mutants: %d entries in %d files, each checked against the tree" % (
            len(ms), len({m.path for m in ms})))
        return 0
    if only:
        ms = [m for m in ms if only.search(m.id)]
    if not ms:
        sys.exit("mutants: no entries selected")
    if a.list:
        w = max(len(m.id) for m in ms)
        for m in ms:
            print("%-*s %-24s %s" % (w, m.id, m.file, m.kill))
        return 0
    t0 = time.time()
    run = Run(root, ms, hosts, a)
    print("mutants: %d, results in %s, scratch copies in %s" % (len(ms), run.rel(run.resdir), run.scratch),
          flush=True)
    try:
        run.prepare()
        if not a.no_baseline:
            run.baseline()
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
            list(ex.map(run.one, ms))
        return run.finish(time.time() - t0)
    finally:
        if not a.keep:
            shutil.rmtree(run.scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
