#!/usr/bin/env python3
"""Host scenario runner: boots QEMU once per scenario and judges the run.

  runner.py --list [REGEX]                                   name, CPUs, mode, suite, description
  runner.py --all [--suite test] [--only REGEX] [--jobs N] [--resdir DIR]   every scenario
  runner.py --run NAME [--cpus N] [--seed S] [--iso]         one, console on the terminal
                                                  (--check: only check NAME and the values)
  --args 'k=v ...' (with --all or --run) appends kernel parameters,
  --duration S sets duration=S*1000 (ms) and adds S seconds to the timeout, and
  --mode M overrides the QEMU mode, e.g. to try a negative control by hand,
  --xmc runs under the cross-modifying-code checker (docs/xmc.md)
  runner.py --debug NAME [--cpus N]                           QEMU halted, gdb attached
  runner.py --replay results/<stamp>/<name> [--mode icount]   boot again as that run
  runner.py --judge results/<stamp>/<name>                    judge its console.log again, no boot
  runner.py --all --shard I/N                                 the I-th of N slices (CI matrices)

NAME is a scenario name, NAME.scn or a path to a .scn file.  Each run gets
results/<stamp>/<scenario>/ with qemu.cmd (the exact command), console.log
(the serial console), replay.json (how it was run), result.json (exit
status, timeout) and verdict.txt; results/<stamp>/summary.txt has one line
per scenario and the count.  A run is judged by its exit
code class, its `End of test:` line and the absence of badness (`!!!`,
exception reports, panics, and `ERR:`/`WARN:` lines the scenario's `allow`
regex does not name); expect=fail scenarios pass only if the run failed with
the named class and the console, after the kernel's `command line:` echo (so
never the command line itself), matches the named reason (a guest reset,
i.e. a triple fault, has no reason to match: only scenarios naming `reset`
accept it).  On timeout the
runner injects an NMI through QEMU's monitor (the kernel reports where every
CPU was), then kills QEMU: the verdict is hang, the log is kept."""
import argparse
import concurrent.futures
import difflib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import scenario  # noqa: E402
import console_feed  # noqa: E402

KERNEL = os.path.join(ROOT, "build", "kernel.elf")
XMC_SO = os.path.join(ROOT, "build", "xmc.so")     # the cross-modifying-code checker (docs/xmc.md)
XMC_SLOWER = 3                                      # its runs get this many times the timeout
# QEMU exits 0 only when the guest resets under -no-reboot: a triple fault,
# which leaves no report.  Only a scenario naming `reset` accepts it, and
# then without a reason to match (there is none on the console).
EXIT_CLASS = {0: "reset", 33: "pass", 35: "failure", 37: "panic", 39: "hang", 41: "stall"}
BADNESS = re.compile(r"!!!|EXCEPTION|PANIC")
LOGGED = re.compile(r"^(?:ERR|WARN): .*$", re.M)       # pr_err / pr_warn lines
CMDLINE = re.compile(r"^command line: .*$", re.M)      # kernel/main.c echo
VERDICT = re.compile(r"^End of test: (SUCCESS|FAILURE.*)$", re.M)
MAX_SEED = 0x7fffffff          # kernel/param_boot.c: seed=0..0x7fffffff
MAX_DURATION = 3600            # seconds; kernel/param_boot.c: duration=1..3600000 (ms)
LEFTOVERS = ("kernel.iso", "isodir", "monitor.sock", "console.sock")
STOP = threading.Event()       # Ctrl-C: running boots stop their QEMU, no new one starts
ESC = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|[()][0-9A-Za-z]|[^\[()])")   # CSI, charset, 2-byte
REACHED = re.compile(r"^landing: (.+) reached (\d+/\d+) instruction boundaries of (.+)$")


class Interrupted(Exception):
    """Ctrl-C ended the run; the argument is its results folder."""


def max_cpus():
    """NCPU_MAX of kernel/cpu.h: the most CPUs the kernel brings up."""
    m = re.search(r"^#define NCPU_MAX (\d+)", open(os.path.join(ROOT, "kernel", "cpu.h")).read(), re.M)
    if not m:
        sys.exit("runner: no NCPU_MAX in kernel/cpu.h: cannot check CPU counts")
    return int(m.group(1))


def beside(sc, name):
    """A file named by a scenario (input, expect_lines): next to its .scn."""
    return os.path.join(os.path.dirname(sc.get("path") or os.path.join(HERE, "scenarios", "x")), name)


