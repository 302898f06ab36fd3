#!/usr/bin/env python3
"""Self-test of the runner (tests/runner.py) and of what the Makefile and
README promise about it: each verdict rule is shown to fail on the console
log it exists to reject and to pass the log next to it; bad command-line
values are refused in one line before anything boots; one short icount
scenario boots twice and must replay byte for byte, is re-judged from its
saved folder, and is interrupted by Ctrl-C without leftovers.  Run by
`make test` before any scenario boots (needs build/kernel.elf)."""
import argparse
import contextlib
import io
import json
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import runner  # noqa: E402
import scenario  # noqa: E402
import doclinks  # noqa: E402
import console_feed  # noqa: E402

CMD = "command line: /boot/kernel.elf scenario=x sched_bug=clobber_flags cpus=2\n"
RUNNER = [sys.executable, os.path.join(HERE, "runner.py")]
SHORT = "sched-torture-full-icount-2"      # icount, 2 CPUs, about 2 s
# a make started here, not one of make test's flags or variables (CPUS=...)
ENV = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "SCENARIO",
                                                      "CPUS", "SEED", "DURATION", "ARGS", "MODE", "V", "ONLY", "RUN")}


def fail(what, why):
    sys.exit("runner_test: %s: %s" % (what, why))


def ok(what, detail=""):
    print("ok - %s%s" % (what, " (%s)" % detail if detail else ""))


def sc(**kw):
    s = dict(scenario.DEFAULTS, name="t")
    s.update(kw)
    return s


def check(what, want_ok, s, rc, log):
    got_ok, got, why = runner.judge(s, rc, False, log)
    if got_ok != want_ok:
        fail(what, "judged %s (%s), want %s" % (got_ok, why, want_ok))
    ok(what, why)


def verdict_rules():
    good = CMD + "sched-torture: t=1ms\nEnd of test: SUCCESS\n"
    check("a clean passing run passes", True, sc(), 33, good)
    warn = CMD + "WARN: lapic: error interrupt on cpu 1, ESR=0x40\nEnd of test: SUCCESS\n"
    check("a passing run with a WARN: line fails", False, sc(), 33, warn)
    err = CMD + "ERR: smp: CPU with APIC ID 3 did not come online\nEnd of test: SUCCESS\n"
    check("a passing run with an ERR: line fails", False, sc(), 33, err)
    check("a WARN: line the scenario allows passes", True, sc(allow=r"^WARN: lapic: error"), 33, warn)
    check("allow names only its own lines", False, sc(allow=r"^WARN: kprobe: FORCED"), 33, warn)
    neg = sc(expect="fail", verdict="failure", match=r"clobber_flags")
    failed = CMD + "End of test: FAILURE (2 errors)\n"
    check("a reason found only in the command line is not the reason", False, neg, 35, failed)
    neg = sc(expect="fail", verdict="failure", match=r"asm block results differ")
    failed = CMD + "End of test: FAILURE (3 asm block results differ from the model)\n"
    check("a reason after the command line is the reason", True, neg, 35, failed)
    check("no command-line echo: the reason cannot be checked", False, neg, 35,
          "End of test: FAILURE (3 asm block results differ from the model)\n")
    check("a negative control that passed fails", False, neg, 33, good)
    check("a guest reset (triple fault) fails a pass scenario", False, sc(), 0, CMD)
    check("a guest reset fails a control that does not name it", False, neg, 0, CMD)
    reset = sc(expect="fail", verdict="panic|reset", match=r"EIP is inside")
    check("a guest reset is caught where the control names it", True, reset, 0, CMD)
    with tempfile.NamedTemporaryFile("w", suffix=".expect") as f:
        f.write("^#1 .*<caller\\+\n")
        f.flush()
        lines = sc(expect="fail", verdict="lines", match=r"<tramp\+", expect_lines=f.name)
        shown = CMD + "#1 00100000 <tramp+0x0/0x9>\nEnd of test: SUCCESS\n"
        check("a session control: an expected line missing and the defect shown", True, lines, 33, shown)
        check("a session control: every expected line found fails it", False, lines, 33,
              CMD + "#1 00100000 <caller+0x3/0x9>\n#2 <tramp+0x0/0x9>\nEnd of test: SUCCESS\n")
        check("a session control: a line missing without the defect fails it", False, lines, 33, CMD + "End of test: SUCCESS\n")
        check("a session control: a failed session fails it", False, lines, 35,
              CMD + "#1 00100000 <tramp+0x0/0x9>\nEnd of test: FAILURE (x)\n")


