#!/usr/bin/env python3
"""Host scenario runner: boots QEMU once per scenario and judges the run.

  runner.py --all [--suite test] [--only REGEX] [--jobs N] [--resdir DIR]   every scenario
  runner.py --run NAME [--cpus N] [--seed S] [--iso]         one, console on the terminal
  --args 'k=v ...' (with --all or --run) appends kernel parameters and
  --mode M overrides the QEMU mode, e.g. to try a negative control by hand
  runner.py --debug NAME [--cpus N]                           QEMU halted, gdb attached
  runner.py --replay results/<stamp>/<name>                   boot again exactly as that run
  runner.py --all --shard I/N                                 the I-th of N slices (CI matrices)

Each run gets results/<stamp>/<scenario>/ with qemu.cmd (the exact command),
console.log (the serial console) and verdict.txt.  A run is judged by its exit
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
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import scenario  # noqa: E402
import console_feed  # noqa: E402

KERNEL = os.path.join(ROOT, "build", "kernel.elf")
# QEMU exits 0 only when the guest resets under -no-reboot: a triple fault,
# which leaves no report.  Only a scenario naming `reset` accepts it, and
# then without a reason to match (there is none on the console).
EXIT_CLASS = {0: "reset", 33: "pass", 35: "failure", 37: "panic", 39: "hang", 41: "stall"}
BADNESS = re.compile(r"!!!|EXCEPTION|PANIC")
LOGGED = re.compile(r"^(?:ERR|WARN): .*$", re.M)       # pr_err / pr_warn lines
CMDLINE = re.compile(r"^command line: .*$", re.M)      # kernel/main.c echo
VERDICT = re.compile(r"^End of test: (SUCCESS|FAILURE.*)$", re.M)


def qemu_cmd(sc, rundir, cpus, extra_args, iso=None, debug=False):
    args = " ".join(x for x in (sc["args"], "cpus=%d" % cpus, extra_args) if x)
    cmd = ["qemu-system-i386", "-nodefaults", "-no-reboot", "-display", "none",
           "-m", sc["memory"], "-smp", str(cpus),
           "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04",
           "-monitor", "unix:%s,server,nowait" % os.path.join(rundir, "monitor.sock")]
    if sc["input"]:     # scripted console input: a socket; the runner writes console.log (tests/console_feed.py)
        cmd += ["-chardev", "socket,id=con0,path=%s,server=on,wait=on" % os.path.join(rundir, "console.sock"),
                "-serial", "chardev:con0"]
    else:
        cmd += ["-serial", "file:" + os.path.join(rundir, "console.log")]
    if sc["mode"] == "icount":
        cmd += ["-accel", "tcg,thread=single", "-icount", "shift=%s,sleep=off" % sc["shift"]]
    else:
        cmd += ["-accel", "tcg,thread=multi"]
        if sc["mode"] == "singlestep":
            cmd += ["-singlestep"]
    if iso:
        cmd += ["-cdrom", iso, "-boot", "d", "-vga", "std"]     # GRUB probes VBE
    else:
        cmd += ["-kernel", KERNEL, "-append", args]
    if debug:
        cmd += ["-s", "-S"]
    return cmd


def build_iso(sc, rundir, cpus, seed):
    """A GRUB rescue ISO whose default entry is this scenario."""
    iso_dir = os.path.join(rundir, "isodir")
    os.makedirs(os.path.join(iso_dir, "boot", "grub"))
    shutil.copy(KERNEL, os.path.join(iso_dir, "boot", "kernel.elf"))
    files = [os.path.join(HERE, "scenarios", f) for f in sorted(os.listdir(os.path.join(HERE, "scenarios")))
             if f.endswith(".scn")]
    cfg = subprocess.run([sys.executable, os.path.join(HERE, "mkgrubcfg.py"), "--default", sc["name"],
                          "--cpus", str(cpus)] + (["--seed", str(seed)] if seed is not None else []) + files,
                         check=True, capture_output=True, text=True).stdout
    open(os.path.join(iso_dir, "boot", "grub", "grub.cfg"), "w").write(cfg)
    iso = os.path.join(rundir, "kernel.iso")
    r = subprocess.run(["grub-mkrescue", "-o", iso, iso_dir], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("grub-mkrescue failed:\n" + r.stderr)
    shutil.rmtree(iso_dir)
    return iso


def monitor(rundir, command):
    try:
        s = socket.socket(socket.AF_UNIX)
        s.settimeout(2)
        s.connect(os.path.join(rundir, "monitor.sock"))
        s.sendall((command + "\n").encode())
        time.sleep(0.2)
        s.close()
        return True
    except OSError:
        return False


def follow(path, pos, out):
    try:
        with open(path, "rb") as f:
            f.seek(pos)
            data = f.read()
    except FileNotFoundError:
        return pos
    if data:
        out.write(data.decode("utf-8", "replace"))
        out.flush()
    return pos + len(data)


def boot(sc, rundir, cpus, extra_args, iso, echo):
    cmd = qemu_cmd(sc, rundir, cpus, extra_args, iso)
    open(os.path.join(rundir, "qemu.cmd"), "w").write(" ".join(shlex_quote(c) for c in cmd) + "\n")
    t0 = time.time()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    timeout, timed_out, pos = int(sc["timeout"]), False, 0
    feeder = None
    if sc["input"]:
        feeder = console_feed.Feeder(os.path.join(rundir, "console.sock"), os.path.join(rundir, "console.log"),
                                     os.path.join(HERE, "scenarios", sc["input"]))
        feeder.start()
    while p.poll() is None:
        if echo:
            pos = follow(os.path.join(rundir, "console.log"), pos, sys.stdout)
        if time.time() - t0 > timeout:
            timed_out = True
            monitor(rundir, "nmi")               # the kernel reports where each CPU was
            try:
                p.wait(8)
            except subprocess.TimeoutExpired:
                monitor(rundir, "quit")
                try:
                    p.wait(3)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
            break
        time.sleep(0.05)
    if feeder:
        feeder.stop.set()
        feeder.join(2)
        if feeder.drainer:
            feeder.drainer.join(5)
        if feeder.error or feeder.sent < len(feeder.items):
            open(os.path.join(rundir, "feed.txt"), "w").write("input: %d of %d items sent%s\n" % (
                feeder.sent, len(feeder.items), "; " + feeder.error if feeder.error else ""))
    if echo:
        follow(os.path.join(rundir, "console.log"), pos, sys.stdout)
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


def judge(sc, rc, timed_out, log, rundir=None):
    """Returns (ok, actual class, explanation)."""
    got = "hang" if timed_out else EXIT_CLASS.get(rc, "qemu-error(%s)" % rc)
    verdicts = VERDICT.findall(log)
    bad = [m.group(0) for m in BADNESS.finditer(log)] + unexpected_logged(sc, log)
    if sc["expect"] == "pass":
        if got != "pass":
            why = verdicts[-1] if verdicts else "no verdict line"
            return False, got, "expected pass, run ended with %s (%s)" % (got, why)
        if verdicts != ["SUCCESS"]:
            return False, got, "exit code says pass but verdict lines are %r" % verdicts
        if bad:
            return False, got, "badness on the console: %r" % bad[0]
        if rundir and os.path.exists(os.path.join(rundir, "feed.txt")):
            return False, got, open(os.path.join(rundir, "feed.txt")).read().strip()
        if sc["expect_lines"]:
            why = console_feed.check_expect(os.path.join(HERE, "scenarios", sc["expect_lines"]), log)
            if why:
                return False, got, why
        return True, got, "End of test: SUCCESS"
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


def run_one(sc, resdir, cpus=None, seed=None, iso=False, echo=False, args="", mode=None):
    if mode:
        sc = dict(sc, mode=mode)
    rundir = os.path.join(resdir, sc["name"])
    os.makedirs(rundir, exist_ok=True)
    cpus = cpus or int(sc["cpus"])
    extra = " ".join(x for x in ("seed=%d" % seed if seed is not None else "", args) if x)
    json.dump({"scenario": sc, "cpus": cpus, "seed": seed, "iso": iso, "args": args},   # for --replay
              open(os.path.join(rundir, "replay.json"), "w"), indent=1)
    iso_path = build_iso(sc, rundir, cpus, seed) if (iso or sc["boot"] == "iso") else None
    rc, timed_out, secs = boot(sc, rundir, cpus, extra, iso_path, echo)
    if iso_path:
        os.unlink(iso_path)
    log = open(os.path.join(rundir, "console.log"), errors="replace").read() \
        if os.path.exists(os.path.join(rundir, "console.log")) else ""
    ok, got, why = judge(sc, rc, timed_out, log, rundir)
    if timed_out:
        why += " [timeout after %ss: NMI sent, log kept]" % sc["timeout"]
    line = "%-4s %-34s %-5s %6.1fs  %s" % ("PASS" if ok else "FAIL", sc["name"], "iso" if iso_path else "", secs, why)
    replay = "make replay RUN=%s" % os.path.relpath(rundir, ROOT)
    if not ok:
        line += "\n     replay: " + replay
    open(os.path.join(rundir, "verdict.txt"), "w").write(line + "\nexit status %s\nreplay: %s\n" % (rc, replay))
    return ok, line


def new_resdir():
    stamp = time.strftime("%Y%m%d-%H%M%S")
    d = os.path.join(ROOT, "results", stamp)
    n = 1
    while os.path.exists(d):
        d = os.path.join(ROOT, "results", "%s-%d" % (stamp, n))
        n += 1
    os.makedirs(d)
    return d


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
    resdir = a.resdir or new_resdir()
    os.makedirs(resdir, exist_ok=True)
    print("runner: %d scenarios, results in %s" % (len(scs), os.path.relpath(resdir, ROOT)))
    lines, passed = [], 0
    # singlestep runs use every host core; run them alone, others in parallel
    heavy = [s for s in scs if s["mode"] == "singlestep" or int(s["cpus"]) > 2]
    light = [s for s in scs if s not in heavy]
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for ok, line in ex.map(lambda s: run_one(s, resdir, seed=a.seed, args=a.args, mode=a.mode), light):
            print(line, flush=True)
            lines.append(line)
            passed += ok
    for s in heavy:
        ok, line = run_one(s, resdir, seed=a.seed, args=a.args, mode=a.mode)
        print(line, flush=True)
        lines.append(line)
        passed += ok
    failed = len(scs) - passed
    summary = "%d passed, %d failed" % (passed, failed)
    if a.junit:
        write_junit(a.junit, lines)
    open(os.path.join(resdir, "summary.txt"), "w").write("\n".join(lines) + "\n" + summary + "\n")
    print(summary)
    return 1 if failed else 0


def find(name):
    path = os.path.join(HERE, "scenarios", name + ".scn")
    if not os.path.exists(path):
        sys.exit("runner: no scenario %s (looked for %s)" % (name, path))
    return scenario.parse(path)


def cmd_run(a):
    sc = find(a.run)
    resdir = new_resdir()
    print("runner: %s (%s), console below, results in %s" % (sc["name"], "GRUB ISO" if a.iso else "-kernel",
                                                              os.path.relpath(resdir, ROOT)), flush=True)
    ok, line = run_one(sc, resdir, a.cpus, a.seed, a.iso, echo=True, args=a.args, mode=a.mode)
    print("\n" + line)
    return 0 if ok else 1


def cmd_replay(a):
    """Boot again exactly as a past run did (scenario, CPUs, seed, mode): under
    -icount a replay takes the same path as the original."""
    path = os.path.join(a.replay, "replay.json")
    if not os.path.exists(path):
        sys.exit("runner: %s has no replay.json (not a run directory of this runner)" % a.replay)
    r = json.load(open(path))
    resdir = new_resdir()
    print("runner: replaying %s (%d CPUs, seed %s), results in %s" % (a.replay, r["cpus"], r["seed"],
                                                                     os.path.relpath(resdir, ROOT)), flush=True)
    ok, line = run_one(r["scenario"], resdir, r["cpus"], r["seed"], r["iso"], echo=True, args=r.get("args", ""))
    print("\n" + line)
    return 0 if ok else 1


def cmd_debug(a):
    sc = find(a.debug)
    rundir = os.path.join(new_resdir(), sc["name"])
    os.makedirs(rundir)
    cmd = qemu_cmd(sc, rundir, a.cpus or int(sc["cpus"]), "", debug=True)
    print("runner: " + " ".join(cmd) + "\n  console: %s" % os.path.join(rundir, "console.log"))
    q = subprocess.Popen(cmd)
    try:
        subprocess.call(["gdb", "-q", KERNEL, "-ex", "target remote :1234", "-ex", "break kmain"])
    finally:
        q.kill()
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--all", action="store_true")
    g.add_argument("--run", metavar="NAME")
    g.add_argument("--debug", metavar="NAME")
    g.add_argument("--replay", metavar="RUNDIR")
    ap.add_argument("--suite", default="test")
    ap.add_argument("--only", metavar="REGEX")
    ap.add_argument("--shard", metavar="I/N")
    ap.add_argument("--junit", metavar="PATH", help="also write a JUnit XML report")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cpus", type=int)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--iso", action="store_true")
    ap.add_argument("--args", default="", metavar="K=V...",
                    help="extra kernel parameters appended to the scenario's (later keys win)")
    ap.add_argument("--mode", choices=sorted(scenario.CHOICES["mode"]),
                    help="override the scenario's QEMU mode (e.g. does its check fail without singlestep?)")
    ap.add_argument("--resdir", metavar="DIR", help="--all: write results here (default results/<stamp>)")
    a = ap.parse_args()
    try:
        if a.all:
            return cmd_all(a)
        if a.run:
            return cmd_run(a)
        if a.replay:
            return cmd_replay(a)
        return cmd_debug(a)
    except scenario.ScenarioError as e:
        sys.exit("runner: %s" % e)


if __name__ == "__main__":
    sys.exit(main())