def qemu_cmd(sc, rundir, cpus, extra_args, iso=None, debug=False):
    args = " ".join(x for x in (sc["args"], "cpus=%d" % cpus, extra_args) if x)
    cmd = ["qemu-system-i386", "-nodefaults", "-no-reboot", "-display", "none",
           "-m", sc["memory"], "-smp", str(cpus),
           "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04",
           "-monitor", "unix:%s,server,nowait" % sock(rundir, "monitor.sock")]
    if sc["input"]:     # scripted console input: a socket; the runner writes console.log (tests/console_feed.py)
        cmd += ["-chardev", "socket,id=con0,path=%s,server=on,wait=on" % sock(rundir, "console.sock"),
                "-serial", "chardev:con0"]
    else:
        cmd += ["-serial", "file:" + os.path.join(rundir, "console.log")]
    if sc["mode"] == "icount":
        cmd += ["-accel", "tcg,thread=single", "-icount", "shift=%s,sleep=off" % sc["shift"]]
    else:
        cmd += ["-accel", "tcg,thread=multi"]
        if sc["mode"] == "singlestep":
            cmd += ["-singlestep"]
    if sc.get("xmc") == "on":
        cmd += ["-plugin", "%s,out=%s,elf=%s" % (XMC_SO, os.path.join(rundir, "xmc.log"), KERNEL)]
    if iso:
        cmd += ["-cdrom", iso, "-boot", "d", "-vga", "std"]     # GRUB probes VBE
    else:
        cmd += ["-kernel", KERNEL, "-append", args]
    if debug:
        cmd += ["-s", "-S"]
    return cmd


def grub_cfg(sc, cpus, extra_args):
    """The ISO's grub.cfg: every scenario, this one the default entry with
    cpus= and the extra parameters (seed=, duration=, --args)."""
    files = [os.path.join(HERE, "scenarios", f) for f in sorted(os.listdir(os.path.join(HERE, "scenarios")))
             if f.endswith(".scn")]
    if sc["name"] not in (os.path.basename(f)[:-4] for f in files):     # a .scn from elsewhere
        files.append(sc["path"])
    return subprocess.run([sys.executable, os.path.join(HERE, "mkgrubcfg.py"), "--default", sc["name"],
                           "--cpus", str(cpus), "--args", extra_args] + files,
                          check=True, capture_output=True, text=True).stdout


def build_iso(sc, rundir, cpus, extra_args):
    """A GRUB rescue ISO whose default entry is this scenario."""
    iso_dir = os.path.join(rundir, "isodir")
    os.makedirs(os.path.join(iso_dir, "boot", "grub"))
    shutil.copy(KERNEL, os.path.join(iso_dir, "boot", "kernel.elf"))
    open(os.path.join(iso_dir, "boot", "grub", "grub.cfg"), "w").write(grub_cfg(sc, cpus, extra_args))
    iso = os.path.join(rundir, "kernel.iso")
    try:
        r = subprocess.run(["grub-mkrescue", "-o", iso, iso_dir], capture_output=True, text=True)
    finally:
        shutil.rmtree(iso_dir)
    if r.returncode:
        raise RuntimeError("grub-mkrescue failed:\n" + r.stderr)
    return iso


def sock(rundir, name):
    """A QEMU socket's path: in the run's folder, or, when that path would
    pass the 107 bytes a Unix socket address holds (a checkout in a deep
    folder: QEMU then fails at once), in the temporary folder under a name
    derived from the run's folder."""
    path = os.path.join(rundir, name)
    if len(path.encode()) < 100:
        return path
    return os.path.join("/tmp", "kpt-%08x-%s" % (zlib.crc32(os.path.abspath(rundir).encode()), name))


def monitor(rundir, command):
    try:
        s = socket.socket(socket.AF_UNIX)
        s.settimeout(2)
        s.connect(sock(rundir, "monitor.sock"))
        s.sendall((command + "\n").encode())
        time.sleep(0.2)
        s.close()
        return True
    except OSError:
        return False