def xmc_rules():
    """Runs under the cross-modifying-code checker: judged on xmc.log too."""
    good = CMD + "End of test: SUCCESS\n"
    summary = "xmc: summary: X1 %d X2 0 X3 0; artifact 2 (9 runs); int3 first-byte changes allowed 4; stores\n"
    viol = "xmc: X1 cpu 1 ran 0x00176d94 <poke_alu+0x10> (phys 0x176d94) bytes 05, were cc\n"
    ctl = sc(xmc="on", expect="fail", verdict="xmc", match=r"^xmc: X1 cpu 1 ran \S+ <poke_alu")
    cases = [("a clean run under the checker passes, its counts on the verdict line", True, sc(xmc="on"),
              summary % 0, 33),
             ("a violation fails a run the guest passed", False, sc(xmc="on"), viol + summary % 1, 33),
             ("no summary line (the plugin did not load) fails", False, sc(xmc="on"), "", 33),
             ("the checker's control passes when the guest passes and the rule is reported", True, ctl,
              viol + summary % 1, 33),
             ("the checker's control fails when the rule is not reported", False, ctl, summary % 0, 33),
             ("the checker's control fails when the guest failed", False, ctl, viol + summary % 1, 35)]
    for what, want, s, rep, rc in cases:
        with tempfile.TemporaryDirectory() as d:
            open(os.path.join(d, "xmc.log"), "w").write(rep)
            open(os.path.join(d, "console.log"), "w").write(good if rc == 33 else CMD + "End of test: FAILURE (x)\n")
            got, line = runner.verdict(s, d, rc, False, 1.0, False)
        if got != want or (want and s["verdict"] != "xmc" and "int3 changes allowed 4" not in line):
            fail(what, "judged %s: %s" % (got, line))
        ok(what, line.split(None, 3)[-1][:120])
    try:
        scenario_parse_text("verdict: xmc\nexpect: fail\nmatch: X1\n")
        fail("verdict: xmc without xmc: on", "accepted")
    except scenario.ScenarioError as e:
        ok("verdict: xmc needs xmc: on", str(e).split(": ", 1)[1])


def scenario_parse_text(text):
    with tempfile.NamedTemporaryFile("w", suffix=".scn", delete=False) as f:
        f.write(text)
    try:
        return scenario.parse(f.name)
    finally:
        os.unlink(f.name)


# ---- the command line: bad values refused in one line, nothing booted -------