class Echo:
    """What a run on the terminal shows of console.log: whole lines, without
    terminal escapes (GRUB clears the screen), the `landing:` histograms
    folded into a short summary at the end (console.log keeps them all)."""
    def __init__(self, out):
        self.out, self.pos, self.part, self.landing = out, 0, "", []

    def follow(self, path):
        try:
            with open(path, "rb") as f:
                f.seek(self.pos)
                data = f.read()
        except FileNotFoundError:
            return
        self.pos += len(data)
        self.feed(data.decode("utf-8", "replace"))

    def feed(self, text):
        lines = (self.part + text).split("\n")
        self.part = lines.pop()
        for line in lines:
            self.line(line)
        self.out.flush()

    def line(self, line):
        line = ESC.sub("", line).rstrip("\r")
        if line.startswith("landing: ") and "!!!" not in line:
            self.landing.append(line)
        else:
            self.out.write(line + "\n")

    def close(self):
        if self.part:
            self.line(self.part)
            self.part = ""
        for line in landing_summary(self.landing):
            self.out.write(line + "\n")
        self.landing = []
        self.out.flush()


def landing_summary(lines):
    """Which instruction boundaries each kind of landing reached, per block,
    and the totals line."""
    if not lines:
        return []
    reached = {}
    for m in filter(None, map(REACHED.match, lines)):
        reached.setdefault(m.group(1), []).append("%s %s" % (m.group(3), m.group(2)))
    out = ["landing (summary of %d lines, all in console.log):" % len(lines)]
    out += ["  %s reached: %s" % (what, ", ".join(v)) for what, v in reached.items()]
    return out + ["  " + l[len("landing: "):] for l in lines if l.endswith("landed in the code under test")]


def stop_hung(p, rundir):
    """Timeout: an NMI makes the kernel report where each CPU was, then QEMU
    is asked to quit (the caller kills it if it does not)."""
    monitor(rundir, "nmi")
    try:
        p.wait(8)
    except subprocess.TimeoutExpired:
        monitor(rundir, "quit")
        try:
            p.wait(3)
        except subprocess.TimeoutExpired:
            pass


def watch(p, rundir, timeout, echo, t0):
    """Wait for QEMU, echoing the console; True if it hit the timeout."""
    while p.poll() is None:
        if STOP.is_set():
            raise KeyboardInterrupt
        if echo:
            echo.follow(os.path.join(rundir, "console.log"))
        if time.time() - t0 > timeout:
            stop_hung(p, rundir)
            return True
        time.sleep(0.05)
    return False


def stop_feeder(feeder, rundir):
    feeder.stop.set()
    feeder.join(2)
    if feeder.drainer:
        feeder.drainer.join(5)
    if feeder.error or feeder.sent < len(feeder.items):
        open(os.path.join(rundir, "feed.txt"), "w").write("input: %d of %d items sent%s%s\n" % (
            feeder.sent, len(feeder.items), "; " + feeder.error if feeder.error else "",
            "; waiting for %s" % feeder.waiting if feeder.waiting and not feeder.error else ""))


def boot(sc, rundir, cpus, extra_args, iso, echo):
    cmd = qemu_cmd(sc, rundir, cpus, extra_args, iso)
    open(os.path.join(rundir, "qemu.cmd"), "w").write(" ".join(shlex_quote(c) for c in cmd) + "\n")
    t0 = time.time()
    # a session of its own: Ctrl-C reaches the runner only, which stops QEMU
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    feeder = None
    try:
        if sc["input"]:
            feeder = console_feed.Feeder(sock(rundir, "console.sock"), os.path.join(rundir, "console.log"),
                                         beside(sc, sc["input"]))
            feeder.start()
        timed_out = watch(p, rundir, int(sc["timeout"]), echo, t0)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        if feeder:
            stop_feeder(feeder, rundir)
    if echo:
        echo.follow(os.path.join(rundir, "console.log"))
    qemu_out = p.stdout.read().decode("utf-8", "replace")
    if qemu_out:
        open(os.path.join(rundir, "qemu.stderr"), "w").write(qemu_out)
    return p.returncode, timed_out, time.time() - t0


def shlex_quote(s):
    return s if re.fullmatch(r"[\w@%+=:,./-]+", s) else "'" + s.replace("'", "'\\''") + "'"


def after_cmdline(log):
    """The console after the kernel's command-line echo (None if it never
    printed it): a reason found in the command line itself proves nothing."""
    m = CMDLINE.search(log)
    return log[m.end():] if m else None


def unexpected_logged(sc, log):
    """ERR:/WARN: lines the scenario did not name in `allow`."""
    allow = re.compile(sc["allow"]) if sc["allow"] else None
    return [m.group(0) for m in LOGGED.finditer(log) if not (allow and allow.search(m.group(0)))]


def judge_lines(sc, got, log):
    """verdict: lines, a control of a shell session (which judges no output
    itself): the session passed, one of its expect_lines is missing, and
    match (the defect shown) is on the console."""
    why = console_feed.check_expect(beside(sc, sc["expect_lines"]), log) if sc["expect_lines"] else None
    m = re.search(sc["match"], after_cmdline(log) or "", re.M)
    if got != "pass" or not why or not m:
        return False, got, "expected a session that passes with an expected line missing and /%s/ on the " \
            "console: run %s, %s, %s" % (sc["match"], got, why or "every expected line found",
                                        "match found" if m else "match not found")
    return True, got, "failed as expected (lines: %s): %s" % (why, " ".join(m.group(0).split())[:160])


def judge(sc, rc, timed_out, log, rundir=None):
    """Returns (ok, actual class, explanation)."""
    got = "hang" if timed_out else EXIT_CLASS.get(rc, "qemu-error(%s)" % rc)
    verdicts = VERDICT.findall(log)
    allow = re.compile(sc["allow"], re.M) if sc["allow"] else None
    bad = [line for line in log.splitlines() if BADNESS.search(line) and not (allow and allow.search(line))]
    bad += unexpected_logged(sc, log)
    feed = os.path.join(rundir, "feed.txt") if rundir else ""
    feed = open(feed).read().strip() if feed and os.path.exists(feed) else ""
    if sc["expect"] == "pass":
        if got != "pass":
            why = verdicts[-1] if verdicts else "no verdict line"
            return False, got, "expected pass, run ended with %s (%s)%s" % (got, why, "; " + feed if feed else "")
        if verdicts != ["SUCCESS"]:
            return False, got, "exit code says pass but verdict lines are %r" % verdicts
        if bad:
            return False, got, "badness on the console: %r" % bad[0]
        if feed:
            return False, got, feed
        if sc["expect_lines"]:
            why = console_feed.check_expect(beside(sc, sc["expect_lines"]), log)
            if why:
                return False, got, why
        return True, got, "End of test: SUCCESS"
    if sc["verdict"] == "lines":
        return judge_lines(sc, got, log)
    if got not in sc["verdict"].split("|"):      # "panic|failure": either class
        return False, got, "expected a %s failure, run ended with %s" % (sc["verdict"], got)
    if got == "reset":
        return True, got, "failed as expected (reset: a triple fault, no report possible)"
    if got != "hang" and not any(v.startswith("FAILURE") for v in verdicts):
        return False, got, "no 'End of test: FAILURE' line"
    body = after_cmdline(log)
    if body is None:
        return False, got, "failed (%s) before the kernel echoed its command line: reason unchecked" % got
    m = re.search(sc["match"], body, re.M)
    if not m:
        return False, got, "failed (%s) but not for the named reason: /%s/ not in the console" % (got, sc["match"])
    return True, got, "failed as expected (%s): %s" % (got, " ".join(m.group(0).split())[:160])


XMC_SUMMARY = re.compile(r"^xmc: summary: X1 (\d+) X2 (\d+) X3 (\d+); artifact (\d+).*?allowed (\d+)", re.M)
XMC_REPORT = re.compile(r"^xmc: (X[123]|ERROR) .*", re.M)


def judge_xmc(sc, rundir, ok, got, why, log):
    """A run under the checker: its report (xmc.log) judged after the console.
    A violation fails any run but the checker's own controls (verdict xmc:
    the guest passes, the report matches), which need it."""
    path = os.path.join(rundir or "", "xmc.log")
    rep = open(path, errors="replace").read() if rundir and os.path.exists(path) else ""
    summ, viol = XMC_SUMMARY.search(rep), XMC_REPORT.findall(rep) and XMC_REPORT.search(rep).group(0)
    brief = "xmc: X1 %s X2 %s X3 %s, int3 changes allowed %s, emulator artifacts %s" % (
        summ.group(1), summ.group(2), summ.group(3), summ.group(5), summ.group(4)) if summ else ""
    if sc.get("verdict") == "xmc":
        gok, ggot, gwhy = judge(dict(sc, expect="pass"), rc_of(got), got == "hang", log, rundir)
        m = re.search(sc["match"], rep, re.M)
        if not gok or not m:
            return False, got, "expected the guest to pass and the checker to report /%s/: guest %s, %s" % (
                sc["match"], gwhy, brief or "no checker summary")
        return True, got, "failed as expected (xmc): %s" % " ".join(m.group(0).split())[:200]
    if viol:
        return False, got, "%s; %s" % (viol[:300], brief)
    if not summ and got != "hang":
        return False, got, "ran under the checker but %s has no summary line (did build/xmc.so load?)" % rel(path)
    return ok, got, "%s; %s" % (why, brief) if brief else why