def cli(args, timeout=30):
    p = subprocess.run(RUNNER + args, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def results_now():
    d = os.path.join(ROOT, "results")
    return sorted(os.listdir(d)) if os.path.isdir(d) else []


def refused(what, args, want):
    """The runner must answer in one stderr line containing `want`, with a
    non-zero status, without a traceback and without a new results folder."""
    before = results_now()
    rc, out, err = cli(args)
    lines = err.strip().splitlines()
    if rc == 0 or len(lines) != 1 or want not in lines[0] or results_now() != before:
        fail(what, "status %s, stderr %r, new results %s" % (rc, err[-300:], set(results_now()) - set(before)))
    ok(what, lines[0])


def bad_values():
    n = runner.max_cpus()
    rng = "1..%d" % n
    refused("--cpus 0 is refused", ["--run", "smp-boot-1", "--cpus", "0"], rng)
    refused("--cpus 99 is refused", ["--run", "smp-boot-1", "--cpus", "99"], rng)
    refused("--seed x is refused", ["--run", "smp-boot-1", "--seed", "x"], "0..2147483647")
    refused("--seed -1 is refused", ["--run", "smp-boot-1", "--seed", "-1"], "0..2147483647")
    refused("--duration 0 is refused", ["--run", "smp-boot-1", "--duration", "0"], "1..3600")
    refused("--jobs 0 is refused", ["--all", "--jobs", "0"], "--jobs")
    refused("an invalid --only regex is refused", ["--all", "--only", "["], "regex")
    refused("--mode bogus names the modes", ["--run", "smp-boot-1", "--mode", "bogus"], "singlestep")
    refused("an unknown scenario gets the closest names", ["--run", "smp-boot1"], "smp-boot-1")
    refused("the interactive shell is refused with a pointer to make shell", ["--run", "shell"], "make shell")
    refused("a scripted shell session is refused by --run", ["--run", "shell-basic"], "make shell")


def max_cpus_is_the_kernels():
    m = re.search(r"#define NCPU_MAX (\d+)", open(os.path.join(ROOT, "kernel", "cpu.h")).read())
    if not m or runner.max_cpus() != int(m.group(1)):
        fail("max CPUs", "runner says %s, kernel/cpu.h %s" % (runner.max_cpus(), m and m.group(1)))
    ok("the CPU limit is the kernel's NCPU_MAX", str(runner.max_cpus()))


def scenario_names():
    want = "smp-boot-1"
    for spec in ("smp-boot-1", "smp-boot-1.scn", "tests/scenarios/smp-boot-1.scn",
                 os.path.join(ROOT, "tests", "scenarios", "smp-boot-1.scn")):
        try:
            got = runner.find(spec)["name"]
        except SystemExit as e:
            fail("SCENARIO=%s" % spec, "refused: %s" % e)
        if got != want:
            fail("SCENARIO=%s" % spec, "found %s" % got)
    ok("a scenario is found by name, name.scn or path")


def listing():
    rc, out, err = cli(["--list", "^smp-boot-1 "])
    rows = out.strip().splitlines()
    if rc or len(rows) != 1 or not re.match(r"smp-boot-1 +1 +default +test +smp-boot checks", rows[0]):
        fail("--list REGEX", "status %s, out %r, err %r" % (rc, out[-300:], err[-300:]))
    rc, out, err = cli(["--list"])
    names = sorted(f[:-4] for f in os.listdir(os.path.join(HERE, "scenarios")) if f.endswith(".scn"))
    if rc or sorted(l.split()[0] for l in out.strip().splitlines()) != names:
        fail("--list", "status %s, %d rows for %d scenarios" % (rc, len(out.splitlines()), len(names)))
    ok("--list shows every scenario, --list REGEX filters", rows[0])


def duration():
    s, args = runner.with_duration(runner.find("smp-boot-1"), 30, "seed=1")
    if s["timeout"] != str(30 + 30) or args.split()[-1] != "duration=30000":
        fail("--duration 30", "timeout %s, args %r" % (s["timeout"], args))
    ok("--duration S adds duration=S*1000 (last, so it wins) and S to the timeout", args)


def iso_args():
    """Through GRUB the kernel parameters are in grub.cfg: the extra ones too."""
    cfg = runner.grub_cfg(runner.find(SHORT), 2, "seed=5 duration=20000 hz=100")
    entry = re.search(r'menuentry "%s" \{\n\s*multiboot (.*)' % SHORT, cfg)
    if not entry or not entry.group(1).endswith("cpus=2 seed=5 duration=20000 hz=100"):
        fail("--iso parameters", "the default entry boots %r" % (entry and entry.group(1)))
    ok("--iso: seed=, duration= and --args reach GRUB's default entry", entry.group(1))


# ---- the console echo -------------------------------------------------------

LANDING = """\
\x1b[2J\x1b[Hkpatch test kernel: booting
landing: interrupts in djt_mid by offset (* interior): +0:3 +1*:3 +3:0
landing: preemptions reached 1/3 instruction boundaries of djt_mid
landing: native interrupts reached 0/1 instruction boundaries of djt_mid
landing: preemptions reached 2/2 instruction boundaries of djt_last
landing: 210 of 1414 interrupts (29 native) and 50 of 275 preemptions (5 native) landed in the code under test
!!! landing: preemptions reached only 1/3 instruction boundaries of djt_mid
End of test: SUCCESS"""


def echo():
    out = io.StringIO()
    e = runner.Echo(out)
    for k in range(0, len(LANDING), 7):          # arbitrary chunks, escapes split
        e.feed(LANDING[k:k + 7])
    e.close()
    text = out.getvalue()
    if "\x1b" in text or not text.startswith("kpatch test kernel: booting\n"):
        fail("echo", "escape sequences reach the terminal: %r" % text[:40])
    want = ["  preemptions reached: djt_mid 1/3, djt_last 2/2", "  native interrupts reached: djt_mid 0/1",
            "  210 of 1414 interrupts", "!!! landing: preemptions reached only", "End of test: SUCCESS"]
    missing = [w for w in want if w not in text]
    if missing or "by offset" in text:
        fail("echo", "landing summary %r lacks %r" % (text, missing))
    ok("the terminal gets no escapes and a landing summary instead of the histograms")


# ---- boots: exact replay, re-judge, Ctrl-C ----------------------------------

def boot_cli(resdir, extra=()):
    rc, out, err = cli(["--run", SHORT, "--seed", "5", "--resdir", resdir] + list(extra), timeout=120)
    return rc, out, err, os.path.join(resdir, SHORT)


def replay_exact(tmp):
    runs = [boot_cli(os.path.join(tmp, n)) for n in ("a", "b")]
    for rc, out, err, rundir in runs:
        if rc:
            fail("boot %s" % SHORT, "status %s: %s %s" % (rc, out[-500:], err[-300:]))
    logs = [open(os.path.join(r[3], "console.log"), "rb").read() for r in runs]
    if logs[0] != logs[1]:
        a, b = (l.decode(errors="replace").splitlines() for l in logs)
        diff = next((x, y) for x, y in zip(a + [""], b + [""]) if x != y)
        fail("icount replay", "two boots with seed 5 differ: %r vs %r" % diff)
    ok("mode icount: two boots with the same seed give byte-identical consoles", "%d bytes" % len(logs[0]))
    return runs[0]


def run_output(run):
    rc, out, err, rundir = run
    tail = out.strip().splitlines()[-1]
    if tail != "results: " + runner.rel(rundir) or "landing: interrupts in" in out or "preemptions reached:" not in out:
        fail("--run output", "last line %r; landing lines %r" % (tail, re.findall(r"^landing.*$", out, re.M)))
    for f in ("summary.txt", os.path.join(SHORT, "result.json")):
        if not os.path.exists(os.path.join(os.path.dirname(rundir), f)):
            fail("--run output", "no %s" % f)
    ok("--run ends with the results folder and a landing summary, writes summary.txt", tail)


def rejudge(run):
    rundir = run[3]
    rc, out, err = cli(["--judge", rundir])
    if rc or not out.startswith("PASS"):
        fail("--judge of a passing run", "status %s: %s %s" % (rc, out, err))
    with open(os.path.join(rundir, "console.log"), "a") as f:
        f.write("!!! something broke\n")
    rc2, out2, err2 = cli(["--judge", rundir])
    if rc2 != 1 or not out2.startswith("FAIL") or "!!!" not in out2:
        fail("--judge of an edited console", "status %s: %s %s" % (rc2, out2, err2))
    ok("--judge passes the saved run and fails it once its console has a !!! line", out2.split("\n")[0][:90])


def started(rundir, p, what):
    """Wait until the torture prints its stats."""
    log, t0 = os.path.join(rundir, "console.log"), time.time()
    while not (os.path.exists(log) and "sched-torture: t=" in open(log, errors="replace").read()):
        if time.time() - t0 > 60 or p.poll() is not None:
            p.kill()
            fail("Ctrl-C %s" % what, "the run did not start")
        time.sleep(0.1)


def after_interrupt(rundir, what, status, last):
    """QEMU gone, no ISO or socket left, verdict interrupted, one last line."""
    left = [f for f in os.listdir(rundir) if f in runner.LEFTOVERS]
    qemu = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout.count(rundir)
    verdict = json.load(open(os.path.join(rundir, "result.json")))["verdict"]
    if status != 130 or len(last) != 1 or not last[0].startswith("runner: interrupted") or left or qemu \
            or verdict != "interrupted":
        fail("Ctrl-C %s" % what, "status %s, last lines %r, left %s, %d QEMU, verdict %r" % (
            status, last, left, qemu, verdict))
    ok("Ctrl-C during %s: one line, verdict interrupted, QEMU gone, nothing left" % what, last[0])


def interrupted_all(tmp):
    """--all: the boot runs in the pool's thread."""
    p = subprocess.Popen(RUNNER + ["--all", "--only", "^%s$" % SHORT, "--resdir", tmp, "--duration", "200"],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started(os.path.join(tmp, SHORT), p, "--all")
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=20)
    after_interrupt(os.path.join(tmp, SHORT), "--all", p.returncode, err.strip().splitlines() + (
        ["Traceback"] if "Traceback" in out else []))


def interrupted_make_run():
    """make run on a terminal (through GRUB): Ctrl-C goes to the whole
    foreground group, make included, which must add no line of its own."""
    before = results_now()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.execvpe("make", ["make", "--no-print-directory", "run", "SCENARIO=" + SHORT, "DURATION=200"], ENV)
    out, rundir, t0 = b"", None, time.time()
    try:
        while True:
            if time.time() - t0 > 120:
                os.kill(pid, signal.SIGKILL)
                fail("Ctrl-C make run", "the run did not start: %r" % out[-300:])
            new = set(results_now()) - set(before)
            if rundir is None and new:
                rundir = os.path.join(ROOT, "results", new.pop(), SHORT)
            if rundir and os.path.exists(os.path.join(rundir, "console.log")) and \
                    "sched-torture: t=" in open(os.path.join(rundir, "console.log"), errors="replace").read():
                os.write(fd, b"\x03")
                break
            try:
                out += os.read(fd, 65536) if select.select([fd], [], [], 0.1)[0] else b""
            except OSError:             # make ended before the torture started
                t0 = 0
        while select.select([fd], [], [], 20)[0]:
            try:
                data = os.read(fd, 65536)
            except OSError:             # the terminal closed: make has ended
                break
            if not data:
                break
            out += data
        status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        tail = out.decode(errors="replace").replace("\r", "").split("^C")[-1].strip().splitlines()
        # the terminal echoes ^C at once; a console line already on its way
        # may still follow it (seen with another job on the machine)
        while len(tail) > 1 and not tail[0].startswith(("make", "runner", "Traceback")):
            tail = tail[1:]
        after_interrupt(rundir, "make run", 130 if status == -signal.SIGINT else status, tail)
    finally:
        if rundir:
            shutil.rmtree(os.path.dirname(rundir))


def deep_folder(tmp):
    """A results folder too deep for a Unix socket address (107 bytes) in
    it: QEMU failed at once (seen from a fresh clone under results/)."""
    deep = os.path.join(tmp, "d" * (110 - len(tmp)))
    r = subprocess.run(RUNNER + ["--all", "--only", "^smp-boot-1$", "--resdir", deep], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    if r.returncode or "1 passed" not in r.stdout:
        fail("deep results folder", r.stdout[-300:])
    ok("a results folder deeper than a socket address boots (sockets in /tmp)", "%d bytes" % len(deep))


def boots():
    if not os.path.exists(runner.KERNEL):
        fail("boots", "no %s: run make all first" % runner.KERNEL)
    tmp = tempfile.mkdtemp(prefix="runner_test.")
    try:
        run = replay_exact(tmp)
        run_output(run)
        rejudge(run)
        interrupted_make_run()
        interrupted_all(os.path.join(tmp, "all"))
        deep_folder(tmp)
    finally:
        shutil.rmtree(tmp)


def progress():
    lines = []
    fake = lambda s, resdir, **kw: (s["name"] != "smp-boot-1",      # noqa: E731
                                    "%s %s" % ("FAIL" if s["name"] == "smp-boot-1" else "PASS", s["name"]))
    a = argparse.Namespace(suite="test", only="^smp-boot-(1|2)$", shard=None, resdir=tempfile.mkdtemp(),
                           jobs=2, seed=None, args="", mode=None, duration=None, junit=None, xmc=False)
    real, runner.run_one = runner.run_one, fake
    try:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            runner.cmd_all(a)
        lines = out.getvalue().splitlines()
    finally:
        runner.run_one = real
        shutil.rmtree(a.resdir)
    if [l.split()[0] for l in lines[1:3]] != ["[1/2]", "[2/2]"]:
        fail("--all progress", "lines %r" % lines)
    ok("--all prefixes each finished line with [k/N]", lines[2])
    if lines[3:6] != ["failed:", "  FAIL smp-boot-1", "1 passed, 1 failed"]:
        fail("--all failure list", "a failed scenario is not named again above the count: %r" % lines[3:])
    ok("--all names the failed scenarios again above the count", " | ".join(lines[3:6]))


# ---- Makefile and README ----------------------------------------------------

def make(*args):
    return subprocess.run(["make", "--no-print-directory", "-s"] + list(args), capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env=ENV)


def make_run_line(*vars):
    out = make("-n", "run", *vars).stdout
    return next((l for l in out.splitlines() if "runner.py --run" in l), "")


def make_vars():
    line = make_run_line("SCENARIO=smp-boot-1")
    if not line or "--cpus" in line:
        fail("make run SCENARIO=smp-boot-1", "runs %r (the scenario's own CPU count must stay)" % line)
    r = make("run", "CPUS=99", "SCENARIO=smp-boot-1")
    out = (r.stdout + r.stderr).strip().splitlines()
    if r.returncode == 0 or len(out) != 1 or "1..%d" % runner.max_cpus() not in out[0]:
        fail("make run CPUS=99", "status %s, output %r (want one line, before any build)" % (r.returncode, out))
    if "--xmc" in make_run_line("SCENARIO=smp-boot-1"):
        fail("make run", "passes --xmc without XMC=1")
    line = make_run_line("SCENARIO=smp-boot-1", "CPUS=2", "DURATION=7", "ARGS=hz=100 loglevel=2", "MODE=icount",
                         "XMC=1")
    for want in ("--cpus 2", "--duration 7", "--args 'hz=100 loglevel=2'", "--mode icount", "--xmc"):
        if want not in line:
            fail("make run variables", "%r lacks %r" % (line, want))
    cfg = next((l for l in make("-n", "-W", "tests/mkgrubcfg.py", "build/grub.cfg").stdout.splitlines()
                if "mkgrubcfg" in l), "")
    if not cfg or "--cpus" in cfg:
        fail("grub.cfg", "generated by %r" % cfg)
    ok("make run CPUS=99 stops in one line; CPUS, DURATION, ARGS, MODE, XMC are passed only when given", out[0])


def make_help_list_clean():
    h = make("help").stdout
    for w in ("SCENARIO=", "CPUS=", "SEED=", "DURATION=", "ARGS=", "MODE=", "XMC=1", "V=1", "make run", "make test",
              "make list", "make clean", "make distclean", "make shell", "make replay"):
        if w not in h:
            fail("make help", "does not mention %s" % w)
    rows = make("list", "ONLY=^smp-boot-1 ").stdout.strip().splitlines()
    if len(rows) != 1 or not rows[0].startswith("smp-boot-1 "):
        fail("make list ONLY=", "printed %r" % rows)
    clean, distclean = make("-n", "clean").stdout, make("-n", "distclean").stdout
    if re.search(r"rm .*results", clean) or not re.search(r"rm .*results", distclean):
        fail("make clean", "clean runs %r, distclean %r" % (clean, distclean))
    ok("make help names the targets and variables, make list filters, make clean keeps results/")


def make_quiet():
    """Every recipe line of the Makefile is quiet by default: @ or $(Q)."""
    lines = open(os.path.join(ROOT, "Makefile")).read().replace("\\\n", " ").splitlines()
    loud = [l.strip() for l in lines if l.startswith("\t") and not re.match(r"\t(@|\$\(Q\)|\$\(msg\))", l)]
    if loud:
        fail("make V=0", "%d recipe lines print their command, e.g. %r" % (len(loud), loud[0][:80]))
    ok("the Makefile's recipes print short lines (full commands with V=1)")


def host_test_summary():
    """make host-test's summary line, with a real i386 program as the 32-bit
    test (a shell script cannot run under qemu-i386-static), both ways: the
    way make test was given (HOST32=, default auto) and under the emulator."""
    if make("build/host/probe32").returncode:
        fail("make host-test", "cannot build build/host/probe32")
    ways = [os.environ.get("HOST32", "auto")]
    ways += [w for w in ("qemu",) if w not in ways]
    for way in ways:
        tmp = tempfile.mkdtemp(dir=os.path.join(ROOT, "build"))
        try:
            tests = []
            for n in ("a", "b", "c"):
                tests.append(os.path.relpath(os.path.join(tmp, n), ROOT))
                open(os.path.join(ROOT, tests[-1]), "w").write("#!/bin/sh\necho %s ran\n" % n)
                os.chmod(os.path.join(ROOT, tests[-1]), 0o755)
            shutil.copy(os.path.join(ROOT, "build/host/probe32"), os.path.join(ROOT, tests[2]))
            r = make("host-test", "HOST32=" + way, "HOST_TESTS=" + " ".join(tests[:2]), "HOST32_TESTS=" + tests[2])
        finally:
            shutil.rmtree(tmp)
        lines = r.stdout.strip().splitlines()
        last = lines[-1] if lines else ""
        if r.returncode or last != "host tests: 3 passed" or "i386 ok" not in lines:
            fail("make host-test HOST32=%s" % way, "status %s, last line %r" % (r.returncode, last))
    ok("make host-test ends with one summary line, its 32-bit test run " + " and ".join(ways), last)


def readme_apt_line():
    text = open(os.path.join(ROOT, "README.md")).read()
    m = re.search(r"apt-get install -y (.*?)\n\n", text, re.S)
    readme = sorted(m.group(1).replace("\\", " ").split()) if m else []
    deps = re.search(r'PKGS="(.*?)"', open(os.path.join(HERE, "deps.sh")).read(), re.S)
    want = sorted(deps.group(1).split())
    if readme != want:
        fail("README apt-get line", "differs from tests/deps.sh: only README %s, only deps.sh %s" % (
            sorted(set(readme) - set(want)), sorted(set(want) - set(readme))))
    ok("README's apt-get line lists exactly tests/deps.sh's packages")


OUTSIDE = re.compile("DESIGN" + r"\.md|\.\./" + "shared|/work/" + "shared")   # split: not a hit itself


def manual_contents():
    """The contents list at the top of README.md and of each docs/*.md links every section."""
    n = 0
    for path in doclinks.manual_files():
        text = open(path).read()
        head = text[:text.index("\n## ")]
        anchors = [doclinks.slug(h) for h in re.findall(r"^## (.*)$", text, re.M)]
        missing = [a for a in anchors if "(#%s)" % a not in head]
        if missing:
            fail("contents of %s" % os.path.relpath(path, ROOT), "no link to %s" % ", ".join(missing))
        n += len(anchors)
    ok("the contents lists of README.md and docs/*.md link all %d sections" % n)


def manual_links():
    """Every relative link of the manual goes to a file and heading that exist
    (tests/doclinks.py); a made-up broken link and anchor are found."""
    readme = os.path.join(ROOT, "README.md")
    fake = "[a](docs/shell.md#commands-and-keys) [b](docs/no-such.md) [c](docs/shell.md#no-such-heading) `[d](x.md)`"
    found = [t for _, t, _ in doclinks.broken_links(readme, fake)]
    if found != ["docs/no-such.md", "docs/shell.md#no-such-heading"]:
        fail("doclinks", "on a made-up text found %r (want the missing file and heading only)" % found)
    bad, links = doclinks.check()
    if bad:
        fail("manual links", "%d broken: %s" % (len(bad), "; ".join(bad[:4])))
    ok("all %d relative links of README.md and docs/*.md resolve (a broken file and anchor are caught)" % links)


def shell_session():
    """docs/shell.md's example session types exactly what shell-readme.in types."""
    doc = open(os.path.join(ROOT, "docs", "shell.md")).read()
    typed = re.findall(r"^    kpatch> (.*)$", doc, re.M)
    feed = [l.rstrip("\n") for l in open(os.path.join(HERE, "scenarios", "shell-readme.in"))
            if l.strip() and not l.startswith("#")]
    if typed != feed:
        fail("docs/shell.md session", "types %r, shell-readme.in %r" % (typed, feed))
    ok("docs/shell.md's session types the %d commands shell-readme replays" % len(feed))


# ---- the console feeder (tests/console_feed.py) against a synthetic shell ----

class FakeShell:
    """A unix-socket console that answers like kernel/readline.c and the
    shell: echo, Enter ("\r\n", the command's output, the prompt), Tab with
    several candidates (the list, then the prompt and the line redrawn),
    Ctrl-U.  `after` maps a command to what comes with its prompt: text
    written right after it in the same write (an asynchronous line that
    arrives after the prompt: the old kernel did not redraw), or a pause
    before the prompt (a slow command).  Input that arrives before the
    prompt it should wait for (typed ahead into a running command) is
    recorded in `ahead`."""
    PROMPT = "kpatch> "

    def __init__(self, path, after=None, redraw=()):
        import socket
        import threading
        self.path, self.after, self.redraw = path, after or {}, redraw
        self.srv = socket.socket(socket.AF_UNIX)
        self.srv.bind(path)
        self.srv.listen(1)
        self.got, self.ahead, self.done = [], [], False
        self.t = threading.Thread(target=self.serve, daemon=True)
        self.t.start()

    def pending(self, c):
        return bool(select.select([c], [], [], 0)[0])

    def serve(self):
        c, _ = self.srv.accept()
        c.sendall(b"kpatch shell on 2 CPUs\r\n" + self.PROMPT.encode())
        buf = ""
        while not self.done:
            d = c.recv(1)
            if not d:
                break
            ch = d.decode("latin-1")
            if ch == "\r":
                cmd, buf = buf, ""
                self.got.append(cmd)
                c.sendall(b"\r\n")
                pause, text, rest = (tuple(self.after.get(cmd, ())) + (0, "", ""))[:3]
                time.sleep(pause)
                if cmd == "quit":
                    c.sendall(b"shell: bye\r\nEnd of test: SUCCESS\r\n")
                    self.done = True
                    break
                if self.pending(c):
                    self.ahead.append(cmd)
                c.sendall(("out: %s\r\n%s%s" % (cmd, self.PROMPT, text)).encode())
                if rest:                       # the rest of a line, a while later
                    time.sleep(0.3)
                    if self.pending(c):
                        self.ahead.append(cmd)
                    c.sendall(rest.encode())
                if cmd in self.redraw:         # kernel/readline.c's rl_redraw after that line,
                    select.select([c], [], [], 5)   # seen by the feeder only after it typed
                    c.sendall(self.PROMPT.encode())
                    time.sleep(0.3)            # (the editor's 20 ms poll, widened)
            elif ch == "\t":
                c.sendall(("\r\nprobe  probes\r\n%s%s" % (self.PROMPT, buf)).encode())
            elif ch == "\x15":
                c.sendall(b"\b \b" * len(buf))
                buf = ""
            elif " " <= ch < "\x7f":
                buf += ch
                c.sendall(d)
        c.close()


def feed_one(tmp, name, lines, after, redraw=()):
    """Feed lines to a FakeShell: (items sent, items, commands the shell got,
    commands typed ahead, the console)."""
    d = os.path.join(tmp, name)
    os.makedirs(d)
    path = os.path.join(d, "in")
    open(path, "w").write("".join(l + "\n" for l in lines))
    shell = FakeShell(os.path.join(d, "c.sock"), after, redraw)
    f = console_feed.Feeder(os.path.join(d, "c.sock"), os.path.join(d, "console.log"), path)
    f.start()
    t0 = time.time()
    while f.sent < len(f.items) and not shell.done and time.time() - t0 < 10:
        time.sleep(0.05)
    f.stop.set()
    f.join(2)
    return f.sent, len(f.items), shell.got, shell.ahead, open(os.path.join(d, "console.log"), "rb").read()


def feeder_async_lines():
    """issue 39: shell-retprobe's feeder stopped after 5 of 13 inputs when
    `xref: 18733 direct branches in kernel text` came after the prompt, and
    the run hung until the host timeout.  The feeder must go on after such
    a line (whole or in pieces), and must still not take a prompt the line
    editor redraws in the middle of a line (Tab, then Ctrl-U or Enter) for
    the next one's."""
    xref = "xref: 18733 direct branches in kernel text\r\n"
    lines = ["retprobe", "retprobe add dj_add optimize", "call dj_add 3 1", "retprobe list", "quit"]
    tmp = tempfile.mkdtemp(prefix="feed-")
    try:
        sent, n, got, ahead, log = feed_one(tmp, "whole", lines, {"retprobe add dj_add optimize": (0, xref)})
        if sent != n or got != lines:
            fail("feeder, an asynchronous line after the prompt", "stalled after %d of %d inputs (the shell got "
                 "%r); console ends %r" % (sent, n, got, log[-120:]))
        ok("the feeder goes on after an asynchronous line that came after the prompt", "%d of %d sent" % (sent, n))
        parts = {"call dj_add 3 1": (0, "xref: 18733 dir", "ect branches in kernel text\r\n")}
        sent, n, got, ahead, log = feed_one(tmp, "parts", lines, parts)
        if got != lines or ahead:
            fail("feeder, an asynchronous line in two parts", "the shell got %r, typed ahead %r" % (got, ahead))
        ok("half an asynchronous line is not taken for a prompt, the whole one is", "%d of %d sent" % (sent, n))
        edit = ["@raw pro\\t\\r", "@raw dis kt_\\t\\x15\\r", "stats", "quit"]
        slow = {"pro": (0.5, ""), "": (0.5, ""), "stats": (0, xref)}
        sent, n, got, ahead, log = feed_one(tmp, "edit", edit, slow)
        if ahead or got != ["pro", "", "stats", "quit"]:
            fail("feeder, a line redrawn by Tab", "typed ahead into %r; the shell got %r" % (ahead, got))
        ok("a prompt redrawn in the middle of a line (Tab) is not the next line's", "%d of %d sent" % (sent, n))
    finally:
        shutil.rmtree(tmp)


def feeder_redraw_before_echo():
    """An asynchronous line after the prompt, and the feeder types the next
    input at once (the line is whole: the prompt is idle).  The line editor
    had redrawn the prompt, empty, just before that input reached it (or
    does so before it reads it: kernel/readline.c polls every 20 ms), so
    the console after the input shows `kpatch> ` first and the echo only
    later.  That prompt is not the next one: the feeder must wait for the
    input's echo, its output and the prompt after them, not type ahead."""
    xref = "xref: 18733 direct branches in kernel text\r\n"
    lines = ["retprobe add dj_add optimize", "stats", "retprobe list", "quit"]
    tmp = tempfile.mkdtemp(prefix="feed-")
    try:
        sent, n, got, ahead, log = feed_one(tmp, "redraw", lines, {lines[0]: (0, xref)}, redraw=(lines[0],))
        if ahead or got != lines:
            fail("feeder, a prompt redrawn before the echo", "typed ahead into %r; the shell got %r" % (ahead, got))
        ok("a prompt redrawn before an input's echo is not the next one", "%d of %d sent" % (sent, n))
    finally:
        shutil.rmtree(tmp)


def hang_says_so():
    """A run that hit the host timeout keeps its console and says it hung,
    and what the feeder was waiting for."""
    tmp = tempfile.mkdtemp(prefix="hang-")
    try:
        open(os.path.join(tmp, "console.log"), "w").write(CMD + "kpatch> xref: 1 direct branches\n")
        open(os.path.join(tmp, "feed.txt"), "w").write("input: 5 of 13 items sent; waiting for the idle prompt\n")
        ok_, line = runner.verdict(sc(input="x.in"), tmp, None, True, 120.0, False)
        if ok_ or "hang" not in line or "log kept" not in line or "5 of 13" not in line \
                or not os.path.exists(os.path.join(tmp, "console.log")):
            fail("a hang's verdict", line)
        ok("a hang keeps the log and says so, with the feeder's state", line.splitlines()[0].split("  ", 1)[-1].strip())
    finally:
        shutil.rmtree(tmp)


def generated_tables():
    """issue 39 item 22: what each strategy and live-patch model fails is
    rendered from a run's committed data (tests/matrix.json,
    tests/lp-matrix.json) into README.md and docs/ (tests/gentable.py); every
    such table must be what its data renders, and must be there.  An edited
    figure, a table cut short and a missing end marker are each caught."""
    import gentable
    import matrix
    import lp_matrix

    def render(tool, data, name):
        for mod in (matrix, lp_matrix):
            got = mod.render(tool, data, name)
            if got is not None:
                return got
        return None
    want = [(p, mod.TOOL, n) for mod in (matrix, lp_matrix) for p, n in mod.BLOCKS]
    bad = gentable.check(render, want)
    if bad:
        fail("generated tables", "; ".join(bad[:3]))
    def edit_row(path, k):
        """path's text with the last cell of its first generated block's k-th row rewritten by hand."""
        text = open(os.path.join(ROOT, path)).read()
        m = gentable.BLOCK.search(text)
        rows = [l for l in m.group(4).splitlines() if l.startswith("| ") and "---" not in l][1:]
        row = rows[k]
        cells = row.rstrip(" |").split(" | ")
        new = " | ".join(cells[:-1] + ["none" if not cells[-1].startswith("none") else "L1"]) + " |"
        return text[:m.start(4)] + m.group(4).replace(row, new, 1) + text[m.end(4):]
    readme = open(os.path.join(ROOT, "README.md")).read()
    m = gentable.BLOCK.search(readme)
    gone = readme[:m.start()] + readme[m.end():]
    stray = readme + gentable.begin(lp_matrix.TOOL, lp_matrix.DATA, "lp-fails")
    for what, path, text in (("a figure edited by hand", "README.md", edit_row("README.md", 4)),
                             ("a row changed", os.path.join("docs", "hazards.md"),
                              edit_row(os.path.join("docs", "hazards.md"), 0)),
                             ("a table taken out", "README.md", gone),
                             ("a table without its end marker", "README.md", stray)):
        if text == open(os.path.join(ROOT, path)).read():
            fail("generated tables", "the control %r changed nothing in %s: its anchor text is gone" % (what, path))
        if not gentable.check(render, want, {path: text}):
            fail("generated tables", "%s in %s went unnoticed" % (what, path))
    ok("%d generated tables are what tests/matrix.json and tests/lp-matrix.json render (an edited figure, a "
       "changed row, a table taken out, one without its end marker are caught)" % len(want))


def no_outside_references():
    files = ["README.md", "Makefile"] + [os.path.join("docs", f) for f in os.listdir(os.path.join(ROOT, "docs"))] \
        + [os.path.join("tests", f) for f in os.listdir(HERE)
                                         if f.endswith((".py", ".sh", ".mk"))] \
        + [os.path.join("tests", "scenarios", f) for f in os.listdir(os.path.join(HERE, "scenarios"))]
    hits = ["%s:%d" % (f, n) for f in files for n, l in enumerate(open(os.path.join(ROOT, f), errors="replace"), 1)
            if OUTSIDE.search(l)]
    if hits:
        fail("references outside the repository", "%d lines cite the design notes outside it: %s" % (
            len(hits), " ".join(hits[:6])))
    ok("README and the host files cite nothing outside the repository")


def default_scenario_claims():
    default = re.search(r"^SCENARIO\s*\?=\s*(\S+)", open(os.path.join(ROOT, "Makefile")).read(), re.M).group(1)
    folder = os.path.join(HERE, "scenarios")
    wrong = [f for f in os.listdir(folder) if f != default + ".scn"
             and re.search(r"default\b.*`make run`", open(os.path.join(folder, f)).read())]
    if wrong:
        fail("default scenario", "%s call themselves the default of make run, which is %s" % (wrong, default))
    ok("only %s calls itself make run's default" % default)


def main():
    # A parent that ignores SIGINT (a background job of a non-interactive
    # shell) would pass that on to every child, and the Ctrl-C checks would
    # see a run that cannot be interrupted; a handler here is reset to the
    # default in every program this starts, as on a terminal.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    verdict_rules()
    xmc_rules()
    max_cpus_is_the_kernels()
    bad_values()
    scenario_names()
    listing()
    duration()
    iso_args()
    echo()
    progress()
    make_vars()
    make_help_list_clean()
    make_quiet()
    host_test_summary()
    readme_apt_line()
    manual_contents()
    manual_links()
    shell_session()
    feeder_async_lines()
    feeder_redraw_before_echo()
    hang_says_so()
    generated_tables()
    no_outside_references()
    default_scenario_claims()
    boots()
    print("runner_test: all checks fail and pass as they should")


if __name__ == "__main__":
    main()