def rc_of(got):
    return next((rc for rc, c in EXIT_CLASS.items() if c == got), -1)


def with_duration(sc, secs, args):
    """--duration S: duration=S*1000 (ms) after the other parameters (the
    last key wins), and S more seconds before the runner calls it a hang."""
    if not secs:
        return sc, args
    return dict(sc, timeout=str(int(sc["timeout"]) + secs)), \
        " ".join(x for x in (args, "duration=%d" % (secs * 1000)) if x)


def rel(path):
    return os.path.relpath(path, ROOT) if os.path.abspath(path).startswith(ROOT + os.sep) else path


def verdict(sc, rundir, rc, timed_out, secs, iso):
    """Judge a finished run from its folder: (ok, the verdict line)."""
    path = os.path.join(rundir, "console.log")
    log = open(path, errors="replace").read() if os.path.exists(path) else ""
    ok, got, why = judge(sc, rc, timed_out, log, rundir)
    if sc.get("xmc") == "on":
        ok, got, why = judge_xmc(sc, rundir, ok, got, why, log)
    if timed_out:
        why += " [timeout after %ss: NMI sent, log kept]" % sc["timeout"]
    line = "%-4s %-34s %-5s %6.1fs  %s" % ("PASS" if ok else "FAIL", sc["name"], "iso" if iso else "", secs, why)
    if not ok:
        line += "\n     replay: make replay RUN=%s" % rel(rundir)
    return ok, line


def record(rundir, result, text):
    """verdict.txt for people, result.json for --judge."""
    open(os.path.join(rundir, "verdict.txt"), "w").write(text)
    json.dump(result, open(os.path.join(rundir, "result.json"), "w"), indent=1)


def remove_leftovers(rundir):
    """What only a running boot needs: its ISO and the sockets."""
    for f in LEFTOVERS:
        path = sock(rundir, f) if f.endswith(".sock") else os.path.join(rundir, f)
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.unlink(path)


def run_one(sc, resdir, cpus=None, seed=None, iso=False, echo=None, args="", mode=None, duration=None, xmc=False):
    """Boot one scenario and judge it: (ok, verdict line); (None, None) if
    Ctrl-C stopped it or came before it started."""
    if STOP.is_set():
        return None, None
    sc = dict(sc, mode=mode or sc["mode"])
    if xmc or sc.get("xmc") == "on":        # the checker slows QEMU down (docs/xmc.md, Overhead)
        sc.update(xmc="on", timeout=str(int(sc["timeout"]) * XMC_SLOWER))
    sc, args = with_duration(sc, duration, args)
    rundir = os.path.join(resdir, sc["name"])
    os.makedirs(rundir, exist_ok=True)
    cpus = cpus or int(sc["cpus"])
    extra = " ".join(x for x in ("seed=%d" % seed if seed is not None else "", args) if x)
    json.dump({"scenario": sc, "cpus": cpus, "seed": seed, "iso": iso, "args": args},   # for --replay
              open(os.path.join(rundir, "replay.json"), "w"), indent=1)
    iso = iso or sc["boot"] == "iso"
    try:
        rc, timed_out, secs = boot(sc, rundir, cpus, extra, build_iso(sc, rundir, cpus, extra) if iso else None, echo)
    except KeyboardInterrupt:
        STOP.set()
        record(rundir, {"verdict": "interrupted"}, "INTERRUPTED %s: Ctrl-C, QEMU stopped\n" % sc["name"])
        return None, None
    finally:
        remove_leftovers(rundir)
    ok, line = verdict(sc, rundir, rc, timed_out, secs, iso)
    record(rundir, {"verdict": "pass" if ok else "fail", "rc": rc, "timed_out": timed_out, "secs": secs, "iso": iso},
           line + "\nexit status %s\nreplay: make replay RUN=%s\n" % (rc, rel(rundir)))
    return ok, line


def new_resdir(resdir=None):
    if resdir:
        os.makedirs(resdir, exist_ok=True)
        return resdir
    stamp = time.strftime("%Y%m%d-%H%M%S")
    os.makedirs(os.path.join(ROOT, "results"), exist_ok=True)
    for n in range(1000):                 # two runners in one second: the next free name
        d = os.path.join(ROOT, "results", stamp if n == 0 else "%s-%d" % (stamp, n))
        try:
            os.mkdir(d)
            return d
        except FileExistsError:
            continue
    sys.exit("runner: no free results folder for %s" % stamp)


def print_tail(log, n=15):
    """The last lines of a failed run's console, for a log read from its end."""
    if os.path.exists(log):
        tail = open(log, errors="replace").read().splitlines()[-n:]
        print("last %d lines of %s:\n" % (len(tail), rel(log)) + "".join("  | %s\n" % t for t in tail), end="")


def write_summary(resdir, lines):
    passed = sum(l.startswith("PASS") for l in lines)
    summary = "%d passed, %d failed" % (passed, len(lines) - passed)
    open(os.path.join(resdir, "summary.txt"), "w").write("".join(l + "\n" for l in lines) + summary + "\n")
    return summary


def write_junit(path, lines):
    """One testcase per scenario, failures with the runner's reason."""
    from xml.sax.saxutils import quoteattr
    cases = []
    for l in lines:
        f = l.split()
        body = "" if f[0] == "PASS" else "<failure message=%s/>" % quoteattr(l)
        cases.append('  <testcase classname="scenarios" name=%s>%s</testcase>' % (quoteattr(f[1]), body))
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    open(path, "w").write('<?xml version="1.0"?>\n<testsuite name="scenarios" tests="%d" failures="%d">\n%s\n'
                          '</testsuite>\n' % (len(lines), sum(not l.startswith("PASS") for l in lines),
                                              "\n".join(cases)))


def shard(scs, spec):
    """--shard I/N: the I-th of N deterministic slices (by name), 1-based."""
    try:
        i, n = (int(x) for x in spec.split("/"))
        assert 1 <= i <= n
    except (ValueError, AssertionError):
        sys.exit("runner: --shard wants I/N with 1 <= I <= N, got %r" % spec)
    return [s for k, s in enumerate(sorted(scs, key=lambda s: s["name"])) if k % n == i - 1]


def cmd_all(a):
    scs = [s for s in scenario.load_all(os.path.join(HERE, "scenarios")) if s["suite"] == a.suite]
    if a.only:
        scs = [s for s in scs if re.search(a.only, s["name"])]
    if a.shard:
        scs = shard(scs, a.shard)
    if not scs:
        sys.exit("runner: no scenarios selected")
    resdir = new_resdir(a.resdir)
    print("runner: %d scenarios, results in %s" % (len(scs), rel(resdir)))
    lines = []

    def run(s):
        return run_one(s, resdir, seed=a.seed, args=a.args, mode=a.mode, duration=a.duration, xmc=a.xmc)

    def report(result):
        if result[1] is not None:
            lines.append(result[1])
            print("[%d/%d] %s" % (len(lines), len(scs), result[1]), flush=True)

    # singlestep runs use every host core; run them alone, others in parallel
    heavy = [s for s in scs if s["mode"] == "singlestep" or int(s["cpus"]) > 2]
    light = [s for s in scs if s not in heavy]
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        try:
            for result in ex.map(run, light):
                report(result)
        except KeyboardInterrupt:
            STOP.set()          # before the pool is waited for: its boots stop now
    for s in heavy:
        report(run(s))
    if a.junit:
        write_junit(a.junit, lines)
    summary = write_summary(resdir, lines)
    if STOP.is_set():
        raise Interrupted(resdir)
    failed = [l for l in lines if not l.startswith("PASS")]
    for l in failed:            # again at the end: a CI log's tail shows what failed
        print_tail(os.path.join(resdir, l.split()[1], "console.log"))
    if failed:
        print("failed:\n" + "".join("  %s\n" % l for l in failed), end="")
    print(summary)
    print("results: %s" % rel(resdir))
    return 1 if not summary.endswith(" 0 failed") else 0


def find(name):
    """A scenario by name, name.scn or path to a .scn file; an unknown name
    gets the closest ones."""
    folder = os.path.join(HERE, "scenarios")
    if name.endswith(".scn") and os.path.exists(name):
        return scenario.parse(name)
    base = os.path.basename(name)[:-4] if name.endswith(".scn") else name
    if os.path.exists(os.path.join(folder, base + ".scn")):
        return scenario.parse(os.path.join(folder, base + ".scn"))
    names = [f[:-4] for f in os.listdir(folder) if f.endswith(".scn")]
    close = difflib.get_close_matches(base, names, 5, 0.6)
    sys.exit("runner: no scenario %r%s (make list shows all %d)" % (
        name, "; closest: " + ", ".join(close) if close else "", len(names)))


def refuse_interactive(sc):
    """Shell sessions need a person at a terminal (shell) or type into the
    console themselves (input: scripted, run by make test)."""
    if sc["input"] or "scenario=shell" in sc["args"].split():
        sys.exit("runner: %s is a shell session, not for --run: make shell gives a prompt%s" % (
            sc["name"], "; the script runs in make test (tests/runner.py --all --only '^%s$')" % sc["name"]
            if sc["input"] else ""))


def cmd_list(a):
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)      # `--list | head` ends quietly
    scs = scenario.load_all(os.path.join(HERE, "scenarios"))
    w = max(len(s["name"]) for s in scs)
    rows = ["%-*s %2s %-10s %-6s %s" % (w, s["name"], s["cpus"], s["mode"], s["suite"], s["description"])
            for s in scs]
    rows = [r for r in rows if re.search(a.list, r)]
    if not rows:
        sys.exit("runner: no scenario matches %r" % a.list)
    print("\n".join(rows))
    return 0


def on_terminal(sc, resdir, header, **kw):
    """One boot with its console on this terminal, then its verdict and folder."""
    print("runner: %s, console below, results in %s" % (header, rel(resdir)), flush=True)
    echo = Echo(sys.stdout)
    ok, line = run_one(sc, resdir, echo=echo, **kw)
    echo.close()
    if ok is None:
        raise Interrupted(resdir)
    write_summary(resdir, [line])
    print("\n" + line)
    print("results: %s" % rel(os.path.join(resdir, sc["name"])))
    return 0 if ok else 1


def cmd_run(a):
    sc = find(a.run)
    refuse_interactive(sc)
    if a.check:
        return 0
    return on_terminal(sc, new_resdir(a.resdir), "%s (%s)" % (sc["name"], "GRUB ISO" if a.iso else "-kernel"),
                       cpus=a.cpus, seed=a.seed, iso=a.iso, args=a.args, mode=a.mode, duration=a.duration,
                       xmc=a.xmc)


def cmd_replay(a):
    """Boot again as a past run did (scenario, CPUs, seed, parameters, mode):
    under -icount a replay takes the same path as the original; --mode icount
    re-runs a -singlestep failure deterministically (another interleaving)."""
    path = os.path.join(a.replay, "replay.json")
    if not os.path.exists(path):
        sys.exit("runner: %s has no replay.json (not a run directory of this runner)" % a.replay)
    r = json.load(open(path))
    return on_terminal(r["scenario"], new_resdir(a.resdir), "replaying %s (%d CPUs, seed %s, mode %s)" % (
        a.replay, r["cpus"], r["seed"], a.mode or r["scenario"]["mode"]), cpus=r["cpus"], seed=r["seed"],
        iso=r["iso"], args=r.get("args", ""), mode=a.mode, duration=a.duration, xmc=a.xmc)


def cmd_judge(a):
    """Judge a saved run again without booting: its console.log, the exit
    status stored when it ran, the scenario file as it is now."""
    try:
        r = json.load(open(os.path.join(a.judge, "replay.json")))
        res = json.load(open(os.path.join(a.judge, "result.json")))
    except (OSError, ValueError) as e:
        sys.exit("runner: %s is not a run folder of this runner (%s)" % (a.judge, e))
    if res["verdict"] == "interrupted":
        sys.exit("runner: %s was interrupted (Ctrl-C): nothing to judge" % a.judge)
    sc = r["scenario"]
    now = os.path.join(HERE, "scenarios", sc["name"] + ".scn")
    if os.path.exists(now):
        sc = dict(scenario.parse(now), timeout=sc["timeout"], mode=sc["mode"])
    ok, line = verdict(sc, a.judge, res["rc"], res["timed_out"], res["secs"], res["iso"])
    print(line)
    return 0 if ok else 1


def cmd_debug(a):
    sc = find(a.debug)
    rundir = os.path.join(new_resdir(a.resdir), sc["name"])
    os.makedirs(rundir)
    cmd = qemu_cmd(sc, rundir, a.cpus or int(sc["cpus"]), "", debug=True)
    print("runner: " + " ".join(cmd) + "\n  console: %s" % os.path.join(rundir, "console.log"))
    q = subprocess.Popen(cmd)
    try:
        subprocess.call(["gdb", "-q", KERNEL, "-ex", "target remote :1234", "-ex", "break kmain"])
    finally:
        q.kill()
    return 0


SIGNAL = [signal.SIGINT]


def on_signal(sig, frame):
    SIGNAL[0] = sig
    raise KeyboardInterrupt


class Parser(argparse.ArgumentParser):
    def error(self, message):       # one line, not the usage block
        self.exit(2, "runner: %s (tests/runner.py --help)\n" % message)


def int_in(lo, hi=None, why=""):
    """argparse type: an integer lo..hi (no upper bound if hi is None)."""
    def conv(s):
        try:
            v = int(s)
        except ValueError:
            v = None
        if v is None or v < lo or (hi is not None and v > hi):
            raise argparse.ArgumentTypeError("want an integer %s%s, got %r" % (
                "%d..%d" % (lo, hi) if hi is not None else ">= %d" % lo, why, s))
        return v
    return conv


def regex(s):
    try:
        re.compile(s)
    except re.error as e:
        raise argparse.ArgumentTypeError("not a valid regex: %s (%r)" % (e, s))
    return s


def main():
    ap = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--all", action="store_true")
    g.add_argument("--run", metavar="NAME")
    g.add_argument("--debug", metavar="NAME")
    g.add_argument("--replay", metavar="RUNDIR")
    g.add_argument("--judge", metavar="RUNDIR", help="judge a saved run's console.log again, without booting")
    g.add_argument("--list", nargs="?", const="", type=regex, metavar="REGEX",
                   help="the scenarios (name, CPUs, mode, suite, description), those whose row matches REGEX")
    ap.add_argument("--suite", default="test", choices=sorted(scenario.CHOICES["suite"]))
    ap.add_argument("--only", metavar="REGEX", type=regex)
    ap.add_argument("--shard", metavar="I/N")
    ap.add_argument("--junit", metavar="PATH", help="also write a JUnit XML report")
    ap.add_argument("--jobs", type=int_in(1), default=2)
    ap.add_argument("--cpus", type=int_in(1, max_cpus(), " (the kernel's NCPU_MAX)"),
                    help="QEMU -smp and cpus= (default: the scenario's)")
    ap.add_argument("--seed", type=int_in(0, MAX_SEED))
    ap.add_argument("--duration", metavar="S", type=int_in(1, MAX_DURATION, " seconds"),
                    help="kernel parameter duration=S*1000 (ms); S more seconds before a hang")
    ap.add_argument("--iso", action="store_true")
    ap.add_argument("--args", default="", metavar="K=V...",
                    help="extra kernel parameters appended to the scenario's (later keys win)")
    ap.add_argument("--mode", choices=sorted(scenario.CHOICES["mode"]),
                    help="override the scenario's QEMU mode (e.g. does its check fail without singlestep?)")
    ap.add_argument("--xmc", action="store_true",
                    help="run under the cross-modifying-code checker (build/xmc.so, docs/xmc.md): a violation fails")
    ap.add_argument("--resdir", metavar="DIR", help="write results here (default results/<stamp>)")
    ap.add_argument("--check", action="store_true", help="--run: check the scenario and options, boot nothing")
    a = ap.parse_args()
    for sig in (signal.SIGTERM, signal.SIGHUP):     # like Ctrl-C: stop QEMU, say interrupted
        signal.signal(sig, on_signal)
    cmd = {"all": cmd_all, "run": cmd_run, "replay": cmd_replay, "judge": cmd_judge, "list": cmd_list}
    try:
        return next((f for k, f in cmd.items() if getattr(a, k) not in (None, False)), cmd_debug)(a)
    except scenario.ScenarioError as e:
        sys.exit("runner: %s" % e)
    except (KeyboardInterrupt, Interrupted) as e:
        STOP.set()
        sys.stderr.write("runner: interrupted (%s): QEMU stopped%s\n" % (signal.Signals(SIGNAL[0]).name,
            ", results so far in %s" % rel(e.args[0]) if isinstance(e, Interrupted) else ""))
        return 128 + SIGNAL[0]


if __name__ == "__main__":
    sys.exit(main())
